/**
 * Exact odds for the playtest view: before an action is played, the chance of each result of
 * every resolution it would roll, with the modifiers that go into it; and, for a what-if panel,
 * the odds of any resolution set up by hand. Odds are enumerated from the tables over the dice's
 * face combinations (rules.resolutionDistribution), never sampled, and never read from the
 * game's own dice.
 */
import type { LoadedScenario } from '../rules/loaded'
import { faceRange, forcedSource } from '../dice'
import { CONTEXT_KINDS, contextFacts, resolutionDistribution } from '../rules'
import type { ContextKind, ResolutionDistribution } from '../rules'
import type { Action } from '../state/actions'
import { boardOf } from '../state/board'
import type { ObservedRoll } from '../state/effects'
import { ActionFailure, ruleField } from '../state/failure'
import type { ActionError, RefusalCode } from '../state/failure'
import type { GameState } from '../state/game-state'
import { CONTEXT_ARGS, resolutionVariables } from '../state/resolve-action'
import { probeAction } from './game'

/** One resolution an action would roll, with the exact chance of each of its results. */
export interface RollOdds {
  /** Who takes part, as the log names them ("a, b against c"). */
  who: string
  /** The resolution's id, label and rule. */
  resolution: string
  label: string
  rule?: string
  /** The roll as a `resolve`-shaped description: what whatIfOdds takes, to vary it by hand. */
  request: Action
  /** Table, column and every modifier before the roll (`record`), then each result's odds. */
  distribution: ResolutionDistribution
  /**
   * A roll after the action's first: its odds are those of the situation as it stands when it
   * is rolled, with every earlier roll read at a middle face. Rolls made before any result is
   * applied (each defending hex of one attack, a shot and its return fire) do not depend on
   * the earlier ones, so their odds are exact; a roll that follows from a result (a leader's
   * casualty check after a hit, a morale test after a loss) may not be rolled at all, or in
   * another situation, when the earlier roll shows another face.
   */
  afterFirst?: true
  /**
   * The roll reads the faces of an earlier roll instead of new dice (a test rolled once for a
   * whole class of units): its result goes with that roll's.
   */
  forced?: true
}

export type ActionOdds =
  | {
      ok: true
      /** Every resolution the action runs, in order; empty when it rolls nothing. */
      rolls: RollOdds[]
      /**
       * Dice the action reads outside any resolution (a seizure roll against a counter's range,
       * a pursuit share): their odds are not among `rolls`.
       */
      otherDice: number
    }
  | Refused

/** Scripted dice per try: more than an action rolls, short enough to copy cheaply. */
const SCRIPT_LENGTH = 1024
/** The longer script tried when an action (a long run of the sequence of play) reads more. */
const LONG_SCRIPT_LENGTH = 65536
/** The engine's refusal, as the odds give it: its code (what a caller reads), sentence and rule. */
export type Refused = { ok: false; code: RefusalCode; message: string; rule?: string }

function refused(error: ActionError): Refused {
  return { ok: false, code: error.code, message: error.message, ...ruleField(error.rule) }
}

/** A face every die of the ruleset has, near the middle: what the scripted dice show. */
export function middleFace(loaded: LoadedScenario): number {
  const ranges = (loaded.rules.ruleset.dice ?? []).map((d) => faceRange(d))
  const first = ranges[0]
  if (first === undefined) return 1
  const low = Math.max(...ranges.map((r) => r.min))
  const high = Math.min(...ranges.map((r) => r.max))
  return low <= high ? Math.floor((low + high) / 2) : Math.floor((first.min + first.max) / 2)
}

function diceCount(loaded: LoadedScenario, distribution: ResolutionDistribution): number {
  const id = distribution.dice?.id
  if (id === undefined) return 0
  return (loaded.rules.ruleset.dice ?? []).find((d) => d.id === id)?.count ?? 0
}

function oddsOf(loaded: LoadedScenario, roll: ObservedRoll, index: number): RollOdds {
  const { resolution } = roll
  return {
    who: roll.who,
    resolution: resolution.id,
    label: resolution.label,
    ...(resolution.rule === undefined ? {} : { rule: resolution.rule }),
    request: { ...roll.args, type: 'resolve' },
    distribution: resolutionDistribution(loaded.rules, resolution, roll.variables),
    ...(index > 0 ? { afterFirst: true as const } : {}),
    ...(roll.forced ? { forced: true as const } : {}),
  }
}

/** What one scripted play of an action gives: its odds, and the state it leaves (when allowed). */
export interface ScriptedOdds {
  odds: ActionOdds
  /** The state after the action, its dice still the script: null when the action is refused. */
  after: GameState | null
}

function tryAction(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  length: number,
): ScriptedOdds {
  const script = Array.from({ length }, () => middleFace(loaded))
  const rolls: RollOdds[] = []
  // The odds are worked out as each roll is announced: its variables describe the situation of
  // that moment, which the rest of the action goes on to change.
  const observe = (roll: ObservedRoll): void => {
    rolls.push(oddsOf(loaded, roll, rolls.length))
  }
  const result = probeAction(loaded, { ...state, dice: forcedSource(script) }, action, observe)
  if (!result.ok) {
    return { odds: refused(result.error), after: null }
  }
  const dice = result.state.dice
  const read = dice.kind === 'forced' ? dice.index : 0
  const counted = rolls
    .filter((r) => r.forced !== true)
    .reduce((sum, r) => sum + diceCount(loaded, r.distribution), 0)
  return { odds: { ok: true, rolls, otherDice: Math.max(0, read - counted) }, after: result.state }
}

/**
 * actionOdds with the state the action leaves when played on the scripted dice: what a preview
 * that follows the game on past the action (actionOddsThroughReactions) plays on.
 */
export function scriptedOdds(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): ScriptedOdds {
  const first = tryAction(loaded, state, action, SCRIPT_LENGTH)
  if (first.odds.ok || first.odds.code !== 'dice-ran-out') return first
  return tryAction(loaded, state, action, LONG_SCRIPT_LENGTH)
}

/**
 * The exact odds of each resolution `action` would roll in `state`, or the engine's refusal.
 * The action is played once on a copy of the state whose dice are a script of middle faces,
 * never the game's seeded dice, and each resolution is weighed as it is about to be rolled:
 * the first roll's odds are exact, later ones as RollOdds.afterFirst says. `state` is not changed.
 */
export function actionOdds(loaded: LoadedScenario, state: GameState, action: Action): ActionOdds {
  return scriptedOdds(loaded, state, action).odds
}

export type WhatIfOdds =
  | {
      ok: true
      resolution: string
      label: string
      who: string
      distribution: ResolutionDistribution
    }
  | Refused

/**
 * The exact odds of a resolution described like a `resolve` action (`{ type: 'resolve',
 * resolution: 'shock', attackers: […], defenders: […], charging: true }`) in `state`, without
 * playing it: for the what-if panel and the CLI's odds command. A description the rules refuse
 * (an unknown resolution or unit, a unit out of play, an argument the context does not take)
 * gives the refusal, not an exception.
 */
export function whatIfOdds(loaded: LoadedScenario, state: GameState, request: Action): WhatIfOdds {
  try {
    const found = resolutionVariables(loaded, state, request)
    return {
      ok: true,
      resolution: found.resolution.id,
      label: found.resolution.label,
      who: found.who,
      distribution: resolutionDistribution(loaded.rules, found.resolution, found.variables),
    }
  } catch (error) {
    if (error instanceof ActionFailure) return refused(error.error)
    const reason = error instanceof Error ? error.message : String(error)
    return {
      ok: false,
      code: 'engine-fault',
      message: `the odds could not be worked out: ${reason}`,
    }
  }
}

/**
 * How a what-if form asks for an argument: `units` a list of unit ids, `unit` one unit id,
 * `unit-flags` true (every unit), false or a list of the units it holds for, `number`,
 * `boolean`, `text` (an id or a name: a weapon, a sector, a command, a hex label).
 */
export type WhatIfArgumentKind = 'units' | 'unit' | 'unit-flags' | 'number' | 'boolean' | 'text'

interface ArgumentInfo {
  kind: WhatIfArgumentKind
  description: string
  required?: true
}

/** The engine's own arguments of CONTEXT_ARGS: how each is typed and what it means. */
const GENERAL_ARGUMENTS: Readonly<Record<string, ArgumentInfo>> = {
  attackers: { kind: 'units', description: 'the attacking units', required: true },
  defenders: { kind: 'units', description: 'the attacked units', required: true },
  charging: {
    kind: 'unit-flags',
    description: 'the attackers that charge (read from a marker of that name when not given)',
  },
  moved: { kind: 'unit-flags', description: 'the units that moved before the attack' },
  counterCharged: { kind: 'unit-flags', description: 'the units that were counter-charged' },
  defending: {
    kind: 'number',
    description: 'defenders of the whole declared attack (all its hexes); the defenders by default',
  },
  firer: { kind: 'unit', description: 'the firing unit', required: true },
  target: { kind: 'unit', description: 'the unit fired at', required: true },
  range: { kind: 'number', description: 'the range in hexes; counted on the map by default' },
  weapon: { kind: 'text', description: "the firer's weapon; its first by default" },
  angle: {
    kind: 'text',
    description: 'the sector of the target the shot comes through; from the map by default',
  },
  unit: { kind: 'unit', description: 'the unit concerned', required: true },
  leader: { kind: 'unit', description: 'the leader concerned' },
  command: { kind: 'text', description: "the command concerned; the leader's by default" },
  kind: { kind: 'text', description: 'the kind of activation or battle' },
  free: { kind: 'boolean', description: 'the activation is a free one' },
  friendly: { kind: 'units', description: 'the units of the side concerned' },
  enemy: { kind: 'units', description: 'the units they face' },
  hex: { kind: 'text', description: "the hex of the battle; the first friendly unit's by default" },
}

/**
 * Every argument of CONTEXT_ARGS: how it is typed and what it means — the engine's own, and
 * the facts the mechanics pass (rules/context-facts.ts).
 */
export const WHAT_IF_ARGUMENTS: Readonly<Record<string, ArgumentInfo>> = {
  ...GENERAL_ARGUMENTS,
  ...Object.fromEntries(
    CONTEXT_KINDS.flatMap((k) =>
      Object.entries(contextFacts(k)).map(([name, fact]) => [
        name,
        { kind: fact.type, description: fact.description },
      ]),
    ),
  ),
}

export interface WhatIfArgument {
  name: string
  kind: WhatIfArgumentKind
  description: string
  /** The resolution cannot be weighed without it. */
  required: boolean
  /** The values the ruleset or scenario knows, when the argument names one of them. */
  choices?: string[]
}

export interface WhatIfForm {
  id: string
  label: string
  rule?: string
  context: ContextKind
  args: WhatIfArgument[]
}

function choicesFor(loaded: LoadedScenario, name: string, context: ContextKind): string[] | null {
  const ruleset = loaded.rules.ruleset
  switch (name) {
    case 'weapon':
      return (ruleset.weapons ?? []).map((w) => w.id)
    case 'angle':
      return [...new Set(Object.values(boardOf(loaded).sectors))]
    case 'command':
      return loaded.scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => c.id))
    case 'kind':
      return context === 'activation'
        ? (ruleset.sequence.activation?.kinds ?? []).map((k) => k.id)
        : null
    default:
      return null
  }
}

/** What a what-if form needs for each of the ruleset's resolutions, in the ruleset's order. */
export function whatIfForms(loaded: LoadedScenario): WhatIfForm[] {
  return [...loaded.rules.resolutions.values()].map((resolution) => ({
    id: resolution.id,
    label: resolution.label,
    ...(resolution.rule === undefined ? {} : { rule: resolution.rule }),
    context: resolution.context,
    args: CONTEXT_ARGS[resolution.context].map((name) => {
      const info = WHAT_IF_ARGUMENTS[name] ?? { kind: 'text' as const, description: name }
      const choices = choicesFor(loaded, name, resolution.context)
      return {
        name,
        kind: info.kind,
        description: info.description,
        required: info.required === true,
        ...(choices === null || choices.length === 0 ? {} : { choices }),
      }
    }),
  }))
}
