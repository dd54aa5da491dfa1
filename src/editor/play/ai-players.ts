/**
 * Computer players for the playtest: each side is played by a person, by the runtime's
 * random-legal policy or by its greedy policy (exact expected result of the rolls an action
 * leads to). When the decision belongs to a computer side and the game runs, the move is made
 * after a short pause so a watching designer can follow it; Step makes one move at a time.
 * The policies draw from their own generator, seeded per game from the game's dice seed (as
 * playouts seed theirs): their choices become ordinary actions in the log, so a game with
 * computer players saves and replays like any other.
 *
 * The move is worked out by a MoveChooser (ai-move.ts): in the browser a Web Worker, so the page
 * stays smooth while the greedy policy weighs a large battle; the answer is taken only if the
 * game is still where it was asked (an undo, a new game or a change of player drops it).
 */
import { ref, type Ref } from 'vue'
import type {
  Action,
  GameState,
  LoadedScenario,
  PolicyChoice,
  RngState,
  SourceText,
} from '../../runtime'
import { openPrompt, policySeed } from '../../runtime'
import { defaultChooser, type MoveChooser } from './ai-move'
import type { PlayResult, PlaySession } from './play-session'

export type Controller = 'human' | 'random' | 'greedy'

export const CONTROLLERS: readonly { id: Controller; label: string }[] = [
  { id: 'human', label: 'Player' },
  { id: 'random', label: 'AI: random legal' },
  { id: 'greedy', label: 'AI: greedy' },
]

interface Host {
  loaded(): LoadedScenario | null
  session(): PlaySession | null
  act(action: Action): PlayResult
  /**
   * The workspace's files the scenario was loaded from: given, the moves are worked out in a
   * worker (where the browser has workers), which loads the scenario from them.
   */
  sources?(): SourceText[]
  /** Works out the moves instead of the default chooser (tests). */
  chooser?: MoveChooser
}

export class AiPlayers {
  readonly sides: Ref<Record<string, Controller>> = ref({})
  /** Computer sides move by themselves; off, they wait for Step. */
  readonly running = ref(true)
  /** Pause between computer moves, in milliseconds. */
  readonly delay = ref(400)
  /** A computer move is planned (the pause) or being worked out. */
  readonly thinking = ref(false)
  readonly error = ref<string | null>(null)
  private rng: RngState = policySeed(0)
  /** The game the generator was seeded for: a new game draws its computer choices afresh. */
  private game: PlaySession | null = null
  /**
   * A computer move a table-dice game waits on the faces for. Asked again at that state, the
   * computer makes the same move rather than drawing another one, which would drop the roll
   * the players are answering.
   */
  private waiting: { state: GameState; controller: Controller; action: Action } | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  /** The move being worked out off this thread: taken only while this is still the one. */
  private asked: { state: GameState; controller: Controller } | null = null
  private readonly host: Host
  private readonly chooser: MoveChooser

  constructor(host: Host) {
    this.host = host
    this.chooser = host.chooser ?? defaultChooser(host.sources?.bind(host))
  }

  /** The computer side whose decision is open, if any. */
  sideToMove(): string | null {
    const s = this.host.session()
    if (!s || !s.atEnd) return null
    const p = openPrompt(s.state)
    if (!p) return null
    return (this.sides.value[p.side] ?? 'human') === 'human' ? null : p.side
  }

  /** Plans the next computer move when one is due. */
  schedule(): void {
    // The move being worked out is for the game as it stands: let it come.
    const s = this.host.session()
    const asked = this.asked
    if (asked && s?.atEnd && s.state === asked.state && this.running.value && !this.error.value)
      if (
        this.sideToMove() !== null &&
        this.sides.value[this.sideToMove() ?? ''] === asked.controller
      )
        return
    this.stop()
    if (!this.running.value || this.sideToMove() === null || this.error.value) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.step()
    }, this.delay.value)
    this.thinking.value = true
  }

  /**
   * Makes one computer move now (for the side whose decision is open). True when the move was
   * taken; false when there is none, it was refused, or it is still being worked out off this
   * thread (it is then taken when the answer comes, if the game is still there).
   */
  step(): boolean {
    const side = this.sideToMove()
    const loaded = this.host.loaded()
    const s = this.host.session()
    if (side === null || !loaded || !s) {
      this.thinking.value = this.timer !== null || this.asked !== null
      return false
    }
    const controller = this.sides.value[side] as Exclude<Controller, 'human'>
    if (s !== this.game) {
      this.game = s
      this.rng = policySeed('seed' in s.dice ? s.dice.seed : 0)
      this.waiting = null
    }
    const state = s.state
    const w = this.waiting
    if (w && w.state === state && w.controller === controller)
      return this.take(state, controller, w.action)
    this.thinking.value = true
    let answer: ReturnType<MoveChooser['choose']>
    try {
      answer = this.chooser.choose({ loaded, policy: controller, state, rng: this.rng })
    } catch (e) {
      return this.failed(e)
    }
    if (!(answer instanceof Promise)) return this.chosen(state, controller, answer)
    const asked = { state, controller }
    this.asked = asked
    answer.then(
      (choice) => {
        if (this.asked !== asked) return
        this.asked = null
        // The game moved on meanwhile (a person's action, an undo, a new game): drop it.
        if (this.host.session() !== s || s.state !== state || !s.atEnd) {
          this.thinking.value = this.timer !== null
          return
        }
        this.chosen(state, controller, choice)
      },
      (e: unknown) => {
        if (this.asked !== asked) return
        this.asked = null
        this.failed(e)
      },
    )
    return false
  }

  private chosen(state: GameState, controller: Controller, choice: PolicyChoice | null): boolean {
    if (!choice) {
      this.thinking.value = this.timer !== null
      return false
    }
    this.rng = choice.rng
    return this.take(state, controller, choice.action)
  }

  private take(state: GameState, controller: Controller, action: Action): boolean {
    this.waiting = null
    this.thinking.value = true
    try {
      const r = this.host.act(action)
      // A table-dice game waiting for faces is not an error: the dice panel asks for them.
      if (!r.ok && 'needsDice' in r) this.waiting = { state, controller, action }
      else if (!r.ok)
        this.error.value = `The computer's move was refused (${r.message}); it stops so you can look.`
      return r.ok
    } catch (e) {
      return this.failed(e)
    } finally {
      // Still thinking when the move just made planned the next one.
      this.thinking.value = this.timer !== null || this.asked !== null
    }
  }

  private failed(e: unknown): false {
    // A policy that fails (content the runtime cannot weigh) stops the play with its reason.
    const reason = e instanceof Error ? e.message : String(e)
    this.error.value = `The computer could not choose a move (${reason}); it stops so you can look.`
    this.thinking.value = this.timer !== null
    return false
  }

  set(side: string, controller: Controller): void {
    this.sides.value = { ...this.sides.value, [side]: controller }
    this.error.value = null
  }

  /** Drops the planned move and any move being worked out (an undo, a new game, leaving). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    if (this.asked !== null) this.chooser.cancel()
    this.asked = null
    this.thinking.value = false
  }

  /** Ends the worker, if any: the view is closed. */
  dispose(): void {
    this.stop()
    this.chooser.dispose()
  }
}
