/**
 * The shapes of a game in progress: the stack of running procedures and the question the game
 * is waiting on. Plain JSON inside the game state, so a game can be saved at any point, replayed
 * and hashed like the rest of the state.
 */
import type { Json } from '../content/overlay/types'

/** One running procedure: an activation, a phase, a retreat, a reaction window… */
export interface Frame {
  /** Unique within the game, so prompts and sub-procedures can name the frame they belong to. */
  id: number
  /** The procedure that runs it (a mechanic of the sequence of play, or an internal step). */
  proc: string
  /** The sequence-of-play phase it runs for, whose params configure it; null for internal steps. */
  phase: string | null
  /** Where the procedure is; each procedure names its own steps. */
  step: string
  data: { [key: string]: Json }
  /** What the last sub-procedure this frame started gave back when it ended. */
  returned?: Json
}

/** The decision the game waits for: who must act, what about, and which actions answer it. */
export interface Prompt {
  side: string
  kind: string
  /** The question in a sentence, for the log, the CLI and the decision panel. */
  text: string
  actions: string[]
  /** The frame that asked. */
  frame: number
  rule?: string
}

/** What one activation has done so far, per unit (movement points spent, fire, attacks…). */
export interface UnitActivity {
  /** Movement points spent this activation. */
  mp: number
  moved: boolean
  /** Facing changes made without moving (vertices or hexsides turned). */
  turned: number
  fired: boolean
  attacked: boolean
  wasAttacked: boolean
  /** Enemy units it was next to when the activation began. */
  startAdjacent: string[]
  /**
   * Enemy units in the hexes next to it when the activation began, whatever the influence model
   * (startAdjacent follows enemy influence, which may be a frontal zone); absent in states made
   * before it was recorded.
   */
  startNextTo?: string[]
  /** Enemy units whose adjacency (or zone of control) it entered during this activation. */
  touched: string[]
  /** Reactions used this activation, by reaction id. */
  reactions: string[]
}

export interface ActivationState {
  /** Number of the activation in the game, from 1. */
  number: number
  side: string
  /** Activation kind id from the sequence of play (battle, standard, pass…). */
  kind: string
  /** Commands activated (one Battle, or every command for an army activation). */
  commands: string[]
  free: boolean
  seized: boolean
  /**
   * Every unit of the side acts, whatever its command (a player turn of a turn-based sequence);
   * absent means only the units of `commands`.
   */
  wholeSide?: boolean
  units: Record<string, UnitActivity>
}

/**
 * Per-side bookkeeping that outlives a procedure. The kernel declares none of its fields: each
 * mechanic that keeps some declares them by augmenting this interface next to its procedures,
 * and sets them up as a state slice (play/slices.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the mechanics' slices
export interface SideFlow {}

/**
 * The game's flow: the kernel's stack of frames, its open prompt and activation, each side's
 * bookkeeping, and the game-wide fields the mechanics' slices add by augmenting this interface.
 */
export interface FlowState {
  stack: Frame[]
  prompt: Prompt | null
  nextId: number
  activation: ActivationState | null
  sides: Record<string, SideFlow>
  /**
   * Bookkeeping of a mechanic that outlives one activation (battles that checked for flight,
   * units pursuing off the map…), by mechanic; absent until a mechanic writes some.
   */
  memory?: { [mechanic: string]: Json }
}
