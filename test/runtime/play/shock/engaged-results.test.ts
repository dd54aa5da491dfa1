/**
 * 16.9 Engaged (optional rule) added to combat results: every shock or charge result with no
 * retreat of either side, no defender retired and no defender eliminated marks all units of that
 * combat Engaged with each other (mechanics.shock.results.engaged); in Blood & Roses a "Disordered
 * or Retreat" result does too when its owner takes Disordered. Results read on the provisional
 * tables: Men of Iron PK against DM, final 2 = AD, 4 = -, 6 = DD, 0 = AD AR; Blood & Roses
 * infantry against infantry (+0), 6 = DDR, 9 = DRT.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { GameState, LogEntry } from '../../../../src/runtime/state'
import { inShockPhase, legal, play, playAll, promptOf, reading, shockScenario } from './helpers'

function fight(
  loaded: LoadedScenario,
  attacker: string,
  defender: string,
  die: number,
): { state: GameState; entry: LogEntry } {
  const state = inShockPhase(loaded, {
    places: { [attacker]: { hex: '1017', facing: 'NE' }, [defender]: { hex: '1116', facing: 'W' } },
    dice: [die, 0, 0, 0],
  })
  const { state: after, entries } = playAll(loaded, state, [
    { type: 'declare', attackers: [attacker], defenders: [defender] },
    { type: 'declare-done' },
  ])
  return { state: after, entry: entries[1] as LogEntry }
}

const engaged = (state: GameState, id: string) => state.units[id]?.markers.engaged ?? 0

describe('16.9 Engaged results (Men of Iron)', () => {
  const moi = shockScenario('shock-moi', { engaged: true })

  it.each([
    [5, ['AD']],
    [7, ['-']],
    [9, ['DD']],
  ])('roll %i, %j: attacker and defender are Engaged with each other', (die, codes) => {
    const { state, entry } = fight(moi, 'w-pk-1', 'e-dm-1', die)
    expect(reading(entry.records[0]).codes).toEqual(codes)
    expect(engaged(state, 'w-pk-1')).toBe(1)
    expect(engaged(state, 'e-dm-1')).toBe(1)
    expect(entry.effects.map((e) => e.text)).toContain(
      `w-pk-1, e-dm-1: Engaged (${codes.join(', ')})`,
    )
    expect(state.flow?.memory?.engaged).toMatchObject({
      pairs: { 'w-pk-1': ['e-dm-1'], 'e-dm-1': ['w-pk-1'] },
    })
  })

  it('a retreat in the result engages nobody (AD AR)', () => {
    const { state, entry } = fight(moi, 'w-pk-1', 'e-dm-1', 0)
    expect(reading(entry.records[0]).codes).toEqual(['AD', 'AR'])
    let now = state
    if (promptOf(now)?.kind === 'retreat') now = play(moi, now, legal(moi, now)[0]!).state
    expect(engaged(now, 'w-pk-1')).toBe(0)
    expect(engaged(now, 'e-dm-1')).toBe(0)
  })

  it('without the optional rule nobody is marked', () => {
    const off = shockScenario('shock-moi')
    const { state } = fight(off, 'w-pk-1', 'e-dm-1', 7)
    expect(engaged(state, 'w-pk-1')).toBe(0)
    expect(engaged(state, 'e-dm-1')).toBe(0)
  })
})

describe('16.9 Engaged results (Blood & Roses)', () => {
  const bnr = shockScenario('shock-bnr', { engaged: true })

  it('a defender retired engages nobody', () => {
    const { state, entry } = fight(bnr, 'w-inf-1', 'e-inf-1', 9)
    expect(reading(entry.records[0]).codes).toEqual(['DRT'])
    expect(engaged(state, 'w-inf-1')).toBe(0)
  })

  it('Disordered or Retreat: Engaged when the owner takes Disordered, not when he retreats', () => {
    const { state } = fight(bnr, 'w-inf-1', 'e-inf-1', 6)
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'choice' })
    const stays = play(bnr, state, { type: 'choose', option: 'disordered' }).state
    expect(stays.units['e-inf-1']?.status).toBe('disordered')
    expect(engaged(stays, 'w-inf-1')).toBe(1)
    expect(engaged(stays, 'e-inf-1')).toBe(1)
    let goes = play(bnr, state, { type: 'choose', option: 'retreat' }).state
    if (promptOf(goes)?.kind === 'retreat') goes = play(bnr, goes, legal(bnr, goes)[0]!).state
    expect(goes.units['e-inf-1']?.hex).not.toBe('1116')
    expect(engaged(goes, 'w-inf-1')).toBe(0)
    expect(engaged(goes, 'e-inf-1')).toBe(0)
  })
})
