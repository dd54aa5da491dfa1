/**
 * The optional Engaged rule in the shock phase (16.9; inventory TC-004-11, "Spanish PK #1"): an
 * Engaged unit able to shock must attack the enemy units it is Engaged with in its front, unless
 * another friendly unit takes one, and may never attack an enemy it is not Engaged with. Men of
 * Iron: PK #1 in 1016 facing E has the English DM (1115) and LB (1116) in front; PK #4 in 1017
 * facing NE has the LB in front.
 */
import { describe, expect, it } from 'vitest'
import { inShockPhase, legal, playAll, refusal, shockScenario } from './helpers'

const moi = shockScenario('shock-moi', { engaged: true })
const engaged = { engaged: 1 }

const places = {
  'w-pk-1': { hex: '1016', facing: 'E', markers: engaged },
  'e-dm-1': { hex: '1115', facing: 'W', markers: engaged },
  'e-lb-1': { hex: '1116', facing: 'W', markers: engaged },
}

describe('16.9 Engaged units must attack (TC-004-11)', () => {
  it('with PK #4 of the same Battle attacking the LB, PK #1 must attack the DM alone', () => {
    const state = inShockPhase(moi, {
      places: { ...places, 'w-pk-2': { hex: '1017', facing: 'NE' } },
      dice: [5, 5],
    })
    const { state: taken } = playAll(moi, state, [
      { type: 'declare', attackers: ['w-pk-2'], defenders: ['e-lb-1'] },
    ])
    expect(refusal(moi, taken, { type: 'declare-done' }).message).toBe(
      'unit w-pk-1 must attack e-dm-1: it is Engaged',
    )
    expect(legal(moi, taken, 'declare')).toContainEqual({
      type: 'declare',
      attackers: ['w-pk-1'],
      defenders: ['e-dm-1'],
    })
    const { state: done } = playAll(moi, taken, [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-dm-1'] },
    ])
    expect(legal(moi, done, 'declare-done')).toEqual([{ type: 'declare-done' }])
  })

  it('without PK #4, PK #1 must attack both the DM and the LB', () => {
    const state = inShockPhase(moi, { places, dice: [5, 5] })
    expect(refusal(moi, state, { type: 'declare-done' }).message).toBe(
      'unit w-pk-1 must attack e-dm-1, e-lb-1: it is Engaged',
    )
    const { state: one } = playAll(moi, state, [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-dm-1'] },
    ])
    expect(refusal(moi, one, { type: 'declare-done' }).message).toBe(
      'unit w-pk-1 attacks, so it must also attack e-lb-1 in its frontal hexes, unless another unit does',
    )
  })

  it('PK #1 may never attack an enemy it is not Engaged with', () => {
    const state = inShockPhase(moi, {
      places: { ...places, 'e-lb-1': { hex: '1116', facing: 'W' } },
      dice: [5],
    })
    expect(
      refusal(moi, state, { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-lb-1'] }),
    ).toEqual({
      message: 'unit w-pk-1 is Engaged and may attack only units it is Engaged with, not e-lb-1',
      rule: '16.9',
    })
    // The LB, not Engaged, is no longer in what PK #1 owes: the DM alone will do.
    expect(legal(moi, state, 'declare')).toEqual([
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-dm-1'] },
    ])
  })
})
