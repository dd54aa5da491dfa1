/**
 * Activation extras tests on the bundled Men of Iron rulesets, with the scenarios of
 * test/fixtures/extras (two small armies of two commands, seven hexes apart). A test starts a
 * game with forced dice, may move pieces before the first action (states are plain JSON), and
 * plays on through the real sequence of play: `until` answers the phases of other mechanics that
 * have nothing to do in these tests (ends the move/fire phase, declares no attack) until the
 * prompt wanted is open.
 */
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { loadLibrary } from '../../../../src/runtime/library/loader'
import { formatProblem } from '../../../../src/runtime/content/problems'
import { legalActions, openPrompt, playAction, startGame } from '../../../../src/runtime/play'
import type { Action, GameState, LogEntry } from '../../../../src/runtime/state'
import { readContentFolder } from '../../../helpers/fixtures'
import { ruleRefusal } from '../../../helpers/refusals'

let library: ReturnType<typeof loadLibrary> | undefined

export type ExtrasScenario = 'extras-inf' | 'extras-v12' | 'extras-bnr' | 'extras-moi'

export function extrasLibrary(): ReturnType<typeof loadLibrary> {
  library ??= loadLibrary([
    ...readContentFolder('content'),
    ...readContentFolder('test/fixtures/extras'),
  ])
  return library
}

/** A scenario of the fixtures or of the bundled content, with optional rules switched. */
export function scenario(id: string, options: Record<string, boolean> = {}): LoadedScenario {
  const loaded = extrasLibrary().scenario(id, { options })
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

export interface Placement {
  hex?: string | null
  status?: string
  markers?: Record<string, number>
  facing?: number
}

/** The game at its first decision, after the pieces listed were put where the test wants them. */
export function start(
  loaded: LoadedScenario,
  dice: number[],
  places: Record<string, Placement> = {},
  hands?: Record<string, string[]>,
): GameState {
  const { state } = startGame(loaded, { forced: dice })
  return arrange(state, places, hands)
}

/** A copy of `state` with pieces moved, their statuses and markers set, and seizure hands given. */
export function arrange(
  state: GameState,
  places: Record<string, Placement>,
  hands?: Record<string, string[]>,
): GameState {
  const next = structuredClone(state)
  for (const [id, place] of Object.entries(places)) {
    const unit = next.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    if (place.hex !== undefined) {
      unit.hex = place.hex
      unit.location = place.hex === null ? 'removed' : 'map'
    }
    if (place.status !== undefined) unit.status = place.status
    if (place.markers !== undefined) unit.markers = place.markers
    if (place.facing !== undefined) unit.facing = place.facing
  }
  for (const [side, hand] of Object.entries(hands ?? {})) {
    const flow = next.flow?.sides[side]
    if (flow !== undefined) flow.hand = [...hand]
  }
  return next
}

export class Game {
  entries: LogEntry[] = []
  constructor(
    readonly loaded: LoadedScenario,
    public state: GameState,
  ) {}

  play(action: Action): LogEntry {
    const result = playAction(this.loaded, this.state, action)
    if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
    this.state = result.state
    const entry = result.entries[0] as LogEntry
    this.entries.push(entry)
    return entry
  }

  refusal(action: Action): { message: string; rule?: string } {
    return ruleRefusal(playAction(this.loaded, this.state, action), JSON.stringify(action))
  }

  get prompt() {
    return openPrompt(this.state)
  }

  legal(): Action[] {
    return legalActions(this.loaded, this.state).map(({ side: _side, ...rest }) => rest)
  }

  /** Answers other mechanics' prompts with "nothing to do" until a prompt of `kind` is open. */
  until(kind: string): this {
    for (let i = 0; i < 50; i++) {
      const prompt = this.prompt
      if (prompt === null) throw new Error(`the game ended before a "${kind}" prompt`)
      if (prompt.kind === kind) return this
      const legal = this.legal()
      const skip =
        legal.find((a) => a.type === 'done') ??
        legal.find((a) => a.type === 'declare-done') ??
        legal.find((a) => a.type === 'decline')
      if (skip === undefined)
        throw new Error(`no way to skip the "${prompt.kind}" prompt: ${JSON.stringify(legal)}`)
      this.play(skip)
    }
    throw new Error(`no "${kind}" prompt came`)
  }

  /** Every log line of the actions played so far. */
  notes(): string[] {
    return this.entries.flatMap((e) => [e.text, ...e.effects.map((x) => x.text)])
  }

  unit(id: string) {
    const unit = this.state.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    return unit
  }
}

/** The resolution records of a log entry as [resolution id, natural roll, final, outcome]. */
export function rolls(
  entry: LogEntry,
): [string, number | undefined, number | undefined, string | undefined][] {
  return entry.records.map((r) => [r.resolution.id, r.roll?.natural, r.roll?.final, r.outcome])
}
