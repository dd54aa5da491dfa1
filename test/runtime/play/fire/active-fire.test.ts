/**
 * Active fire in the move-and-fire phase (Tri-Pack 11.1, 11.2, 14.5, 16.9) on the bundled Men of
 * Iron rules: who may fire and when, range counted to the target's hex, arcs with the hexspine
 * rule, movement points of units that move on after firing.
 */
import { describe, expect, it } from 'vitest'
import { legalActions } from '../../../../src/runtime/play'
import { fireActions, fireScenario, hexAt, inMoveAndFire, play, refusal, terms } from './helpers'

const moi = fireScenario('fire-moi')

describe('11.2 active fire', () => {
  const situation = {
    side: 'west' as const,
    places: {
      'w-lb-1': { hex: '0502', facing: 'SE' },
      'e-pk-1': { hex: '0505', facing: 'NW' },
    },
    dice: [5],
  }

  it('11.2 lists the shot, resolves it on the fire resolution and applies the result', () => {
    const state = inMoveAndFire(moi, situation)
    expect(fireActions(moi, state)).toEqual([{ type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' }])
    const { state: after, entry } = play(moi, state, {
      type: 'fire',
      unit: 'w-lb-1',
      target: 'e-pk-1',
    })
    const record = entry.records[0]
    expect(record?.resolution.id).toBe('fire')
    expect(record?.column?.id).toBe('foot-normal')
    expect(record?.roll).toMatchObject({ natural: 5, modified: 5 })
    expect(record?.codes.map((c) => c.code)).toEqual(['D'])
    expect(after.units['e-pk-1']?.status).toBe('disordered')
    expect(after.flow?.activation?.units['w-lb-1']?.fired).toBe(true)
    expect(after.flow?.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })

  it('11.2 a unit fires once per activation, and firing ends the move of a unit that does not move on', () => {
    const state = inMoveAndFire(moi, situation)
    const { state: after } = play(moi, state, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' })
    expect(fireActions(moi, after)).toEqual([])
    expect(refusal(moi, after, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' })).toEqual({
      message: 'unit w-lb-1 has already fired this activation',
      rule: '11.2',
    })
    expect(
      legalActions(moi, after).filter((a) => a.type === 'move' && a.unit === 'w-lb-1'),
    ).toEqual([])
  })

  it('11.2 only units of the activated command fire, and only at enemy units', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: {
        'w-lb-1': { hex: '0502', facing: 'SE' },
        'w-pk-1': { hex: '0503', facing: 'SE' },
        'e-lb-1': { hex: '0505', facing: 'NW' },
      },
    })
    expect(refusal(moi, state, { type: 'fire', unit: 'e-lb-1', target: 'w-pk-1' }).message).toBe(
      'unit e-lb-1 is not of an activated command',
    )
    expect(refusal(moi, state, { type: 'fire', unit: 'w-lb-1', target: 'w-pk-1' }).message).toBe(
      'unit w-pk-1 is a friend',
    )
    expect(refusal(moi, state, { type: 'fire', unit: 'w-pk-1', target: 'e-lb-1' }).message).toBe(
      'unit w-pk-1 is not a missile unit',
    )
  })

  it('11.1 leaders are never a target', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: {
        'w-lb-1': { hex: '0502', facing: 'SE' },
        'e-leader': { hex: '0504', facing: 'NW' },
      },
    })
    expect(fireActions(moi, state)).toEqual([])
    expect(refusal(moi, state, { type: 'fire', unit: 'w-lb-1', target: 'e-leader' })).toEqual({
      message: 'e-leader is a leader: fire is aimed at units, never at leaders',
      rule: '11.1',
    })
  })

  it('14.5 a Retired unit may not fire; 16.9 Engaged units neither fire nor are fired at', () => {
    const retired = inMoveAndFire(moi, {
      ...situation,
      places: { ...situation.places, 'w-lb-1': { hex: '0502', facing: 'SE', status: 'retired' } },
    })
    expect(refusal(moi, retired, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' }).message).toBe(
      'unit w-lb-1 is retired and may not fire',
    )
    const engagedFirer = inMoveAndFire(moi, {
      ...situation,
      places: {
        ...situation.places,
        'w-lb-1': { hex: '0502', facing: 'SE', markers: { engaged: 1 } },
      },
    })
    expect(fireActions(moi, engagedFirer)).toEqual([])
    const engagedTarget = inMoveAndFire(moi, {
      ...situation,
      places: {
        ...situation.places,
        'e-pk-1': { hex: '0505', facing: 'NW', markers: { engaged: 1 } },
      },
    })
    expect(fireActions(moi, engagedTarget)).toEqual([])
    expect(
      refusal(moi, engagedTarget, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' }).message,
    ).toBe('unit e-pk-1 is engaged and may not be fired at')
  })
})

describe('11.1 range', () => {
  it('11.1 counts the target hex and not the firer’s: next door is range 1 on the chart', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: { 'w-lb-1': { hex: '0502', facing: 'SE' }, 'e-pk-1': { hex: '0503', facing: 'NW' } },
      dice: [0],
    })
    const { entry } = play(moi, state, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' })
    // The Men of Iron longbow chart: +2 at 1 hex.
    expect(terms(entry)).toEqual([['range', 2]])
  })

  it('11.1 a weapon reaches as far as the last band of its chart, and no further', () => {
    const place = (hex: string) =>
      inMoveAndFire(moi, {
        side: 'west',
        places: { 'w-lb-1': { hex: '0502', facing: 'SE' }, 'e-pk-1': { hex, facing: 'NW' } },
      })
    expect(fireActions(moi, place('0506'))).toEqual([
      { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' },
    ])
    const far = place('0507')
    expect(fireActions(moi, far)).toEqual([])
    expect(refusal(moi, far, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' })).toEqual({
      message: 'unit e-pk-1 is 5 hexes away, out of range of w-lb-1 (at most 4)',
      rule: '11.1',
    })
  })
})

describe('11.1 arcs', () => {
  // A longbow and a gun facing E (the corner at clock 3): front sides N E and S E, flanks N and
  // S, rear N W and S W.
  const at = '1005'
  function facingEast(target: string, unit = 'w-lb-1') {
    return inMoveAndFire(moi, {
      side: 'west',
      places: { [unit]: { hex: at, facing: 'E' }, 'e-pk-1': { hex: target, facing: 'W' } },
    })
  }
  const shot = (unit = 'w-lb-1') => ({ type: 'fire', unit, target: 'e-pk-1' })

  it('11.1 fires through the frontal and flank hexsides, not the rear', () => {
    expect(fireActions(moi, facingEast(hexAt(moi, at, 2, 2)))).toEqual([shot()])
    expect(fireActions(moi, facingEast(hexAt(moi, at, 0, 2)))).toEqual([shot()])
    expect(fireActions(moi, facingEast(hexAt(moi, at, 6, 1)))).toEqual([shot()])
    const rear = facingEast(hexAt(moi, at, 8, 2))
    expect(fireActions(moi, rear)).toEqual([])
    expect(refusal(moi, rear, shot())).toEqual({
      message:
        'unit e-pk-1 is in the rear arc of w-lb-1, which fires only through its front, left-flank, right-flank',
      rule: '11.1',
    })
  })

  it('11.1 a unit flagged for frontal fire only fires through its two frontal hexsides', () => {
    expect(fireActions(moi, facingEast(hexAt(moi, at, 2, 2), 'w-bombard-1'))).toEqual([
      shot('w-bombard-1'),
    ])
    const flank = facingEast(hexAt(moi, at, 0, 2), 'w-bombard-1')
    expect(fireActions(moi, flank)).toEqual([])
    expect(refusal(moi, flank, shot('w-bombard-1')).message).toBe(
      'unit e-pk-1 is in the left-flank arc of w-bombard-1, which fires only through its front',
    )
  })

  it('11.1 a line along the flank/front hexspine counts as front, along the flank/rear spine as rear', () => {
    // Corners at clock 1 and 5 lie 60 degrees off the facing, at 7 and 11 they lie 120 degrees off.
    expect(fireActions(moi, facingEast(hexAt(moi, at, 1)))).toEqual([shot()])
    expect(fireActions(moi, facingEast(hexAt(moi, at, 5)))).toEqual([shot()])
    expect(fireActions(moi, facingEast(hexAt(moi, at, 3)))).toEqual([shot()])
    for (const clock of [7, 11, 9]) {
      const state = facingEast(hexAt(moi, at, clock))
      expect(fireActions(moi, state)).toEqual([])
      expect(refusal(moi, state, shot()).message).toContain('is in the rear arc of w-lb-1')
    }
  })
})

describe('11.2 units that move on after firing', () => {
  // Genitors: move-fire-move, javelins reaching 2 hexes.
  function genitors(spent: number, enemyHex: string) {
    return inMoveAndFire(moi, {
      side: 'west',
      places: {
        'w-ge-1': { hex: '1005', facing: 'E' },
        'e-pk-1': { hex: enemyHex, facing: 'W' },
      },
      spent: { 'w-ge-1': spent },
      dice: [0],
    })
  }

  it('11.2 firing costs 1 MP next to an enemy and nothing otherwise, and the unit may move on', () => {
    const next = genitors(3, hexAt(moi, '1005', 2))
    const { state: afterNext, entry } = play(moi, next, {
      type: 'fire',
      unit: 'w-ge-1',
      target: 'e-pk-1',
    })
    expect(entry.text).toBe('w-ge-1 fires at e-pk-1 (range 1) for 1 movement point')
    expect(afterNext.flow?.activation?.units['w-ge-1']?.mp).toBe(4)
    const away = genitors(3, hexAt(moi, '1005', 2, 2))
    const { state: afterAway } = play(moi, away, { type: 'fire', unit: 'w-ge-1', target: 'e-pk-1' })
    expect(afterAway.flow?.activation?.units['w-ge-1']?.mp).toBe(3)
    expect(legalActions(moi, afterAway).some((a) => a.type === 'move' && a.unit === 'w-ge-1')).toBe(
      true,
    )
  })

  it('11.2 a unit without the movement point left may not fire next to an enemy', () => {
    const spent = genitors(8, hexAt(moi, '1005', 2))
    expect(fireActions(moi, spent)).toEqual([])
    expect(refusal(moi, spent, { type: 'fire', unit: 'w-ge-1', target: 'e-pk-1' })).toEqual({
      message: 'unit w-ge-1 needs 1 movement point to fire here and has 0 left',
      rule: '11.2',
    })
    expect(fireActions(moi, genitors(8, hexAt(moi, '1005', 2, 2)))).toEqual([
      { type: 'fire', unit: 'w-ge-1', target: 'e-pk-1' },
    ])
  })
})
