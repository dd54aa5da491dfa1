/**
 * Advance after combat in the melee phase (setting `advance`, melee/advance.ts) as Croisades
 * tactical plays it (B.1.75, §4A CH-83), through the play path with forced dice on the fixture
 * mod test/fixtures/mods/melee-grove (fire and melee phases only): after a retreat, a stun or a
 * kill the winners may move one character who fought up to 2 hexes (a rider 3), the first into
 * a hex the beaten enemy left or the hex of the one stunned or killed; infiltration rolls apply
 * on the way, from enemies not engaged in this combat phase.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt } from '../../../src/runtime'
import { hexesOf } from '../../../src/runtime/state/footprints'
import type { Placement } from './croisades-fixture'
import { atCombat, attack, lastEntries, play, refusal, scenarioWith } from './croisades-fixture'

const advance = (unit: string, path: string[]): Action => ({ type: 'advance', unit, path })

/** The advances offered now, without the side the legal actions carry. */
const advances = (loaded: LoadedScenario, state: GameState): Action[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === 'advance')
    .map(({ side: _side, ...a }) => a as Action)

// A sergeant at N10 and a spearman at M10 against a peasant at N11 (defence 2): 5:1 and more.
const duel = (extra: Placement[] = []): Placement[] => [
  { id: 'sergeant', type: 'sergeant', hex: 'N10', side: 'crusaders' },
  { id: 'spearman', type: 'spearman', hex: 'M10', side: 'crusaders' },
  { id: 'peasant', type: 'peasant', hex: 'N11', side: 'saracens' },
  ...extra,
]

// Card 6, against a man on foot at 5:1: 1 kills (F), 4 stuns (D), 6 drives him back (C),
// 10 drives the attacker back (B).
const KILL = 1
const STUN = 4
const BACK = 6
const ATTACKER_BACK = 10

describe('advance after combat (B.1.75)', () => {
  it('CH-83: the defender retreats; one attacker may move up to 2 hexes, the first into the hex he left', () => {
    const loaded = scenarioWith(duel())
    let state = play(loaded, atCombat(loaded, [BACK]), attack(['sergeant'], ['peasant']))
    expect(openPrompt(state)).toMatchObject({ side: 'saracens', kind: 'retreat' })
    state = play(loaded, state, { type: 'retreat', unit: 'peasant', hex: 'N12' })
    expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'advance', rule: 'B.1.75' })
    const offered = advances(loaded, state)
    // Only the sergeant fought; every way starts in N11 and is 1 or 2 hexes long.
    expect(new Set(offered.map((a) => a.unit))).toEqual(new Set(['sergeant']))
    expect(offered).toContainEqual(advance('sergeant', ['N11']))
    expect(offered).toContainEqual(advance('sergeant', ['N11', 'O11']))
    for (const a of offered) {
      const path = a.path as string[]
      expect(path[0]).toBe('N11')
      expect(path.length).toBeLessThanOrEqual(2)
    }
    // Never onto the peasant where he stands now, never 3 hexes, never first elsewhere.
    expect(offered).not.toContainEqual(advance('sergeant', ['N11', 'N12']))
    expect(refusal(loaded, state, advance('sergeant', ['M11', 'M12']))).toMatch(
      /first step into N11/,
    )
    expect(refusal(loaded, state, advance('sergeant', ['N11', 'O11', 'O12']))).toMatch(
      /first step into N11/,
    )
    expect(refusal(loaded, state, advance('spearman', ['N11']))).toMatch(/sergeant/)
    state = play(loaded, state, advance('sergeant', ['N11', 'O11']))
    expect(state.units.sergeant?.hex).toBe('O11')
    const places = lastEntries.flatMap((e) => e.effects).filter((c) => c.kind === 'place')
    expect(places.map((p) => (p.kind === 'place' ? p.to.hex : null))).toEqual(['N11', 'O11'])
    // The advance was made at once, and once.
    expect(openPrompt(state)?.kind).not.toBe('advance')
  })

  it('the advance is optional: "decline" goes back to the attacks', () => {
    const loaded = scenarioWith(
      duel([{ id: 'other', type: 'peasant', hex: 'L10', side: 'saracens' }]),
    )
    let state = play(loaded, atCombat(loaded, [KILL]), attack(['sergeant'], ['peasant']))
    expect(state.units.peasant?.status).toBe('dead')
    expect(openPrompt(state)?.kind).toBe('advance')
    expect(legalActions(loaded, state)).toContainEqual({ type: 'decline', side: 'crusaders' })
    state = play(loaded, state, { type: 'decline' })
    expect(state.units.sergeant?.hex).toBe('N10')
    expect(openPrompt(state)?.kind).toBe('melee')
  })

  it("after a stun the first step goes into the stunned man's hex, but the advance may not end there", () => {
    const loaded = scenarioWith(duel())
    const state = play(loaded, atCombat(loaded, [STUN]), attack(['sergeant'], ['peasant']))
    expect(state.units.peasant?.status).toBe('stunned')
    const offered = advances(loaded, state)
    expect(offered.length).toBeGreaterThan(0)
    for (const a of offered) expect(a.path).toHaveLength(2)
    expect(offered.every((a) => (a.path as string[])[0] === 'N11')).toBe(true)
    expect(refusal(loaded, state, advance('sergeant', ['N11']))).toMatch(/ends in a hex of its own/)
    const after = play(loaded, state, advance('sergeant', ['N11', 'N12']))
    expect(after.units.sergeant?.hex).toBe('N12')
    expect(after.units.peasant?.hex).toBe('N11')
  })

  it("when the attacker is driven back, the defender's side may advance into the hex he left", () => {
    const loaded = scenarioWith(duel())
    let state = play(loaded, atCombat(loaded, [ATTACKER_BACK]), attack(['sergeant'], ['peasant']))
    expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'retreat' })
    state = play(loaded, state, { type: 'retreat', unit: 'sergeant', hex: 'N9' })
    expect(openPrompt(state)).toMatchObject({ side: 'saracens', kind: 'advance' })
    expect(advances(loaded, state)).toContainEqual(advance('peasant', ['N10']))
  })

  it('a wound alone gives no advance', () => {
    const loaded = scenarioWith(duel())
    const state = play(loaded, atCombat(loaded, [2]), attack(['sergeant'], ['peasant']))
    expect(state.units.peasant?.status).toBe('wounded')
    expect(openPrompt(state)?.kind).toBe('melee')
  })

  it('a rider may advance 3 hexes, stepping ahead or to a front diagonal', () => {
    // A knight heading south, front N10 and rear N9, kills the peasant in N11.
    const loaded = scenarioWith([
      { id: 'knight', type: 'average-knight', hex: 'N10', facing: 'S', side: 'crusaders' },
      { id: 'peasant', type: 'peasant', hex: 'N11', side: 'saracens' },
      { id: 'far', type: 'peasant', hex: 'T5', side: 'saracens' },
    ])
    const state = play(loaded, atCombat(loaded, [KILL]), attack(['knight'], ['peasant']))
    expect(state.units.peasant?.status).toBe('dead')
    const offered = advances(loaded, state)
    expect(offered).toContainEqual(advance('knight', ['N11', 'N12', 'N13']))
    expect(Math.max(...offered.map((a) => (a.path as string[]).length))).toBe(3)
    const after = play(loaded, state, advance('knight', ['N11', 'N12', 'N13']))
    expect(hexesOf({ loaded, state: after }, 'knight')).toEqual(['N13', 'N12'])
  })

  it('infiltration on the way: a fresh enemy next to a hex crossed challenges, one engaged in this phase does not', () => {
    // The sergeant kills the peasant and goes on through N11; a Saracen spearman at O11 (next
    // to N11) has not fought this phase: leaving N11 calls for a roll (6: wounded, his advance
    // ends there). The same advance with that spearman attacked earlier this phase rolls nothing.
    const fresh = scenarioWith(
      duel([{ id: 'guard', type: 'spearman', hex: 'O11', side: 'saracens' }]),
    )
    let state = play(fresh, atCombat(fresh, [KILL, 6]), attack(['sergeant'], ['peasant']))
    state = play(fresh, state, advance('sergeant', ['N11', 'N12']))
    const rolled = lastEntries.flatMap((e) => e.records).map((r) => r.resolution.id)
    expect(rolled).toEqual(['infiltration'])
    expect(state.units.sergeant?.status).toBe('wounded')
    expect(state.units.sergeant?.hex).toBe('N11')

    // The spearman at M10 attacks the guard first (roll 10 at 1:1: no effect), then the
    // sergeant kills the peasant and advances past the guard without a roll.
    const engaged = scenarioWith(
      duel([{ id: 'guard', type: 'peasant', hex: 'M11', side: 'saracens' }]),
    )
    let game = play(engaged, atCombat(engaged, [10, KILL]), attack(['spearman'], ['guard']))
    expect(game.units.guard?.status).toBe('healthy')
    game = play(engaged, game, attack(['sergeant'], ['peasant']))
    game = play(engaged, game, advance('sergeant', ['N11', 'N12']))
    expect(lastEntries.flatMap((e) => e.records)).toEqual([])
    expect(game.units.sergeant?.hex).toBe('N12')
  })

  it('a roll that stops the advance over a stunned man sends it back to the last hex it could stop in', () => {
    // The peasant is stunned in N11; the sergeant steps over him toward N12, and the guard at
    // O11 (fresh) challenges him as he leaves N11: 6 wounds him, so he stops, and goes back.
    const loaded = scenarioWith(
      duel([{ id: 'guard', type: 'spearman', hex: 'O11', side: 'saracens' }]),
    )
    let state = play(loaded, atCombat(loaded, [STUN, 6]), attack(['sergeant'], ['peasant']))
    expect(state.units.peasant?.status).toBe('stunned')
    state = play(loaded, state, advance('sergeant', ['N11', 'N12']))
    expect(state.units.sergeant).toMatchObject({ status: 'wounded', hex: 'N10' })
    expect(state.units.peasant?.hex).toBe('N11')
  })
})
