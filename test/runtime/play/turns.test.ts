/**
 * Turns and phases (sequence.structure "turns", procedures/turns.ts), proven on the fixture
 * ruleset test/fixtures/mods/turn-skirmish: Infidel's counters and tables played in game turns
 * of movement (with reaction fire), fire for each side (twice, with return fire), melee (with
 * counter-charges and evasion), continued melee and a recovery phase from turn 2, for 12 turns,
 * with alternating initiative and a loss check at the end of every turn.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario, LogEntry } from '../../../src/runtime'
import {
  legalActions,
  openPrompt,
  playAction,
  randomLegal,
  startGame,
  stateHash,
  stateHashesOf,
  validateContent,
} from '../../../src/runtime'
import { playout } from '../../../src/runtime/play/ai'
import { checkedGame } from '../../../tools/playout-checks'
import { withEdit } from '../../helpers/fixtures'
import { fixture, MOD, RULESET, SCENARIO, scenarioOf, withPhase } from './turn-skirmish'

const LAST_TURN = 12
const PHASES = ['movement', 'fire', 'melee', 'continued-melee', 'recovery']

/** What the clock did in a game: each clock change of the log, in order. */
interface Tick {
  events: string[]
  turn: number
  playerTurn: number
  side: string
  phase: string | null
  text: string
}

function ticksOf(entries: readonly LogEntry[]): Tick[] {
  const ticks: Tick[] = []
  for (const entry of entries)
    for (const effect of entry.effects)
      if (effect.kind === 'clock')
        ticks.push({
          events: effect.events,
          turn: effect.to.turn,
          playerTurn: effect.to.playerTurn,
          side: effect.to.activeSide,
          phase: effect.to.phase,
          text: effect.text,
        })
  return ticks
}

/** Answers every decision with "done" (or the first legal action) until `stop` holds. */
function doneUntil(
  loaded: LoadedScenario,
  state: GameState,
  stop: (state: GameState) => boolean,
): { state: GameState; entries: LogEntry[] } {
  const entries: LogEntry[] = []
  for (let i = 0; i < 500 && !stop(state); i++) {
    const legal = legalActions(loaded, state)
    const action = legal.find((a) => a.type === 'done') ?? legal[0]
    if (action === undefined) throw new Error('no legal action')
    const result = playAction(loaded, state, action)
    if (!result.ok) throw new Error(result.error.message)
    state = result.state
    entries.push(...result.entries)
  }
  return { state, entries }
}

describe('a turn-based sequence of play: game turns, player turns and phases', () => {
  const loaded = scenarioOf(fixture())

  it('validates clean: the engine plays every phase and reaction of the fixture', () => {
    const report = validateContent(fixture(), { testGames: (id) => id === SCENARIO })
    const mine = report.problems.filter((p) => p.file.startsWith(MOD))
    expect(mine).toEqual([])
  })

  it('opens turn 1 with the first side to move, then gives the phases in order, fire to each side', () => {
    const begun = startGame(loaded, { seed: 1 })
    expect(openPrompt(begun.state)).toMatchObject({ side: 'franks', kind: 'movement' })
    expect(ticksOf([begun.entry]).map((t) => t.text)).toEqual([
      'turn 1 of 12 begins',
      'turn 1: franks to play',
      'Movement begins',
    ])
    // Movement done: fire for the side whose turn it is, then for the other side, twice; the
    // first player turn is over when nobody can fight.
    const sides: string[] = []
    let state = begun.state
    while (state.clock.playerTurn === 1) {
      const prompt = openPrompt(state)
      if (prompt?.kind === 'fire') sides.push(prompt.side)
      const result = playAction(loaded, state, { type: 'done' })
      if (!result.ok) throw new Error(result.error.message)
      state = result.state
    }
    expect(sides).toEqual(['franks', 'emirate', 'franks', 'emirate'])
    // Nobody is next to an enemy yet: no melee, and the Emir's host moves.
    expect(state.clock).toMatchObject({
      turn: 1,
      playerTurn: 2,
      activeSide: 'emirate',
      phase: 'movement',
    })
  })

  it('plays random games to the end, keeping the invariants of turns and phases', () => {
    const texts: string[] = []
    for (const seed of [1, 2, 3, 4]) {
      const entries: LogEntry[] = []
      const prompts: { side: string; kind: string; turn: number; active: string }[] = []
      const game = playout(loaded, seed, randomLegal, 5000, (state, _action, logged) => {
        entries.push(...logged)
        const prompt = openPrompt(state)
        if (prompt !== null)
          prompts.push({
            side: prompt.side,
            kind: prompt.kind,
            turn: state.clock.turn,
            active: state.clock.activeSide,
          })
        expect(state.clock.turn).toBeLessThanOrEqual(LAST_TURN)
      })
      expect(game.stopped, `seed ${seed}`).toBeUndefined()
      expect(game.ended, `seed ${seed}`).toBe(true)
      const ticks = ticksOf(entries)
      const turns = new Map<number, Tick[]>()
      for (const tick of ticks) turns.set(tick.turn, [...(turns.get(tick.turn) ?? []), tick])
      const last = Math.max(...turns.keys())
      for (const [turn, list] of turns) {
        // Initiative alternates: the Franks open the odd turns, the Emir's host the even ones.
        const order = list.filter((t) => t.events.includes('player-turn-start')).map((t) => t.side)
        const first = turn % 2 === 1 ? 'franks' : 'emirate'
        const second = first === 'franks' ? 'emirate' : 'franks'
        if (turn < last) expect(order, `seed ${seed} turn ${turn}`).toEqual([first, second])
        else expect([first, second].slice(0, order.length)).toEqual(order)
        // Within each player turn the phases run in the order of the sequence; fire twice.
        for (const side of order) {
          const started = list
            .filter((t) => t.side === side && t.events.includes('phase-start'))
            .map((t) => t.phase)
          const expected = PHASES.flatMap((p) => (p === 'fire' ? [p, p] : [p])).filter(
            (p) => p !== 'recovery' || turn > 1,
          )
          if (turn < last) expect(started, `seed ${seed} turn ${turn} ${side}`).toEqual(expected)
          else expect(expected.slice(0, started.length)).toEqual(started)
        }
      }
      // Movement and melee are the player's whose turn it is; the other side only reacts there.
      for (const p of prompts) {
        if (p.kind === 'movement' || p.kind === 'shock-declaration') expect(p.side).toBe(p.active)
      }
      const outcome = game.state.outcome
      if (outcome?.draw === true) {
        expect(game.state.clock.turn).toBe(LAST_TURN)
        expect(ticks.at(-1)?.events).toEqual(['turn-end', 'game-end'])
      } else {
        expect(outcome?.reason).toMatch(/Loss check/)
      }
      // The game's actions replay to the same final state.
      const hashes = stateHashesOf(loaded, { seed }, game.actions)
      expect(hashes?.at(-1)).toBe(stateHash(game.state))
      texts.push(...entries.map((e) => e.text))
    }
    // The phases carry their reactions: fire during movement, return fire in the fire phase.
    expect(texts.some((t) => / fires at .* as it enters /.test(t))).toBe(true)
    expect(texts.some((t) => / returns fire at /.test(t))).toBe(true)
  })

  it('keeps the general invariants of a game after every action (checked playouts)', () => {
    for (const seed of [7, 8]) {
      const game = checkedGame(loaded, seed, { replay: true, maxActions: 5000 })
      expect(game.failure, `seed ${seed}`).toBeUndefined()
    }
  })

  it('runs an "inactive" phase for the other side only, and a "both" phase once', () => {
    for (const [player, expected] of [
      ['inactive', ['emirate', 'emirate']],
      ['both', ['franks', 'franks']],
      ['each', ['franks', 'emirate', 'franks', 'emirate']],
    ] as const) {
      const changed = player === 'each' ? loaded : scenarioOf(withPhase('fire', { player }))
      let state = startGame(changed, { seed: 1 }).state
      state = doneUntil(changed, state, (s) => openPrompt(s)?.kind !== 'movement').state
      const sides: string[] = []
      while (state.clock.phase === 'fire') {
        sides.push(openPrompt(state)?.side ?? '')
        const result = playAction(changed, state, { type: 'done' })
        if (!result.ok) throw new Error(result.error.message)
        state = result.state
      }
      expect(sides, player).toEqual(expected)
    }
  })

  it('plays one player turn per game turn when the sides act simultaneously', () => {
    const sources = withEdit(fixture(), RULESET, (text) =>
      text.replace('"playerTurns": "alternate"', '"playerTurns": "simultaneous"'),
    )
    const changed = scenarioOf(sources)
    const begun = startGame(changed, { seed: 1 })
    const { state, entries } = doneUntil(changed, begun.state, (s) => s.clock.turn === 3)
    const starts = ticksOf([begun.entry, ...entries]).filter((t) =>
      t.events.includes('player-turn-start'),
    )
    expect(starts.map((t) => [t.turn, t.text])).toEqual([
      [1, 'turn 1: every side to play'],
      [2, 'turn 2: every side to play'],
      [3, 'turn 3: every side to play'],
    ])
    expect(state.clock.playerTurn).toBe(1)
  })

  it("ends after the scenario's last turn, drawn when no condition decided it", () => {
    const sources = withEdit(
      withEdit(fixture(), `${SCENARIO}.json`, (text) => text.replace('"turns": 12', '"turns": 2')),
      RULESET,
      (text) => text.replace('"at": "turn-end"', '"at": "game-end"'),
    )
    const changed = scenarioOf(sources)
    const begun = startGame(changed, { seed: 3 })
    const { state, entries } = doneUntil(changed, begun.state, (s) => s.outcome !== null)
    expect(state.clock.turn).toBe(2)
    const texts = ticksOf(entries).map((t) => t.text)
    expect(texts.at(-1)).toBe("turn 2, the scenario's last, is over")
    // Checked at game end: a side whose loss check fails loses, else the battle is drawn.
    const rolled = entries.flatMap((e) => e.records).filter((r) => r.resolution.id === 'loss-check')
    expect(rolled.length).toBeGreaterThan(0)
    if (state.outcome?.draw === true)
      expect(state.outcome.reason).toBe('the battle ends after 2 turns undecided')
    else expect(state.outcome?.reason).toMatch(/Loss check/)
  })

  it('refuses a phase whose "repeat" never stops holding, naming it', () => {
    const changed = scenarioOf(withPhase('continued-melee', { repeat: 'phase.runs > 0' }))
    const game = playout(changed, 1, randomLegal, 5000)
    expect(game.stopped).toMatch(/Continued melee repeated 1000 times in a row/)
  })
})

describe('what validation says about a turn-based scenario the engine cannot play', () => {
  it('wants the last turn of a scenario played in turns, at its setup', () => {
    const sources = withEdit(fixture(), `${SCENARIO}.json`, (text) =>
      text.replace('"turns": 12', '"activations": 12'),
    )
    const report = validateContent(sources, { testGames: false })
    const found = report.problems.filter((p) => p.file.endsWith(`${SCENARIO}.json`))
    expect(found).toEqual([
      expect.objectContaining({
        pointer: '/setup',
        severity: 'error',
        message:
          'a game of turns needs a last turn: set "turns" in the setup to the number of game turns the battle lasts',
      }),
    ])
  })

  it('names a phase the sides would pass back and forth, which the engine does not play', () => {
    const report = validateContent(withPhase('melee', { player: 'alternating' }), {
      testGames: false,
    })
    const found = report.problems.filter((p) => p.file.startsWith(MOD))
    expect(found.map((p) => [p.pointer, p.severity, p.message])).toEqual([
      [
        '/patch/sequence/phases/14/player',
        'warning',
        'no scenario can be played on this ruleset yet: it has no procedure for Melee played by the sides in turn (player "alternating")',
      ],
      [
        '/ruleset',
        'error',
        'this scenario cannot be played yet, because of its ruleset Infidel in turns: it has no procedure for Melee played by the sides in turn (player "alternating")',
      ],
    ])
  })

  it('checks the variables of a phase condition: phase.runs is known there and nowhere else', () => {
    const typo = validateContent(withPhase('fire', { repeat: 'phase.rnus < 2' }), {
      testGames: false,
    })
    const messages = typo.problems.filter((p) => p.file.startsWith(MOD)).map((p) => p.message)
    expect(messages).toEqual([expect.stringMatching(/"rnus".*did you mean "runs"/)])
  })
})
