/**
 * A game being played in the editor: the scenario loaded, the dice, the actions taken and every
 * state and log entry along the way. Plain TypeScript over the runtime (no Vue), so the rules of
 * undo, replay, branching and table dice are tested in Node.
 *
 * States are kept for every action: going back in the log, stepping through a replay or taking
 * back a move is a lookup, not a replay. A game played with the players' own dice ("table
 * dice") is a forced-dice game whose list of faces grows as rolls are asked for: the faces
 * typed wait with the action that asked for them, and once it is taken every state gets the new
 * list, which is exactly the game a saved file with that list replays to.
 */
import type {
  Action,
  ActionError,
  DiceChoice,
  GameState,
  LoadedScenario,
  LogEntry,
  ObservedRoll,
  SavedGame,
} from '../../runtime'
import {
  migrateSavedGame,
  playAction,
  probeAction,
  replayGame,
  saveGame,
  startGame,
  stateHash,
  stateHashesOf,
} from '../../runtime'

export type PlayResult =
  | { ok: true }
  | { ok: false; message: string; rule?: string }
  /** A table-dice game needs the faces of the next roll before the action can be taken. */
  | { ok: false; message: string; needsDice: DiceAsked }

/** A roll a table-dice game waits for: the dice, and what they are rolled for when known. */
export interface DiceAsked {
  notation: string
  count: number
  /** The resolution and who takes part ("Loss check (a side)"), and its rule. */
  label?: string
  rule?: string
  /** Why the faces typed last were not taken (not faces of those dice), to type them again. */
  problem?: string
}

/**
 * The roll a forced-dice game ran out of faces for, read from the engine's refusal (its code and
 * params, never its sentence), with the number of faces still wanted (a roll of several dice
 * may have some of its faces already).
 */
export function missingRoll(
  error: Pick<ActionError, 'code' | 'params'>,
): { notation: string; count: number } | null {
  if (error.code !== 'dice-ran-out' || error.params === undefined) return null
  const { dice, needs, remain } = error.params
  return { notation: String(dice), count: Number(needs) - Number(remain) }
}

/** True when two dice sources differ, i.e. the action between them rolled. */
function rolledBetween(a: GameState, b: GameState): boolean {
  return JSON.stringify(a.dice) !== JSON.stringify(b.dice)
}

export class PlaySession {
  readonly loaded: LoadedScenario
  private diceChoice: DiceChoice
  /** Actions taken, in order. */
  private taken: Action[] = []
  /** states[k]: after k actions. */
  private states: GameState[] = []
  /** entries[k]: the log entries of the state after k actions (entries[0]: the game's start). */
  private entries: LogEntry[][] = []
  /** The state shown: the last one unless stepping through the game. */
  private at = 0
  /**
   * Table dice: the action refused for want of faces, and the faces typed for it so far (an
   * action may roll several times, each asked for in turn). Any other action drops them.
   */
  private awaiting: {
    action: string | null
    faces: number[]
    /** How many of `faces` were typed last, and the roll they were typed for. */
    typed: number
    asked: DiceAsked | null
  } | null = null

  constructor(loaded: LoadedScenario, dice: DiceChoice, actions: readonly Action[] = []) {
    this.loaded = loaded
    this.diceChoice = dice
    this.rebuild(actions)
  }

  /** A saved game opened for play or replay: the whole game, shown at its end. */
  static fromSave(
    loaded: LoadedScenario,
    input: unknown,
  ): { ok: true; session: PlaySession; hashMatches: boolean } | { ok: false; message: string } {
    const migrated = migrateSavedGame(input)
    if (!migrated.ok) return { ok: false, message: migrated.error }
    const replayed = replayGame(loaded, migrated.save)
    if (!replayed.ok) {
      const at = replayed.error.actionIndex
      return {
        ok: false,
        message:
          at === null ? replayed.error.message : `action ${at + 1}: ${replayed.error.message}`,
      }
    }
    const save = migrated.save
    const dice: DiceChoice =
      save.dice.kind === 'seeded' ? { seed: save.dice.seed } : { forced: save.dice.values }
    const session = new PlaySession(loaded, dice, save.actions as Action[])
    return { ok: true, session, hashMatches: replayed.hashMatches !== false }
  }

  private rebuild(actions: readonly Action[]): void {
    const begun = startGame(this.loaded, this.diceChoice)
    this.states = [begun.state]
    this.entries = [[begun.entry]]
    this.taken = []
    for (const action of actions) {
      const r = playAction(this.loaded, this.last, action)
      if (!r.ok) break
      this.taken.push(action)
      this.states.push(r.state)
      this.entries.push(r.entries)
    }
    this.at = this.taken.length
  }

  get dice(): DiceChoice {
    return this.diceChoice
  }
  get tableDice(): boolean {
    return 'forced' in this.diceChoice
  }
  /** Every action taken (beyond the state shown too, while stepping back). */
  get actions(): readonly Action[] {
    return this.taken
  }
  get length(): number {
    return this.taken.length
  }
  /** How many actions the state shown comes after. */
  get cursor(): number {
    return this.at
  }
  get atEnd(): boolean {
    return this.at === this.taken.length
  }
  private get last(): GameState {
    return this.states[this.states.length - 1] as GameState
  }
  /** The state shown. */
  get state(): GameState {
    return this.states[this.at] as GameState
  }
  stateAt(k: number): GameState {
    return this.states[k] as GameState
  }
  /** The log entries made by action k (k = 0: the start of the game). */
  entriesAt(k: number): readonly LogEntry[] {
    return this.entries[k] ?? []
  }
  /** Whether action k (1-based: the one leading to state k) rolled dice. */
  rolled(k: number): boolean {
    return k > 0 && k < this.states.length && rolledBetween(this.stateAt(k - 1), this.stateAt(k))
  }
  get hash(): string {
    return stateHash(this.state)
  }

  /**
   * Takes an action on the state shown. Stepped back in the game, the actions after it are
   * dropped first (the game branches): callers ask the player before.
   */
  play(action: Action): PlayResult {
    const key = JSON.stringify(action)
    // Faces typed ahead of any refusal (action null) go to the next action taken.
    if (this.awaiting?.action === null) this.awaiting.action = key
    if (this.awaiting && this.awaiting.action !== key) this.awaiting = null
    const from = this.withTypedFaces(this.state)
    // With table dice, the last roll begun is the one the faces ran out for.
    let rolling: ObservedRoll | undefined
    const r = this.tableDice
      ? probeAction(this.loaded, from, action, (o) => {
          if (!o.forced) rolling = o
        })
      : playAction(this.loaded, from, action)
    if (!r.ok) {
      const ran = missingRoll(r.error)
      if (ran && this.tableDice) {
        this.awaiting ??= { action: key, faces: [], typed: 0, asked: null }
        const asked: DiceAsked = rolling
          ? {
              ...ran,
              label: `${rolling.resolution.label} (${rolling.who})`,
              ...(rolling.resolution.rule === undefined ? {} : { rule: rolling.resolution.rule }),
            }
          : ran
        this.awaiting.asked = asked
        return { ok: false, message: `Roll ${ran.notation} and enter the faces.`, needsDice: asked }
      }
      const typo = this.awaiting
      const wrong = r.error.code === 'not-a-face' ? r.error.params : undefined
      if (typo && typo.typed > 0 && typo.asked && wrong !== undefined) {
        // The faces typed last are refused (a 7 for a d6): they are dropped and asked for again.
        typo.faces.splice(typo.faces.length - typo.typed, typo.typed)
        typo.typed = 0
        const problem = `${wrong.value} is not a face of ${wrong.dice}: type the faces again.`
        return { ok: false, message: problem, needsDice: { ...typo.asked, problem } }
      }
      return r.error.rule === undefined
        ? { ok: false, message: r.error.message }
        : { ok: false, message: r.error.message, rule: r.error.rule }
    }
    this.awaiting = null
    const relisted = from !== this.state
    this.truncate()
    this.taken.push(action)
    this.states.push(r.state)
    this.entries.push(r.entries)
    this.at = this.taken.length
    // The list changed (faces typed, or faces of a branch left behind dropped): faces typed
    // beyond those read are not kept for a later roll.
    const d = r.state.dice
    if (relisted && d.kind === 'forced') this.relist(d.values.slice(0, d.index))
    return { ok: true }
  }

  /**
   * Table dice: the faces the players rolled for the action the game waits on. An action may
   * roll several times, each roll asked for in turn: the faces typed for it add up until it is
   * taken, and are forgotten if another action is taken instead.
   */
  addFaces(faces: readonly number[]): void {
    if (!this.tableDice) return
    this.awaiting ??= { action: null, faces: [], typed: 0, asked: null }
    this.awaiting.faces.push(...faces)
    this.awaiting.typed = faces.length
  }

  /**
   * Table dice: `state` with the faces the game has read so far followed by those typed for the
   * action awaited, so no roll reads a face typed for an action taken back or not taken.
   */
  private withTypedFaces(state: GameState): GameState {
    const d = state.dice
    if (d.kind !== 'forced') return state
    const values = [...d.values.slice(0, d.index), ...(this.awaiting?.faces ?? [])]
    if (values.length === d.values.length && values.every((f, i) => f === d.values[i])) return state
    return { ...state, dice: { ...d, values } }
  }

  /**
   * Table dice: the list of faces becomes `values` for the whole game. Each state read the faces
   * before its own position only, and those are the same in both lists, so giving every state
   * the new list is the game a replay with it makes, without replaying.
   */
  private relist(values: readonly number[]): void {
    const forced = [...values]
    this.diceChoice = { forced }
    this.states = this.states.map((st) =>
      st.dice.kind === 'forced' ? { ...st, dice: { ...st.dice, values: forced } } : st,
    )
  }

  /** Drops the actions after the state shown. */
  private truncate(): void {
    if (this.atEnd) return
    this.taken.length = this.at
    this.states.length = this.at + 1
    this.entries.length = this.at + 1
  }

  /**
   * Where Undo goes from the state shown: one action back, unless that action rolled dice and
   * the game is not in playtest mode (a roll stands; the decisions after it may be taken back).
   */
  undoTarget(playtest: boolean): { ok: true; to: number } | { ok: false; message: string } {
    if (this.at === 0)
      return { ok: false, message: 'Nothing to undo: this is the start of the game.' }
    if (!playtest && this.rolled(this.at))
      return {
        ok: false,
        message:
          'The dice were rolled for the last action, so it stands. Playtest mode lets you go back past a roll.',
      }
    return { ok: true, to: this.at - 1 }
  }

  /** Undo: back one action, forgetting it (see undoTarget). */
  undo(playtest: boolean): { ok: true } | { ok: false; message: string } {
    const t = this.undoTarget(playtest)
    if (!t.ok) return t
    this.awaiting = null
    this.at = t.to
    this.truncate()
    return { ok: true }
  }

  /** Shows the state after k actions without forgetting the later ones (log, replay). */
  goTo(k: number): void {
    this.awaiting = null
    this.at = Math.max(0, Math.min(this.taken.length, Math.round(k)))
  }

  /**
   * The saved game of the state shown: the actions up to it, the dice, the hash of the state after
   * each action and at the end. A table-dice game keeps the faces read up to that state (not those
   * of later rolls), and its hashes are those of the states as a replay with that list makes them.
   */
  save(meta: { name?: string; id?: string; savedAt?: string } = {}): SavedGame {
    const state = this.state
    const d = state.dice
    const actions = this.taken.slice(0, this.at)
    const trimmed = d.kind === 'forced' && d.index !== d.values.length
    // Saved before the end: only the faces read so far, and the state as that list makes it.
    const dice: DiceChoice = trimmed ? { forced: d.values.slice(0, d.index) } : this.diceChoice
    const last = trimmed ? { ...state, dice: { ...d, values: d.values.slice(0, d.index) } } : state
    // The states kept for undo are those a replay makes, but for a dice list cut short.
    const stateHashes = trimmed
      ? (stateHashesOf(this.loaded, dice, actions) ?? undefined)
      : this.states.slice(1, this.at + 1).map((s) => stateHash(s))
    return saveGame(this.loaded, dice, actions, last, { ...meta, stateHashes })
  }
}
