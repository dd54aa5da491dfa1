/**
 * Revised Cry Havoc infiltration (Croisades Annex D 1.54, as adopted by the later games) run
 * through the rules kernel with the BUNDLED `croisades-tactical-revised` ruleset: its modifier
 * list `croisades-infiltration-revised-drm` for every armour/mount combination of the two
 * characters, and the `infiltration` resolution for the worked examples CH-66 and CH-67.
 * Expected values come from /work/shared/rules/croisades.md (Annex 1.54 row, T-CH-6 revised,
 * Q-CH-10, CH-66/67), never from the JSON.
 *
 * In each roll the attacker is the one adjacent enemy (the challenger) and the defender is the
 * moving character (the infiltrator). Characters are printed per scenario, so they are described
 * here by their bundled class: unarmoured foot, armoured foot, unarmoured and armoured cavalry.
 */
import { describe, expect, it } from 'vitest'
import { resolveModifiers, resolveWithRoll } from '../../src/runtime/rules'
import type { ModifierResult, TermRecord } from '../../src/runtime/rules'
import { appliedTerms, attackVariables, bundledRuleset, codesOf, participant } from './bundled'

const rules = bundledRuleset('croisades-tactical-revised')
const LIST = 'croisades-infiltration-revised-drm'

interface Kit {
  label: string
  unitClass: string
  armoured: boolean
  mounted: boolean
}

const KITS: Kit[] = [
  { label: 'unarmoured on foot', unitClass: 'foot-unarmoured', armoured: false, mounted: false },
  { label: 'armoured on foot', unitClass: 'foot-armoured', armoured: true, mounted: false },
  { label: 'unarmoured rider', unitClass: 'cavalry-unarmoured', armoured: false, mounted: true },
  { label: 'armoured rider', unitClass: 'cavalry-armoured', armoured: true, mounted: true },
]

const character = (id: string, kit: Kit, status = 'healthy') =>
  participant(rules, { id, unitClass: kit.unitClass, status })

/** Annex 1.54: challenger armoured or mounted +1, both +2. */
const challengerText = (kit: Kit): number =>
  kit.armoured && kit.mounted ? 2 : kit.armoured || kit.mounted ? 1 : 0
/** Annex 1.54: infiltrator armoured or mounted −1, both −2. */
const infiltratorText = (kit: Kit): number =>
  kit.armoured && kit.mounted ? -2 : kit.armoured || kit.mounted ? -1 : 0

function ok(result: ModifierResult) {
  if (!result.ok) throw new Error(result.error.message)
  return result
}

/** Applied term values by id (a negated zero must come out as 0, not -0: toEqual tells them apart). */
function termValues(terms: readonly TermRecord[] | undefined): Record<string, number> {
  return Object.fromEntries(appliedTerms(terms))
}

const infiltrationDrm = (
  challenger: Record<string, unknown>,
  infiltrator: Record<string, unknown>,
) => resolveModifiers(rules, [LIST], 'attack', attackVariables([challenger], infiltrator))

describe('revised infiltration modifiers (Annex D 1.54, T-CH-6 revised)', () => {
  it('the bundled character classes are the four armour/mount combinations (A.3, B.1.5)', () => {
    for (const kit of KITS) {
      const flags = character('x', kit).flags as Record<string, boolean>
      expect([flags.armoured, flags.mounted], kit.label).toEqual([kit.armoured, kit.mounted])
    }
  })

  describe.each(KITS)('infiltrator $label', (infiltratorKit) => {
    it.each(KITS)(
      'Annex 1.54 "challenger armoured or mounted +1, both +2; infiltrator armoured or mounted −1, both −2": challenger $label',
      (challengerKit) => {
        const result = infiltrationDrm(
          character('challenger', challengerKit),
          character('mover', infiltratorKit),
        )
        const expected = {
          challenger: challengerText(challengerKit),
          infiltrator: infiltratorText(infiltratorKit),
        }
        expect(termValues(ok(result).terms)).toEqual({
          'challenger-armour-mount': expected.challenger,
          'infiltrator-armour-mount': expected.infiltrator,
        })
        // Neither character is wounded, so neither wound term applies.
        const terms = ok(result).terms
        expect(terms.find((t) => t.id === 'challenger-wounded')).toMatchObject({ applied: false })
        expect(terms.find((t) => t.id === 'infiltrator-wounded')).toMatchObject({ applied: false })
        expect(ok(result).total).toBe(expected.challenger + expected.infiltrator)
      },
    )
  })

  it('Annex 1.54 "challenger ... wounded −2": a wounded unarmoured foot challenger against an unarmoured foot mover', () => {
    const [foot] = KITS as [Kit]
    const result = infiltrationDrm(
      character('challenger', foot, 'wounded'),
      character('mover', foot),
    )
    expect(termValues(ok(result).terms)).toEqual({
      'challenger-armour-mount': 0,
      'challenger-wounded': -2,
      'infiltrator-armour-mount': 0,
    })
    expect(ok(result).total).toBe(-2)
  })

  it('Annex 1.54 "+2 if the challenger is wounded", read as the infiltrator (Q-CH-10): a wounded unarmoured foot mover', () => {
    const [foot] = KITS as [Kit]
    const result = infiltrationDrm(
      character('challenger', foot),
      character('mover', foot, 'wounded'),
    )
    expect(termValues(ok(result).terms)).toEqual({
      'challenger-armour-mount': 0,
      'infiltrator-armour-mount': 0,
      'infiltrator-wounded': 2,
    })
    expect(ok(result).total).toBe(2)
  })

  it('Annex 1.54: every term at once, a wounded armoured rider challenging a wounded armoured rider: +2 −2 −2 +2 = 0', () => {
    const rider = KITS[3] as Kit
    const result = infiltrationDrm(
      character('challenger', rider, 'wounded'),
      character('mover', rider, 'wounded'),
    )
    expect(termValues(ok(result).terms)).toEqual({
      'challenger-armour-mount': 2,
      'challenger-wounded': -2,
      'infiltrator-armour-mount': -2,
      'infiltrator-wounded': 2,
    })
    expect(ok(result).total).toBe(0)
  })
})

describe('revised infiltration rolls (Annex D 1.54: 1d10 per adjacent enemy, 8–9 wounded, 10 killed)', () => {
  const [unarmouredFoot, armouredFoot, , armouredRider] = KITS as [Kit, Kit, Kit, Kit]
  const roll = (challenger: Kit, infiltrator: Kit, face: number) =>
    resolveWithRoll(
      rules,
      'infiltration',
      attackVariables([character('challenger', challenger)], character('mover', infiltrator)),
      [face],
    )

  it('CH-66: unarmoured foot infiltrator, armoured foot challenger, roll 7 + 1 = 8: wounded', () => {
    const record = roll(armouredFoot, unarmouredFoot, 7)
    expect(record.status, record.message).toBe('resolved')
    expect(record.table?.id).toBe('croisades-infiltration-revised')
    expect(record.column?.id).toBe('result')
    expect(record.dice?.natural).toBe(7)
    expect(termValues(record.rollModifiers?.terms)).toEqual({
      'challenger-armour-mount': 1,
      'infiltrator-armour-mount': 0,
    })
    expect(record.roll).toEqual({ natural: 7, modifiers: 1, modified: 8, final: 8 })
    expect(codesOf(record)).toEqual(['W'])
    expect(record.effects).toContainEqual(
      expect.objectContaining({ type: 'status', event: 'wound', who: 'defender' }),
    )
  })

  it('CH-66: the same infiltrator, armoured rider challenger, roll 8 + 2 = 10: killed', () => {
    const record = roll(armouredRider, unarmouredFoot, 8)
    expect(record.status, record.message).toBe('resolved')
    expect(record.dice?.natural).toBe(8)
    expect(termValues(record.rollModifiers?.terms)).toEqual({
      'challenger-armour-mount': 2,
      'infiltrator-armour-mount': 0,
    })
    expect(record.roll).toEqual({ natural: 8, modifiers: 2, modified: 10, final: 10 })
    expect(codesOf(record)).toEqual(['K'])
    expect(record.effects).toContainEqual(
      expect.objectContaining({ type: 'status', event: 'kill', who: 'defender' }),
    )
  })

  it('CH-67: armoured rider infiltrating past one unarmoured foot challenger, roll 9 − 2 = 7: no effect', () => {
    const record = roll(unarmouredFoot, armouredRider, 9)
    expect(record.status, record.message).toBe('resolved')
    expect(record.dice?.natural).toBe(9)
    expect(termValues(record.rollModifiers?.terms)).toEqual({
      'challenger-armour-mount': 0,
      'infiltrator-armour-mount': -2,
    })
    expect(record.roll).toEqual({ natural: 9, modifiers: -2, modified: 7, final: 7 })
    expect(codesOf(record)).toEqual(['-'])
  })
})
