/**
 * The melee phase (mechanic "melee") as Croisades tactical plays it (B.1.7–B.1.76, Card 6),
 * through the play path with forced dice: the §4A cases of the rules inventory that a melee
 * decides. The fixture mod test/fixtures/mods/melee-grove keeps only the offensive fire, combat
 * and recovery phases, so characters set up next to each other fight at once.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt, randomLegal } from '../../../src/runtime'
import { blankActivity as blank } from '../../../src/runtime/play/activity'
import { playout } from '../../../src/runtime/play/ai'
import { rearHex } from '../../../src/runtime/state/footprints'
import { readContentFolder } from '../../helpers/fixtures'
import type { Placement } from './croisades-fixture'
import {
  atCombat,
  attack,
  bundled,
  lastEntries,
  load,
  MOD,
  play,
  refusal,
  scenarioWith,
} from './croisades-fixture'

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
    const water = scenarioWith([], { map: 'croisades-watering-hole' })
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
      { map: 'croisades-watering-hole' },
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
    const flat = (h: string) => board.hex(h).terrain === 'flat'
    // A rider on flat ground next to a tree hex, his rear half on flat ground too.
    for (const tree of board.allHexes().filter((h) => board.hex(h).terrain === 'tree')) {
      for (const front of board.neighbors(tree).filter(flat))
        for (const facing of ['N', 'NE', 'SE', 'S', 'SW', 'NW']) {
          const found = board.facingFromName(facing)
          const rear = found.ok && found.clock !== null ? rearHex(base, front, found.clock) : null
          const foot = board
            .neighbors(tree)
            .find((n) => n !== front && n !== rear && flat(n) && board.hex(n).terrain !== 'water')
          if (rear === null || !flat(rear) || foot === undefined) continue
          const loaded = scenarioWith([
            { id: 'rider', type: 'average-knight', hex: front, facing, side: 'crusaders' },
            { id: 'foot', type: 'sergeant', hex: foot, side: 'crusaders' },
            { id: 'd', type: 'peasant', hex: tree, side: 'saracens' },
          ])
          const state = atCombat(loaded, [5])
          // The man on foot may go into the trees, so he may attack there; the rider may not.
          expect(offered(loaded, state)).toEqual([attack(['foot'], ['d'])])
          expect(refusal(loaded, state, attack(['rider'], ['d']))).toMatch(
            /could not enter that hex/,
          )
          return
        }
    }
    throw new Error('no set-up found for the case')
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
      let phase = ''
      const result = playout(loaded, seed, randomLegal, 2000, (state, action) => {
        // A new phase (retreats and advances answered within the melee phase do not end it).
        const now = `${state.clock.turn}|${state.clock.playerTurn}|${state.clock.phase}`
        if (now !== phase) attackedThisPhase.clear()
        phase = now
        if (action?.type !== 'attack') return
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

describe('charge combat (B.1.74, T-CH-16)', () => {
  // A knight heading south at N10 (his rear in N9) meets a Syrian horseman heading north at N11.
  const riders = (
    knight: Partial<Placement> = {},
    syrian: Partial<Placement> = {},
  ): Placement[] => [
    { id: 'knight', type: 'average-knight', hex: 'N10', facing: 'S', side: 'crusaders', ...knight },
    {
      id: 'syrian',
      type: 'syrian-heavy-cavalry',
      hex: 'N11',
      facing: 'N',
      side: 'saracens',
      ...syrian,
    },
    { id: 'sergeant', type: 'sergeant', hex: 'O10', side: 'crusaders' },
  ]

  /** The crusaders' combat phase with the charge and counter-charge markers set as declared. */
  function charged(loaded: LoadedScenario, counter: boolean, faces: number[]): GameState {
    const state = atCombat(loaded, faces)
    const units = { ...state.units }
    units.knight = { ...(units.knight as NonNullable<typeof units.knight>), markers: { charge: 1 } }
    if (counter)
      units.syrian = {
        ...(units.syrian as NonNullable<typeof units.syrian>),
        markers: { 'counter-charge': 1 },
      }
    return { ...state, units }
  }

  it('CH-04: a knight of attack 28 charging a rider of defence 9 attacks with 42: 4:1 on the mounted table, alone', () => {
    const loaded = scenarioWith(riders())
    const state = charged(loaded, false, [5])
    // Nobody may join a charge (B.1.74).
    expect(refusal(loaded, state, attack(['knight', 'sergeant'], ['syrian']))).toBe(
      'knight charges and fights alone, against one enemy',
    )
    play(loaded, state, attack(['knight'], ['syrian']))
    const record = lastMelee()
    expect(record.odds?.attack).toBe(42)
    expect(record.odds?.defense).toBe(9)
    expect(baseColumn(record)).toBe('4:1')
    expect(record.table?.id).toBe('croisades-combat-vs-mounted')
    expect((record.columnShifts?.terms ?? []).filter((t) => t.applied && t.value !== 0)).toEqual([])
  })

  it('CH-05: against his counter-charge the defence is 9 + 4 = 13: 42/13 → 3:1, no swap', () => {
    const loaded = scenarioWith(riders())
    play(loaded, charged(loaded, true, [5]), attack(['knight'], ['syrian']))
    const record = lastMelee()
    expect(record.odds?.defense).toBe(13)
    expect(baseColumn(record)).toBe('3:1')
    expect(
      lastEntries
        .flatMap((e) => e.effects)
        .some((e) => e.kind === 'note' && /attacks instead/.test(e.text ?? '')),
    ).toBe(false)
  })

  it('CH-06: a counter-charger whose defence (12 → 18) beats the charge (10 → 15) attacks instead', () => {
    const loaded = scenarioWith(riders({ ratings: { attack: 10 } }, { ratings: { defense: 12 } }))
    play(loaded, charged(loaded, true, [5]), attack(['knight'], ['syrian']))
    const record = lastMelee()
    // Q-CH-8: the counter-charger's attack against the charger's defence, neither bonus.
    expect(record.odds?.attack).toBe(16)
    expect(record.odds?.defense).toBe(8)
    expect(lastEntries.flatMap((e) => e.effects)).toContainEqual(
      expect.objectContaining({
        kind: 'note',
        text: 'syrian meets the charge of knight with a stronger counter-charge and attacks instead',
      }),
    )
  })
})
