/**
 * Counter-charges against fire (13.9, 16.4, 12.2; inventory TC-004-10, DT-07, DT-10) through
 * the play path: a shot of the move-and-fire phase opens the fired-upon window; the counter-
 * charge is rolled (or automatic) before the fire, and once the shot is resolved the unit is
 * set down next to the firer and fights its own shock phase. The firer stands in 1016 facing
 * E; the unit fired upon in 1216 facing W, its only path by 1116 (1115 holds a unit).
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { GameState } from '../../../../src/runtime/state'
import type { Place } from './helpers'
import { inShockPhase, legal, play, promptOf, reading, shockScenario, where } from './helpers'

const inf = shockScenario('shock-inf')
const v12 = shockScenario('shock-v12')

function fired(
  loaded: LoadedScenario,
  firer: string,
  target: string,
  dice: number[],
  extra: Record<string, Place> = {},
): GameState {
  const state = inShockPhase(loaded, {
    phase: 'move-fire',
    places: {
      [firer]: { hex: '1016', facing: 'E' },
      [target]: { hex: '1216', facing: 'W' },
      'e-pk-1': { hex: '1115', facing: 'W' },
      ...extra,
    },
    dice,
  })
  expect(promptOf(state)).toEqual({ side: 'west', kind: 'move-and-fire' })
  return play(loaded, state, { type: 'fire', unit: firer, target }).state
}

describe('13.9 counter-charge against fire', () => {
  it('Tri-Pack Infidel: a knight fired upon charges the archers without a roll once the shot is resolved; their movement ends', () => {
    const state = inShockPhase(inf, {
      phase: 'move-fire',
      places: {
        'w-a-1': { hex: '1016', facing: 'E' },
        'e-kn-1': { hex: '1216', facing: 'W' },
        'e-pk-1': { hex: '1115', facing: 'W' },
      },
      dice: [0, 5],
    })
    const { state: after, entry } = play(inf, state, {
      type: 'fire',
      unit: 'w-a-1',
      target: 'e-kn-1',
    })
    const ids = entry.records.map((r) => r.resolution.id)
    // The fire first, then the charge: no counter-charge roll.
    expect(ids.slice(0, 2)).toEqual(['fire', 'shock'])
    expect(entry.effects.map((e) => e.text)).toContain(
      'e-kn-1 counter-charges w-a-1 without a roll',
    )
    expect(reading(entry.records[1]).table).toBe('inf-charge-crt')
    expect(after.units['e-kn-1']?.markers['counter-charge-used']).toBe(1)
    expect(where(after, 'e-kn-1') ?? 'gone').not.toBe('1216')
    const archer = after.units['w-a-1']
    expect(archer?.location !== 'map' || archer.ended === 'movement').toBe(true)
    expect(promptOf(after)?.kind).toBe('move-and-fire')
  })

  it.each([
    [5, 'holds'],
    [6, 'charges'],
  ])(
    'DT-10 (1.2): a knight whose leader (rating 2) has it in range: the restraint roll %i — it %s',
    (die, fate) => {
      const state = fired(v12, 'w-a-1', 'e-kn-1', [die, 0, 0, 5], {
        'e-leader': { hex: '1217', facing: 'W', ratings: { activation: 2 } },
      })
      expect(promptOf(state)).toEqual({ side: 'east', kind: 'counter-charge-vs-fire' })
      expect(legal(v12, state)).toEqual([
        { type: 'restrain' },
        { type: 'counter-charge', unit: 'e-kn-1' },
      ])
      const { state: after, entry } = play(v12, state, { type: 'restrain' })
      const restraint = entry.records[0]
      expect(restraint?.resolution.id).toBe('knight-restraint')
      expect(restraint?.roll?.final).toBe(die - 2)
      if (fate === 'holds') {
        expect(restraint?.outcome).toBe('success')
        expect(entry.records.map((r) => r.resolution.id)).toEqual(['knight-restraint', 'fire'])
        expect(where(after, 'e-kn-1')).toBe('1216')
      } else {
        expect(restraint?.outcome).toBe('failure')
        // In 1.2 the knight then rolls like heavy cavalry (inventory Q4): 0 − 3 succeeds.
        expect(entry.records.map((r) => r.resolution.id).slice(0, 4)).toEqual([
          'knight-restraint',
          'counter-charge-vs-shock-fire',
          'fire',
          'shock',
        ])
      }
    },
  )

  it('TC-004-10 (Men of Iron): men-at-arms fired upon try to counter-charge, roll 8 and fail: no turn, the fire goes on, the attempt is used up', () => {
    const moi = shockScenario('shock-moi')
    const state = fired(moi, 'w-lb-1', 'e-mm-1', [8, 0])
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'counter-charge-vs-fire' })
    expect(legal(moi, state)).toEqual([
      { type: 'decline' },
      { type: 'counter-charge', unit: 'e-mm-1' },
    ])
    const { state: after, entry } = play(moi, state, { type: 'counter-charge', unit: 'e-mm-1' })
    expect(entry.records[0]?.resolution.id).toBe('counter-charge-vs-shock-fire')
    expect(entry.records[0]?.dice?.natural).toBe(8)
    expect(entry.records[0]?.outcome).toBe('failure')
    expect(entry.records[1]?.resolution.id).toBe('fire')
    expect(where(after, 'e-mm-1') ?? '1216').toBe('1216')
    expect(after.units['e-mm-1']?.facing).toBe(state.units['e-mm-1']?.facing)
    expect(after.units['e-mm-1']?.markers['counter-charge-used']).toBe(1)
  })
})

describe('12.2 light cavalry evading a counter-charge (DT-07)', () => {
  it.each([
    [3, 'normal', true],
    [4, 'disordered', true],
    [7, 'disordered', true],
    [8, 'normal', false],
  ])('adjusted %i: status %s, gets away: %s', (die, status, away) => {
    // Counter-charge 0 succeeds; the fire 0; then the evasion roll; then, if caught, the charge.
    const state = fired(v12, 'w-lc-a-1', 'e-hc-1', [0, 0, die, 5])
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'counter-charge-vs-fire' })
    const charged = play(v12, state, { type: 'counter-charge', unit: 'e-hc-1' }).state
    expect(where(charged, 'e-hc-1')).toBe('1116')
    expect(promptOf(charged)).toEqual({ side: 'west', kind: 'retreat-before-combat' })
    const { state: after, entry } = play(v12, charged, {
      type: 'retreat-before-combat',
      unit: 'w-lc-a-1',
      hex: '0916',
    })
    expect(entry.records[0]?.resolution.id).toBe('lc-retreat-before-counter-charge')
    expect(entry.records[0]?.roll?.final).toBe(die)
    if (away) {
      expect(where(after, 'w-lc-a-1')).toBe('0916')
      expect(after.units['w-lc-a-1']?.status).toBe(status)
    } else {
      expect(entry.effects.map((e) => e.text)).toContain(
        'w-lc-a-1 is caught in its hex: the attack goes ahead',
      )
      // Caught: back in its hex, and the charge goes in.
      expect(entry.records[1]?.resolution.id).toBe('shock')
      expect(reading(entry.records[1]).table).toBe('inf-charge-crt')
    }
  })
})

describe('13.9 the counter-charge goes in through the fire mechanic’s after-shot hook', () => {
  it('the shot is resolved first; the charge runs from the shot’s own frame, which ends after it', () => {
    const moi = shockScenario('shock-moi')
    // Counter-charge roll 0 succeeds, the fire 0 does nothing, the charge 5 retires the archers.
    const state = fired(moi, 'w-lb-1', 'e-mm-1', [0, 0, 5])
    const { state: after, entry } = play(moi, state, { type: 'counter-charge', unit: 'e-mm-1' })
    expect(entry.records.map((r) => r.resolution.id)).toEqual([
      'counter-charge-vs-shock-fire',
      'fire',
      'shock',
    ])
    expect(reading(entry.records[2]).codes).toEqual(['DRT'])
    // The archers' retire placement is asked while the shot frame waits for its after-shot frame.
    expect(promptOf(after)).toEqual({ side: 'west', kind: 'relocate' })
    const stack = after.flow?.stack.map((f) => `${f.proc}:${f.step}`) ?? []
    const shot = stack.indexOf('fire:shot:end')
    expect(shot).toBeGreaterThan(0)
    expect(stack[shot + 1]).toBe('shock:counter-charge-after-fire:start')
    expect(after.flow?.stack[shot]?.data.after).toEqual([])
  })
})
