/**
 * Continuation through the play path on the bundled Men of Iron rulesets (fixtures
 * test/fixtures/extras): the cumulative penalties of 6.2 (TC-001-03, DT-01, DT-02, the
 * single-Battle penalty), army activations and what may follow them (TC-004-04 "Tewkesbury"),
 * loss checks after every free activation including a passed one (3.0, 6.1, Q31), and
 * leaderless Battles (6.4).
 */
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '../../../src/runtime/state'
import { Game, rolls, scenario, start } from './extras/helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

const applied = (entry: LogEntry | undefined) =>
  (entry?.records[0]?.rollModifiers?.terms ?? [])
    .filter((t) => t.applied)
    .map((t) => [t.id, t.value])

describe('6.2 continuation penalties (TC-001-03 "Giuseppe", Infidel 1.2)', () => {
  it('+1 after the first success, +2 after the second; a pass resets them', () => {
    const loaded = scenario('extras-v12')
    // Loss checks 1, 1; w-wing 0 (target 2 + 1 in the commander's range); w-main 2 + 1 <= 3;
    // w-wing 1 + 2 <= 3.
    const game = new Game(loaded, start(loaded, [1, 1, 0, 2, 1, 1, 1]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    const steps: [string, number][] = [
      ['w-wing', 0],
      ['w-main', 1],
      ['w-wing', 2],
    ]
    for (const [command, penalty] of steps) {
      game.until('continuation').play({ type: 'continue', command })
      const entry = game.play({ type: 'decline', side: 'east' })
      expect(applied(entry)).toEqual(penalty === 0 ? [] : [['consecutive-successes', penalty]])
      expect(entry.records[0]?.outcome).toBe('success')
    }
    expect(game.state.flow?.sides.west).toMatchObject({ successes: 3, attempts: 3 })
    game.until('continuation').play({ type: 'pass' })
    expect(game.state.flow?.sides.west).toMatchObject({ successes: 0, attempts: 0 })
    expect(game.notes()).toContain('west: continuation penalties reset (pass)')
  })
})

describe('6.2 continuation roll against the leader rating, Tri-Pack (DT-01, DT-02)', () => {
  const loaded = scenario('extras-inf')

  function continueWith(dice: number[], first: string, then: string[]): Game {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, ...dice]))
    game.play({ type: 'activate', kind: 'battle', command: first })
    for (const command of then) {
      game.until('continuation').play({ type: 'continue', command })
      game.play({ type: 'decline', side: 'east' })
    }
    return game
  }

  it('DT-01: rating 3, no penalty: 3 continues, 4 fails and east has a free activation', () => {
    let game = continueWith([3], 'w-wing', ['w-main'])
    expect(rolls(game.entries.at(-1) as LogEntry)).toEqual([
      ['continuation-check', 3, 3, 'success'],
    ])
    game = continueWith([4], 'w-wing', ['w-main'])
    expect(rolls(game.entries.at(-1) as LogEntry)).toEqual([
      ['continuation-check', 4, 4, 'failure'],
    ])
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'activation-choice' })
  })

  it('DT-02: with +1 for an earlier success, 2 continues (3) and 3 fails (4)', () => {
    let game = continueWith([0, 2], 'w-main', ['w-wing', 'w-main'])
    expect(rolls(game.entries.at(-1) as LogEntry)).toEqual([
      ['continuation-check', 2, 3, 'success'],
    ])
    game = continueWith([0, 3], 'w-main', ['w-wing', 'w-main'])
    expect(rolls(game.entries.at(-1) as LogEntry)).toEqual([
      ['continuation-check', 3, 4, 'failure'],
    ])
  })

  it('a side with a single Battle takes +1 on its first attempt too, cumulative with the successes', () => {
    const gone = { 'w-wing-1': { hex: null }, 'w-wing-2': { hex: null }, 'w-wing-3': { hex: null } }
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 0, 0], gone))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    // Its only Battle may be named again.
    expect(game.until('continuation').legal()).toEqual([
      { type: 'pass' },
      { type: 'continue', kind: 'battle', command: 'w-main' },
    ])
    game.play({ type: 'continue', command: 'w-main' })
    let entry = game.play({ type: 'decline', side: 'east' })
    expect(applied(entry)).toEqual([['single-battle', 1]])
    game.until('continuation').play({ type: 'continue', command: 'w-main' })
    entry = game.play({ type: 'decline', side: 'east' })
    expect(applied(entry)).toEqual([
      ['consecutive-successes', 1],
      ['single-battle', 2],
    ])
  })

  it('the Battle that just went may not be named again when there are others', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.legal()).toEqual([
      { type: 'pass' },
      { type: 'continue', kind: 'battle', command: 'w-wing' },
    ])
    expect(game.refusal({ type: 'continue', command: 'w-main' })).toEqual({
      message: 'command "w-main" has just been activated: continue with another one',
      rule: '6.2',
    })
  })

  it('after a standard activation any Battle may be named, its own included', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1]))
    game.play({ type: 'activate', kind: 'standard', command: 'w-main' })
    game.play({ type: 'rally' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'continuation' })
    expect(game.legal()).toEqual([
      { type: 'pass' },
      { type: 'continue', kind: 'battle', command: 'w-main' },
      { type: 'continue', kind: 'battle', command: 'w-wing' },
    ])
  })
})

describe('army activation and its continuation, Blood & Roses (TC-004-04 "Tewkesbury")', () => {
  const loaded = scenario('extras-bnr')

  function army(dice: number[]): Game {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, ...dice]))
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'army' })
    game.play({ type: 'activate', kind: 'army' })
    game.until('continuation')
    return game
  }

  it("after an army activation: army, any Battle (the overall commander's included) or pass", () => {
    expect(army([]).legal()).toEqual([
      { type: 'pass' },
      { type: 'continue', kind: 'battle', command: 'w-main' },
      { type: 'continue', kind: 'battle', command: 'w-wing' },
      { type: 'continue', kind: 'army' },
    ])
  })

  it("army continuation with effectiveness 0: DR 2 succeeds, then the OC's Battle rolls with +1 and no effectiveness", () => {
    const game = army([2, 2])
    game.play({ type: 'continue', kind: 'army' })
    let entry = game.play({ type: 'decline', side: 'east' })
    expect(rolls(entry)).toEqual([['army-continuation-check', 2, 2, 'success']])
    expect(applied(entry)).toEqual([])
    game.until('continuation').play({ type: 'continue', command: 'w-main' })
    entry = game.play({ type: 'decline', side: 'east' })
    // Edward's Battle: his own rating 3, +1 for the successful army continuation.
    expect(rolls(entry)).toEqual([['continuation-check', 2, 3, 'success']])
    expect(entry.records[0]?.check?.target).toBe(3)
    expect(applied(entry)).toEqual([['consecutive-successes', 1]])
  })

  it('army continuation: DR 3 fails', () => {
    const game = army([3])
    game.play({ type: 'continue', kind: 'army' })
    const entry = game.play({ type: 'decline', side: 'east' })
    expect(rolls(entry)).toEqual([['army-continuation-check', 3, 3, 'failure']])
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'activation-choice' })
  })

  it('an army activation can only follow an army activation', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.legal()).not.toContainEqual({ type: 'continue', kind: 'army' })
    expect(game.refusal({ type: 'continue', kind: 'army' })).toEqual({
      message: 'an army activation can only follow an army activation, not a battle activation',
      rule: '6.2',
    })
  })
})

describe('3.0 loss checks after every free activation (6.1, Q31)', () => {
  it('Tri-Pack: a passed free activation makes both players check', () => {
    const loaded = scenario('extras-inf')
    const game = new Game(loaded, start(loaded, [...DRAWS, 4, 5]))
    const entry = game.play({ type: 'pass' })
    expect(entry.records.map((r) => [r.resolution.id, r.roll?.natural])).toEqual([
      ['loss-check', 4],
      ['loss-check', 5],
    ])
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'activation-choice' })
  })

  it('Infidel 1.2: a pass only hands over the initiative, with no loss check', () => {
    const loaded = scenario('extras-v12')
    const game = new Game(loaded, start(loaded, []))
    const entry = game.play({ type: 'pass' })
    expect(entry.records).toEqual([])
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'activation-choice' })
  })

  it('a continued activation makes no loss check', () => {
    const loaded = scenario('extras-inf')
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 0]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'continue', command: 'w-wing' })
    game.play({ type: 'decline', side: 'east' })
    const entry = game.until('continuation').entries.at(-1)
    expect(entry?.records).toEqual([])
  })
})

describe('6.4 a Battle without its leader on the map', () => {
  const loaded = scenario('extras-inf')

  it('is activated only by a free activation: never named for a continuation or a seizure', () => {
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS, 1, 1], { 'w-bl': { hex: null }, 'e-bl': { hex: null } }),
    )
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'battle', command: 'w-wing' })
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.legal()).toEqual([{ type: 'pass' }])
    expect(game.refusal({ type: 'continue', command: 'w-wing' }).message).toBe(
      'command "w-wing" cannot take a battle activation now',
    )
  })
})
