import { describe, expect, it } from 'vitest'
import { newMapProblem, newMapText, type NewMapChoices } from '../../../src/editor/map/new-map'
import { checkFile } from '../../../src/runtime/content'

const choices: NewMapChoices = {
  id: 'river-crossing',
  name: 'River crossing',
  ruleset: 'men-of-iron-system',
  defaultTerrain: 'clear',
  columns: 20,
  rows: 15,
  orientation: 'flat',
  offset: 'odd',
  scheme: 'numeric',
  firstColumn: 1,
  firstRow: 1,
}

describe('a new map', () => {
  it('is a valid map file numbered CCRR from 0101', () => {
    const text = newMapText(choices)
    const { problems } = checkFile({ path: 'content/maps/river-crossing.json', text })
    expect(problems).toEqual([])
    expect(JSON.parse(text).grid).toEqual({
      orientation: 'flat',
      offset: 'odd',
      columns: 20,
      rows: 15,
      numbering: { scheme: 'numeric', columnDigits: 2, rowDigits: 2, firstColumn: 1, firstRow: 1 },
    })
  })

  it('widens the numbers for big maps and supports letter columns', () => {
    const big = JSON.parse(newMapText({ ...choices, columns: 120, rows: 8 }))
    expect(big.grid.numbering).toMatchObject({ columnDigits: 3, rowDigits: 2 })
    const letters = JSON.parse(
      newMapText({ ...choices, scheme: 'letter-row', orientation: 'pointy' }),
    )
    expect(letters.grid.numbering).toEqual({ scheme: 'letter-row', firstRow: 1 })
  })

  it('explains what is wrong with the choices', () => {
    const none = () => false
    expect(newMapProblem(choices, none)).toBeNull()
    expect(newMapProblem({ ...choices, id: 'River Crossing' }, none)).toMatch(/lower-case/)
    expect(newMapProblem(choices, (id) => id === 'river-crossing')).toMatch(/already/)
    expect(newMapProblem({ ...choices, columns: 0 }, none)).toMatch(/columns/)
    expect(newMapProblem({ ...choices, ruleset: '' }, none)).toMatch(/ruleset/)
  })
})
