/**
 * 11.2: once a missile unit fires, its move and fire is over (Tri-Pack 11.2, 8.0) — it may not
 * move, nor turn in place afterwards. Units that move on after firing (light and medium cavalry
 * archers, genitors) keep moving and turning.
 */
import { describe, expect, it } from 'vitest'
import { legalActions } from '../../../../src/runtime/play'
import { fireScenario, inMoveAndFire, play, refusal } from './helpers'

const turnsOf = (
  loaded: Parameters<typeof legalActions>[0],
  state: Parameters<typeof legalActions>[1],
  unit: string,
) => legalActions(loaded, state).filter((a) => a.type === 'turn' && a.unit === unit)

describe('11.2 firing ends the move and fire, turning included', () => {
  const moi = fireScenario('fire-moi')
  const situation = {
    side: 'west' as const,
    places: {
      'w-lb-1': { hex: '0502', facing: 'SE' },
      'e-pk-1': { hex: '0505', facing: 'NW' },
    },
    dice: [0],
  }

  it('a longbow may turn before it fires, not after', () => {
    const state = inMoveAndFire(moi, situation)
    expect(turnsOf(moi, state, 'w-lb-1').length).toBeGreaterThan(0)
    const { state: after } = play(moi, state, { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1' })
    expect(after.flow?.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
    expect(turnsOf(moi, after, 'w-lb-1')).toEqual([])
    expect(refusal(moi, after, { type: 'turn', unit: 'w-lb-1', facing: 'E' })).toEqual({
      message: 'w-lb-1 has fired, which ends its move and fire',
      rule: '11.2',
    })
  })

  it('a light cavalry archer that fired may still turn (and move) afterwards', () => {
    const inf = fireScenario('fire-inf')
    const state = inMoveAndFire(inf, {
      side: 'west',
      places: {
        'w-lca-1': { hex: '0502', facing: 'SE' },
        'e-hc-1': { hex: '0504', facing: 'NW' },
      },
      dice: [0],
    })
    const { state: after } = play(inf, state, { type: 'fire', unit: 'w-lca-1', target: 'e-hc-1' })
    expect(after.flow?.activation?.units['w-lca-1']?.fired).toBe(true)
    expect(turnsOf(inf, after, 'w-lca-1').length).toBeGreaterThan(0)
    const { state: turned } = play(inf, after, { type: 'turn', unit: 'w-lca-1', facing: 'E' })
    expect(turned.units['w-lca-1']?.facing).not.toBe(after.units['w-lca-1']?.facing)
  })
})
