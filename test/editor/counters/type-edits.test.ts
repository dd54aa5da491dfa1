import { describe, expect, it } from 'vitest'
import {
  copyOfType,
  flagEdits,
  freshTypeId,
  parseRating,
  ratingEdits,
} from '../../../src/editor/units/type-edits'
import type { UnitSet, UnitType } from '../../../src/runtime/generated/content-types'

const type: UnitType = {
  id: 'a',
  name: 'A',
  class: 'foot',
  ratings: { movement: 4 },
  ratingsByStatus: { disordered: { movement: 3 } },
}
const set: UnitSet = {
  $schema: '../../schemas/unit-set.schema.json',
  id: 's',
  schemaVersion: 1,
  ruleset: 'r',
  name: 'S',
  types: [type, { id: 'a-copy', name: 'A copy', class: 'foot' }],
}

describe('unit type edits', () => {
  it('removes an emptied ratings block instead of leaving {}', () => {
    expect(ratingEdits(0, type, 'movement', undefined)).toEqual([
      { pointer: '/types/0/ratings', value: undefined },
    ])
    expect(ratingEdits(0, type, 'movement', undefined, 'disordered')).toEqual([
      { pointer: '/types/0/ratingsByStatus', value: undefined },
    ])
    expect(ratingEdits(0, type, 'shockDefense', 1, 'disordered')).toEqual([
      { pointer: '/types/0/ratingsByStatus/disordered/shockDefense', value: 1 },
    ])
    expect(ratingEdits(0, type, 'movement', 4)).toEqual([])
  })

  it('turns class flags off through withoutFlags and others through flags', () => {
    const cls = { id: 'foot', label: 'Foot', flags: ['foot'] }
    expect(flagEdits(0, type, cls, 'foot', false)).toEqual([
      { pointer: '/types/0/withoutFlags', value: ['foot'] },
    ])
    expect(flagEdits(0, { ...type, withoutFlags: ['foot'] }, cls, 'foot', true)).toEqual([
      { pointer: '/types/0/withoutFlags', value: undefined },
    ])
    expect(flagEdits(0, type, cls, 'missile', true)).toEqual([
      { pointer: '/types/0/flags', value: ['missile'] },
    ])
  })

  it('reads typed rating values and refuses the rest', () => {
    expect(parseRating('−2', 'number')).toBe(-2)
    expect(parseRating('x', 'number')).toBeNull()
    expect(parseRating('', 'number')).toBeUndefined()
    expect(parseRating('true', 'boolean')).toBe(true)
    expect(parseRating('c', 'string', ['a', 'b'])).toBeNull()
  })

  it('makes fresh ids for copies', () => {
    expect(freshTypeId(set, 'a-copy')).toBe('a-copy-2')
    expect(copyOfType(set, type)).toMatchObject({ id: 'a-copy-2', ratings: { movement: 4 } })
  })
})
