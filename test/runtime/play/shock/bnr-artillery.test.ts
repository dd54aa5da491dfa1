/**
 * 12.5 (Blood & Roses) artillery in shock combat: guns stacked with a non-artillery unit take no
 * part in the roll (strength, matrix and column are the other unit's, 12.3-1, 12.3-5), and are
 * Eliminated when that unit is Disordered, Retired or Eliminated by the attack; when it only
 * retreats they stay. Alone, the guns are Eliminated without a roll (12.5).
 */
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../../src/runtime/state'
import {
  inShockPhase,
  legal,
  play,
  playAll,
  promptOf,
  reading,
  shockScenario,
  where,
} from './helpers'

const bnr = shockScenario('shock-bnr')
const declare = { type: 'declare', attackers: ['w-inf-1'], defenders: ['e-art-1', 'e-lb-1'] }

function attacked(die: number, lbStatus = 'normal'): { state: GameState; texts: string[] } {
  const state = inShockPhase(bnr, {
    places: {
      'w-inf-1': { hex: '1017', facing: 'NE' },
      'e-art-1': { hex: '1116', facing: 'W' },
      'e-lb-1': { hex: '1116', facing: 'W', status: lbStatus },
    },
    dice: [die, 0, 0],
  })
  const { state: after, entries } = playAll(bnr, state, [declare, { type: 'declare-done' }])
  const entry = entries[1]
  expect(entry?.records).toHaveLength(1)
  return { state: after, texts: entry?.effects.map((e) => e.text) ?? [] }
}

/** The first answer listed (the retreat hex when the owner has a choice). */
function firstLegal(state: GameState) {
  const found = legal(bnr, state)[0]
  if (found === undefined) throw new Error('nothing to answer')
  return found
}

describe('12.5 (Blood & Roses) artillery stacked with another unit', () => {
  it('the roll is made against the other unit alone, on its column', () => {
    const state = inShockPhase(bnr, {
      places: {
        'w-inf-1': { hex: '1017', facing: 'NE' },
        'e-art-1': { hex: '1116', facing: 'W' },
        'e-lb-1': { hex: '1116', facing: 'W', status: 'disordered' },
      },
      dice: [3, 0],
    })
    const { entries } = playAll(bnr, state, [declare, { type: 'declare-done' }])
    const record = entries[1]?.records[0]
    expect(record?.resolution.id).toBe('shock')
    expect(reading(record).column).toBe('disordered')
    expect(entries[1]?.effects.map((e) => e.text)).toContainEqual(
      expect.stringMatching(/^Shock or charge \(w-inf-1 against e-lb-1\)/),
    )
  })

  it('Retired: the guns are Eliminated with it', () => {
    const { state, texts } = attacked(7)
    expect(state.units['e-lb-1']?.status).toBe('retired')
    expect(state.units['e-art-1']?.status).toBe('eliminated')
    expect(texts).toContain('e-art-1 shares the fate of e-lb-1')
  })

  it('Disordered or Retreat: taking Disordered costs the guns; retreating leaves them', () => {
    let { state } = attacked(4)
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'choice' })
    const disordered = play(bnr, state, { type: 'choose', option: 'disordered' })
    expect(disordered.state.units['e-lb-1']?.status).toBe('disordered')
    expect(disordered.state.units['e-art-1']?.status).toBe('eliminated')
    expect(disordered.entry.effects.map((e) => e.text)).toContain(
      'e-art-1 shares the fate of e-lb-1',
    )
    state = attacked(4).state
    let after = play(bnr, state, { type: 'choose', option: 'retreat' }).state
    if (promptOf(after)?.kind === 'retreat') after = play(bnr, after, firstLegal(after)).state
    expect(where(after, 'e-lb-1')).not.toBe('1116')
    expect(after.units['e-art-1']).toMatchObject({ status: 'normal', hex: '1116' })
  })

  it('a retreat alone (already Disordered) leaves the guns where they are', () => {
    let { state } = attacked(2, 'disordered')
    if (promptOf(state)?.kind === 'retreat') state = play(bnr, state, firstLegal(state)).state
    expect(where(state, 'e-lb-1')).not.toBe('1116')
    expect(state.units['e-art-1']).toMatchObject({ status: 'normal', hex: '1116', location: 'map' })
  })
})
