/**
 * Errare humanum est (Annex D, optional; T-CH-25, Q-CH-23; mechanics.fire.stray): after every
 * miss a d10 is rolled; 1–6 sends the missile into the hex of that number around the target
 * (1 north, then clockwise: 4 is the hex to the south), wounding whoever stands there, while an
 * armoured character there falls back 2 hexes instead; 7–10 does nothing, nor does a blocked
 * line of fire. Played on the olive grove under the revised rules with the option on.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Character } from './move-steps'
import { act, croisades, lines, rolls } from './move-steps'

const RULE = 'Annex D, Errare humanum est'

function game(
  saracens: Character[],
  faces: number[],
  options: { errare?: boolean; firer?: string } = {},
): { loaded: LoadedScenario; state: GameState } {
  const base = croisades(
    [{ id: 'xbow', type: 'crossbowman', hex: options.firer ?? 'G13' }],
    saracens,
    { base: 'croisades-tactical-revised' },
  )
  const loaded = { ...base, options: { ...base.options, errare: options.errare ?? true } }
  const { state } = startGame(loaded, { forced: [] })
  expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'fire' })
  return { loaded, state: { ...state, dice: forcedSource(faces) } }
}

const target: Character = { id: 'target', type: 'syrian-infantry', hex: 'M13' }
const fire = { type: 'fire', unit: 'xbow', target: 'target' }

describe('Errare humanum est (Annex D, T-CH-25)', () => {
  it('CH-93: a miss, stray roll 4: the armoured man in hex 4 is not wounded but falls back 2 hexes (Annex D)', () => {
    const { loaded, state } = game(
      [target, { id: 'mamluk', type: 'syrian-heavy-cavalry-on-foot', hex: 'M14' }],
      [10, 4],
    )
    const shot = act(loaded, state, fire)
    expect(
      shot.entries.flatMap((e) => e.effects).find((x) => x.text.includes('goes astray'))?.rule,
    ).toBe(RULE)
    expect(rolls(shot.entries).map(([id, natural]) => [id, natural])).toEqual([
      ['missile-fire', 10],
      ['stray-missile', 4],
    ])
    expect(lines(shot.entries)).toContain(
      "xbow's missile missed target and goes astray: the die shows 4: it comes down in M14 (hex 4 around target)",
    )
    const stray = shot.entries
      .flatMap((e) => e.records)
      .find((r) => r.resolution.id === 'stray-missile')
    expect(stray?.codes.map((c) => [c.code, c.case?.label])).toEqual([['S', 'Armoured']])
    expect(shot.state.units.mamluk?.status).toBe('healthy')
    // The owner takes him back 2 hexes at once.
    expect(openPrompt(shot.state)).toMatchObject({ side: 'saracens' })
    const retreats = legalActions(loaded, shot.state).filter((a) => a.type === 'retreat')
    expect(retreats.length).toBeGreaterThan(0)
    const back = act(loaded, shot.state, retreats[0] as (typeof retreats)[number]).state
    expect(back.units.mamluk?.status).toBe('healthy')
    expect(boardOf(loaded).distance('M14', back.units.mamluk?.hex as string)).toBe(2)
    expect(openPrompt(back)).toMatchObject({ side: 'crusaders', kind: 'fire' })
  })

  it('T-CH-25: an unarmoured man in the numbered hex is wounded (Annex D)', () => {
    const { loaded, state } = game(
      [target, { id: 'karim', type: 'syrian-infantry', hex: 'M14' }],
      [10, 4],
    )
    const shot = act(loaded, state, fire)
    expect(shot.state.units.karim?.status).toBe('wounded')
    expect(shot.state.units.target?.status).toBe('healthy')
  })

  it('Q-CH-23: a stray roll of 7 to 10 does nothing, and says so (Annex D)', () => {
    const { loaded, state } = game(
      [target, { id: 'karim', type: 'syrian-infantry', hex: 'M14' }],
      [10, 8],
    )
    const shot = act(loaded, state, fire)
    expect(lines(shot.entries)).toContain(
      "xbow's missile missed target and goes astray: the die shows 8, so it falls harmlessly",
    )
    expect(shot.state.units.karim?.status).toBe('healthy')
  })

  it('T-CH-25: nobody in the numbered hex, nothing hit; a hit is never followed by a stray (Annex D)', () => {
    const empty = game([target, { id: 'karim', type: 'syrian-infantry', hex: 'M14' }], [10, 1])
    expect(lines(act(empty.loaded, empty.state, fire).entries)).toContain(
      "xbow's missile missed target and goes astray: the die shows 1: it comes down in M12 (hex 1 around target), where nobody stands",
    )
    // A roll of 1 kills the target at short range: no stray roll follows.
    const hit = game([target, { id: 'karim', type: 'syrian-infantry', hex: 'M14' }], [1, 4])
    const shot = act(hit.loaded, hit.state, fire)
    expect(rolls(shot.entries).map(([id]) => id)).toEqual(['missile-fire'])
    expect(shot.state.units.karim?.status).toBe('healthy')
  })

  it('T-CH-25: a blocked line of fire protects the man in the numbered hex (Annex D)', () => {
    // From M7 the line to M14 passes through the target in M13, which a bolt cannot pass over.
    const { loaded, state } = game(
      [target, { id: 'karim', type: 'syrian-infantry', hex: 'M14' }],
      [10, 4],
      { firer: 'M7' },
    )
    const shot = act(loaded, state, fire)
    expect(lines(shot.entries)).toContain(
      'the line of fire from xbow to karim is blocked by target in M13 (the Crossbow never shoots over anyone), so he is unharmed',
    )
    expect(shot.state.units.karim?.status).toBe('healthy')
  })

  it('V11: without the optional rule a miss is only a miss (Annex D)', () => {
    const { loaded, state } = game(
      [target, { id: 'karim', type: 'syrian-infantry', hex: 'M14' }],
      [10, 4],
      { errare: false },
    )
    const shot = act(loaded, state, fire)
    expect(rolls(shot.entries).map(([id]) => id)).toEqual(['missile-fire'])
    expect(shot.state.units.karim?.status).toBe('healthy')
  })
})
