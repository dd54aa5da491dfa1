/**
 * The shock and charge modifiers of the Men of Iron games (inventory T7, "Possible DRMs for
 * Shock or Charge"): every DRM of 004 12.3 (and 13.8, 6.3) read from the bundled modifier lists
 * in a described situation, with the values the text prints and the boundary cases DT-15 to
 * DT-18 of /work/shared/rules/men-of-iron.md §4.3.
 */
import { describe, expect, it } from 'vitest'
import { resolveWithRoll } from '../../src/runtime/rules'
import type { UnitSpec } from './bundled'
import { appliedTerms, attackVariables, bundledRuleset, participant } from './bundled'

const GAMES = ['infidel', 'men-of-iron', 'blood-and-roses'] as const

describe('T7 shock and charge modifiers (12.3-1 to 12.3-9, 13.8, 6.3)', () => {
  const spec = (id: string, type: string, extra: Partial<UnitSpec> = {}): UnitSpec => ({
    id,
    type,
    status: 'normal',
    side: 'a',
    command: 'c',
    ...extra,
  })
  function drms(game: string, attackers: UnitSpec[], defender: UnitSpec, extra = {}) {
    const rules = bundledRuleset(game)
    const a = attackers.map((s) => participant(rules, s))
    const d = participant(rules, { ...defender, side: 'd' })
    const variables = attackVariables(a, d, extra)
    // 12.3-1 counts the defenders of the whole declared attack: here the one defender.
    Object.assign(variables.attack as object, { defending: 1 })
    const record = resolveWithRoll(rules, 'shock', variables, [5])
    expect(record.status, record.message).toBe('resolved')
    return Object.fromEntries(appliedTerms(record.rollModifiers?.terms).filter(([, v]) => v !== 0))
  }
  const pk = spec('pk', 'pk')

  it('12.3-2A angle of attack: flank +2, rear +3, two sides +4, both rear hexes +3 (DT-15 to DT-17b)', () => {
    const angle = (...angles: string[]) =>
      drms(
        'infidel',
        angles.map((a, i) => spec(`ma${i}`, 'ma', { angle: a })),
        pk,
      )
    expect(angle('left-flank')['angle-flank']).toBe(2)
    expect(angle('rear')['angle-rear']).toBe(3)
    expect(angle('front', 'left-flank')['angle-several-sides']).toBe(4)
    expect(angle('front', 'left-flank')['angle-flank']).toBeUndefined()
    expect(angle('left-flank', 'right-flank')['angle-several-sides']).toBe(4)
    expect(angle('rear', 'rear')).toMatchObject({ 'angle-rear': 3, strength: 1 })
  })

  it('12.3-1, 12.3-6, 12.3-7, 12.3-8, 13.8, 6.3: strength, Disordered −2, moved charger −1, Retired +2, CA −n, counter-charged −2, Into the Breach +1', () => {
    const found = drms(
      'infidel',
      [spec('kn', 'kn', { status: 'disordered', charging: true, moved: true }), spec('ma', 'ma')],
      { ...pk, status: 'retired' },
      { continued: 2, counterChargedVsShock: true, bonus: 1 },
    )
    expect(found).toMatchObject({
      strength: 1,
      'disordered-attacker': -2,
      'charger-moved': -1,
      'retired-defender': 2,
      'continued-attack': -2,
      'counter-charged': -2,
      'into-the-breach': 1,
    })
  })

  it('12.3-4: charisma once, the highest (004 5.2 Edward IV +2); Infidel knights with their leader +1; Men of Iron charging MM with a leader +1', () => {
    const leader = (charisma: number, command = 'c') => ({
      command,
      flags: { commander: false },
      ratings: { charisma },
    })
    const bnr = drms('blood-and-roses', [spec('mm', 'mm', { leaders: [leader(2), leader(1)] })], {
      ...spec('inf', 'inf'),
    })
    expect(bnr['leader-charisma']).toBe(2)
    expect(drms('infidel', [spec('kn', 'kn', { leaders: [leader(0)] })], pk)['knight-leader']).toBe(
      1,
    )
    expect(
      drms('infidel', [spec('kn', 'kn', { leaders: [leader(0, 'other')] })], pk)['knight-leader'],
    ).toBeUndefined()
    const moi = drms(
      'men-of-iron',
      [spec('mm', 'mm', { charging: true, leaders: [leader(0)] })],
      spec('ax', 'ax'),
    )
    expect(moi['men-at-arms-leader']).toBe(1)
  })

  it('12.3-9 (Men of Iron): attacking a Shield Wall through its front −1', () => {
    const found = drms('men-of-iron', [spec('ax', 'ax')], {
      ...spec('pk', 'pk'),
      markers: { 'shield-wall': 1 },
    })
    expect(found['shield-wall']).toBe(-1)
  })

  it('every shock and fire term names its rule section', () => {
    for (const game of [...GAMES, 'infidel-v1-2']) {
      const rules = bundledRuleset(game)
      for (const list of rules.modifierLists.values())
        for (const term of list.terms) expect(term.rule, `${list.id} ${term.id}`).toBeTruthy()
    }
  })
})
