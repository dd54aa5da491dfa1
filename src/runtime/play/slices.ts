/**
 * State slices: what a mechanic keeps in the game state beyond the frames of its procedures — a
 * side's continuation penalties, the counters in its cup and hand, where each standard stands.
 * The state kernel declares none of it. A mechanic declares its fields next to its procedures, by
 * augmenting the kernel's `SideFlow` (per side) or `FlowState` (the whole game):
 *
 *   declare module '../../state/flow-types' {
 *     interface SideFlow { tokens: number }
 *   }
 *   export const tokensSlice = defineSlice({ mechanic: 'tokens', side: () => ({ tokens: 0 }) })
 *
 * and lists the slice in play/registry.ts (SLICES), whose setups startGame runs before the
 * sequence of play begins. The slice stays plain JSON in the state, so saves, replays and state
 * hashes see it like any other field.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { FlowState, SideFlow } from '../state/flow-types'
import type { GameState } from '../state/game-state'

/** The fields of the flow that belong to the kernel, not to a mechanic's slice. */
export type KernelFlow = Pick<FlowState, 'stack' | 'prompt' | 'nextId' | 'activation' | 'sides'>

export interface StateSlice {
  /** The mechanic that owns the slice, for the reader. */
  readonly mechanic: string
  /** The slice's fields in each side's flow at the start of the game. */
  side?(loaded: LoadedScenario, side: string): Partial<SideFlow>
  /** The slice's fields of the whole game's flow at the start (`state` as the scenario sets it up). */
  game?(loaded: LoadedScenario, state: GameState): Partial<FlowState>
}

/** A slice, as a mechanic declares it (the identity, for its type). */
export function defineSlice(slice: StateSlice): StateSlice {
  return slice
}

/**
 * The flow a game starts with: the kernel's empty stack and no prompt, and every slice's fields,
 * per side and for the game, as the slices set them up.
 */
export function startingFlow(
  loaded: LoadedScenario,
  state: GameState,
  slices: readonly StateSlice[],
): FlowState {
  const kernel: KernelFlow = { stack: [], prompt: null, nextId: 1, activation: null, sides: {} }
  for (const side of loaded.scenario.sides)
    kernel.sides[side.id] = Object.assign(
      {},
      ...slices.map((s) => s.side?.(loaded, side.id) ?? {}),
    ) as SideFlow
  return Object.assign(kernel, ...slices.map((s) => s.game?.(loaded, state) ?? {})) as FlowState
}
