/**
 * The activation chain and its extras played on the bundled battles: the Ascalon seizure
 * example (Infidel 1.2 6.3, TC-001-04), seizure counters drawn at setup and the Tewkesbury army
 * activation continuation (Tri-Pack 6.3 TC-004-05, 6.2 TC-004-04), and a standard activation
 * on the sample skirmish (15.2).
 */
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '../../src/runtime/state'
import { Game, rolls, scenario, start } from '../runtime/play/extras/helpers'

const applied = (entry: LogEntry) =>
  (entry.records[0]?.rollModifiers?.terms ?? [])
    .filter((t) => t.applied)
    .map((t) => [t.id, t.value])

describe('Ascalon 1099 (Infidel 1.2): seizure by die roll, TC-001-04', () => {
  const loaded = scenario('ascalon-1099')

  function toSeizure(dice: number[]): Game {
    const game = new Game(loaded, start(loaded, [1, 1, ...dice]))
    // The Crusader player activates Robert's Command, then names Raymond's for continuity.
    game.play({ type: 'activate', kind: 'battle', command: 'normandy' })
    game.until('continuation').play({ type: 'continue', command: 'raymond' })
    expect(game.prompt).toMatchObject({ side: 'fatimids', kind: 'seizure' })
    return game
  }

  it("a 6 is above al-Afdal's rating: the Crusader takes a free activation, Robert's Command again", () => {
    const game = toSeizure([6, 1, 1])
    const entry = game.play({ type: 'seize', command: 'bedouin-horse' })
    expect(rolls(entry)).toEqual([['seizure-check', 6, 6, 'failure']])
    expect(entry.records[0]?.check?.target).toBe(2)
    expect(game.prompt).toMatchObject({ side: 'crusaders', kind: 'activation-choice' })
    game.play({ type: 'activate', kind: 'battle', command: 'normandy' })
    expect(
      game
        .until('continuation')
        .entries.at(-1)
        ?.records.map((r) => r.resolution.id),
    ).toEqual(['loss-check', 'loss-check'])
  })

  it('a 1 seizes: the Fatimid player is active with the Bedouin cavalry', () => {
    const game = toSeizure([1])
    game.play({ type: 'seize', command: 'bedouin-horse' })
    expect(game.state.flow?.activation).toMatchObject({
      side: 'fatimids',
      commands: ['bedouin-horse'],
      free: false,
      seized: true,
    })
  })
})

describe('Tewkesbury 1471 (Blood & Roses)', () => {
  const loaded = scenario('tewkesbury-1471')
  // Seizure counter draws: the Yorkists draw 4, the Lancastrians 3.
  const DRAWS = [0, 0, 0, 0, 0, 0, 0]

  it('each player draws the scenario number of counters into a hidden hand (TC-004-05)', () => {
    const state = start(loaded, DRAWS)
    expect(state.flow?.sides.yorkists?.hand).toHaveLength(4)
    expect(state.flow?.sides.yorkists?.cup).toHaveLength(4)
    expect(state.flow?.sides.lancastrians?.hand).toHaveLength(3)
    expect(state.flow?.sides.lancastrians?.cup).toHaveLength(5)
  })

  it("TC-004-04: army activation, army continuation with no modifier (DR 2), then Edward's Battle at +1", () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 2, 3]))
    game.play({ type: 'activate', kind: 'army' })
    game.until('continuation').play({ type: 'continue', kind: 'army' })
    let entry = game.play({ type: 'decline', side: 'lancastrians' })
    expect(rolls(entry)).toEqual([['army-continuation-check', 2, 2, 'success']])
    expect(applied(entry)).toEqual([])
    game.until('continuation').play({ type: 'continue', command: 'edward' })
    entry = game.play({ type: 'decline', side: 'lancastrians' })
    // Edward's own Activation Rating 4; +1 for the army continuation; no effectiveness (he is the OC).
    expect(rolls(entry)).toEqual([['continuation-check', 3, 4, 'success']])
    expect(entry.records[0]?.check?.target).toBe(4)
    expect(applied(entry)).toEqual([['consecutive-successes', 1]])
    expect(game.state.flow?.activation).toMatchObject({
      side: 'yorkists',
      kind: 'battle',
      commands: ['edward'],
    })
  })

  it("16.1: the Lancastrians passing a free activation move the Yorkists' Time marker", () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 1, 1]))
    game.play({ type: 'pass' })
    expect(game.state.sides.yorkists?.tracks.time).toBe(12)
    game.play({ type: 'pass' })
    expect(game.state.sides.yorkists?.tracks.time).toBe(11)
  })
})

describe('sample skirmish (Infidel): standard activation', () => {
  const loaded = scenario('sample-skirmish')

  it("moving the Count's standard makes the retired knights next to it roll (15.2)", () => {
    // Draws: the Franks 3, the Emir 4; then the standard check 7 eliminates, loss checks 1, 1.
    const state = start(loaded, [0, 0, 0, 0, 0, 0, 0, 7, 1, 1], {
      'franks-kn-3': { status: 'retired', hex: '0307' },
    })
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'standard', command: 'franks-horse' })
    const entry = game.play({ type: 'move-standard', hex: '0206' })
    expect(rolls(entry)[0]).toEqual(['standard-move-check', 7, 7, 'failure'])
    expect(game.unit('franks-kn-3').status).toBe('eliminated')
    expect(game.state.flow?.standards['franks-horse']).toBe('0206')
  })
})
