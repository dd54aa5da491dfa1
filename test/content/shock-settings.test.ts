/**
 * The shock settings of the bundled Men of Iron rulesets (mechanics.shock, the shock phases'
 * params) as each game resolves them: the differences between the three Tri-Pack games and
 * Infidel 1.2 the shock mechanic reads (inventory Part 2 rows 29–46, 54–56, 59).
 */
import { describe, expect, it } from 'vitest'
import { bundledRuleset } from './bundled'

const shock = (id: string) => bundledRuleset(id).ruleset.mechanics?.shock
const phase = (id: string, phaseId: string) =>
  bundledRuleset(id).ruleset.sequence.phases.find((p) => p.id === phaseId)

describe('mechanics.shock of the Men of Iron games', () => {
  it('12.2: evading foot disorders mounted units in Men of Iron and Blood & Roses, never in Infidel', () => {
    expect(shock('men-of-iron')?.retreatBeforeCombat?.disorders).toBe(true)
    expect(shock('blood-and-roses')?.retreatBeforeCombat?.disorders).toBe(true)
    expect(shock('infidel')?.retreatBeforeCombat?.disorders).toBe(false)
    expect(shock('infidel-v1-2')?.retreatBeforeCombat?.disorders).toBe(false)
    // The light cavalry evasion tables belong to Infidel alone.
    expect(shock('men-of-iron')?.retreatBeforeCombat?.evasionRoll).toBeUndefined()
    expect(shock('infidel')?.retreatBeforeCombat?.evasionRoll?.resolution).toBe(
      'lc-retreat-before-shock',
    )
  })

  it('13.5: no charge reluctance in Blood & Roses', () => {
    expect(shock('blood-and-roses')?.reluctance).toBeUndefined()
    expect(shock('men-of-iron')?.reluctance?.resolution).toBe('charge-reluctance')
    expect(shock('infidel')?.reluctance?.resolution).toBe('charge-reluctance')
  })

  it('Infidel 1.2 against the Tri-Pack (Part 2 rows 29, 33, 37, 38, 42, 43, 45, 46; Q4)', () => {
    const tri = shock('infidel')
    const old = shock('infidel-v1-2')
    expect([tri?.attack?.oncePerDefender, old?.attack?.oncePerDefender]).toEqual([true, false])
    expect([tri?.charge?.barredWhenNextToEnemyAt, old?.charge?.barredWhenNextToEnemyAt]).toEqual([
      ['activation-start', 'shock-phase-start'],
      ['activation-start'],
    ])
    expect([tri?.charge?.pathAvoids, old?.charge?.pathAvoids]).toEqual([
      'enemy-adjacent',
      'enemy-influence',
    ])
    expect([
      tri?.retreatBeforeCombat?.notIntoEnemyInfluence,
      old?.retreatBeforeCombat?.notIntoEnemyInfluence,
    ]).toEqual([false, true])
    expect([
      tri?.retreatBeforeCombat?.advancerMayTurn,
      old?.retreatBeforeCombat?.advancerMayTurn,
    ]).toEqual([true, false])
    expect(tri?.counterCharge?.throughSectors).toEqual(['front', 'left-flank', 'right-flank'])
    expect(old?.counterCharge?.throughSectors).toBeUndefined()
    expect(old?.counterCharge?.vsFire?.throughSectors).toEqual([
      'front',
      'left-flank',
      'right-flank',
    ])
    expect([tri?.counterCharge?.barredByStart, old?.counterCharge?.barredByStart]).toEqual([
      'still-next-to-start-enemy',
      'started-under-influence',
    ])
    expect([tri?.counterCharge?.vsChargeConverts, old?.counterCharge?.vsChargeConverts]).toEqual([
      'all-chargers',
      'countered',
    ])
    expect([
      tri?.counterCharge?.vsFire?.mandatoryAutomatic,
      old?.counterCharge?.vsFire?.mandatoryAutomatic,
    ]).toEqual([true, false])
    expect([tri?.counterCharge?.vsFire?.reach, old?.counterCharge?.vsFire?.reach]).toEqual([
      'movement-allowance',
      'charge-distance',
    ])
  })

  it('12.3 step 2b: the terrain disorder checks are a step of the Tri-Pack only (Part 2 row 59)', () => {
    expect(phase('infidel', 'shock')?.params).toEqual({
      resolution: 'shock',
      steps: [
        'declare',
        'place-chargers',
        'terrain-disorder',
        'reluctance',
        'retreat-before-combat',
        'counter-charge',
        'resolve',
      ],
    })
    expect((phase('infidel-v1-2', 'shock')?.params as { steps: string[] }).steps).not.toContain(
      'terrain-disorder',
    )
    // 14.7: continued attacks declare, may be evaded, and are resolved; no charge, no counter-charge.
    expect(phase('men-of-iron', 'continued-attack')?.params).toEqual({
      resolution: 'shock',
      steps: ['declare', 'retreat-before-combat', 'resolve'],
    })
    expect(phase('men-of-iron', 'continued-attack')?.reactions?.map((r) => r.id)).toEqual([
      'retreat-before-combat',
    ])
  })

  it('the loose parameters the settings replace are gone', () => {
    for (const id of ['men-of-iron', 'infidel', 'infidel-v1-2', 'blood-and-roses']) {
      const params = bundledRuleset(id).ruleset.parameters ?? {}
      for (const key of [
        'chargeDistance',
        'chargeTableShare',
        'counterChargeVsFireReach',
        'retreatBeforeCombatDisorders',
        'retreatBeforeCombatAdvancerMayTurn',
        'knightCounterChargeVsFireAutomatic',
        'continuedAttackOverridesRetreat',
        'defenderRetreatsFirst',
        'oncePerDefender',
        'engagedResults',
        'leaderMustFollowCharge',
        'unlimberedArtilleryStacking',
      ])
        expect(Object.keys(params), `${id}: ${key}`).not.toContain(key)
    }
  })
})
