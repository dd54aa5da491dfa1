/**
 * The melee phase (mechanic "melee") as Croisades tactical plays it (B.1.7–B.1.76, Card 6),
 * through the play path with forced dice: the §4A cases of the rules inventory that a melee
 * decides. The fixture mod test/fixtures/mods/melee-grove keeps only the offensive fire, combat
 * and recovery phases, so characters set up next to each other fight at once.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario, LogEntry } from '../../../src/runtime'
import {
  boardOf,
  legalActions,
  loadLibrary,
  openPrompt,
  playAction,
  randomLegal,
  startGame,
} from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime/content'
import { forcedSource } from '../../../src/runtime/dice'
import { blankActivity as blank } from '../../../src/runtime/play/activity'
import { playout } from '../../../src/runtime/play/ai'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const MOD = 'test/fixtures/mods/melee-grove'
const SCENARIO = 'melee-in-the-grove'
const bundled = readContentFolder('content')

interface Placement {
  id: string
  type: string
  hex: string
  side: 'crusaders' | 'saracens'
  ratings?: Record<string, number>
}

/** The fixture with these characters set up instead of its own, on `map` (the olive grove). */
function scenarioWith(units: Placement[], map?: string): LoadedScenario {
  const sources = withEdit([...bundled, ...readContentFolder(MOD)], `${SCENARIO}.json`, (text) => {
    const scenario = JSON.parse(text) as {
      map: string
      sides: { id: string; units: unknown[] }[]
    }
    if (map !== undefined) scenario.map = map
    for (const side of scenario.sides)
      side.units = units
        .filter((u) => u.side === side.id)
        .map(({ side: _side, ...u }) => ({ ...u, name: u.id }))
    return JSON.stringify(scenario)
  })
  return load(sources)
}

function load(sources: SourceText[]): LoadedScenario {
  const result = loadLibrary(sources).scenario(SCENARIO)
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
  return result.value
}

function play(loaded: LoadedScenario, state: GameState, action: Action): GameState {
  const side = openPrompt(state)?.side
  const result = playAction(loaded, state, { ...action, ...(side === undefined ? {} : { side }) })
  if (!result.ok) throw new Error(result.error.message)
  lastEntries = result.entries
  return result.state
}

let lastEntries: LogEntry[] = []

/** The game at the crusaders' combat phase (their offensive fire passed), the dice forced. */
function atCombat(loaded: LoadedScenario, faces: number[]): GameState {
  const { state } = startGame(loaded, { forced: [] })
  const fired = play(loaded, state, { type: 'done' })
  expect(openPrompt(fired)?.kind).toBe('melee')
  return { ...fired, dice: forcedSource(faces) }
}

function refusal(loaded: LoadedScenario, state: GameState, action: Action): string {
  const result = playAction(loaded, state, { ...action, side: openPrompt(state)?.side ?? '' })
  if (result.ok) throw new Error('the action was accepted')
  return result.error.message
}

const attack = (attackers: string[], defenders: string[]): Action => ({
  type: 'attack',
  attackers,
  defenders,
})

/** The melee record of the last attack played. */
function lastMelee() {
  const record = lastEntries.flatMap((e) => e.records).find((r) => r.resolution.id === 'melee')
  if (record === undefined) throw new Error('no melee was rolled')
  return record
}

/** The attacks offered, without the side the legal actions carry. */
const offered = (loaded: LoadedScenario, state: GameState): Action[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === 'attack')
    .map(({ side: _side, ...a }) => a as Action)

type MeleeRecord = ReturnType<typeof lastMelee>

/** The column the odds round to, before any shift. */
const baseColumn = (record: MeleeRecord): string | undefined =>
  record.odds?.ok === true ? record.odds.base.id : undefined

/** A flat hex whose neighbours include a flat and a scrub hex, with them (for terrain cases). */
function flatNextToScrub(loaded: LoadedScenario): { at: string; flat: string; scrub: string } {
  const board = boardOf(loaded)
  for (const at of board.allHexes()) {
    if (board.hex(at).terrain !== 'flat') continue
    const around = board.neighbors(at)
    const scrub = around.find((h) => board.hex(h).terrain === 'scrub')
    const flat = around.find((h) => board.hex(h).terrain === 'flat')
    if (scrub !== undefined && flat !== undefined) return { at, flat, scrub }
  }
  throw new Error('the map has no flat hex next to scrub and flat')
}

describe('melee odds (B.1.7)', () => {
  it('CH-01: attack 8 against defence 3 is 8/3, rounded down to 2:1', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 8 } },
      { id: 'd', type: 'peasant', hex: 'N11', side: 'saracens', ratings: { defense: 3 } },
    ])
    play(loaded, atCombat(loaded, [5]), attack(['a'], ['d']))
    const record = lastMelee()
    expect(baseColumn(record)).toBe('2:1')
    expect(record.column?.id).toBe('2:1')
  })

  it('CH-02: attack 3 against defence 4 is below 1:1: not offered, and refused with the reason', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 3 } },
      { id: 'd', type: 'peasant', hex: 'N11', side: 'saracens', ratings: { defense: 4 } },
      { id: 'strong', type: 'sergeant', hex: 'O10', side: 'crusaders' },
    ])
    const state = atCombat(loaded, [5])
    const choices = offered(loaded, state)
    expect(choices.some((c) => (c.attackers as string[]).join() === 'a')).toBe(false)
    expect(refusal(loaded, state, attack(['a'], ['d']))).toMatch(/below the lowest column 1:1/)
  })

  it('CH-03: attack 25 against defence 2 reads the last column, 12:1+', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 20 } },
      { id: 'b', type: 'peasant', hex: 'M10', side: 'crusaders', ratings: { attack: 5 } },
      { id: 'd', type: 'peasant', hex: 'N11', side: 'saracens', ratings: { defense: 2 } },
    ])
    const state = atCombat(loaded, [1])
    expect(boardOf(loaded).distance('M10', 'N11')).toBe(1)
    play(loaded, state, attack(['a', 'b'], ['d']))
    expect(baseColumn(lastMelee())).toBe('12:1')
  })

  it('CH-10: one attacker (12) against two defenders (3 and 2) sums them: 2.4 → 2:1', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 12 } },
      { id: 'd1', type: 'peasant', hex: 'N11', side: 'saracens', ratings: { defense: 3 } },
      { id: 'd2', type: 'peasant', hex: 'O10', side: 'saracens', ratings: { defense: 2 } },
    ])
    const state = atCombat(loaded, [6, 6])
    expect(offered(loaded, state)).toContainEqual(attack(['a'], ['d1', 'd2']))
    play(loaded, state, attack(['a'], ['d1', 'd2']))
    expect(baseColumn(lastMelee())).toBe('2:1')
  })

  it('B.1.7: each character attacks once; a defender may be attacked again', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'sergeant', hex: 'N10', side: 'crusaders' },
      { id: 'b', type: 'sergeant', hex: 'M10', side: 'crusaders' },
      { id: 'd', type: 'lady', hex: 'N11', side: 'saracens', ratings: { defense: 4 } },
    ])
    // Roll 10 at 2:1 against a character on foot: no effect, so he is there to be attacked again.
    let state = play(loaded, atCombat(loaded, [10, 10]), attack(['a'], ['d']))
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['-'])
    const again = offered(loaded, state)
    expect(again.every((c) => !(c.attackers as string[]).includes('a'))).toBe(true)
    expect(again).toContainEqual(attack(['b'], ['d']))
    expect(refusal(loaded, state, attack(['a'], ['d']))).toBe(
      'a has already attacked in this phase',
    )
    state = play(loaded, state, attack(['b'], ['d']))
    // Nobody is left to attack: the phase ends by itself.
    expect(openPrompt(state)?.kind).not.toBe('melee')
  })
})

describe('column shifts and die modifiers (B.1.71–B.1.73, Card 6)', () => {
  it('CH-07: joint attackers on flat and scrub count the worse, 1 left, then +1 for the joint attack', () => {
    const base = scenarioWith([])
    const { at, flat, scrub } = flatNextToScrub(base)
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: flat, side: 'crusaders', ratings: { attack: 6 } },
      { id: 'b', type: 'peasant', hex: scrub, side: 'crusaders', ratings: { attack: 6 } },
      { id: 'd', type: 'peasant', hex: at, side: 'saracens', ratings: { defense: 3 } },
    ])
    play(loaded, atCombat(loaded, [5]), attack(['a', 'b'], ['d']))
    const record = lastMelee()
    expect(baseColumn(record)).toBe('4:1')
    const shifts = Object.fromEntries(
      (record.columnShifts?.terms ?? []).filter((t) => t.applied).map((s) => [s.label, s.value]),
    )
    expect(shifts).toEqual({ Terrain: -1, 'Several attackers against foot': 1 })
    expect(record.column?.id).toBe('4:1')
  })

  it('CH-11, CH-12: against an armoured defender the die gets +1 but is never read above 10', () => {
    const units: Placement[] = [
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 18 } },
      { id: 'd', type: 'sergeant', hex: 'N11', side: 'saracens' },
    ]
    const loaded = scenarioWith(units)
    play(loaded, atCombat(loaded, [10]), attack(['a'], ['d']))
    expect(baseColumn(lastMelee())).toBe('3:1')
    expect(lastMelee().roll?.modified).toBe(11)
    expect(lastMelee().roll?.final).toBe(10)
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['-'])
    play(loaded, atCombat(loaded, [8]), attack(['a'], ['d']))
    expect(lastMelee().roll?.final).toBe(9)
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['A'])
    // Result A wounds the attacker.
    expect(lastEntries.at(-1)?.effects).toContainEqual(
      expect.objectContaining({ kind: 'status', unit: 'a', event: 'wound' }),
    )
  })

  it('CH-13: with one armoured and one unarmoured defender there is no +1', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 20 } },
      { id: 'd1', type: 'sergeant', hex: 'N11', side: 'saracens' },
      { id: 'd2', type: 'peasant', hex: 'O10', side: 'saracens' },
    ])
    play(loaded, atCombat(loaded, [4]), attack(['a'], ['d1', 'd2']))
    expect(lastMelee().roll?.modified).toBe(4)
  })

  it('CH-14: an unarmoured foot defender at 1:1 on a roll of 1 is stunned (D)', () => {
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 2 } },
      { id: 'd', type: 'peasant', hex: 'N11', side: 'saracens', ratings: { defense: 2 } },
    ])
    const state = play(loaded, atCombat(loaded, [1]), attack(['a'], ['d']))
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['D'])
    expect(state.units.d?.status).toBe('stunned')
  })
})

describe('who may attack whom (B.1.76, B.1.32, B.1.72)', () => {
  it('CH-21: an armoured man may not attack an enemy standing in water; an unarmoured one may', () => {
    const water = scenarioWith([], 'croisades-watering-hole')
    const board = boardOf(water)
    const wet = board
      .allHexes()
      .find(
        (h) =>
          board.hex(h).terrain === 'water' &&
          board.neighbors(h).filter((n) => board.hex(n).terrain === 'flat').length >= 2,
      ) as string
    const [dry1, dry2] = board.neighbors(wet).filter((n) => board.hex(n).terrain === 'flat')
    const loaded = scenarioWith(
      [
        { id: 'armoured', type: 'sergeant', hex: dry1 as string, side: 'crusaders' },
        { id: 'bare', type: 'spearman', hex: dry2 as string, side: 'crusaders' },
        { id: 'd', type: 'peasant', hex: wet, side: 'saracens' },
      ],
      'croisades-watering-hole',
    )
    const state = atCombat(loaded, [5])
    const choices = offered(loaded, state)
    expect(choices).toContainEqual(attack(['bare'], ['d']))
    expect(choices.some((c) => (c.attackers as string[]).includes('armoured'))).toBe(false)
    expect(refusal(loaded, state, attack(['armoured'], ['d']))).toBe(
      'armoured may not attack d: he could not enter that hex',
    )
  })

  it('CH-22: a rider may not attack an enemy in a tree hex', () => {
    const base = scenarioWith([])
    const board = boardOf(base)
    const tree = board
      .allHexes()
      .find(
        (h) =>
          board.hex(h).terrain === 'tree' &&
          board.neighbors(h).some((n) => board.hex(n).terrain === 'flat'),
      ) as string
    const flat = board.neighbors(tree).find((n) => board.hex(n).terrain === 'flat') as string
    const foot = board
      .neighbors(tree)
      .find((n) => n !== flat && board.hex(n).terrain !== 'water') as string
    const loaded = scenarioWith([
      { id: 'rider', type: 'average-knight', hex: flat, side: 'crusaders' },
      { id: 'foot', type: 'sergeant', hex: foot, side: 'crusaders' },
      { id: 'd', type: 'peasant', hex: tree, side: 'saracens' },
    ])
    const state = atCombat(loaded, [5])
    // The man on foot may go into the trees, so he may attack there; the rider may not.
    expect(offered(loaded, state)).toEqual([attack(['foot'], ['d'])])
    expect(refusal(loaded, state, attack(['rider'], ['d']))).toMatch(/could not enter that hex/)
  })

  it('B.1.32: a character who fired earlier in his player turn may not attack', () => {
    const loaded = scenarioWith([
      { id: 'xbow', type: 'crossbowman', hex: 'N10', side: 'crusaders' },
      { id: 'other', type: 'sergeant', hex: 'O10', side: 'crusaders' },
      { id: 'd', type: 'peasant', hex: 'N11', side: 'saracens' },
    ])
    const state = atCombat(loaded, [5])
    expect(offered(loaded, state)).toContainEqual(attack(['xbow'], ['d']))
    // What the fire phase records when he shoots (no enemy can be next to a shooter in phase 1
    // and next to him in phase 4 without the movement phase this fixture leaves out).
    const activation = state.flow?.activation
    if (activation === null || activation === undefined) throw new Error('no activation')
    activation.units.xbow = { ...(activation.units.xbow ?? blank()), fired: true }
    const choices = offered(loaded, state)
    expect(choices.some((c) => (c.attackers as string[]).includes('xbow'))).toBe(false)
    expect(choices).toContainEqual(attack(['other'], ['d']))
    expect(refusal(loaded, state, attack(['xbow'], ['d']))).toBe(
      'xbow has fired this turn and may not attack',
    )
  })
})

describe('encirclement (B.1.72)', () => {
  it('CH-86: a stunned character with enemies in all six hexes around him dies', () => {
    const base = scenarioWith([])
    const board = boardOf(base)
    const centre = 'M14'
    const around = board.neighbors(centre)
    expect(around).toHaveLength(6)
    const attackers: Placement[] = around.map((hex, i) => ({
      id: `c${i}`,
      type: 'peasant',
      hex,
      side: 'crusaders',
      ratings: { attack: 2 },
    }))
    const loaded = scenarioWith([
      ...attackers,
      { id: 'd', type: 'peasant', hex: centre, side: 'saracens', ratings: { defense: 2 } },
    ])
    // c0 alone at 1:1 rolls 1: D, stunned; with all six hexes held he is encircled and dies.
    const state = play(loaded, atCombat(loaded, [1]), attack(['c0'], ['d']))
    expect(state.units.d?.status).toBe('dead')
    expect(lastEntries.at(-1)?.effects).toContainEqual(
      expect.objectContaining({ kind: 'status', unit: 'd', event: 'encircled' }),
    )
  })

  it('a stunned character with one hex around him free stays stunned', () => {
    const base = scenarioWith([])
    const around = boardOf(base).neighbors('M14').slice(0, 5)
    const loaded = scenarioWith([
      ...around.map((hex, i): Placement => ({
        id: `c${i}`,
        type: 'peasant',
        hex,
        side: 'crusaders',
        ratings: { attack: 2 },
      })),
      { id: 'd', type: 'peasant', hex: 'M14', side: 'saracens', ratings: { defense: 2 } },
    ])
    const state = play(loaded, atCombat(loaded, [1]), attack(['c0'], ['d']))
    expect(state.units.d?.status).toBe('stunned')
  })
})

describe('random games of the fixture', () => {
  it('play to their end: every attack offered is accepted, and nobody attacks twice in a phase', () => {
    const loaded = load([...bundled, ...readContentFolder(MOD)])
    let attacks = 0
    for (const seed of [1, 2, 3]) {
      const attackedThisPhase = new Set<string>()
      const result = playout(loaded, seed, randomLegal, 2000, (state, action) => {
        if (action?.type !== 'attack') {
          if (openPrompt(state)?.kind !== 'melee') attackedThisPhase.clear()
          return
        }
        attacks += 1
        for (const id of action.attackers as string[]) {
          expect(attackedThisPhase.has(id)).toBe(false)
          attackedThisPhase.add(id)
        }
      })
      expect(result.stopped).toBeUndefined()
      expect(result.ended || result.actions.length < 2000).toBe(true)
    }
    expect(attacks).toBeGreaterThan(0)
  })
})
