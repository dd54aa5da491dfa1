/**
 * 13.0 Charging: a charge is a shock attack against exactly one unit (an exception to 12.1, by
 * which a shock takes in every enemy unit in the attacker's front), read on the Charge table
 * instead of the Shock table. Played on the bundled Infidel sample skirmish through the shock
 * mechanic: one Frankish knight charges a pike unit two hexes off while another, with two
 * Saracen horse units in its front, shocks.
 */
import { describe, expect, it } from 'vitest'
import type { ResolutionRecord } from '../../src/runtime/rules'
import { Game, scenario, start } from '../runtime/play/extras/helpers'

const loaded = scenario('sample-skirmish')
/** Seven seizure counters drawn at setup, then every roll a 5. */
const DICE = [0, 0, 0, 0, 0, 0, 0, ...Array<number>(12).fill(5)]

function atShock(): Game {
  const game = new Game(
    loaded,
    start(loaded, DICE, {
      // The charger, with 0503 between it and its target.
      'franks-kn-1': { hex: '0403', facing: 3 },
      'garrison-pk-1': { hex: '0603', facing: 9 },
      // The shocker, with two enemy units in its frontal hexes.
      'franks-kn-3': { hex: '0406', facing: 3 },
      'emir-mc-1': { hex: '0506', facing: 9 },
      'emir-mc-2': { hex: '0507', facing: 9 },
      'franks-kn-2': { hex: '0201' },
      'count-aymar': { hex: '0301' },
      'sarim-the-elder': { hex: '1106' },
    }),
  )
  game.play({ type: 'activate', kind: 'battle', command: 'franks-horse' })
  return game.until('shock-declaration')
}

describe('13.0 a charge is a shock against exactly one unit, on the charge table', () => {
  it('13.0 every charge the rules allow names one defender; a shock takes in its whole front (12.1)', () => {
    const game = atShock()
    const declarations = game.legal().filter((a) => a.type === 'declare')
    const charges = declarations.filter((a) => a.charge === true)
    expect(charges.length).toBeGreaterThan(0)
    for (const charge of charges) expect(charge.defenders).toHaveLength(1)
    expect(declarations).toContainEqual({
      type: 'declare',
      attackers: ['franks-kn-3'],
      defenders: ['emir-mc-1', 'emir-mc-2'],
    })
    expect(
      game.refusal({
        type: 'declare',
        attackers: ['franks-kn-1'],
        defenders: ['emir-mc-1', 'emir-mc-2'],
        charge: true,
      }).message,
    ).toBe('a charge targets exactly one unit')
    // The shock must take in both units in front; a charge singles out one (13.0's exception).
    game.play({ type: 'declare', attackers: ['franks-kn-3'], defenders: ['emir-mc-1'] })
    expect(game.refusal({ type: 'declare-done' }).message).toContain(
      'franks-kn-3 attacks, so it must also attack emir-mc-2',
    )
  })

  it('13.0 the charge is rolled once on the Charge table, the shock once per defending hex on the Shock table', () => {
    const game = atShock()
    game.play({
      type: 'declare',
      attackers: ['franks-kn-1'],
      defenders: ['garrison-pk-1'],
      charge: true,
      paths: { 'franks-kn-1': ['0503'] },
    })
    game.play({
      type: 'declare',
      attackers: ['franks-kn-3'],
      defenders: ['emir-mc-1', 'emir-mc-2'],
    })
    game.play({ type: 'declare-done' })
    // The charger was set down next to its one target.
    expect(game.unit('franks-kn-1').hex).toBe('0503')
    game.play({ type: 'resolve-attack', index: 0 })
    // The results that follow (the pike's retirement, the knight's advance) take the first choice.
    for (let i = 0; i < 6 && game.prompt?.kind !== 'continuation'; i++) {
      const next = game.legal()[0]
      if (next === undefined) break
      game.play(next)
    }
    const shocks = game.entries
      .flatMap((e) => e.records)
      .filter((r: ResolutionRecord) => r.resolution.id === 'shock')
    expect(shocks.map((r) => r.table?.id)).toEqual([
      'inf-charge-crt',
      'inf-shock-crt',
      'inf-shock-crt',
    ])
  })
})
