/**
 * What the status graph and the unit types' overrides do to the Men of Iron units, against the
 * rulebooks ([004] Tri-Pack, [001] Infidel 1.2; inventory /work/shared/rules/men-of-iron.md):
 * counter swaps (7.4, 7.6, 14.3), knights that never retire (16.4), flight points scored on the
 * way (3.0, 14.8), artillery (14.2, 14.4 Blood & Roses) and units retreated through (14.4, 14.5).
 */
import { describe, expect, it } from 'vitest'
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import type { Effect } from '../../src/runtime/generated/content-types'
import { applyStatusEvent, effectNumber, ratingsFor } from '../../src/runtime/rules'
import { bundledRuleset } from './bundled'

/** Flight points the status graph adds when `event` hits a unit of `type` in `status`. */
function flightPointsOf(rules: LoadedRuleset, type: string, status: string, event: string) {
  const unit = { type, status, ratings: ratingsFor(rules, type, status), flags: {} }
  const change = applyStatusEvent(rules, unit, event)
  expect(change.error).toBeUndefined()
  const points = change.effects
    .filter((e): e is Extract<Effect, { type: 'track' }> => e.type === 'track')
    .map((e) => {
      const amount = effectNumber(rules, 'unit', e.amount, { unit })
      if (!amount.ok) throw new Error(amount.error.message)
      return amount.value
    })
    .reduce((a, b) => a + b, 0)
  return { status: change.status, points, change }
}

describe('forms and status overrides (7.4, 7.6, 14.3, 16.4, 3.0)', () => {
  it('counter swaps: MM → UH / DM, MH ↔ DH (Men of Iron); MM → UH / DM, limbered guns (Blood & Roses)', () => {
    const forms = (game: string, type: string) =>
      bundledRuleset(game).unitTypes.get(type)?.forms ?? {}
    expect(forms('men-of-iron', 'mm')).toEqual({ unhorsed: 'uh', dismounted: 'dm' })
    expect(forms('men-of-iron', 'mh')).toEqual({ dismounted: 'dh' })
    expect(forms('men-of-iron', 'dh')).toEqual({ mounted: 'mh' })
    expect(forms('blood-and-roses', 'mm')).toEqual({ unhorsed: 'uh', dismounted: 'dm' })
    expect(forms('blood-and-roses', 'art')).toEqual({ limbered: 'art-limbered' })
    expect(forms('blood-and-roses', 'art-limbered')).toEqual({ unlimbered: 'art' })
    // 14.3: unhorsed men-at-arms never remount.
    expect(forms('men-of-iron', 'uh')).toEqual({})
  })

  it.each(['men-of-iron', 'blood-and-roses'])(
    '14.3 (%s): an Unhorsed result swaps mounted men-at-arms for their unhorsed form, Disordered',
    (game) => {
      const rules = bundledRuleset(game)
      const change = applyStatusEvent(rules, { type: 'mm', status: 'normal' }, 'unhorse')
      expect(change.override?.id).toBe('mm')
      expect(change.effects).toContainEqual(
        expect.objectContaining({ type: 'transform', form: 'unhorsed', status: 'disordered' }),
      )
    },
  )

  it.each(['infidel', 'infidel-v1-2'])(
    '16.4 (%s): knights never retire: a Retire result becomes a one-hex retreat, no flight point',
    (game) => {
      const rules = bundledRuleset(game)
      const knight = flightPointsOf(rules, 'kn', 'normal', 'retire')
      expect(knight.status).toBe('normal')
      expect(knight.points).toBe(0)
      expect(knight.change.effects).toContainEqual(
        expect.objectContaining({ type: 'retreat', hexes: 1, who: 'self' }),
      )
      // Heavy cavalry do retire (and score 1, 3.0).
      expect(flightPointsOf(rules, 'hc', 'normal', 'retire')).toMatchObject({
        status: 'retired',
        points: 1,
      })
    },
  )

  it('3.0 examples: a Retired unit later Eliminated adds the difference (TC-001-01/02, TC-004-01/02)', () => {
    const inf = bundledRuleset('infidel')
    const bnr = bundledRuleset('blood-and-roses')
    expect(flightPointsOf(inf, 'hc', 'retired', 'eliminate').points).toBe(2)
    expect(flightPointsOf(inf, 'pk', 'retired', 'eliminate').points).toBe(0)
    expect(flightPointsOf(inf, 'lc-a', 'retired', 'eliminate').points).toBe(1)
    expect(flightPointsOf(bnr, 'hg', 'retired', 'eliminate').points).toBe(0)
    // Rallied out of Retired: the point comes off again.
    expect(flightPointsOf(inf, 'pk', 'retired', 'rally')).toMatchObject({
      status: 'disordered',
      points: -1,
    })
  })

  it('3.0 and 14.8 (Blood & Roses): an overall commander or king who flees scores 5 or 10; other leaders nothing', () => {
    const rules = bundledRuleset('blood-and-roses')
    for (const [type, points] of [
      ['king', 10],
      ['overall-commander', 5],
    ] as const) {
      const fled = applyStatusEvent(rules, { type, status: 'normal' }, 'flee')
      expect(fled.effects, type).toContainEqual(
        expect.objectContaining({ type: 'status', event: 'eliminate', who: 'self' }),
      )
      expect(flightPointsOf(rules, type, 'normal', 'eliminate').points, type).toBe(points)
    }
    expect(flightPointsOf(rules, 'battle-leader', 'normal', 'flee')).toMatchObject({
      status: 'fled',
      points: 0,
    })
  })

  it('14.2 and 14.4 (Blood & Roses): artillery hit by a Disorder rolls instead, and is lost when retreated through', () => {
    const rules = bundledRuleset('blood-and-roses')
    for (const type of ['art', 'art-limbered']) {
      expect(applyStatusEvent(rules, { type, status: 'normal' }, 'disorder').effects).toEqual([
        expect.objectContaining({ type: 'resolve', resolution: 'artillery-disorder-check' }),
      ])
      const through = applyStatusEvent(rules, { type, status: 'normal' }, 'retreated-through')
      expect(through.effects[0]).toMatchObject({ type: 'status', event: 'eliminate' })
    }
  })

  it('14.4: a friendly foot missile unit retreated through drops a step; leaders check when it retires or dies', () => {
    const tri = bundledRuleset('infidel')
    const steps = ['normal', 'disordered', 'retired'].map(
      (s) => flightPointsOf(tri, 'a', s, 'retreated-through').change,
    )
    expect(steps.map((c) => c.status)).toEqual(['disordered', 'retired', 'eliminated'])
    const checks = steps.map((c) =>
      c.effects.some((e) => e.type === 'resolve' && e.resolution === 'leader-casualty-shock'),
    )
    expect(checks).toEqual([false, true, true])
    // 001 14.3: in 1.2 there is no third step, and a plain Disorder eliminates a Retired unit.
    const v12 = bundledRuleset('infidel-v1-2')
    expect(
      applyStatusEvent(v12, { type: 'a', status: 'retired' }, 'retreated-through'),
    ).toMatchObject({ status: 'retired', changed: false })
    expect(applyStatusEvent(v12, { type: 'a', status: 'retired' }, 'disorder').status).toBe(
      'eliminated',
    )
    // 004 14.5: in the Tri-Pack a plain Disorder does nothing more to a Retired unit.
    expect(applyStatusEvent(tri, { type: 'a', status: 'retired' }, 'disorder').changed).toBe(false)
  })
})
