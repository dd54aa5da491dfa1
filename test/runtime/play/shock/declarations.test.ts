/**
 * Declaring shock attacks and charges (12.1, 13.1–13.3, 14.5, 16.2, 16.5, 16.8): what may be
 * declared, what must be, and the differences between the Tri-Pack and Infidel 1.2 (inventory
 * Part 2 rows 29, 37, 38). Every declaration listed as legal is accepted.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Action } from '../../../../src/runtime/state'
import { inShockPhase, legal, play, playAll, promptOf, refusal, shockScenario } from './helpers'

const v12 = shockScenario('shock-v12')
const inf = shockScenario('shock-inf')

describe('12.1 attack partition (TC-001-07, TC-004-09)', () => {
  // L (1015) has only X (1115) in front, R (1017) only Y (1116), M (1016) both.
  const places = {
    'w-pk-1': { hex: '1015', facing: 'E' },
    'w-pk-2': { hex: '1016', facing: 'E' },
    'w-pk-3': { hex: '1017', facing: 'NE' },
    'e-pk-1': { hex: '1115', facing: 'W' },
    'e-pk-2': { hex: '1116', facing: 'W' },
  }
  const situation = { places }

  it('the field is as the example needs it', () => {
    const state = inShockPhase(inf, situation)
    expect(legal(inf, state, 'declare')).toEqual(
      expect.arrayContaining([
        { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-1'] },
        { type: 'declare', attackers: ['w-pk-2'], defenders: ['e-pk-1', 'e-pk-2'] },
        { type: 'declare', attackers: ['w-pk-3'], defenders: ['e-pk-2'] },
      ]),
    )
  })

  it('{L+M → X, R → Y} and {L → X, M+R → Y} are legal', () => {
    for (const plan of [
      [
        { type: 'declare', attackers: ['w-pk-1', 'w-pk-2'], defenders: ['e-pk-1'] },
        { type: 'declare', attackers: ['w-pk-3'], defenders: ['e-pk-2'] },
      ],
      [
        { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-1'] },
        { type: 'declare', attackers: ['w-pk-2', 'w-pk-3'], defenders: ['e-pk-2'] },
      ],
    ]) {
      const { state } = playAll(inf, inShockPhase(inf, situation), plan)
      expect(legal(inf, state, 'declare-done')).toEqual([{ type: 'declare-done' }])
    }
  })

  it('M may not split its attack between X and Y alongside L and R', () => {
    const state = inShockPhase(inf, situation)
    expect(
      refusal(inf, state, {
        type: 'declare',
        attackers: ['w-pk-1', 'w-pk-2', 'w-pk-3'],
        defenders: ['e-pk-1', 'e-pk-2'],
      }),
    ).toEqual({
      message:
        'several units attack one hex together; only a single unit may attack both its frontal hexes',
      rule: '12.1, 14.5, 16.5, 16.8',
    })
    // L → X and R → Y alone leave M, which has both in front, free: but if M attacks X alone,
    // it must also take Y unless another unit does.
    const { state: partial } = playAll(inf, state, [
      { type: 'declare', attackers: ['w-pk-2'], defenders: ['e-pk-1'] },
    ])
    expect(refusal(inf, partial, { type: 'declare-done' }).message).toBe(
      'unit w-pk-2 attacks, so it must also attack e-pk-2 in its frontal hexes, unless another unit does',
    )
    const { state: covered } = playAll(inf, partial, [
      { type: 'declare', attackers: ['w-pk-3'], defenders: ['e-pk-2'] },
    ])
    expect(legal(inf, covered, 'declare-done')).toEqual([{ type: 'declare-done' }])
    // A declaration taken back before the declarations close.
    const undone = play(inf, covered, { type: 'declare-undo' }).state
    expect(refusal(inf, undone, { type: 'declare-done' }).message).toContain(
      'must also attack e-pk-2',
    )
  })

  it('one roll per hex: an attack on a hex takes every enemy unit in it, and a defender once per phase', () => {
    const { state } = playAll(inf, inShockPhase(inf, situation), [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-1'] },
    ])
    expect(
      refusal(inf, state, { type: 'declare', attackers: ['w-pk-2'], defenders: ['e-pk-1'] })
        .message,
    ).toBe('unit e-pk-1 is already attacked in this phase')
    expect(
      refusal(inf, state, { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-2'] })
        .message,
    ).toBe('unit w-pk-1 already takes part in an attack')
  })
})

describe('12.1, 14.5, 16.5: who may attack', () => {
  it('units off the attacker list, retired units, and flail archers that fired never attack', () => {
    const state = inShockPhase(inf, {
      places: {
        'w-a-1': { hex: '1005', facing: 'E' },
        'w-pk-1': { hex: '1007', facing: 'E', status: 'retired' },
        'w-af-1': { hex: '1009', facing: 'E' },
        'e-pk-1': { hex: '1105', facing: 'W' },
        'e-pk-2': { hex: '1107', facing: 'W' },
        'e-pk-3': { hex: '1109', facing: 'W' },
      },
    })
    expect(
      refusal(inf, state, { type: 'declare', attackers: ['w-a-1'], defenders: ['e-pk-1'] }).message,
    ).toBe('unit w-a-1 is not among the units that may make shock attacks')
    expect(
      refusal(inf, state, { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-2'] })
        .message,
    ).toBe('unit w-pk-1 is retired and may not attack')
    expect(legal(inf, state, 'declare')).toEqual([
      { type: 'declare', attackers: ['w-af-1'], defenders: ['e-pk-3'] },
    ])
    const fired = structuredClone(state)
    const activity = fired.flow?.activation?.units['w-af-1']
    if (activity !== undefined) activity.fired = true
    expect(
      refusal(inf, fired, { type: 'declare', attackers: ['w-af-1'], defenders: ['e-pk-3'] })
        .message,
    ).toBe('unit w-af-1 fired this activation, so it may not attack')
  })

  it('16.8: levies attack only together with a unit of another kind (Blood & Roses)', () => {
    const bnr = shockScenario('shock-bnr')
    const state = inShockPhase(bnr, {
      places: {
        'w-lvy-1': { hex: '1017', facing: 'E' },
        'w-lvy-2': { hex: '1117', facing: 'NW' },
        'w-inf-1': { hex: '1016', facing: 'SE' },
        'e-inf-1': { hex: '1116', facing: 'W' },
      },
    })
    expect(
      refusal(bnr, state, {
        type: 'declare',
        attackers: ['w-lvy-1', 'w-lvy-2'],
        defenders: ['e-inf-1'],
      }),
    ).toEqual({
      message: 'w-lvy-1, w-lvy-2 may attack only together with other units',
      rule: '16.8',
    })
    expect(legal(bnr, state, 'declare')).toContainEqual({
      type: 'declare',
      attackers: ['w-inf-1', 'w-lvy-1'],
      defenders: ['e-inf-1'],
    })
  })

  it('16.2: a unit in shield wall does not attack, and may not be charged through its front (Men of Iron)', () => {
    const moi = shockScenario('shock-moi')
    const state = inShockPhase(moi, {
      places: {
        'w-pk-1': { hex: '1005', facing: 'E', markers: { 'shield-wall': 1 } },
        'w-mm-1': { hex: '0907', facing: 'E' },
        'e-pk-1': { hex: '1105', facing: 'W' },
        'e-pk-2': { hex: '1108', facing: 'W', markers: { 'shield-wall': 1 } },
      },
    })
    expect(
      refusal(moi, state, { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-1'] })
        .message,
    ).toBe('unit w-pk-1 stands in a shield wall and may not attack')
    expect(
      refusal(moi, state, {
        type: 'declare',
        attackers: ['w-mm-1'],
        defenders: ['e-pk-2'],
        charge: true,
      }).message,
    ).toBe('unit w-mm-1 has no clear charge path to e-pk-2')
  })
})

describe('13.1–13.3 charges', () => {
  // A pair far away keeps the phase open (with nothing to declare it would end at once).
  const base = {
    'w-kn-1': { hex: '1010', facing: 'E' },
    'e-pk-1': { hex: '1211', facing: 'W' },
    'w-ma-1': { hex: '2005', facing: 'E' },
    'e-pk-4': { hex: '2105', facing: 'W' },
  }

  it('a charge starts one or two hexes from its target, never next to it or farther', () => {
    for (const [hex, ok] of [
      ['1110', false],
      ['1010', true],
      ['0911', true],
      ['0811', false],
    ] as const) {
      const state = inShockPhase(inf, { places: { ...base, 'w-kn-1': { hex, facing: 'E' } } })
      const charges = legal(inf, state, 'declare').filter((a) => a.charge === true)
      expect(charges.length > 0, hex).toBe(ok)
    }
  })

  it('13.3 (4) with 11.4: no charge at a target hidden by higher ground between them', () => {
    // The same distance and facing as from 1010 to 1211, with a rise (1710, 1711) between.
    const places = {
      ...base,
      'w-kn-1': { hex: '1610', facing: 'E' },
      'e-pk-1': { hex: '1811', facing: 'W' },
    }
    const state = inShockPhase(inf, { places })
    expect(legal(inf, state, 'declare').filter((a) => a.charge === true)).toEqual([])
    expect(
      refusal(inf, state, {
        type: 'declare',
        attackers: ['w-kn-1'],
        defenders: ['e-pk-1'],
        charge: true,
      }).message,
    ).toBe('unit w-kn-1 has no clear charge path to e-pk-1')
    // Seen from the rise itself, the target is in sight again.
    const onTop = {
      ...places,
      'w-kn-1': { hex: '1710', facing: 'E' },
      'e-pk-1': { hex: '1911', facing: 'W' },
    }
    expect(
      legal(inf, inShockPhase(inf, { places: onTop }), 'declare').filter((a) => a.charge === true),
    ).not.toEqual([])
  })

  it('a Disordered unit, or one out of command, may not charge; it may still shock', () => {
    const disordered = inShockPhase(inf, {
      places: { ...base, 'w-kn-1': { hex: '1010', facing: 'E', status: 'disordered' } },
    })
    expect(
      refusal(inf, disordered, {
        type: 'declare',
        attackers: ['w-kn-1'],
        defenders: ['e-pk-1'],
        charge: true,
      }).message,
    ).toBe('unit w-kn-1 is disordered and may not charge')
    const ooc = inShockPhase(inf, {
      places: { ...base, 'w-kn-1': { hex: '1010', facing: 'E', markers: { 'out-of-command': 1 } } },
    })
    expect(
      refusal(inf, ooc, {
        type: 'declare',
        attackers: ['w-kn-1'],
        defenders: ['e-pk-1'],
        charge: true,
      }).message,
    ).toBe('unit w-kn-1 is out of command and may not charge')
  })

  it('DT-21: next to an enemy when the shock phase begins bars a charge in the Tri-Pack, not in 1.2', () => {
    // KN 1 moved next to PK 2 (1009) this activation: it was not next to it when it began.
    const places = { ...base, 'e-pk-2': { hex: '1009', facing: 'SE' } }
    const charge = { type: 'declare', attackers: ['w-kn-1'], defenders: ['e-pk-1'], charge: true }
    expect(refusal(inf, inShockPhase(inf, { places }), charge)).toEqual({
      message: 'unit w-kn-1 began the shock phase next to an enemy unit and may not charge',
      rule: '13.1-13.3',
    })
    expect(legal(v12, inShockPhase(v12, { places }), 'declare')).toContainEqual(charge)
    // Next to an enemy when the activation began bars it in both.
    for (const loaded of [inf, v12]) {
      const state = inShockPhase(loaded, { places, startNextTo: { 'w-kn-1': ['e-pk-2'] } })
      expect(refusal(loaded, state, charge).message).toBe(
        'unit w-kn-1 began the activation next to an enemy unit and may not charge',
      )
    }
  })

  it('DT-22: a path through a hex next to an enemy pike is closed in the Tri-Pack, open in 1.2 (pikes have no zone)', () => {
    // From 0911 the charge on 1211 passes 1011 or 1012: one is next to PK 2 (1010), the other
    // to PK 3 (1013).
    const places = {
      ...base,
      'w-kn-1': { hex: '0911', facing: 'E' },
      'e-pk-2': { hex: '1010', facing: 'NE' },
      'e-pk-3': { hex: '1013', facing: 'SE' },
    }
    const charges = (loaded: typeof inf) =>
      legal(loaded, inShockPhase(loaded, { places }), 'declare').filter(
        (a) => a.charge === true && (a.defenders as string[])[0] === 'e-pk-1',
      )
    expect(charges(inf)).toEqual([])
    expect(charges(v12).map((a) => a.paths)).toEqual([
      { 'w-kn-1': ['1011', '1110'] },
      { 'w-kn-1': ['1011', '1111'] },
      { 'w-kn-1': ['1012', '1111'] },
    ])
  })

  it('terrain: no charge into woods or marsh, or across a river (13.3 g, h)', () => {
    // 0705 woods, 0710 marsh; the river runs between 1005 and 1105.
    for (const [target, from] of [
      ['0705', '0505'],
      ['0710', '0510'],
      ['1105', '0905'],
    ] as const) {
      const state = inShockPhase(inf, {
        places: { 'w-kn-1': { hex: from, facing: 'E' }, 'e-pk-1': { hex: target, facing: 'W' } },
      })
      expect(
        legal(inf, state, 'declare').filter((a) => a.charge === true),
        target,
      ).toEqual([])
    }
  })
})

describe('property: every declaration listed is accepted', () => {
  it('over random placements on the Infidel and Men of Iron fields', () => {
    const hexes = ['1005', '1006', '1007', '1105', '1106', '1107', '0906', '1206', '0905', '1204']
    const facings = ['NE', 'E', 'SE', 'SW', 'W', 'NW']
    const units = {
      inf: ['w-kn-1', 'w-pk-1', 'w-ma-1', 'e-pk-1', 'e-mc-1', 'e-hc-1'],
      moi: ['w-mm-1', 'w-pk-1', 'w-dm-1', 'e-pk-1', 'e-mm-1', 'e-lb-1'],
    }
    fc.assert(
      fc.property(
        fc.constantFrom<'inf' | 'moi'>('inf', 'moi'),
        fc.shuffledSubarray(hexes, { minLength: 6, maxLength: 6 }),
        fc.array(fc.constantFrom(...facings), { minLength: 6, maxLength: 6 }),
        fc.array(fc.constantFrom('normal', 'normal', 'disordered'), { minLength: 6, maxLength: 6 }),
        (game, at, faces, statuses) => {
          const loaded = game === 'inf' ? inf : shockScenario('shock-moi')
          const places = Object.fromEntries(
            units[game].map((id, i) => [
              id,
              { hex: at[i] as string, facing: faces[i] as string, status: statuses[i] as string },
            ]),
          )
          let state = inShockPhase(loaded, { places, dice: Array<number>(40).fill(5) })
          for (let round = 0; round < 3 && promptOf(state)?.kind === 'shock-declaration'; round++) {
            const listed = legal(loaded, state, 'declare')
            for (const action of listed) {
              const result = play(loaded, state, action as Action)
              expect(result.state).toBeDefined()
            }
            if (listed.length === 0) break
            state = play(loaded, state, listed[0] as Action).state
          }
          const done = legal(loaded, state, 'declare-done')
          for (const action of done)
            expect(play(loaded, state, action as Action).state).toBeDefined()
        },
      ),
      { numRuns: 25, seed: 7 },
    )
  })
})
