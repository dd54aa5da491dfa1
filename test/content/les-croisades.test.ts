/**
 * Les Croisades constants as data: morale thresholds (7.4), melee and pursuit multipliers (7.2,
 * 7.6) and the battle constants, with the pass chances of a morale test worked out from the
 * content by counting every 2d6 throw.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type {
  CheckResolution,
  ModifierList,
  RulesetManifest,
  UnitSet,
} from '../../src/runtime/generated/content-types'

function content<T>(folder: string, id: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../content/${folder}/${id}.json`, import.meta.url), 'utf8'),
  ) as T
}

const rules = content<RulesetManifest>('rulesets', 'les-croisades')
const units = content<UnitSet>('units', 'les-croisades-units')
interface Params {
  moraleThresholds: Record<string, number>
  battle: { breakOffLossFraction: number; ambushMaxPassages: number }
  lossAllocation: Record<string, unknown>
  discipline: Record<string, number>
}
// Values no mechanic reads yet are kept under reference until issue 15 plays them.
const params = { ...rules.reference, ...rules.parameters } as unknown as Params

/** Number of throws of `count` dice with `sides` faces whose sum passes `compare` against `target`, and how many throws there are. */
function countPasses(
  count: number,
  sides: number,
  compare: string,
  target: number,
): { passes: number; throws: number } {
  let sums = [0]
  for (let d = 0; d < count; d++)
    sums = sums.flatMap((s) => Array.from({ length: sides }, (_, f) => s + f + 1))
  const pass = (sum: number): boolean =>
    compare === '<='
      ? sum <= target
      : compare === '<'
        ? sum < target
        : compare === '>='
          ? sum >= target
          : sum > target
  return { passes: sums.filter(pass).length, throws: sums.length }
}

describe('Les Croisades', () => {
  it('7.4 morale thresholds are as printed (A 5, B 6, C 7, D 8)', () => {
    expect(params.moraleThresholds).toEqual({ A: 5, B: 6, C: 7, D: 8 })
    const morale = rules.ratings?.find((r) => r.key === 'morale')
    expect(morale?.values).toEqual(['A', 'B', 'C', 'D'])
  })

  it('7.4 pass chances on 2d6, counted from the content', () => {
    const test = rules.resolutions?.find((r) => r.id === 'morale-test') as CheckResolution
    expect(test.kind).toBe('check')
    expect(test.compare).toBe('<=')
    const dice = rules.dice.find((d) => d.id === test.dice)!
    expect([dice.count, dice.sides]).toEqual([2, 6])
    const printed: Record<string, number> = { A: 10, B: 15, C: 21, D: 26 }
    for (const [cls, passes] of Object.entries(printed)) {
      // The resolution reads the threshold of the unit's class from the parameters.
      expect(test.target).toContain(`params.moraleThresholds.${cls}`)
      expect(
        countPasses(dice.count, dice.sides, test.compare, params.moraleThresholds[cls]!),
      ).toEqual({ passes, throws: 36 })
    }
  })

  it('7.2 and 7.6 melee and pursuit multipliers by unit class', () => {
    const multipliers = Object.fromEntries(
      (units.classes ?? [])
        .filter((c) => c.ratings?.meleeMultiplier !== undefined)
        .map((c) => [c.id, [c.ratings!.meleeMultiplier, c.ratings!.pursuitMultiplier]]),
    )
    expect(multipliers).toEqual({
      chevaliers: [3, 2],
      'heavy-cavalry': [2, 2],
      'light-cavalry': [2, 3],
      'heavy-infantry': [2, 1],
      infantry: [1, 1],
      missile: [1, 1],
    })
    const cls = (id: string) =>
      (units.classes ?? []).find((c) => c.id === id)!.ratings as Record<string, number>
    // LC-01: heavy infantry of 4 is worth 8 in melee (and pays 8 of a melee loss).
    expect(4 * cls('heavy-infantry').meleeMultiplier!).toBe(8)
    // LC-02: 2 chevalier units of 2, cavalry 4, heavy infantry 4, infantry 4 → 32 in melee.
    const melee =
      2 * 2 * cls('chevaliers').meleeMultiplier! +
      4 * cls('heavy-cavalry').meleeMultiplier! +
      4 * cls('heavy-infantry').meleeMultiplier! +
      4 * cls('infantry').meleeMultiplier!
    expect(melee).toBe(32)
    // LC-03: chevaliers 2, heavy cavalry 4, light cavalry 3 → 21 in pursuit.
    expect(
      2 * cls('chevaliers').pursuitMultiplier! +
        4 * cls('heavy-cavalry').pursuitMultiplier! +
        3 * cls('light-cavalry').pursuitMultiplier!,
    ).toBe(21)
  })

  it('7.2, 7.3, 7.6-7.8 battle constants and modifiers', () => {
    expect(params.battle.breakOffLossFraction).toBe(0.3)
    // LC-16: 9 lost of 30 breaks off, 8 does not.
    expect(9 / 30 >= params.battle.breakOffLossFraction).toBe(true)
    expect(8 / 30 >= params.battle.breakOffLossFraction).toBe(false)
    expect(params.battle.ambushMaxPassages).toBe(2)
    expect(params.lossAllocation.cavalryQuota).toEqual({
      fromLoss: 7,
      numerator: 1,
      denominator: 3,
    })
    expect(params.lossAllocation.chevalierQuota).toEqual({
      fromLoss: 10,
      numerator: 1,
      denominator: 5,
    })
    expect(params.discipline).toMatchObject({ lossTrigger: 5, passMax: 7 })
    const battle = content<ModifierList>('tables', 'les-croisades-battle-drm')
    expect(battle.terms.map((t) => [t.id, t.value])).toEqual([
      ['leader', 'leader.ratings.tactical'],
      ['mountain', -1],
      ['class-a', 1],
    ])
    const ambush = content<ModifierList>('tables', 'les-croisades-ambush-shifts')
    expect(ambush.applies).toBe('column')
    expect(ambush.terms.map((t) => t.value)).toEqual([2, -2])
  })
})
