/**
 * Seizing continuity through the play path on the bundled Infidel rulesets (fixtures
 * test/fixtures/extras): by die roll (Infidel 1.2 6.3, the Ascalon example TC-001-04) and by
 * seizure counters (Tri-Pack 6.3, the Blore Heath example TC-004-06, DT-14, Q15), and that
 * neither a free activation nor a seizure can itself be seized.
 */
import { describe, expect, it } from 'vitest'
import { Game, rolls, scenario, start } from './extras/helpers'

/** Setup draws of the counters model: three counters each, the cup's first each time. */
const DRAWS = [0, 0, 0, 0, 0, 0]

describe('6.3 seizure by die roll, Infidel 1.2 (TC-001-04 "Ascalon")', () => {
  const loaded = scenario('extras-v12')

  /**
   * West ("the Crusader") takes the game's first, free, activation with w-main ("Robert"),
   * continues with w-wing, then names w-main ("Raymond") again; east ("the Fatimid") tries to
   * seize with e-main ("the Bedouin Cavalry", led by e-oc, "al-Afdal", rating 3).
   */
  function toSeizure(dice: number[]): Game {
    // Loss checks 1, 1 after the free activation; w-wing's continuation roll 2 (rating 2, +1
    // inside the overall commander's range in 1.2).
    const game = new Game(loaded, start(loaded, [1, 1, 2, ...dice]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'continue', command: 'w-wing' })
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'seizure' })
    game.play({ type: 'decline' })
    expect(game.state.flow?.sides.west).toMatchObject({ successes: 1 })
    game.until('continuation').play({ type: 'continue', command: 'w-main' })
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'seizure' })
    expect(game.legal()).toEqual([
      { type: 'decline' },
      { type: 'seize', command: 'e-main' },
      { type: 'seize', command: 'e-wing' },
    ])
    return game
  }

  it('branch A: DR 6 fails; the crusader gets a free activation, may pick the same command again, penalties reset', () => {
    const game = toSeizure([6, 1, 1])
    const entry = game.play({ type: 'seize', command: 'e-main' })
    expect(rolls(entry)).toEqual([['seizure-check', 6, 6, 'failure']])
    expect(entry.records[0]?.check?.target).toBe(3)
    expect(entry.text).toContain('west gets a free activation')
    expect(game.notes()).toContain('west: continuation penalties reset (seizure attempt)')
    expect(game.state.flow?.sides.west).toMatchObject({ successes: 0, attempts: 0 })
    // The Raymond roll is never made: the next decision is west's free choice.
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'activation-choice' })
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'battle', command: 'w-wing' })
    // No seizure against a free activation: nothing but a choice of activation is offered.
    expect(game.legal().every((a) => a.type === 'activate' || a.type === 'pass')).toBe(true)
    expect(game.refusal({ type: 'seize', command: 'e-main', side: 'east' }).message).toContain(
      'west must now choose a free activation',
    )
    // w-wing, which just went, again; loss checks follow this free activation.
    game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    const last = game.until('continuation').entries.at(-1)
    expect(last?.records.map((r) => r.resolution.id)).toEqual(['loss-check', 'loss-check'])
  })

  it('branch B: DR 1 seizes; east becomes active with the Bedouin command, and west cannot seize back', () => {
    const game = toSeizure([1])
    const entry = game.play({ type: 'seize', command: 'e-main' })
    expect(rolls(entry)).toEqual([['seizure-check', 1, 1, 'success']])
    expect(entry.effects.map((e) => e.text)).toContain(
      'activation 3: east, battle activation of e-main (seized)',
    )
    expect(game.state.flow?.activation).toMatchObject({ side: 'east', free: false, seized: true })
    // The seizure is not open to a counter-seizure: east plays its activation at once.
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'move-and-fire' })
  })

  it("a leader inside his overall commander's range seizes with his rating + 1 (1.2 5.3)", () => {
    const game = toSeizure([3])
    const entry = game.play({ type: 'seize', command: 'e-wing' })
    expect(rolls(entry)).toEqual([['seizure-check', 3, 3, 'success']])
    expect(entry.records[0]?.check?.target).toBe(3)
  })
})

describe('6.3 seizure counters, Tri-Pack (TC-004-06 "Blore Heath", DT-14)', () => {
  const loaded = scenario('extras-inf')

  /** West ("Lancastrian") activates w-main ("Audley") freely, then names w-wing ("Dudley"). */
  function toSeizure(dice: number[], hands?: Record<string, string[]>): Game {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, ...dice], {}, hands))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'continue', command: 'w-wing' })
    return game
  }

  it('setup: each side draws its scenario number of counters from its cup of eight (TC-004-05)', () => {
    const state = start(loaded, DRAWS)
    expect(state.flow?.sides.west).toMatchObject({
      hand: ['seizure-opportunity-a', 'seizure-opportunity-b', 'seizure-opportunity-c'],
    })
    expect(state.flow?.sides.west?.cup).toHaveLength(5)
    expect(state.flow?.sides.east?.hand).toHaveLength(3)
  })

  it('(A) DR 6 is above the 0-5 range: no seizure, the counter is gone, west has a free activation and may take w-main again', () => {
    const game = toSeizure([6, 1, 1])
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'seizure' })
    expect(game.legal()).toContainEqual({
      type: 'seize',
      command: 'e-main',
      counter: 'seizure-opportunity-a',
    })
    game.play({ type: 'seize', command: 'e-main', counter: 'seizure-opportunity-a' })
    const entry = game.entries.at(-1)
    expect(entry?.effects.map((e) => e.text)).toContain(
      'seizure roll 6 against 0–5: failed, west gets a free activation',
    )
    expect(game.state.flow?.sides.east?.hand).toEqual([
      'seizure-opportunity-b',
      'seizure-opportunity-c',
    ])
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'activation-choice' })
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.entries.at(-1)?.records.map((r) => r.resolution.id)).toEqual([
      'loss-check',
      'loss-check',
    ])
  })

  it('(B) DR 1 seizes: east is active with e-main ("Salisbury") from phase B', () => {
    const game = toSeizure([1])
    game.play({ type: 'seize', command: 'e-main', counter: 'seizure-opportunity-a' })
    expect(game.notes()).toContain('seizure roll 1 against 0–5: east seizes with e-main')
    expect(game.state.flow?.activation).toMatchObject({
      side: 'east',
      commands: ['e-main'],
      seized: true,
    })
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'move-and-fire' })
  })

  it('DT-14: a roll of 5 is inside 0-5 and seizes', () => {
    const game = toSeizure([5])
    game.play({ type: 'seize', command: 'e-wing', counter: 'seizure-opportunity-a' })
    expect(game.state.flow?.activation).toMatchObject({ side: 'east', commands: ['e-wing'] })
  })

  it('a negation discards both counters, no seizure roll is made, the continuation roll goes ahead, and the penalties stand (Q15)', () => {
    // w-wing's roll 1 succeeds; then w-main is named, east plays a counter, west negates; the
    // continuation roll 2 has +1 for the earlier success: 3 <= 3.
    const game = toSeizure([1, 2], {
      west: ['seizure-negation'],
      east: ['seizure-opportunity-a', 'seizure-opportunity-b'],
    })
    game.play({ type: 'decline' })
    game.until('continuation').play({ type: 'continue', command: 'w-main' })
    game.play({ type: 'seize', command: 'e-main', counter: 'seizure-opportunity-a' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'negation' })
    expect(game.legal()).toEqual([
      { type: 'decline' },
      { type: 'negate', counter: 'seizure-negation' },
    ])
    const entry = game.play({ type: 'negate', counter: 'seizure-negation' })
    expect(game.state.flow?.sides.west?.hand).toEqual([])
    expect(game.state.flow?.sides.east?.hand).toEqual(['seizure-opportunity-b'])
    expect(rolls(entry)).toEqual([['continuation-check', 2, 3, 'success']])
    expect(
      entry.records[0]?.rollModifiers?.terms.filter((t) => t.applied).map((t) => [t.id, t.value]),
    ).toEqual([['consecutive-successes', 1]])
    expect(game.state.flow?.sides.west).toMatchObject({ successes: 2 })
    expect(game.notes().some((n) => n.includes('penalties reset'))).toBe(false)
  })

  it('without counters in hand there is no seizure window, and the continuation is rolled at once', () => {
    const game = toSeizure([1], { east: ['battle-cry', 'into-the-breach'] })
    expect(game.entries.at(-1)?.records.map((r) => r.resolution.id)).toEqual(['continuation-check'])
    expect(game.state.flow?.activation).toMatchObject({ side: 'west', commands: ['w-wing'] })
  })
})
