/**
 * readsOnlyWhatUnitIs: the stacking rule's `counts` (10.0: leaders do not count) is kept per
 * unit and type only when the expression reads nothing that changes during a game.
 */
import { describe, expect, it } from 'vitest'
import { readsOnlyWhatUnitIs } from '../../../src/runtime/state/unit-constant'

describe('readsOnlyWhatUnitIs', () => {
  it.each([
    '!unit.isLeader',
    "unit.type == 'kn'",
    'unit.flags.mounted && !unit.isLeader',
    "'bow' in unit.weapons",
    "unit.side != 'a' ? unit.flags.x : false",
    "unit.flags['x']",
    'true',
  ])('%s reads only what the unit is', (expr) => {
    expect(readsOnlyWhatUnitIs(expr)).toBe(true)
  })

  it.each([
    // How the unit stands, or anything outside it, may change from one action to the next.
    "unit.status != 'dead'",
    'unit.markers.disordered > 0',
    'unit.ratings.movement > 3',
    'unit.hex.terrain == "woods"',
    'size(unit.leaders) > 0',
    'game.turn > 2',
    'options.engaged',
    'unit',
    'unit.flags[unit.status]',
    'unit.weapons.exists(w, w == "bow")',
    'size(unit.weapons) > 0',
    // Not an expression at all: never kept.
    '!(',
  ])('%s may change during a game', (expr) => {
    expect(readsOnlyWhatUnitIs(expr)).toBe(false)
  })
})
