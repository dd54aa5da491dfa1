/**
 * The flight point ledger through results (Tri-Pack 3.0; Infidel 1.2 3.0): a retired unit counts
 * 1; eliminated later, it adds its value minus the 1 already counted (TC-001-01, TC-001-02,
 * TC-004-01, TC-004-02). And the Blood & Roses owner's choice "Disordered or Retreat" (16.9, Q30).
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { GameState } from '../../../../src/runtime/state'
import {
  applyCodes,
  arrange,
  asking,
  at,
  carryOut,
  field,
  fp,
  hexesOf,
  legal,
  play,
} from './harness'

const infidel = field()
const bnr = field([], 'results-field-bnr')

/** Fire retires the target, its owner places it, then fire eliminates it: the ledger each time. */
function retiredThenEliminated(
  loaded: LoadedScenario,
  target: string,
  firer: string,
  side: string,
): number[] {
  const state = arrange(loaded, { [target]: ['0505', 'W'], [firer]: ['0305', 'E'] })
  const retired = carryOut(loaded, state, (run) =>
    applyCodes(run, ['RT'], [firer], [target], 'fire-results'),
  ).state
  expect(retired.units[target]?.status).toBe('retired')
  const placed: GameState =
    asking(retired) === 'none'
      ? retired
      : play(loaded, retired, legal(loaded, retired)[0] as never).state
  const first = fp(placed, side)
  const gone = carryOut(loaded, placed, (run) =>
    applyCodes(run, ['E'], [firer], [target], 'fire-results'),
  ).state
  expect(gone.units[target]?.status).toBe('eliminated')
  return [first, fp(gone, side) - first]
}

describe('3.0 flight points of retired units later eliminated', () => {
  it('TC-001-01: a retired heavy cavalry unit counts 1, then 2 more when eliminated (3 in all)', () => {
    expect(retiredThenEliminated(infidel, 'hc-1', 'a-1', 'saracens')).toEqual([1, 2])
  })

  it('TC-001-02: a retired pike unit counts 1, then nothing more', () => {
    expect(retiredThenEliminated(infidel, 'pk-s1', 'a-1', 'saracens')).toEqual([1, 0])
  })

  it('TC-004-01: a retired light cavalry archer unit counts 1, then 1 more', () => {
    expect(retiredThenEliminated(infidel, 'lc-1', 'a-1', 'saracens')).toEqual([1, 1])
  })

  it('TC-004-02 (Blood & Roses): a retired handgun unit counts 1, then nothing more', () => {
    expect(retiredThenEliminated(bnr, 'hg-1', 'inf-1', 'lancaster')).toEqual([1, 0])
  })
})

describe('16.9 Blood & Roses: Disordered or Retreat, the defender chooses', () => {
  function ddr() {
    const state = arrange(bnr, { 'inf-l1': ['0505', 'W'], henry: '0505', 'mm-1': ['0605', 'NW'] })
    return carryOut(bnr, state, (run) => applyCodes(run, ['DDR'], ['mm-1'], ['inf-l1']), {
      dice: [0],
    }).state
  }

  it('16.9 the defender is asked, with both options listed', () => {
    const state = ddr()
    expect(asking(state)).toBe('lancaster:choice')
    expect(legal(bnr, state)).toEqual([
      { type: 'choose', option: 'disordered' },
      { type: 'choose', option: 'retreat' },
    ])
  })

  it('16.9 "disordered": the unit is Disordered and its leader checks', () => {
    const after = play(bnr, ddr(), { type: 'choose', option: 'disordered' })
    expect(after.state.units['inf-l1']?.status).toBe('disordered')
    expect(after.records.map((r) => r.resolution.id)).toEqual(['leader-casualty-shock'])
    expect(asking(after.state)).toBe('none')
  })

  it('16.9 "retreat": the unit retreats away from the attacker, and the attacker advances', () => {
    const chosen = play(bnr, ddr(), { type: 'choose', option: 'retreat' }).state
    expect(asking(chosen)).toBe('lancaster:retreat')
    expect(hexesOf(legal(bnr, chosen))).toEqual(['0404', '0405', '0504'])
    const retreated = play(bnr, chosen, { type: 'retreat', unit: 'inf-l1', hex: '0504', facing: 9 })
    expect(at(retreated.state, 'henry')).toBe('0504')
    expect(asking(retreated.state)).toBe('york:advance')
  })
})
