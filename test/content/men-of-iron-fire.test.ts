/**
 * Missile fire on the bundled Men of Iron rulesets, played through the move-and-fire phase with
 * forced dice (scenarios of test/fixtures/fire): the worked examples TC-004-07 (Courtrai),
 * TC-001-06, the fire step of TC-001-05 (Turcoman), the boundary tests DT-04 and DT-23, and the
 * modifiers and special rules of 11.3, 14.2 and 16.2 and the Blood & Roses boxes.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../src/runtime/play'
import type { LogEntry } from '../../src/runtime/state'
import { bundledRuleset } from './bundled'
import type { Place } from '../runtime/play/fire/helpers'
import {
  fireActions,
  fireScenario,
  hexAt,
  inMoveAndFire,
  play,
  terms,
} from '../runtime/play/fire/helpers'

const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })
const facing = (hex: string, towards: string): Place => ({ hex, facing: towards })
const codes = (entry: LogEntry, index = 0) => entry.records[index]?.codes.map((c) => c.code)

describe('TC-004-07 Courtrai: angle of fire (Men of Iron 11.3)', () => {
  const moi = fireScenario('fire-moi')
  // Mounted men-at-arms in 1005 facing E: its flanks are the hexes N and S of it.
  const mm = facing('1005', 'E')

  it('11.3 crossbow at 1 hex into the flank of mounted men-at-arms: +2 range, +1 angle = +3', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-cb-1': facing(hexAt(moi, '1005', 0), 'SE'), 'e-mm-1': mm },
      dice: [4],
    })
    const { entry } = play(moi, state, fire('w-cb-1', 'e-mm-1'))
    expect(terms(entry)).toEqual([
      ['range', 2],
      ['angle-of-fire', 1],
    ])
    expect(entry.records[0]?.roll).toMatchObject({ natural: 4, modifiers: 3, modified: 7 })
    expect(entry.records[0]?.column?.id).toBe('mounted-normal')
  })

  it('11.3 a line along a hexspine never counts as the flank', () => {
    // From the corner at clock 1, 60 degrees off the facing: the spine counts as front.
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-cb-1': facing(hexAt(moi, '1005', 1), 'SE'), 'e-mm-1': mm },
      dice: [4],
    })
    expect(terms(play(moi, state, fire('w-cb-1', 'e-mm-1')).entry)).toEqual([['range', 1]])
  })

  it('11.3 only the listed types give the angle of fire', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-cb-1': facing(hexAt(moi, '1005', 0), 'SE'), 'e-pk-1': mm },
      dice: [4],
    })
    expect(terms(play(moi, state, fire('w-cb-1', 'e-pk-1')).entry)).toEqual([['range', 2]])
  })
})

describe('fire modifiers of the rules text', () => {
  const moi = fireScenario('fire-moi')

  it('14.2 a Disordered firer subtracts the F number of its counter', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: {
        'w-lb-1': { hex: '0502', facing: 'SE', status: 'disordered' },
        'e-pk-1': facing('0505', 'NW'),
      },
      dice: [4],
    })
    expect(terms(play(moi, state, fire('w-lb-1', 'e-pk-1')).entry)).toEqual([
      ['range', 0],
      ['disordered-firer', -1],
    ])
  })

  it('16.2 fire through the front of a shield wall takes -1, through its flank it does not', () => {
    const wall = { hex: '1005', facing: 'E', markers: { 'shield-wall': 1 } }
    const front = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-lb-1': facing(hexAt(moi, '1005', 2, 2), 'SW'), 'e-pk-1': wall },
      dice: [4],
    })
    expect(terms(play(moi, front, fire('w-lb-1', 'e-pk-1')).entry)).toContainEqual([
      'shield-wall',
      -1,
    ])
    const flank = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-lb-1': facing(hexAt(moi, '1005', 0, 2), 'SE'), 'e-pk-1': wall },
      dice: [4],
    })
    expect(terms(play(moi, flank, fire('w-lb-1', 'e-pk-1')).entry).map(([id]) => id)).not.toContain(
      'shield-wall',
    )
  })
})

describe('TC-001-06 archers against armoured cavalry (Infidel 11.3)', () => {
  for (const id of ['fire-inf', 'fire-v12'] as const) {
    it(`11.3 ${id}: foot archers at 1 hex against knights or heavy cavalry: +1 -1 = 0`, () => {
      const loaded = fireScenario(id)
      for (const target of ['e-kn-1', 'e-hc-1']) {
        const state = inMoveAndFire(loaded, {
          side: 'west',
          places: { 'w-a-1': facing('1004', 'SE'), [target]: facing('1005', 'NW') },
          dice: [6],
        })
        const { entry } = play(loaded, state, fire('w-a-1', target))
        expect(terms(entry)).toEqual([
          ['range', 1],
          ['armoured-target', -1],
        ])
        expect(entry.records[0]?.roll?.modifiers).toBe(0)
      }
    })
  }
})

describe('TC-001-05 the Turcoman mounted archers fire (Infidel 1.2 11.2)', () => {
  const v12 = fireScenario('fire-v12')
  // Knights in 3419, 3519 (Disordered) and 3421, all facing W: 3420 lies in the zone of 3519 only.
  const knights = {
    'e-kn-1': facing('3419', 'W'),
    'e-kn-2': { hex: '3519', facing: 'W', status: 'disordered' },
    'e-kn-3': facing('3421', 'W'),
  }

  it('11.2 firing from an enemy zone costs 1 MP; -1 in all; a 2 reads No Result on Mounted, Disordered', () => {
    const state = inMoveAndFire(v12, {
      side: 'west',
      places: { 'w-lca-1': facing('3420', 'E'), ...knights },
      spent: { 'w-lca-1': 3 },
      dice: [2],
    })
    const { state: after, entry } = play(v12, state, fire('w-lca-1', 'e-kn-2'))
    expect(entry.text).toBe('w-lca-1 fires at e-kn-2 (range 1) for 1 movement point')
    expect(after.flow?.activation?.units['w-lca-1']?.mp).toBe(4)
    expect(terms(entry)).toEqual([
      ['range', 1],
      ['armoured-target', -1],
      ['mounted-archer', -1],
    ])
    const record = entry.records[0]
    expect(record?.roll).toMatchObject({ natural: 2, modified: 1 })
    expect(record?.column?.id).toBe('mounted-disordered')
    expect(codes(entry)).toEqual(['-'])
    // Below 9: no leader check, and the knight is unharmed.
    expect(entry.records).toHaveLength(1)
    expect(after.units['e-kn-2']?.status).toBe('disordered')
  })

  it('difference 24: under 1.2 only an enemy zone makes firing cost; in the Tri-Pack any adjacent enemy does', () => {
    // 3420 is next to the knights in 3421, whose zone (facing W) does not reach it.
    const places = {
      'w-lca-1': facing('3420', 'E'),
      'e-kn-3': facing('3421', 'W'),
      'e-kn-2': facing('3519', 'E'),
    }
    const older = inMoveAndFire(v12, { side: 'west', places, dice: [0] })
    const { entry: free } = play(v12, older, fire('w-lca-1', 'e-kn-2'))
    expect(free.text).toBe('w-lca-1 fires at e-kn-2 (range 1)')
    const inf = fireScenario('fire-inf')
    const tripack = inMoveAndFire(inf, { side: 'west', places, dice: [0] })
    expect(play(inf, tripack, fire('w-lca-1', 'e-kn-2')).entry.text).toBe(
      'w-lca-1 fires at e-kn-2 (range 1) for 1 movement point',
    )
  })

  it('difference 22: every 1.2 missile unit reaches 2 hexes', () => {
    const state = inMoveAndFire(v12, {
      side: 'west',
      places: { 'w-a-1': facing('1002', 'SE'), 'e-kn-1': facing('1005', 'NW') },
    })
    expect(fireActions(v12, state)).toEqual([])
    const near = inMoveAndFire(v12, {
      side: 'west',
      places: { 'w-a-1': facing('1003', 'SE'), 'e-kn-1': facing('1005', 'NW') },
    })
    expect(fireActions(v12, near)).toEqual([fire('w-a-1', 'e-kn-1')])
  })
})

describe('DT-04 leader casualty by fire (5.4)', () => {
  const moi = fireScenario('fire-moi')
  // A longbow at 1 hex (+2) at mounted men-at-arms, Disordered, with their leader.
  function shot(natural: number, leaderRoll?: number) {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: {
        'w-lb-1': facing('1004', 'SE'),
        'e-mm-1': { hex: '1005', facing: 'NW', status: 'disordered' },
        'e-leader': facing('1005', 'NW'),
      },
      dice: leaderRoll === undefined ? [natural] : [natural, leaderRoll],
    })
    return play(moi, state, fire('w-lb-1', 'e-mm-1'))
  }

  it('5.4 a modified roll of 8 makes no check', () => {
    const { entry, state } = shot(6)
    expect(entry.records.map((r) => [r.resolution.id, r.roll?.modified])).toEqual([['fire', 8]])
    expect(state.units['e-leader']?.location).toBe('map')
  })

  it('5.4 a modified roll of 9 makes every leader in the target hex roll: 7 survives, 8 and 9 kill', () => {
    const safe = shot(7, 7)
    expect(safe.entry.records.map((r) => [r.resolution.id, r.roll?.natural, r.outcome])).toEqual([
      ['fire', 7, undefined],
      ['leader-casualty-fire', 7, 'success'],
    ])
    expect(safe.state.units['e-leader']?.status).toBe('normal')
    for (const roll of [8, 9]) {
      const { entry, state } = shot(7, roll)
      expect(entry.records[1]).toMatchObject({
        resolution: { id: 'leader-casualty-fire' },
        outcome: 'failure',
      })
      expect(state.units['e-leader']?.status).toBe('eliminated')
    }
  })
})

describe('Blood & Roses reliability and guns (11.3, 14.2, 7.6)', () => {
  const bnr = fireScenario('fire-bnr')

  it('11.3 guns that roll a natural 0 blow up', () => {
    const state = inMoveAndFire(bnr, {
      side: 'west',
      places: { 'w-art-1': facing('1004', 'SE'), 'e-inf-1': facing('1005', 'NW') },
      dice: [0],
    })
    const { entry, state: after } = play(bnr, state, fire('w-art-1', 'e-inf-1'))
    expect(entry.records[0]?.onNatural).toEqual([{ index: 0, rule: '11.3' }])
    expect(after.units['w-art-1']?.status).toBe('eliminated')
    expect(after.units['e-inf-1']?.status).toBe('normal')
  })

  it('11.3 handguns that roll a natural 0 are Disordered, or Retired when already Disordered', () => {
    const steady = inMoveAndFire(bnr, {
      side: 'west',
      places: { 'w-hg-1': facing('1004', 'SE'), 'e-inf-1': facing('1005', 'NW') },
      dice: [0],
    })
    expect(play(bnr, steady, fire('w-hg-1', 'e-inf-1')).state.units['w-hg-1']?.status).toBe(
      'disordered',
    )
    const shaken = inMoveAndFire(bnr, {
      side: 'west',
      places: {
        'w-hg-1': { hex: '1004', facing: 'SE', status: 'disordered' },
        'e-inf-1': facing('1005', 'NW'),
      },
      dice: [0],
    })
    expect(play(bnr, shaken, fire('w-hg-1', 'e-inf-1')).state.units['w-hg-1']?.status).toBe(
      'retired',
    )
    const other = inMoveAndFire(bnr, {
      side: 'west',
      places: { 'w-lb-1': facing('1004', 'SE'), 'e-inf-1': facing('1005', 'NW') },
      dice: [0],
    })
    const { entry, state } = play(bnr, other, fire('w-lb-1', 'e-inf-1'))
    expect(entry.records[0]?.onNatural).toBeUndefined()
    expect(state.units['w-lb-1']?.status).toBe('normal')
  })

  it('11.3 the target of handguns that burst may return fire unless they were Retired', () => {
    // Longbows answer handguns at 1 hex; the handguns roll a natural 0, then the longbows roll 5.
    for (const [status, answered] of [
      ['normal', true],
      ['disordered', false],
    ] as const) {
      const state = inMoveAndFire(bnr, {
        side: 'west',
        places: {
          'w-hg-1': { hex: '1004', facing: 'SE', status },
          'e-lb-1': facing('1005', 'NW'),
        },
        dice: [0, 5],
      })
      const asked = play(bnr, state, fire('w-hg-1', 'e-lb-1')).state
      expect(openPrompt(asked)).toMatchObject({ side: 'east', kind: 'return-fire' })
      const { entry } = play(bnr, asked, fire('e-lb-1', 'w-hg-1'))
      expect(entry.records.map((r) => r.roll?.natural)).toEqual(answered ? [0, 5] : [0])
    }
  })

  it('DT-23 guns given a Disordered result by fire roll: 4 or less they are lost, 5 or more nothing', () => {
    // Archers at 1 hex (+1): a 5 reads 6, Disordered, on the foot column.
    for (const [check, status] of [
      [4, 'eliminated'],
      [5, 'normal'],
    ] as const) {
      const state = inMoveAndFire(bnr, {
        side: 'east',
        places: { 'e-a-1': facing('1004', 'SE'), 'w-art-1': facing('1005', 'NW') },
        dice: [5, check],
      })
      const { entry, state: after } = play(bnr, state, fire('e-a-1', 'w-art-1'))
      expect(codes(entry)).toEqual(['D'])
      expect(entry.records.map((r) => [r.resolution.id, r.roll?.natural])).toEqual([
        ['fire', 5],
        ['artillery-disorder-check', check],
      ])
      expect(after.units['w-art-1']?.status).toBe(status)
    }
  })

  it('7.6 limbered guns unlimber when they fire', () => {
    const state = inMoveAndFire(bnr, {
      side: 'west',
      places: { 'w-artl-1': facing('1004', 'SE'), 'e-inf-1': facing('1006', 'NW') },
      dice: [3],
    })
    const { state: after } = play(bnr, state, fire('w-artl-1', 'e-inf-1'))
    expect(after.units['w-artl-1']?.type).toBe('art')
    expect(openPrompt(after)).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })
})

describe('11.2, 13.9 the fired-upon window with every mechanic of the sequence', () => {
  it('13.9 a unit fired upon may counter-charge before the shot is rolled; after a decline it is', () => {
    const moi = fireScenario('fire-moi', true)
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-cb-1': facing(hexAt(moi, '1005', 0, 2), 'SE'), 'e-mm-1': facing('1005', 'E') },
      dice: [4],
    })
    const { state: asked, entry } = play(moi, state, fire('w-cb-1', 'e-mm-1'))
    expect(entry.records).toEqual([])
    expect(openPrompt(asked)).toMatchObject({ side: 'east', kind: 'counter-charge-vs-fire' })
    expect(legalActions(moi, asked)).toContainEqual({ type: 'decline', side: 'east' })
    const { state: after, entry: resolved } = play(moi, asked, { type: 'decline' })
    expect(resolved.records.map((r) => [r.resolution.id, r.roll?.natural])).toEqual([['fire', 4]])
    expect(openPrompt(after)).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })
})

describe('fire settings of the bundled rulesets (mechanics.fire)', () => {
  it('the variants patch what their editions change, and the loose parameters are gone', () => {
    const fire = (id: string) => bundledRuleset(id).ruleset.mechanics?.fire
    expect(fire('men-of-iron')?.reactionFire?.reactorsPerEntry).toBe(1)
    expect(fire('infidel')?.maxRange).toBeUndefined()
    expect(fire('infidel-v1-2')).toMatchObject({
      maxRange: 2,
      reactionFire: { reactorsPerEntry: 'any', oncePerActivationFlag: 'slowGroup' },
    })
    expect(fire('blood-and-roses')).toMatchObject({
      lineOfSight: { notOverFriendsNextToTarget: true, hedges: { attribute: 'hedge' } },
      activeFire: { firingForm: 'unlimbered', moveFireMoveFlag: 'moveFireMove' },
    })
    for (const id of ['men-of-iron', 'infidel', 'infidel-v1-2', 'blood-and-roses']) {
      const params = Object.keys(bundledRuleset(id).ruleset.parameters ?? {})
      for (const key of [
        'leaderFireCheckMin',
        'reactionFireReactorsPerEntry',
        'missileMaxRange',
        'mountedArcherFireCostAdjacent',
        'mountedArcherFireCostIn',
        'losBlockedByUnitsFor',
        'disorderedFirePenalty',
        'naturalZeroOnFire',
      ])
        expect(params, `${id}: ${key}`).not.toContain(key)
    }
  })
})
