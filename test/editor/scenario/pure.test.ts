import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Scenario } from '../../../src/runtime/generated/content-types'
import { applyValueEdits } from '../../../src/editor/workspace/json-edit'
import {
  facingDegrees,
  facingNames,
  rotateFacing,
} from '../../../src/editor/scenario/facing-rotation'
import { newUnitId, newUnitName, slug, uniqueId } from '../../../src/editor/scenario/ids'
import {
  addUnitEdits,
  deleteCommandEdits,
  deleteUnitEdits,
  findUnit,
  moveUnitEdits,
  unitsAt,
  updateUnitEdits,
} from '../../../src/editor/scenario/placement-edits'
import {
  arrivalEdits,
  setEntryRegionEdits,
  toggleEntryHexEdits,
} from '../../../src/editor/scenario/side-edits'

const text = readFileSync(
  join(__dirname, '../../../content/scenarios/sample-skirmish.json'),
  'utf8',
)
const sample = (): Scenario => JSON.parse(text) as Scenario
const apply = (edits: Parameters<typeof applyValueEdits>[1], from = text) =>
  JSON.parse(applyValueEdits(from, edits)) as Scenario

describe('ids for new things', () => {
  it('makes kebab-case ids and numbers past the taken ones', () => {
    expect(slug('  Left Wing! (2nd) ')).toBe('left-wing-2nd')
    expect(slug('Écuyers')).toBe('ecuyers')
    expect(slug('***')).toBe('item')
    expect(uniqueId('a', new Set(['a', 'a-2']))).toBe('a-3')
    expect(uniqueId('b', new Set(['a']))).toBe('b')
  })

  it('numbers a new unit past every unit id of the scenario, reinforcements included', () => {
    const s = sample()
    expect(newUnitId(s, 'franks', 'kn')).toBe('franks-kn-4')
    // emir-lc-a-3 and -4 wait in a reinforcement group.
    expect(newUnitId(s, 'emir', 'lc-a')).toBe('emir-lc-a-5')
    expect(newUnitId(s, 'franks', 'hc')).toBe('franks-hc-1')
  })

  it('names a new unit after its type, numbered within its side', () => {
    const s = sample()
    expect(newUnitName(s, 0, 'Knights')).toBe('Knights 4')
    expect(newUnitName(s, 1, 'Light Cavalry Archers')).toBe('Light Cavalry Archers 5')
    expect(newUnitName(s, 1, 'Knights')).toBe('Knights 1')
  })
})

describe('placement edits', () => {
  it('adds a unit at the end of its side, leaving the rest of the text alone', () => {
    const unit = {
      id: 'franks-kn-4',
      type: 'kn',
      name: 'Knights 4',
      hex: '0203',
      facing: 'E' as const,
    }
    const edits = addUnitEdits(0, unit)
    expect(edits).toEqual([{ pointer: '/sides/0/units/-', value: unit }])
    const after = apply(edits)
    expect(after.sides[0]!.units.at(-1)).toEqual(unit)
    expect(after.sides[0]!.units).toHaveLength(sample().sides[0]!.units.length + 1)
    expect(after.sides[1]).toEqual(sample().sides[1])
  })

  it('finds units on the map and in reinforcement groups', () => {
    const s = sample()
    expect(findUnit(s, 'franks-kn-2')).toMatchObject({
      side: 0,
      index: 2,
      pointer: '/sides/0/units/2',
    })
    expect(findUnit(s, 'emir-lc-a-4')).toMatchObject({
      side: 1,
      reinforcement: 0,
      pointer: '/sides/1/reinforcements/0/units/1',
    })
    expect(findUnit(s, 'nobody')).toBeUndefined()
    expect(unitsAt(s, '0405')).toEqual(['count-aymar', 'franks-kn-1'])
  })

  it('moves a unit by rewriting its hex only, and not a unit waiting off the map', () => {
    const s = sample()
    expect(moveUnitEdits(s, 'franks-kn-2', '0303')).toEqual([
      { pointer: '/sides/0/units/2/hex', value: '0303' },
    ])
    expect(moveUnitEdits(s, 'franks-kn-2', '0404')).toEqual([])
    expect(moveUnitEdits(s, 'emir-lc-a-3', '0303')).toEqual([])
    expect(apply(moveUnitEdits(s, 'franks-kn-2', '0303')).sides[0]!.units[2]!.hex).toBe('0303')
  })

  it('sets and clears unit fields, skipping unchanged ones', () => {
    const s = sample()
    expect(updateUnitEdits(s, 'franks-kn-1', { facing: 'E', name: 'Knights 1' })).toEqual([])
    const edits = updateUnitEdits(s, 'franks-kn-1', { facing: 'SE', command: undefined })
    const u = apply(edits).sides[0]!.units[1]!
    expect(u.facing).toBe('SE')
    expect(u.command).toBeUndefined()
  })

  it('deleting a leader leaves his command leaderless and his side without commander', () => {
    const s = sample()
    const after = apply(deleteUnitEdits(s, 'count-aymar'))
    expect(findUnit(after, 'count-aymar')).toBeUndefined()
    expect(after.sides[0]!.commander).toBeUndefined()
    expect(after.sides[0]!.commands![0]!.leader).toBeUndefined()
    expect(after.sides[0]!.commands![1]!.leader).toBe('odo-of-lys')
    expect(after.sides[0]!.units).toHaveLength(s.sides[0]!.units.length - 1)
  })

  it('deleting a command clears it from its units and reinforcement groups', () => {
    const s = sample()
    const after = apply(deleteCommandEdits(s, 1, 0))
    expect(after.sides[1]!.commands!.map((c) => c.id)).toEqual(['village-foot'])
    expect(after.sides[1]!.units.filter((u) => u.command === 'emir-horse')).toEqual([])
    expect(after.sides[1]!.reinforcements![0]!.command).toBeUndefined()
    expect(after.sides[1]!.reinforcements![0]!.units[0]!.command).toBeUndefined()
    expect(after.sides[0]).toEqual(s.sides[0])
  })
})

describe('facing on the direction list', () => {
  it('names corners or sides by map orientation and facing mode', () => {
    expect(facingNames('vertex', 'flat')).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW'])
    expect(facingNames('hexside', 'flat')).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW'])
    expect(facingNames('vertex', 'pointy')).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW'])
    expect(facingNames('hexside', 'pointy')).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW'])
    expect(facingNames('none', 'flat')).toEqual([])
  })

  it('rotates clockwise and back, wrapping around', () => {
    const names = facingNames('vertex', 'flat')
    expect(rotateFacing('E', names, 1)).toBe('SE')
    expect(rotateFacing('NW', names, 1)).toBe('NE')
    expect(rotateFacing('NE', names, -1)).toBe('NW')
    expect(rotateFacing('E', names, 6)).toBe('E')
    expect(rotateFacing('E', names, -7)).toBe('NE')
    // No facing yet, or one this map cannot show: start from the first.
    expect(rotateFacing(undefined, names, 1)).toBe('NE')
    expect(rotateFacing('N', names, 1)).toBe('NE')
    expect(rotateFacing('E', [], 1)).toBeUndefined()
  })

  it('turns the counter by the clock position of the facing', () => {
    expect(facingDegrees('E', 'vertex', 'flat')).toBe(90)
    expect(facingDegrees('NE', 'vertex', 'flat')).toBe(30)
    expect(facingDegrees('N', 'hexside', 'flat')).toBe(0)
    expect(facingDegrees('SW', 'hexside', 'flat')).toBe(240)
    expect(facingDegrees('E', 'hexside', 'pointy')).toBe(90)
    expect(facingDegrees('N', 'vertex', 'flat')).toBe(0)
    expect(facingDegrees('E', 'none', 'flat')).toBe(0)
  })
})

describe('reinforcement edits', () => {
  it('toggles entry hexes, removing an entry left empty', () => {
    const s = sample()
    const one = apply(toggleEntryHexEdits(s, 1, 0, '1606'))
    expect(one.sides[1]!.reinforcements![0]!.entry).toEqual({
      region: 'east-road-entry',
      hexes: ['1606'],
    })
    const two = apply(toggleEntryHexEdits(one, 1, 0, '1607'), JSON.stringify(one))
    expect(two.sides[1]!.reinforcements![0]!.entry!.hexes).toEqual(['1606', '1607'])
    const back = apply(toggleEntryHexEdits(two, 1, 0, '1606'), JSON.stringify(two))
    expect(back.sides[1]!.reinforcements![0]!.entry!.hexes).toEqual(['1607'])
    const noRegion = apply(setEntryRegionEdits(back, 1, 0, ''), JSON.stringify(back))
    expect(noRegion.sides[1]!.reinforcements![0]!.entry).toEqual({ hexes: ['1607'] })
    const none = apply(toggleEntryHexEdits(noRegion, 1, 0, '1607'), JSON.stringify(noRegion))
    expect(none.sides[1]!.reinforcements![0]!.entry).toBeUndefined()
  })

  it('replaces the arrival with one kind of condition', () => {
    const a = apply(arrivalEdits(1, 0, 'turn', 3))
    expect(a.sides[1]!.reinforcements![0]!.arrive).toEqual({ turn: 3 })
  })
})
