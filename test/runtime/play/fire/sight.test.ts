/**
 * Line of sight for fire (Tri-Pack 11.4, Infidel 1.2 11.4, difference rows 26–27) on the test
 * field of test/fixtures/fire: woods in 0304, 1612, 1615, 1616 and 2007, hills (elevation 1) in
 * 0802 and 0804, brush in 2504, a hedge between 2806 and 2807.
 */
import { describe, expect, it } from 'vitest'
import { fireSettings } from '../../../../src/runtime/play/fire/settings'
import { lineOfSight } from '../../../../src/runtime/play/fire/sight'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { Place } from './helpers'
import { fireActions, fireScenario, inMoveAndFire, play, refusal, terms } from './helpers'

const moi = fireScenario('fire-moi')

function west(loaded: LoadedScenario, places: Record<string, Place>, dice: number[] = []) {
  return inMoveAndFire(loaded, { side: 'west', places, dice })
}
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })
const down = (hex: string): Place => ({ hex, facing: 'SE' })
const up = (hex: string): Place => ({ hex, facing: 'NW' })

describe('11.4 blocking terrain', () => {
  it('11.4 a blocking hex between firer and target blocks the line', () => {
    const state = west(moi, { 'w-lb-1': down('0303'), 'e-pk-1': up('0305') })
    expect(fireActions(moi, state)).toEqual([])
    expect(refusal(moi, state, fire('w-lb-1', 'e-pk-1'))).toEqual({
      message: 'w-lb-1 cannot see e-pk-1: the line is blocked by Woods in 0304',
      rule: '11.4',
    })
  })

  it('11.4 units fire into and out of blocking terrain', () => {
    expect(fireActions(moi, west(moi, { 'w-lb-1': down('0302'), 'e-pk-1': up('0304') }))).toEqual([
      fire('w-lb-1', 'e-pk-1'),
    ])
    expect(fireActions(moi, west(moi, { 'w-lb-1': down('0304'), 'e-pk-1': up('0306') }))).toEqual([
      fire('w-lb-1', 'e-pk-1'),
    ])
  })

  it('11.4 higher ground between blocks only when it is higher than both ends', () => {
    const low = west(moi, { 'w-lb-1': down('0803'), 'e-pk-1': up('0805') })
    expect(refusal(moi, low, fire('w-lb-1', 'e-pk-1')).message).toBe(
      'w-lb-1 cannot see e-pk-1: the line is blocked by higher ground in 0804',
    )
    // From the other hill: 0804 is no higher than the firer.
    expect(fireActions(moi, west(moi, { 'w-lb-1': down('0802'), 'e-pk-1': up('0805') }))).toEqual([
      fire('w-lb-1', 'e-pk-1'),
    ])
  })
})

describe('11.4 units in the way', () => {
  it('11.4 units block crossbows, friend or foe', () => {
    for (const between of ['w-pk-1', 'e-lb-1']) {
      const state = west(moi, {
        'w-cb-1': down('1203'),
        [between]: up('1204'),
        'e-pk-1': up('1205'),
      })
      expect(fireActions(moi, state)).not.toContainEqual(fire('w-cb-1', 'e-pk-1'))
      expect(refusal(moi, state, fire('w-cb-1', 'e-pk-1')).message).toBe(
        `w-cb-1 cannot see e-pk-1: the line is blocked by unit ${between} in 1204`,
      )
    }
  })

  it('11.4 longbows fire over units, with the raining fire modifier (-1)', () => {
    const state = west(
      moi,
      { 'w-lb-1': down('1203'), 'w-pk-1': down('1204'), 'e-pk-1': up('1205') },
      [0],
    )
    const { entry } = play(moi, state, fire('w-lb-1', 'e-pk-1'))
    expect(terms(entry)).toEqual([
      ['range', 1],
      ['raining-fire', -1],
    ])
    const clear = west(moi, { 'w-lb-1': down('1203'), 'e-pk-1': up('1205') }, [0])
    expect(terms(play(moi, clear, fire('w-lb-1', 'e-pk-1')).entry)).toEqual([['range', 1]])
  })

  it('difference 26: Infidel 1.2 archers fire over units with no penalty', () => {
    const v12 = fireScenario('fire-v12')
    const inf = fireScenario('fire-inf')
    // The target is a crossbow unit, which never returns fire.
    const places = { 'w-a-1': down('1203'), 'w-cb-1': down('1204'), 'e-cb-1': up('1205') }
    const modern = play(inf, west(inf, places, [0]), fire('w-a-1', 'e-cb-1')).entry
    expect(terms(modern)).toContainEqual(['raining-fire', -1])
    const older = play(v12, west(v12, places, [0]), fire('w-a-1', 'e-cb-1')).entry
    expect(terms(older).map(([id]) => id)).toContain('range')
    expect(terms(older).map(([id]) => id)).not.toContain('raining-fire')
  })

  it('11.4 (Blood & Roses) bows may not fire over a friendly unit next to the target', () => {
    const bnr = fireScenario('fire-bnr')
    const friend = west(bnr, {
      'w-a-1': down('1203'),
      'w-inf-1': down('1204'),
      'e-inf-1': up('1205'),
    })
    expect(fireActions(bnr, friend).filter((a) => a.unit === 'w-a-1')).toEqual([])
    expect(refusal(bnr, friend, fire('w-a-1', 'e-inf-1')).message).toBe(
      'w-a-1 cannot see e-inf-1: the line is blocked by friendly unit w-inf-1 next to the target in 1204',
    )
    // An enemy there, or a friend further from the target, is fired over.
    const enemy = west(bnr, { 'w-a-1': down('1203'), 'e-a-1': up('1204'), 'e-inf-1': up('1205') })
    expect(fireActions(bnr, enemy)).toContainEqual(fire('w-a-1', 'e-inf-1'))
    const farther = west(bnr, {
      'w-a-1': down('1202'),
      'w-inf-1': down('1203'),
      'e-inf-1': up('1205'),
    })
    expect(fireActions(bnr, farther)).toContainEqual(fire('w-a-1', 'e-inf-1'))
  })
})

describe('11.4 hexsides and corners', () => {
  const east = (hex: string): Place => ({ hex, facing: 'E' })

  it('11.4 a line along a hexside is blocked only when both hexes beside it block', () => {
    // 1512 to 1712 runs between 1612 (woods) and 1613; 1515 to 1715 between 1615 and 1616 (woods).
    expect(fireActions(moi, west(moi, { 'w-lb-1': east('1512'), 'e-pk-1': up('1712') }))).toEqual([
      fire('w-lb-1', 'e-pk-1'),
    ])
    const both = west(moi, { 'w-lb-1': east('1515'), 'e-pk-1': up('1715') })
    expect(refusal(moi, both, fire('w-lb-1', 'e-pk-1')).message).toBe(
      'w-lb-1 cannot see e-pk-1: the line is blocked by Woods in 1615',
    )
    // Units count like blocking terrain: a unit on one side only does not block a crossbow.
    const one = west(moi, { 'w-cb-1': east('1518'), 'w-pk-1': up('1618'), 'e-pk-1': up('1718') })
    expect(fireActions(moi, one)).toContainEqual(fire('w-cb-1', 'e-pk-1'))
    const two = west(moi, {
      'w-cb-1': east('1518'),
      'w-pk-1': up('1618'),
      'e-lb-1': up('1619'),
      'e-pk-1': up('1718'),
    })
    expect(fireActions(moi, two)).not.toContainEqual(fire('w-cb-1', 'e-pk-1'))
  })

  it('11.4 a line through a corner is not blocked by the hex it only touches', () => {
    // 2105 to 2010 touches a corner of 2007 (woods) between 2106 and 2107.
    const state = west(moi, { 'w-bombard-1': down('2105'), 'e-pk-1': up('2010') })
    expect(fireActions(moi, state)).toContainEqual(fire('w-bombard-1', 'e-pk-1'))
    // Read "either side", the same corner would block.
    const settings = fireSettings(moi.rules)
    const strict = { ...settings, los: { ...settings.los, vertex: 'either-side' as const } }
    expect(
      lineOfSight({ loaded: moi, state }, strict, {
        firer: 'w-bombard-1',
        target: 'e-pk-1',
        firesOver: 'never',
      }),
    ).toMatchObject({ clear: false, blockedBy: 'Woods in 2007' })
  })
})

describe('11.4 hedges', () => {
  it('11.4 brush between blocks crossbows but not longbows', () => {
    const cb = west(moi, { 'w-cb-1': down('2503'), 'e-lb-1': up('2505') })
    expect(refusal(moi, cb, fire('w-cb-1', 'e-lb-1')).message).toBe(
      'w-cb-1 cannot see e-lb-1: the line is blocked by the hedge in 2504',
    )
    const lb = west(moi, { 'w-lb-1': down('2503'), 'e-lb-1': up('2505') })
    expect(fireActions(moi, lb)).toEqual([fire('w-lb-1', 'e-lb-1')])
  })

  it('11.4 a hedge hexside blocks crossbows unless it is a side of the firer’s or target’s hex', () => {
    const between = west(moi, { 'w-cb-1': down('2805'), 'e-lb-1': up('2808') })
    expect(refusal(moi, between, fire('w-cb-1', 'e-lb-1')).message).toBe(
      'w-cb-1 cannot see e-lb-1: the line is blocked by the hedge between 2806 and 2807',
    )
    const targets = west(moi, { 'w-cb-1': down('2805'), 'e-lb-1': up('2807') })
    expect(fireActions(moi, targets)).toEqual([fire('w-cb-1', 'e-lb-1')])
  })

  it('11.4 a non-missile unit just behind a hedge is screened from fire unless the firer is adjacent', () => {
    const behindBrush = west(moi, { 'w-lb-1': down('2503'), 'e-pk-1': up('2505') })
    expect(fireActions(moi, behindBrush)).toEqual([])
    expect(refusal(moi, behindBrush, fire('w-lb-1', 'e-pk-1'))).toEqual({
      message: 'e-pk-1 is screened by the hedge in front of it and cannot be hit from 2 hexes',
      rule: '11.4',
    })
    const behindHedge = west(moi, { 'w-lb-1': down('2805'), 'e-pk-1': up('2807') })
    expect(fireActions(moi, behindHedge)).toEqual([])
    const adjacent = west(moi, { 'w-lb-1': down('2806'), 'e-pk-1': up('2807') })
    expect(fireActions(moi, adjacent)).toEqual([fire('w-lb-1', 'e-pk-1')])
  })
})
