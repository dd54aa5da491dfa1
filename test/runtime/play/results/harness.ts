/**
 * Test bench for carrying out results: the results field (test/fixtures/results: bundled rulesets,
 * a small open map, two small armies parked at the edges), states arranged directly as plain
 * JSON, the real result codes of the bundled content applied as the kernel applies a roll's
 * result, then the effects frame run to its first decision. Decisions go through playAction.
 */
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { loadLibrary } from '../../../../src/runtime/library/loader'
import { formatProblem } from '../../../../src/runtime/content/problems'
import type { Effect } from '../../../../src/runtime/generated/content-types'
import { legalActions, openPrompt, playAction, startGame } from '../../../../src/runtime/play'
import { advance, pushFrame } from '../../../../src/runtime/play/driver'
import type { PlayContext } from '../../../../src/runtime/play/procedure'
import { PROCEDURES } from '../../../../src/runtime/play/registry'
import type { ResultsWatch } from '../../../../src/runtime/play/results'
import { effectsFrame, resultsWatch } from '../../../../src/runtime/play/results'
import type { Action, EffectRun, GameState, PendingEffect } from '../../../../src/runtime/state'
import { applyEffects, boardOf } from '../../../../src/runtime/state'
import { cloneState, diceSourceOf } from '../../../../src/runtime/state/game-state'
import { commonVariables, unitVariables } from '../../../../src/runtime/state/variables'
import { readContentFolder } from '../../../helpers/fixtures'
import { ruleRefusal } from '../../../helpers/refusals'

const library = loadLibrary([
  ...readContentFolder('content'),
  ...readContentFolder('test/fixtures/results'),
])

const cache = new Map<string, LoadedScenario>()

/** The results field under Tri-Pack Infidel, or with variants (["infidel-v1-2"]). */
export function field(variants: string[] = [], scenario = 'results-field'): LoadedScenario {
  const key = `${scenario}|${variants.join(',')}`
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const loaded = library.scenario(scenario, { variants })
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  cache.set(key, loaded.value)
  return loaded.value
}

/** Where units go: a hex (facing kept), a hex and compass facing, or out of play (null). */
export type Layout = Record<string, string | [string, string] | null>

/** The game at its first decision with the units moved as `layout` says. */
export function arrange(loaded: LoadedScenario, layout: Layout, tweak?: (s: GameState) => void) {
  const { state } = startGame(loaded, { seed: 1 })
  const s = cloneState(state)
  const board = boardOf(loaded)
  for (const [id, where] of Object.entries(layout)) {
    const unit = s.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    if (where === null) {
      unit.location = 'removed'
      unit.hex = null
      unit.facing = null
      continue
    }
    const [hex, facing] = typeof where === 'string' ? [where, undefined] : where
    unit.location = 'map'
    unit.hex = hex
    if (facing !== undefined) {
      const found = board.facingFromName(facing)
      if (!found.ok) throw new Error(found.message)
      unit.facing = found.clock
    }
  }
  tweak?.(s)
  return s
}

function resultEffects(loaded: LoadedScenario, set: string, code: string): Effect[] {
  const found = (loaded.rules.ruleset.resultSets ?? [])
    .find((r) => r.id === set)
    ?.codes.find((c) => c.code === code)
  if (found === undefined) throw new Error(`no result ${code} in ${set}`)
  return found.effects
}

/**
 * Applies result codes of the content to an attack as the kernel applies a roll's result: the
 * status effects at once, the rest left pending with the participants and their hexes.
 */
export function applyCodes(
  run: EffectRun,
  codes: readonly string[],
  attackers: string[],
  defenders: string[],
  set = 'shock-results',
): void {
  const { loaded, state } = run
  const vars = (id: string) => unitVariables(loaded, state, id)
  const a = attackers.map(vars)
  const d = defenders.map(vars)
  const effects = codes.flatMap((code) => resultEffects(loaded, set, code))
  applyEffects(run, effects, {
    context: set === 'fire-results' ? 'fire' : 'attack',
    variables: {
      ...commonVariables(loaded, state),
      attackers: a,
      defenders: d,
      attacker: a[0],
      defender: d[0],
      firer: a[0],
      target: d[0],
    },
    roles: {
      attackers,
      defenders,
      attacker: attackers,
      defender: defenders,
      actor: attackers,
      target: defenders,
      participants: [...attackers, ...defenders],
    },
    defaultWho: 'defenders',
    source: `resolution "${set === 'fire-results' ? 'fire' : 'shock'}"`,
    hexes: Object.fromEntries(
      [...attackers, ...defenders].map((u) => [u, state.units[u]?.hex ?? null]),
    ),
  })
}

export interface Carried {
  state: GameState
  texts: string[]
  records: number
}

/**
 * Runs `make` on a copy of `state` (it applies a roll's results into the run), then carries out
 * what it left pending until the first decision. `dice` are the faces the follow-up rolls show.
 */
export function carryOut(
  loaded: LoadedScenario,
  state: GameState,
  make: (run: EffectRun) => void | PendingEffect[],
  options: { dice?: number[]; watch?: string[]; awayFrom?: string[] } = {},
): Carried {
  const draft = cloneState(state)
  if (options.dice !== undefined) draft.dice = diceSourceOf({ forced: options.dice })
  const ctx: PlayContext = { loaded, state: draft, applied: [], pending: [], records: [] }
  const watch: ResultsWatch | undefined =
    options.watch === undefined ? undefined : resultsWatch(ctx, options.watch, options.awayFrom)
  const made = make(ctx)
  if (Array.isArray(made)) ctx.pending.push(...made)
  const frame = effectsFrame(ctx.pending, watch)
  if (frame !== null) pushFrame(draft.flow as NonNullable<GameState['flow']>, frame)
  advance(ctx, PROCEDURES)
  return { state: draft, texts: ctx.applied.map((e) => e.text), records: ctx.records.length }
}

/** Plays an action that must be accepted. */
export function play(loaded: LoadedScenario, state: GameState, action: Action) {
  const result = playAction(loaded, state, action)
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
  const entry = result.entries[0]
  return {
    state: result.state,
    texts: entry === undefined ? [] : entry.effects.map((e) => e.text),
    records: entry?.records ?? [],
  }
}

/** The refusal of an action that must be refused. */
export function refusal(loaded: LoadedScenario, state: GameState, action: Action) {
  return ruleRefusal(playAction(loaded, state, action), JSON.stringify(action))
}

/** The open prompt's kind and side, or 'none' when the results are over (back to activations). */
export function asking(state: GameState): string {
  const prompt = openPrompt(state)
  if (prompt === null || prompt.kind === 'activation-choice') return 'none'
  return `${prompt.side}:${prompt.kind}`
}

/** The legal answers without the side field, for comparisons. */
export function legal(loaded: LoadedScenario, state: GameState): Action[] {
  return legalActions(loaded, state).map(({ side: _side, ...rest }) => rest as Action)
}

export const hexesOf = (actions: readonly Action[]) =>
  [...new Set(actions.map((a) => a.hex as string))].sort()

export const fp = (state: GameState, side: string) =>
  state.sides[side]?.tracks['flight-points'] ?? 0

export const at = (state: GameState, id: string) => {
  const u = state.units[id]
  return u === undefined ? undefined : u.location === 'map' ? u.hex : u.location
}

/** Compass clock positions of the field (flat-top hexes, vertex facing). */
export const CLOCK = { NE: 1, E: 3, SE: 5, SW: 7, W: 9, NW: 11 } as const
