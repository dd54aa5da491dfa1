/**
 * The effects frame with effect types the Men of Iron codes do not use (losses, morale tests per
 * class, movement loss, one-unit effects with several candidates), and properties of the prompts:
 * every listed answer is accepted, and a retreat never leaves two combat units in a hex.
 */
import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import { legalActions, playAction } from '../../../../src/runtime/play'
import type { GameState, PendingEffect } from '../../../../src/runtime/state'
import { applyCodes, arrange, asking, carryOut, field, legal, play } from './harness'

const loaded = field()

function pending(effect: PendingEffect['effect'], units: string[], sides: string[]): PendingEffect {
  return { effect, units, sides, chooseOne: false, source: 'test', context: 'unit' }
}

describe('effects the Men of Iron codes do not use', () => {
  it('losses: the owner removes whole units until the steps are paid', () => {
    const state = arrange(loaded, {})
    const { state: asked } = carryOut(loaded, state, () => [
      pending({ type: 'losses', amount: 2, unit: 'steps' }, [], ['franks']),
    ])
    expect(asking(asked)).toBe('franks:losses')
    expect(legal(loaded, asked)).toHaveLength(6)
    const once = play(loaded, asked, { type: 'lose', unit: 'pk-1' }).state
    expect(asking(once)).toBe('franks:losses')
    expect(legal(loaded, once).some((a) => a.unit === 'pk-1')).toBe(false)
    const twice = play(loaded, once, { type: 'lose', unit: 'a-1' }).state
    expect(asking(twice)).toBe('none')
    expect(twice.units['a-1']?.location).toBe('removed')
  })

  it('morale-test per class: one roll for each class, read for every unit of it', () => {
    const state = arrange(loaded, {})
    const { state: after, records } = carryOut(
      loaded,
      state,
      () => [
        pending(
          { type: 'morale-test', check: 'standard-move-check', per: 'class' },
          ['kn-1', 'kn-2', 'ma-1'],
          ['franks'],
        ),
      ],
      { dice: [7, 2] },
    )
    // The knights share the 7 (5 or more eliminates), the men-at-arms roll the 2.
    expect(records).toBe(3)
    expect(after.units['kn-1']?.status).toBe('eliminated')
    expect(after.units['kn-2']?.status).toBe('eliminated')
    expect(after.units['ma-1']?.status).toBe('normal')
  })

  it('movement-loss: the unit spends points it had left this activation', () => {
    const state = arrange(loaded, {}, (s) => {
      s.flow!.activation = {
        number: 1,
        side: 'franks',
        kind: 'battle',
        commands: ['franks-horse'],
        free: true,
        seized: false,
        units: {},
      }
    })
    const { state: after } = carryOut(loaded, state, () => [
      pending({ type: 'movement-loss', keepFraction: 0.5 }, ['kn-1'], ['franks']),
    ])
    // Knights move 6: half is kept, 3 are spent.
    expect(after.flow!.activation!.units['kn-1']?.mp).toBe(3)
  })

  it('dismount: the rider becomes his dismounted form, with the status event', () => {
    const bnr = field([], 'results-field-bnr')
    const state = arrange(bnr, { 'mm-1': ['0505', 'E'] })
    const { state: after, texts } = carryOut(bnr, state, () => [
      pending({ type: 'dismount', horse: 'dies', riderEvent: 'disorder' }, ['mm-1'], ['york']),
    ])
    expect(after.units['mm-1']).toMatchObject({ type: 'dm', status: 'disordered', hex: '0505' })
    expect(texts).toContain('the horse of unit mm-1 dies')
  })

  it("a one-unit effect with several candidates is the owner's pick", () => {
    const state = arrange(loaded, {})
    const { state: asked } = carryOut(loaded, state, () => [
      {
        ...pending(
          { type: 'status', event: 'disorder', who: 'attacker' },
          ['kn-1', 'ma-1'],
          ['franks'],
        ),
        chooseOne: true,
      },
    ])
    expect(asking(asked)).toBe('franks:pick-unit')
    const after = play(loaded, asked, { type: 'pick', unit: 'ma-1' }).state
    expect(after.units['ma-1']?.status).toBe('disordered')
    expect(after.units['kn-1']?.status).toBe('normal')
  })
})

/** Hexes around 0505 (rings 1 and 2) where other units may stand. */
const AROUND = [
  '0504',
  '0604',
  '0506',
  '0405',
  '0404',
  '0503',
  '0603',
  '0703',
  '0704',
  '0705',
  '0706',
  '0606',
  '0507',
  '0406',
  '0306',
  '0305',
  '0304',
  '0403',
]
const OTHERS = ['kn-2', 'ma-1', 'a-1', 'cb-1', 'pk-1', 'pk-s2', 'a-s1', 'mc-1', 'lc-1']

function combatStacks(state: GameState): number {
  const counts = new Map<string, number>()
  for (const [id, u] of Object.entries(state.units)) {
    if (u.location !== 'map' || u.hex === null) continue
    if (['count', 'odo', 'emir', 'sarim'].includes(id)) continue
    counts.set(u.hex, (counts.get(u.hex) ?? 0) + 1)
  }
  return Math.max(...counts.values())
}

describe('properties of the retreat prompt', () => {
  test.prop(
    [
      fc.shuffledSubarray(AROUND, { minLength: 9, maxLength: 9 }),
      fc.integer({ min: 0, max: OTHERS.length }),
      fc.constantFrom('DR', 'DRT', 'DE'),
    ],
    { numRuns: 25 },
  )('every listed answer is accepted, and no answer stacks two units', (hexes, count, code) => {
    const layout = Object.fromEntries(OTHERS.map((id, i) => [id, i < count ? hexes[i] : null]))
    const state = arrange(loaded, {
      'pk-s1': ['0505', 'W'],
      'kn-1': ['0605', 'NW'],
      ...(layout as Record<string, string | null>),
    })
    let current = carryOut(loaded, state, (run) => applyCodes(run, [code], ['kn-1'], ['pk-s1']), {
      dice: Array<number>(10).fill(0),
    }).state
    for (let step = 0; step < 6 && asking(current) !== 'none'; step++) {
      const options = legalActions(loaded, current)
      expect(options.length).toBeGreaterThan(0)
      let next: GameState | null = null
      for (const option of options) {
        const result = playAction(loaded, current, option)
        expect(result.ok, JSON.stringify(option)).toBe(true)
        if (result.ok) {
          expect(combatStacks(result.state)).toBeLessThanOrEqual(1)
          next ??= result.state
        }
      }
      current = next as GameState
    }
    expect(combatStacks(current)).toBeLessThanOrEqual(1)
  })
})
