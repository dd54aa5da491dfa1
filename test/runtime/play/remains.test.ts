/**
 * Remains (mechanics.remains, state/remains.ts) as Croisades tactical plays them: the dead
 * stay on the map as corpses (B.1.51 items 4–5, T-CH-18), a dead man where he fell and a dead
 * horse across both hexes of its counter (Q-CH-12), and they weigh on every step of a move, on
 * foot and on horseback. Water (B.1.51 item 3) is terrain content, checked here with them.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt, startGame, stateHash } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import { rearHex } from '../../../src/runtime/state/footprints'
import { lastEntries, play, scenarioWith } from './croisades-fixture'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, refused, until } from './move-steps'

type Remains = Record<string, Record<string, number>>

/** The state with these remains lying on the map (as if the men had fallen there). */
function withRemains(state: GameState, remains: Remains): GameState {
  return { ...structuredClone(state), remains: structuredClone(remains) }
}

const move = (unit: string, path: string[], facing?: string): Action => ({
  type: 'move',
  unit,
  path,
  ...(facing === undefined ? {} : { facing }),
})

/** The hexes the unit's moves reach, with what each costs (from the log of playing it). */
function reachOf(loaded: LoadedScenario, state: GameState, unit: string): Set<string> {
  return new Set(
    legalActions(loaded, state)
      .filter((a) => a.type === 'move' && a.unit === unit)
      .map((a) => (a.path as string[])[(a.path as string[]).length - 1] as string),
  )
}

const walker = (type = 'spearman'): Character => ({ id: 'walker', type, hex: 'D10', facing: 'N' })
/** Far off, so nobody interferes with the walk. */
const far = (): Character => ({ id: 'far', type: 'fatimid-spearman', hex: 'X1', facing: 'S' })

describe('corpses on the way (B.1.51 items 4–5, T-CH-18)', () => {
  const loaded = croisades([walker()], [far()])

  it('CH-56: a flat hex with 3 dead men costs 2 MP to enter (B.1.51)', () => {
    const start = withRemains(crusadersMove(loaded), { E10: { 'dead-man': 3 } })
    const { state, entries } = act(loaded, start, move('walker', ['E10', 'F10'], 'N'))
    expect(lines(entries)).toEqual(
      expect.arrayContaining(['walker moves D10 → E10 (2 MP)', 'walker moves E10 → F10 (1 MP)']),
    )
    expect(state.units.walker?.hex).toBe('F10')
    // 8 MP: seven hexes east past the corpses, not eight.
    const east = ['E10', 'F10', 'G10', 'H10', 'I10', 'J10', 'K10', 'L10']
    expect(refused(loaded, start, move('walker', east, 'N')).message).toBe(
      'walker has 8 movement points left; the path to L10 needs 9',
    )
    expect(act(loaded, start, move('walker', east.slice(0, 7), 'N')).state.units.walker?.hex).toBe(
      'K10',
    )
  })

  it('CH-57: 1 dead horse and 3 dead men, or 2 dead horses, or 6 dead men make a hex impassable (B.1.51)', () => {
    const blocked: [Remains[string], string][] = [
      [{ 'dead-man': 3, 'dead-horse': 1 }, 'E10 is blocked by 3 dead men and 1 dead horse'],
      [{ 'dead-horse': 2 }, 'E10 is blocked by 2 dead horses'],
      [{ 'dead-man': 6 }, 'E10 is blocked by 6 dead men'],
    ]
    for (const [here, why] of blocked) {
      const start = withRemains(crusadersMove(loaded), { E10: here })
      const refusal = refused(loaded, start, move('walker', ['E10', 'F10'], 'N'))
      expect(refusal).toEqual({ message: `walker cannot move on from D10: ${why}`, rule: 'B.1.51' })
      expect(reachOf(loaded, start, 'walker').has('E10')).toBe(false)
      // Around it is still open.
      expect(reachOf(loaded, start, 'walker').has('F10')).toBe(true)
    }
  })

  it('CH-58: 5 dead men weigh 5: +1 MP, not impassable (T-CH-18 weight model, Q-CH-12)', () => {
    const start = withRemains(crusadersMove(loaded), { E10: { 'dead-man': 5 } })
    const { entries } = act(loaded, start, move('walker', ['E10'], 'N'))
    expect(lines(entries)).toContain('walker moves D10 → E10 (2 MP)')
    // Two dead men weigh too little to matter; one dead horse alone is +1.
    const two = withRemains(crusadersMove(loaded), { E10: { 'dead-man': 2 } })
    expect(lines(act(loaded, two, move('walker', ['E10'], 'N')).entries)).toContain(
      'walker moves D10 → E10 (1 MP)',
    )
    const horse = withRemains(crusadersMove(loaded), { E10: { 'dead-horse': 1 } })
    expect(lines(act(loaded, horse, move('walker', ['E10'], 'N')).entries)).toContain(
      'walker moves D10 → E10 (2 MP)',
    )
  })

  it('a rider pays the corpses in the hex his front enters, and neither half may stand on a blocked hex', () => {
    const riders = croisades(
      [{ id: 'rider', type: 'average-knight', hex: 'F5', facing: 'S' }],
      [far()],
    )
    const path = ['F6', 'F7', 'F8']
    const start = crusadersMove(riders)
    const plain = act(riders, start, move('rider', path, 'S'))
    const heavy = act(
      riders,
      withRemains(start, { F7: { 'dead-man': 3 } }),
      move('rider', path, 'S'),
    )
    expect(lines(plain.entries)).toContain('rider moves F6 → F7 (1 MP)')
    expect(lines(heavy.entries)).toContain('rider moves F6 → F7 (2 MP)')
    const blocked = withRemains(start, { F7: { 'dead-horse': 2 } })
    expect(refused(riders, blocked, move('rider', path, 'S')).message).toBe(
      'rider cannot move so: F7 is blocked by 2 dead horses',
    )
    expect(reachOf(riders, blocked, 'rider').has('F7')).toBe(false)
    // One step short: his front in F6 and his rear in F5, clear of the blocked hex.
    expect(reachOf(riders, blocked, 'rider').has('F6')).toBe(true)
  })
})

describe('water (B.1.51 item 3)', () => {
  const at = (type: string, id: string) => ({ id, type, hex: 'K12', side: 'crusaders' as const })
  const loaded = scenarioWith(
    [
      at('spearman', 'wader'),
      { ...at('sergeant', 'armoured'), hex: 'K10' },
      { ...at('horse-archer', 'rider'), hex: 'K14', facing: 'S' },
      { id: 'far', type: 'fatimid-spearman', hex: 'X1', side: 'saracens' },
    ],
    { map: 'croisades-watering-hole', ruleset: 'croisades-tactical' },
  )
  const moving = (): GameState => {
    const { state } = startGame(loaded, { forced: [] })
    return until(loaded, state, 'movement', 'crusaders')
  }

  it('CH-59: unarmoured foot wade in for 5 MP; armoured foot and riders may not enter (B.1.51)', () => {
    const start = moving()
    // L12 is water next to K12.
    expect(lines(act(loaded, start, move('wader', ['L12'])).entries)).toContain(
      'wader moves K12 → L12 (5 MP)',
    )
    expect(refused(loaded, start, move('armoured', ['L11'])).message).toMatch(
      /^armoured cannot move on from K10: it may not enter L11 from K10: the terrain forbids it/,
    )
    expect(reachOf(loaded, start, 'armoured').has('L11')).toBe(false)
    expect(
      [...reachOf(loaded, start, 'rider')].filter((h) =>
        ['L11', 'L12', 'L15', 'L16', 'M10', 'M11', 'M12', 'M13', 'M14', 'N12', 'O11'].includes(h),
      ),
    ).toEqual([])
  })
})

describe('the dead stay on the map (B.1.51, Q-CH-12)', () => {
  it('a character killed leaves a dead man where he fell; his hex still holds nobody', () => {
    const loaded = croisades(
      [{ id: 'mover', type: 'spearman', hex: 'D10', facing: 'N' }],
      [{ id: 'guard', type: 'fatimid-spearman', hex: 'F9', facing: 'S' }],
    )
    const start = crusadersMove(loaded, [4])
    const wounded = { ...start, units: structuredClone(start.units) }
    ;(wounded.units.mover as { status: string }).status = 'wounded'
    // Wounded again leaving F10 (4 +1 = 5): dead in F10 (CH-62).
    const { state, entries } = act(loaded, wounded, move('mover', ['E10', 'F10', 'G10'], 'N'))
    expect(state.units.mover).toMatchObject({ status: 'dead', location: 'removed', hex: null })
    expect(state.remains).toEqual({ F10: { 'dead-man': 1 } })
    expect(lines(entries)).toContain('1 dead man left in F10')
  })

  it('a horse killed under its rider lies across both hexes of the counter, the rider on foot beside it', () => {
    // Result D against a rider on the mounted table: the horse dies, the rider is stunned and
    // unhorsed (Card 6). A peasant of attack 6 against defence 3 is 2:1; roll 1.
    const front = 'N11'
    const loaded = scenarioWith([
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 6 } },
      {
        id: 'rider',
        type: 'horse-archer',
        hex: front,
        facing: 'S',
        side: 'saracens',
        ratings: { defense: 3 },
      },
    ])
    const { state } = startGame(loaded, { forced: [] })
    const fired = play(loaded, state, { type: 'done' })
    const after = play(
      loaded,
      { ...fired, dice: forcedSource([1]) },
      {
        type: 'attack',
        attackers: ['a'],
        defenders: ['rider'],
      },
    )
    const text = lastEntries.flatMap((e) => e.effects.map((x) => x.text))
    expect(text).toContain('the horse of unit rider dies')
    const rear = rearHex(loaded, front, fired.units.rider?.facing ?? -1)
    // His owner places him next to the dead horse (B.1.8; test/runtime/play/unhorsed.test.ts).
    const beside = legalActions(loaded, after)[0] ?? { type: 'done' }
    const placed = play(loaded, after, beside)
    expect(placed.units.rider).toMatchObject({
      type: 'horse-archer-on-foot',
      status: 'stunned',
      hex: beside.hex,
    })
    expect(after.remains).toEqual({
      [front]: { 'dead-horse': 1 },
      [rear ?? '?']: { 'dead-horse': 1 },
    })
  })

  it('a unit set up dead on the map lies there from the start', () => {
    const loaded = croisades(
      [walker(), { id: 'fallen', type: 'sergeant', hex: 'E10', status: 'dead' } as Character],
      [far()],
    )
    const start = crusadersMove(loaded)
    expect(start.units.fallen).toMatchObject({ location: 'removed', hex: null })
    expect(start.remains).toEqual({ E10: { 'dead-man': 1 } })
  })

  it('a game without remains keeps the state it had: no remains field, the same hash', () => {
    const loaded = croisades([walker()], [far()])
    const start = crusadersMove(loaded)
    expect('remains' in start).toBe(false)
    expect(stateHash(withRemains(start, {}))).not.toBe(stateHash(start))
    expect(openPrompt(start)?.kind).toBe('movement')
  })
})
