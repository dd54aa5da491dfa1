/**
 * Computer players for the playtest: each side is played by a person, by the runtime's
 * random-legal policy or by its greedy policy (exact expected result of the rolls an action
 * leads to). When the decision belongs to a computer side and the game runs, the move is made
 * after a short pause so a watching designer can follow it; Step makes one move at a time.
 * The policies draw from their own generator, seeded per game from the game's dice seed (as
 * playouts seed theirs): their choices become ordinary actions in the log, so a game with
 * computer players saves and replays like any other.
 */
import { ref, type Ref } from 'vue'
import type { LoadedScenario } from '../../runtime'
import { openPrompt } from '../../runtime/play'
import type { RngState } from '../../runtime/dice'
import type { Policy } from '../../runtime/play/ai'
import { greedy, policySeed, randomLegal } from '../../runtime/play/ai'
import type { Action, GameState } from '../../runtime/state'
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
}

const POLICIES: Record<Exclude<Controller, 'human'>, Policy> = {
  random: randomLegal,
  greedy: greedy(),
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
  private readonly host: Host

  constructor(host: Host) {
    this.host = host
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
    this.stop()
    if (!this.running.value || this.sideToMove() === null || this.error.value) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.step()
    }, this.delay.value)
    this.thinking.value = true
  }

  /** Makes one computer move now (for the side whose decision is open). */
  step(): boolean {
    const side = this.sideToMove()
    const loaded = this.host.loaded()
    const s = this.host.session()
    if (side === null || !loaded || !s) {
      this.thinking.value = this.timer !== null
      return false
    }
    const controller = this.sides.value[side] as Exclude<Controller, 'human'>
    if (s !== this.game) {
      this.game = s
      this.rng = policySeed('seed' in s.dice ? s.dice.seed : 0)
      this.waiting = null
    }
    const state = s.state
    this.thinking.value = true
    try {
      const w = this.waiting
      let action: Action
      if (w && w.state === state && w.controller === controller) action = w.action
      else {
        const choice = POLICIES[controller](loaded, state, this.rng)
        if (!choice) return false
        this.rng = choice.rng
        action = choice.action
      }
      this.waiting = null
      const r = this.host.act(action)
      // A table-dice game waiting for faces is not an error: the dice panel asks for them.
      if (!r.ok && 'needsDice' in r) this.waiting = { state, controller, action }
      else if (!r.ok)
        this.error.value = `The computer's move was refused (${r.message}); it stops so you can look.`
      return r.ok
    } catch (e) {
      // A policy that fails (content the runtime cannot weigh) stops the play with its reason.
      const reason = e instanceof Error ? e.message : String(e)
      this.error.value = `The computer could not choose a move (${reason}); it stops so you can look.`
      return false
    } finally {
      // Still thinking when the move just made planned the next one.
      this.thinking.value = this.timer !== null
    }
  }

  set(side: string, controller: Controller): void {
    this.sides.value = { ...this.sides.value, [side]: controller }
    this.error.value = null
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.thinking.value = false
  }
}
