/**
 * The playtest's computer players: a side given to the random-legal or greedy policy moves when
 * its decision is open (and only then), the pause before each move runs on a timer the designer
 * can stop, the moves are reproducible from the game's seed and replay from a save, a
 * table-dice game waits for the faces of a computer's roll, and a refused move stops the play.
 * In the browser the move is worked out in a worker (ai-move.ts): the answer is the page
 * thread's, it is dropped when the game moved on meanwhile, and cancelling stops the worker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { legalActions, openPrompt, playAction } from '../../../src/runtime/play'
import type { Action } from '../../../src/runtime/state'
import type { DiceChoice } from '../../../src/runtime/state/game-state'
import { AiPlayers, type Controller } from '../../../src/editor/play/ai-players'
import {
  inProcessChooser,
  moveWorkerHandler,
  workerChooser,
  type MoveChooser,
  type MoveRequest,
  type WorkerAnswer,
  type WorkerLike,
  type WorkerRequest,
} from '../../../src/editor/play/ai-move'
import type { PolicyChoice } from '../../../src/runtime/play/ai'
import { chooseMove, policySeed } from '../../../src/runtime/play/ai'
import type { SourceText } from '../../../src/runtime'
import { PlaySession, type PlayResult } from '../../../src/editor/play/play-session'
import { sampleSkirmish, tableDiceSession } from '../../helpers/play-session'

const loaded = sampleSkirmish

/** The side whose decision opens the sample skirmish, and the other one. */
const FIRST = 'franks'
const SECOND = 'emirate'
const PASSIVE = new Set(['pass', 'done', 'decline', 'declare-done'])

interface Table {
  session: PlaySession
  ai: AiPlayers
  /** Every action the computer players asked for, and what came of it. */
  asked: { action: Action; result: PlayResult }[]
}

/**
 * AiPlayers wired as usePlaytest wires them: act plays on the session and, when the state
 * changed, plans the next computer move (usePlaytest's watch on the state does that).
 */
function table(game: DiceChoice | PlaySession, sides: Record<string, Controller>): Table {
  const t: Table = {
    session: game instanceof PlaySession ? game : new PlaySession(loaded, game),
    asked: [],
    ai: new AiPlayers({
      loaded: () => loaded,
      session: () => t.session,
      act: (action) => {
        const result = t.session.play(action)
        t.asked.push({ action, result })
        if (result.ok) t.ai.schedule()
        return result
      },
    }),
  }
  for (const [side, controller] of Object.entries(sides)) t.ai.set(side, controller)
  return t
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AiPlayers', () => {
  it.each(['random', 'greedy'] as const)(
    'a side played by the %s policy takes one legal action when its decision is open',
    (controller) => {
      const t = table({ seed: 5 }, { [FIRST]: controller, [SECOND]: 'human' })
      const before = t.session.state
      expect(openPrompt(before)?.side).toBe(FIRST)
      expect(t.ai.sideToMove()).toBe(FIRST)
      expect(t.ai.step()).toBe(true)
      expect(t.session.length).toBe(1)
      const taken = t.session.actions[0] as Action
      expect(legalActions(loaded, before)).toContainEqual(taken)
      expect(t.ai.error.value).toBeNull()
      // Thinking again only if the move planned the computer's next one.
      expect(t.ai.thinking.value).toBe(t.ai.sideToMove() !== null)
      t.ai.stop()
      expect(t.ai.thinking.value).toBe(false)
    },
  )

  it('never moves a side a person plays', () => {
    const t = table({ seed: 5 }, { [SECOND]: 'random' })
    // Nobody was given the first side: it is a person's, like a side set to 'human'.
    expect(t.ai.sideToMove()).toBeNull()
    expect(t.ai.step()).toBe(false)
    expect(t.session.length).toBe(0)
    let computerMoves = 0
    for (let i = 0; i < 40; i++) {
      const side = openPrompt(t.session.state)?.side
      if (side === undefined) break
      if (side === FIRST) {
        // The person's decision: the computer leaves it alone, the test answers it.
        expect(t.ai.sideToMove()).toBeNull()
        expect(t.ai.step()).toBe(false)
        // Passing or closing the decision hands the game on soonest.
        const legal = legalActions(loaded, t.session.state)
        const answer = legal.find((a) => PASSIVE.has(a.type)) ?? (legal[0] as Action)
        expect(t.session.play(answer).ok).toBe(true)
      } else {
        expect(t.ai.sideToMove()).toBe(SECOND)
        expect(t.ai.step()).toBe(true)
        computerMoves++
      }
    }
    expect(computerMoves).toBeGreaterThan(0)
    expect(t.asked.every((a) => a.action.side === SECOND)).toBe(true)
    expect(t.asked).toHaveLength(computerMoves)
  })

  it('a running game moves for the computer after the pause, and not when stopped', () => {
    vi.useFakeTimers()
    const t = table({ seed: 5 }, { [FIRST]: 'random', [SECOND]: 'human' })
    t.ai.delay.value = 50
    t.ai.running.value = false
    t.ai.schedule()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(1000)
    expect(t.session.length).toBe(0)

    t.ai.running.value = true
    t.ai.schedule()
    // The status bar says the computer is on it from the pause on.
    expect(t.ai.thinking.value).toBe(true)
    vi.advanceTimersByTime(49)
    expect(t.session.length).toBe(0)
    vi.advanceTimersByTime(1)
    expect(t.session.length).toBe(1)

    // The first side decides again (its activation goes on); stop() drops the move planned.
    expect(t.ai.sideToMove()).toBe(FIRST)
    t.ai.schedule()
    expect(vi.getTimerCount()).toBe(1)
    t.ai.stop()
    expect(t.ai.thinking.value).toBe(false)
    vi.advanceTimersByTime(1000)
    expect(t.session.length).toBe(1)
  })

  it('with a computer on both sides the game goes on by itself, one move per pause', () => {
    vi.useFakeTimers()
    const t = table({ seed: 9 }, { [FIRST]: 'random', [SECOND]: 'random' })
    t.ai.delay.value = 20
    t.ai.schedule()
    for (let i = 1; i <= 8; i++) {
      vi.advanceTimersByTime(20)
      expect(t.session.length).toBe(i)
      // The move just made planned the next one: still thinking.
      expect(t.ai.thinking.value).toBe(true)
    }
    expect(new Set(t.asked.map((a) => a.action.side)).size).toBe(2)
    expect(t.ai.error.value).toBeNull()
  })

  it('the computer players are reproducible from the seed, and their game replays from its save', () => {
    const play = (): Table => {
      const t = table({ seed: 21 }, { [FIRST]: 'random', [SECOND]: 'random' })
      for (let i = 0; i < 30 && t.ai.step(); i++);
      return t
    }
    const a = play()
    const b = play()
    expect(a.session.length).toBeGreaterThan(10)
    expect(b.session.actions).toEqual(a.session.actions)
    expect(b.session.hash).toBe(a.session.hash)
    const reopened = PlaySession.fromSave(loaded, JSON.parse(JSON.stringify(a.session.save())))
    expect(reopened.ok && reopened.hashMatches).toBe(true)
    expect(reopened.ok && reopened.session.hash).toBe(a.session.hash)
    expect(reopened.ok && reopened.session.actions).toEqual(a.session.actions)
  })

  it('a new game draws the computer choices afresh from its own seed', () => {
    const t = table({ seed: 21 }, { [FIRST]: 'random', [SECOND]: 'random' })
    for (let i = 0; i < 12; i++) expect(t.ai.step()).toBe(true)
    const first = [...t.session.actions]
    // The same view starts the same game again: the computer plays it the same way.
    t.session = new PlaySession(loaded, { seed: 21 })
    for (let i = 0; i < 12; i++) expect(t.ai.step()).toBe(true)
    expect(t.session.actions).toEqual(first)
    // Another seed, another game: the computer's choices follow it.
    t.session = new PlaySession(loaded, { seed: 22 })
    for (let i = 0; i < 12; i++) expect(t.ai.step()).toBe(true)
    expect(t.session.actions).not.toEqual(first)
  })

  it('with table dice, a computer move that rolls waits for the faces, then goes on', () => {
    const t = table(tableDiceSession(), { [FIRST]: 'random', [SECOND]: 'random' })
    let moved = 0
    while (moved < 200 && t.ai.step()) moved++
    const last = t.asked.at(-1)
    expect(last && !last.result.ok && 'needsDice' in last.result).toBe(true)
    expect(t.ai.error.value).toBeNull()
    const waiting = t.session.length
    const asked = (last as { action: Action }).action

    // Asked again (Computer move, or the game planned anew), it asks for the same roll.
    expect(t.ai.step()).toBe(false)
    expect(t.asked.at(-1)?.action).toEqual(asked)
    expect(t.session.length).toBe(waiting)
    expect(t.ai.error.value).toBeNull()

    // The faces typed, the action waited on is taken and the computer plays on.
    let r: PlayResult = { ok: false, message: 'no faces yet' }
    for (let i = 0; i < 10 && !r.ok; i++) {
      t.session.addFaces([1])
      r = t.session.play(asked)
      if (!r.ok) expect('needsDice' in r).toBe(true)
    }
    expect(r.ok).toBe(true)
    expect(t.session.length).toBe(waiting + 1)
    expect(t.session.actions.at(-1)).toEqual(asked)
    expect(t.ai.sideToMove()).not.toBeNull()
    const n = t.asked.length
    t.ai.step()
    expect(t.asked.length).toBe(n + 1)
    expect(t.asked.at(-1)?.action).not.toEqual(asked)
    expect(t.ai.error.value).toBeNull()
  })

  it('a move refused for another reason than dice is reported and stops the play', () => {
    vi.useFakeTimers()
    const session = new PlaySession(loaded, { seed: 5 })
    const refusal = 'That unit is not in command.'
    const ai = new AiPlayers({
      loaded: () => loaded,
      session: () => session,
      act: () => ({ ok: false, message: refusal }),
    })
    ai.set(FIRST, 'random')
    ai.delay.value = 10
    ai.schedule()
    vi.advanceTimersByTime(10)
    expect(ai.error.value).toContain(refusal)
    expect(session.length).toBe(0)
    // No further move is planned until the designer changes a side.
    ai.schedule()
    expect(vi.getTimerCount()).toBe(0)
    ai.set(FIRST, 'greedy')
    expect(ai.error.value).toBeNull()
    ai.schedule()
    expect(vi.getTimerCount()).toBe(1)
  })

  it('stepping back in the game leaves the computer idle until the game is at its end again', () => {
    vi.useFakeTimers()
    const t = table({ seed: 5 }, { [FIRST]: 'random', [SECOND]: 'random' })
    for (let i = 0; i < 5; i++) expect(t.ai.step()).toBe(true)
    t.session.goTo(2)
    expect(t.ai.sideToMove()).toBeNull()
    expect(t.ai.step()).toBe(false)
    t.ai.schedule()
    expect(vi.getTimerCount()).toBe(0)
    expect(t.session.length).toBe(5)
    expect(t.session.cursor).toBe(2)
    t.session.goTo(5)
    expect(t.ai.sideToMove()).toBe(openPrompt(t.session.state)?.side)
    expect(t.ai.step()).toBe(true)
    expect(t.session.length).toBe(6)
  })
})

/** A chooser whose answers come when the test says, as a worker's would. */
function laterChooser(): MoveChooser & {
  asked: MoveRequest[]
  cancelled: number
  answer(): void
} {
  const queue: { request: MoveRequest; resolve: (c: PolicyChoice | null) => void }[] = []
  const c = {
    asked: [] as MoveRequest[],
    cancelled: 0,
    choose(request: MoveRequest) {
      c.asked.push(request)
      return new Promise<PolicyChoice | null>((resolve) => queue.push({ request, resolve }))
    },
    cancel() {
      c.cancelled++
    },
    dispose() {},
    answer() {
      const next = queue.shift()
      if (next) {
        const r = next.request
        next.resolve(chooseMove(r.loaded, r.policy, r.state, r.rng))
      }
    },
  }
  return c
}

describe('computer moves worked out off the page thread', () => {
  function asyncTable(sides: Record<string, Controller>) {
    const chooser = laterChooser()
    let session = new PlaySession(loaded, { seed: 5 })
    const ai = new AiPlayers({
      loaded: () => loaded,
      session: () => session,
      act: (action) => session.play(action),
      chooser,
    })
    for (const [side, controller] of Object.entries(sides)) ai.set(side, controller)
    return {
      chooser,
      ai,
      get session() {
        return session
      },
      set session(s: PlaySession) {
        session = s
      },
    }
  }

  it('takes the move when the answer comes, the same move the page thread would make', async () => {
    const t = asyncTable({ [FIRST]: 'greedy', [SECOND]: 'human' })
    const state = t.session.state
    expect(t.ai.step()).toBe(false)
    expect(t.ai.thinking.value).toBe(true)
    expect(t.session.length).toBe(0)
    t.chooser.answer()
    await Promise.resolve()
    await Promise.resolve()
    expect(t.session.length).toBe(1)
    expect(t.ai.thinking.value).toBe(false)
    expect(t.session.actions[0]).toEqual(chooseMove(loaded, 'greedy', state, policySeed(5))?.action)
  })

  it('drops a move still being worked out when the game moves on (undo, a new game)', async () => {
    const t = asyncTable({ [FIRST]: 'random', [SECOND]: 'random' })
    for (let i = 0; i < 3; i++) {
      t.ai.step()
      t.chooser.answer()
      await Promise.resolve()
      await Promise.resolve()
    }
    expect(t.session.length).toBe(3)
    // Asked, then the game is taken back before the answer comes.
    t.ai.step()
    t.session.undo(true)
    t.ai.schedule()
    expect(t.chooser.cancelled).toBe(1)
    t.chooser.answer()
    await Promise.resolve()
    await Promise.resolve()
    expect(t.session.length).toBe(2)
    // Asked, then a new game starts: the answer is for the old one.
    t.ai.stop()
    t.ai.step()
    t.session = new PlaySession(loaded, { seed: 6 })
    t.chooser.answer()
    await Promise.resolve()
    await Promise.resolve()
    expect(t.session.length).toBe(0)
    expect(t.ai.error.value).toBeNull()
  })

  it('a plan made again for the same game keeps the move being worked out', () => {
    const t = asyncTable({ [FIRST]: 'random', [SECOND]: 'human' })
    t.ai.step()
    t.ai.schedule()
    expect(t.chooser.cancelled).toBe(0)
    expect(t.chooser.asked).toHaveLength(1)
  })
})

describe('the worker', () => {
  const sources: SourceText[] = [{ path: 'content/x.json', text: '{}' }]
  /** A worker that answers with the worker's own handler, a turn later, as a real one does. */
  function fakeWorker(loads: { count: number }, log: WorkerRequest[]): WorkerLike {
    const handle = moveWorkerHandler((given) => {
      expect(given).toEqual(sources)
      loads.count++
      return { scenario: () => ({ ok: true, value: loaded }) }
    })
    const w: WorkerLike = {
      onmessage: null,
      postMessage(message) {
        log.push(message)
        const copy = structuredClone(message)
        setTimeout(() => w.onmessage?.({ data: handle(copy) } as MessageEvent<WorkerAnswer>), 0)
      },
      terminate() {
        w.onmessage = null
      },
    }
    return w
  }

  it('answers as the page thread does, loading the scenario once from the sources', async () => {
    const loads = { count: 0 }
    const log: WorkerRequest[] = []
    let spawned = 0
    const chooser = workerChooser(
      () => (spawned++, fakeWorker(loads, log)),
      () => sources,
    )
    let state = new PlaySession(loaded, { seed: 7 }).state
    let rng = policySeed(7)
    for (let i = 0; i < 4; i++) {
      const request = { loaded, policy: 'random' as const, state, rng }
      const here = inProcessChooser().choose(request) as PolicyChoice
      const there = await chooser.choose(request)
      expect(there).toEqual(here)
      const next = playAction(loaded, state, here.action)
      if (!next.ok) throw new Error(next.error.message)
      state = next.state
      rng = here.rng
    }
    expect(spawned).toBe(1)
    expect(loads.count).toBe(1)
    // The sources went once, after the worker asked for them; the state every time.
    expect(log.filter((m) => m.scenario.sources !== undefined)).toHaveLength(1)
    expect(log[0]?.scenario.sources).toBeUndefined()
    chooser.dispose()
  })

  it('cancelling stops the worker, whose answer never comes; the next move starts another', async () => {
    const loads = { count: 0 }
    let spawned = 0
    const chooser = workerChooser(
      () => (spawned++, fakeWorker(loads, [])),
      () => sources,
    )
    const state = new PlaySession(loaded, { seed: 7 }).state
    const request = { loaded, policy: 'greedy' as const, state, rng: policySeed(7) }
    let settled = false
    void chooser.choose(request).then(() => (settled = true))
    chooser.cancel()
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    const choice = await chooser.choose({ ...request, policy: 'random' })
    expect(choice).toEqual(inProcessChooser().choose({ ...request, policy: 'random' }))
    expect(spawned).toBe(2)
    expect(loads.count).toBe(1)
    chooser.dispose()
  })
})
