/**
 * Return fire (Tri-Pack 11.2): the side not activated answers a shot with a bow-group unit that
 * was fired at, when the firer is within its own range and the shot did not come through its
 * rear; both shots are rolled before either result is applied.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import type { Place } from './helpers'
import { fireScenario, inMoveAndFire, play, refusal, terms } from './helpers'

const moi = fireScenario('fire-moi')
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })
const down = (hex: string): Place => ({ hex, facing: 'SE' })
const up = (hex: string): Place => ({ hex, facing: 'NW' })

function shootAt(target: string, place: Place, dice: number[]) {
  const state = inMoveAndFire(moi, {
    side: 'west',
    places: { 'w-lb-1': down('1004'), [target]: place },
    dice,
  })
  return play(moi, state, fire('w-lb-1', target))
}

describe('11.2 return fire', () => {
  it('11.2 asks the side fired upon whether its unit returns fire, before anything is rolled', () => {
    const { state, entry } = shootAt('e-lb-1', up('1006'), [5, 5])
    expect(entry.records).toEqual([])
    expect(openPrompt(state)).toMatchObject({
      side: 'east',
      kind: 'return-fire',
      actions: ['fire', 'decline'],
      rule: '11.2',
    })
    expect(legalActions(moi, state)).toEqual([
      { type: 'fire', unit: 'e-lb-1', target: 'w-lb-1', side: 'east' },
      { type: 'decline', side: 'east' },
    ])
    expect(refusal(moi, state, fire('e-pk-1', 'w-lb-1')).message).toBe(
      'unit e-pk-1 may not fire now (only e-lb-1 may)',
    )
  })

  it('11.2 both shots are rolled before either result is applied', () => {
    // Longbows at 2 hexes (+1): 5 reads 6, Disordered on the foot column, for both.
    const { state } = shootAt('e-lb-1', up('1006'), [5, 5])
    const { state: after, entry } = play(moi, state, fire('e-lb-1', 'w-lb-1'))
    expect(entry.records.map((r) => [r.resolution.id, r.roll?.natural, r.codes[0]?.code])).toEqual([
      ['fire', 5, 'D'],
      ['fire', 5, 'D'],
    ])
    // The answering unit shot as it was before the first result: no Disordered penalty.
    expect(terms(entry, 1)).toEqual([['range', 1]])
    expect(after.units['e-lb-1']?.status).toBe('disordered')
    expect(after.units['w-lb-1']?.status).toBe('disordered')
    const texts = entry.effects.map((e) => e.text)
    const firstChange = texts.findIndex((t) => t.includes('→'))
    expect(texts.filter((t, i) => t.startsWith('Missile fire') && i < firstChange)).toHaveLength(2)
    expect(openPrompt(after)).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })

  it('11.2 the side may decline, and then only the shot is resolved', () => {
    const { state } = shootAt('e-lb-1', up('1006'), [5])
    const { state: after, entry } = play(moi, state, { type: 'decline' })
    expect(entry.records.map((r) => r.resolution.id)).toEqual(['fire'])
    expect(after.units['w-lb-1']?.status).toBe('normal')
  })

  it('11.2 no return fire through the rear, out of range, or by units of the slow group', () => {
    // Facing away: the shot comes through its rear.
    const rear = shootAt('e-lb-1', down('1006'), [5])
    expect(rear.entry.records.map((r) => r.resolution.id)).toEqual(['fire'])
    // Slings reach 2 hexes; the longbow fires from 3.
    const far = shootAt('e-sl-1', up('1007'), [5])
    expect(far.entry.records.map((r) => r.resolution.id)).toEqual(['fire'])
    const slow = shootAt('e-cb-1', up('1006'), [5])
    expect(slow.entry.records.map((r) => r.resolution.id)).toEqual(['fire'])
    expect(openPrompt(slow.state)).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })
})
