/**
 * Corpses (mechanics.remains) beyond the movement phase's own moves, as Croisades tactical plays
 * them, through the play path: clearing them (B.1.52; `clear-remains`, movement/clearing.ts),
 * and the hexes they bar (B.1.51 item 5) refused to a retreat, an advance after combat, a charge
 * route and an attack under attackOnlyWhereMayEnter.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt, startGame } from '../../../src/runtime'
import type { Placement } from './croisades-fixture'
import {
  atCombat,
  attack,
  lastEntries,
  passUntil,
  play,
  refusal,
  scenarioWith,
} from './croisades-fixture'
import { act, croisades, crusadersMove, lines, refused, until } from './move-steps'

type Remains = Record<string, Record<string, number>>

function withRemains(state: GameState, remains: Remains): GameState {
  return { ...structuredClone(state), remains: structuredClone(remains) }
}

const clear = (units: string[], from: string, to: string, kind = 'dead-man'): Action => ({
  type: 'clear-remains',
  units,
  from,
  to,
  kind,
})

const offered = (loaded: LoadedScenario, state: GameState, type: string): Action[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === type)
    .map(({ side: _side, ...a }) => a as Action)

// Two spearmen beside E10 (D10 and E11), a sergeant in E10 itself, a knight nearby.
const crew = croisades(
  [
    { id: 'ann', type: 'spearman', hex: 'D10', facing: 'N' },
    { id: 'bob', type: 'spearman', hex: 'E11', facing: 'N' },
    { id: 'cid', type: 'sergeant', hex: 'E10', facing: 'N' },
    { id: 'far', type: 'spearman', hex: 'H10', facing: 'N' },
    { id: 'rider', type: 'average-knight', hex: 'D12', facing: 'N' },
  ],
  [{ id: 'foe', type: 'fatimid-spearman', hex: 'X1', facing: 'S' }],
)

describe('clearing corpses (B.1.52)', () => {
  it('B.1.52: two foot characters beside the hex move 3 of its dead men one hex; the rest stay', () => {
    const start = withRemains(crusadersMove(crew), { E10: { 'dead-man': 4 } })
    expect(openPrompt(start)?.actions).toContain('clear-remains')
    const choices = offered(crew, start, 'clear-remains')
    expect(choices).toContainEqual(clear(['ann', 'bob'], 'E10', 'F10'))
    // The one in the hex may help; the rider and the man three hexes off may not.
    expect(choices).toContainEqual(clear(['ann', 'cid'], 'E10', 'F10'))
    const crews = choices.flatMap((a) => a.units as string[])
    expect(crews).not.toContain('rider')
    expect(crews).not.toContain('far')
    // Never into a hex someone stands in.
    expect(choices.some((a) => a.to === 'D10' || a.to === 'E11')).toBe(false)
    const { state, entries } = act(crew, start, clear(['ann', 'bob'], 'E10', 'F10'))
    expect(state.remains).toEqual({ E10: { 'dead-man': 1 }, F10: { 'dead-man': 3 } })
    expect(entries.map((e) => e.text)).toEqual([
      'ann and bob move 3 dead men from E10 to F10; they do nothing more this turn',
    ])
    expect(lines(entries)).toEqual(['3 dead men left in F10'])
  })

  it('B.1.52: one dead horse at a time, from one of the hexes it lies across (Q-CH-12)', () => {
    const start = withRemains(crusadersMove(crew), {
      E10: { 'dead-horse': 1, 'dead-man': 2 },
      F10: { 'dead-horse': 1 },
    })
    const { state } = act(crew, start, clear(['ann', 'bob'], 'E10', 'E9', 'dead-horse'))
    expect(state.remains).toEqual({
      E10: { 'dead-man': 2 },
      E9: { 'dead-horse': 1 },
      F10: { 'dead-horse': 1 },
    })
  })

  it('B.1.52: the two do nothing more that turn: no move, no turn, no attack', () => {
    const loaded = croisades(
      [
        { id: 'ann', type: 'spearman', hex: 'D10', facing: 'N' },
        { id: 'bob', type: 'spearman', hex: 'E11', facing: 'N' },
        { id: 'cal', type: 'spearman', hex: 'C9', facing: 'N' },
      ],
      [{ id: 'foe', type: 'peasant', hex: 'C10', facing: 'S' }],
    )
    const start = withRemains(crusadersMove(loaded), { E10: { 'dead-man': 3 } })
    const { state } = act(loaded, start, clear(['ann', 'bob'], 'E10', 'F10'))
    expect(refused(loaded, state, { type: 'move', unit: 'bob', path: ['F11'] }).message).toBe(
      'bob may move no further this activation',
    )
    expect(refused(loaded, state, { type: 'turn', unit: 'ann', facing: 'S' }).message).toBe(
      'ann may do nothing more this activation',
    )
    expect(offered(loaded, state, 'move').some((a) => a.unit === 'ann' || a.unit === 'bob')).toBe(
      false,
    )
    // The combat phase: ann stands next to the peasant but may not attack him; cal may.
    const combat = until(loaded, act(loaded, state, { type: 'done' }).state, 'melee', 'crusaders')
    expect(combat.clock.turn).toBe(1)
    expect(offered(loaded, combat, 'attack')).toEqual([attack(['cal'], ['foe'])])
    expect(refused(loaded, combat, attack(['ann'], ['foe'])).message).toBe(
      'ann may do nothing more this turn',
    )
  })

  it('B.1.52: refused in words: alone, mounted, having moved, too far, more than one hex, onto someone', () => {
    const start = withRemains(crusadersMove(crew), { E10: { 'dead-man': 3 } })
    const why = (action: Action) => refused(crew, start, action)
    expect(why(clear(['ann'], 'E10', 'F10'))).toEqual({
      message: 'remains are cleared by 2 men together, not 1',
      rule: 'B.1.52',
    })
    expect(why(clear(['ann', 'rider'], 'E10', 'F10')).message).toBe(
      'rider may not clear remains as he is',
    )
    expect(why(clear(['ann', 'far'], 'E10', 'F10')).message).toBe(
      'far is neither in E10 nor next to it',
    )
    expect(why(clear(['ann', 'bob'], 'E10', 'G10')).message).toBe(
      'remains are moved one hex only: G10 is not next to E10',
    )
    expect(why(clear(['ann', 'bob'], 'E10', 'D10')).message).toBe(
      'remains may not be laid in D10: someone is there',
    )
    expect(why(clear(['ann', 'bob'], 'F10', 'G10')).message).toBe('there are no dead men in F10')
    const moved = act(crew, start, { type: 'move', unit: 'far', path: ['G10'], facing: 'N' }).state
    // far, now at G10, stands next to F10, but he has moved this turn.
    const near = withRemains(moved, { F10: { 'dead-man': 3 } })
    expect(refused(crew, near, clear(['far', 'bob'], 'F10', 'F9')).message).toBe(
      'far has already acted this turn',
    )
  })

  it('B.1.52: corpses moved into water sink and are gone', () => {
    const loaded = scenarioWith(
      [
        { id: 'ann', type: 'spearman', hex: 'K12', side: 'crusaders' },
        { id: 'bob', type: 'spearman', hex: 'K13', side: 'crusaders' },
        { id: 'foe', type: 'fatimid-spearman', hex: 'X1', side: 'saracens' },
      ],
      { map: 'croisades-watering-hole', ruleset: 'croisades-tactical' },
    )
    const { state: first } = startGame(loaded, { forced: [] })
    const moving = passUntil(loaded, first, 'movement')
    const start = withRemains(moving, { L13: { 'dead-man': 3 } })
    const after = play(loaded, start, clear(['ann', 'bob'], 'L13', 'L12'))
    expect(after.remains ?? {}).toEqual({})
    expect(lines(lastEntries)).toEqual(['3 dead men sink in L12 and are gone'])
  })
})

// The melee grove fixture (fire and melee only): a sergeant at N10 and a spearman at M10
// against a peasant at N11 (defence 2). Card 6 at 5:1: 6 drives him back (C).
const duel: Placement[] = [
  { id: 'sergeant', type: 'sergeant', hex: 'N10', side: 'crusaders' },
  { id: 'spearman', type: 'spearman', hex: 'M10', side: 'crusaders' },
  { id: 'peasant', type: 'peasant', hex: 'N11', side: 'saracens' },
]
const BACK = 6
const BLOCKED: Remains[string] = { 'dead-man': 6 }

describe('hexes barred by corpses outside the moves (B.1.51 item 5)', () => {
  it('B.1.51: a retreat may not go into a hex the corpses bar', () => {
    const loaded = scenarioWith(duel)
    const open = play(loaded, atCombat(loaded, [BACK]), attack(['sergeant'], ['peasant']))
    const retreats = (s: GameState) => offered(loaded, s, 'retreat').map((a) => a.hex)
    expect(retreats(open)).toContain('N12')
    const fight = withRemains(atCombat(loaded, [BACK]), { N12: BLOCKED })
    const barred = play(loaded, fight, attack(['sergeant'], ['peasant']))
    expect(openPrompt(barred)?.kind).toBe('retreat')
    expect(retreats(barred)).not.toContain('N12')
    expect(retreats(barred).length).toBeGreaterThan(0)
    // The refusal names the corpses (and the rule that bars them).
    const why = refused(loaded, barred, { type: 'retreat', unit: 'peasant', hex: 'N12' })
    expect(why).toEqual({
      message: `unit peasant may not retreat into N12: N12 is blocked by 6 dead men (it may retreat to ${[...new Set(retreats(barred))].join(', ')})`,
      rule: 'B.1.51',
    })
  })

  it('B.1.51: a man the corpses leave no way back is told why he cannot retreat, and is wounded instead', () => {
    const loaded = scenarioWith(duel)
    const around = ['M11', 'M12', 'N12', 'O11', 'O12']
    const fight = withRemains(
      atCombat(loaded, [BACK]),
      Object.fromEntries(around.map((h) => [h, BLOCKED])),
    )
    const state = play(loaded, fight, attack(['sergeant'], ['peasant']))
    const said = lastEntries.flatMap((e) => e.effects.map((x) => x.text))
    const cannot = said.find((t) => t.startsWith('unit peasant cannot retreat')) ?? ''
    expect(cannot).toMatch(/^unit peasant cannot retreat: \w+ is blocked by 6 dead men; /)
    expect(cannot).toContain('N12 is blocked by 6 dead men')
    expect(state.units.peasant?.status).toBe('wounded')
  })

  it('B.1.51: an advance after combat may not go into a hex the corpses bar', () => {
    const loaded = scenarioWith(duel)
    const fight = withRemains(atCombat(loaded, [BACK]), { O11: BLOCKED })
    let state = play(loaded, fight, attack(['sergeant'], ['peasant']))
    state = play(loaded, state, { type: 'retreat', unit: 'peasant', hex: 'N12' })
    expect(openPrompt(state)?.kind).toBe('advance')
    const ways = offered(loaded, state, 'advance').map((a) => (a.path as string[]).join(' '))
    expect(ways).toContain('N11')
    expect(ways).not.toContain('N11 O11')
    expect(
      refused(loaded, state, { type: 'advance', unit: 'sergeant', path: ['N11', 'O11'] }),
    ).toEqual({
      message: 'sergeant may not advance so: O11 is blocked by 6 dead men',
      rule: 'B.1.51',
    })
  })

  it('B.1.51: no advance when the corpses bar the hex of the man just killed, and the log says so', () => {
    // 5 dead men in N11 let the attack be made; the peasant killed there makes 6 (a 1 kills).
    const loaded = scenarioWith(duel)
    const start = withRemains(atCombat(loaded, [1]), { N11: { 'dead-man': 5 } })
    const state = play(loaded, start, attack(['sergeant'], ['peasant']))
    expect(state.units.peasant?.status).toBe('dead')
    expect(openPrompt(state)?.kind).not.toBe('advance')
    expect(lastEntries.flatMap((e) => e.effects.map((x) => x.text))).toContain(
      'crusaders may not advance after combat: N11 is blocked by 6 dead men',
    )
  })

  it('B.1.51: under attackOnlyWhereMayEnter no attack on a man standing where corpses bar entry', () => {
    const loaded = scenarioWith(duel)
    const state = withRemains(atCombat(loaded, [BACK]), { N11: BLOCKED })
    expect(offered(loaded, state, 'attack')).toEqual([])
    expect(refusal(loaded, state, attack(['sergeant'], ['peasant']))).toBe(
      'sergeant may not attack peasant: he could not enter that hex',
    )
  })

  it('B.1.51: a charge route may not cross a hex the corpses bar; 3 dead men only cost more', () => {
    const loaded = scenarioWith(
      [
        { id: 'a', type: 'average-knight', hex: 'I12', facing: 'S', side: 'crusaders' },
        { id: 'b', type: 'peasant', hex: 'I19', side: 'saracens' },
      ],
      { ruleset: 'croisades-tactical' },
    )
    const { state: first } = startGame(loaded, { seed: 1 })
    const declaring = passUntil(loaded, first, 'charge-declaration')
    const route = ['I13', 'I14', 'I15', 'I16', 'I17', 'I18']
    const charge: Action = { type: 'charge', unit: 'a', target: 'b', route }
    const heavy = withRemains(declaring, { I15: { 'dead-man': 3 } })
    expect(play(loaded, heavy, charge).units.a?.markers.charge).toBe(1)
    const blocked = withRemains(declaring, { I15: BLOCKED })
    expect(refusal(loaded, blocked, charge)).toMatch(/I15/)
    expect(
      offered(loaded, blocked, 'charge').some((a) => (a.route as string[]).includes('I15')),
    ).toBe(false)
  })

  it('B.1.51: a charge route pays +1 for each hex of 3 dead men it enters', () => {
    const loaded = scenarioWith(
      [
        { id: 'a', type: 'average-knight', hex: 'I9', facing: 'S', side: 'crusaders' },
        { id: 'b', type: 'peasant', hex: 'I19', side: 'saracens' },
      ],
      { ruleset: 'croisades-tactical' },
    )
    const { state: first } = startGame(loaded, { seed: 1 })
    const declaring = passUntil(loaded, first, 'charge-declaration')
    // Nine flat hexes for a knight of 12 movement points: three heaps of corpses fit, four not.
    const route = ['I10', 'I11', 'I12', 'I13', 'I14', 'I15', 'I16', 'I17', 'I18']
    const charge: Action = { type: 'charge', unit: 'a', target: 'b', route }
    const heaps = (hexes: string[]): Remains =>
      Object.fromEntries(hexes.map((h) => [h, { 'dead-man': 3 }]))
    const three = withRemains(declaring, heaps(['I11', 'I13', 'I15']))
    expect(play(loaded, three, charge).units.a?.markers.charge).toBe(1)
    const four = withRemains(declaring, heaps(['I11', 'I13', 'I15', 'I17']))
    expect(refusal(loaded, four, charge)).toBe('the route costs 13 movement points and a has 12')
  })
})
