/**
 * Limited ammunition (B.1.35): Assassins' daggers and javelins are counted, arrows and bolts only
 * under the optional rule limited-arrows; missiles pass between friends side by side, away from
 * the enemy, never above what a man started with, and may be taken from a dead man lying next to
 * the taker. Played on the olive grove with Croisades' own content (§4A CH-54, CH-55).
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Character } from './move-steps'
import { act, croisades, lines, refused, until } from './move-steps'

function game(
  crusaders: Character[],
  saracens: Character[],
  options: Record<string, boolean> = {},
): { loaded: LoadedScenario; state: GameState } {
  const base = croisades(crusaders, saracens)
  const loaded = { ...base, options: { ...base.options, ...options } }
  const { state } = startGame(loaded, { forced: [] })
  expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'fire' })
  return { loaded, state: { ...state, dice: forcedSource([10, 10, 10]) } }
}

/** The state with `unit` holding `left` missiles of `weapon`. */
function holding(state: GameState, unit: string, weapon: string, left: number): GameState {
  const next = structuredClone(state)
  if (next.flow === null) throw new Error('no game in progress')
  next.flow.memory ??= {}
  next.flow.memory.ammunition = { [unit]: { [weapon]: left } }
  return next
}

const plan = (unit: string) => ({ type: 'fire-plan', unit, plan: 'offensive' })
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })

describe('limited ammunition (B.1.35)', () => {
  it('CH-54: each dagger thrown is one fewer; with none left the 7th throw is refused (B.1.35)', () => {
    const { loaded, state } = game(
      [{ id: 'hasan', type: 'assassin', hex: 'Y8' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y5' }],
    )
    const planned = act(loaded, state, plan('hasan')).state
    const thrown = act(loaded, planned, fire('hasan', 'target'))
    expect(lines(thrown.entries)).toContain('hasan has 5 throwing dagger missiles left')
    const empty = holding(planned, 'hasan', 'throwing-dagger', 0)
    expect(refused(loaded, empty, fire('hasan', 'target'))).toEqual({
      message: 'hasan has no throwing dagger missiles left (he started with 6)',
      rule: 'B.1.35',
    })
    expect(legalActions(loaded, empty).filter((a) => a.type === 'fire')).toEqual([])
  })

  it('CH-54: receiving daggers never raises a stock above the 6 he started with (B.1.35)', () => {
    const { loaded, state } = game(
      [
        { id: 'hasan', type: 'assassin', hex: 'Y8' },
        { id: 'rashid', type: 'assassin', hex: 'Y9' },
      ],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y4' }],
    )
    let at = act(loaded, state, plan('hasan')).state
    at = act(loaded, at, fire('hasan', 'target')).state
    at = until(loaded, at, 'movement', 'crusaders')
    const take = { type: 'exchange-ammunition', unit: 'hasan', from: 'rashid' }
    expect(legalActions(loaded, at)).toContainEqual({
      ...take,
      weapon: 'throwing-dagger',
      side: 'crusaders',
    })
    const taken = act(loaded, at, take)
    expect(lines(taken.entries)).toContain(
      'hasan takes 1 throwing dagger missile from rashid (now 6, rashid 5); both have finished their move',
    )
    expect(refused(loaded, taken.state, take).message).toBe(
      'hasan already has the 6 throwing dagger missiles he started with',
    )
    expect(
      refused(loaded, taken.state, { type: 'move', unit: 'rashid', path: ['Y10'] }).message,
    ).toBe('rashid has stopped for this activation')
  })

  it('CH-55: javelinmen may not exchange while one of them is next to an enemy (B.1.35)', () => {
    const { loaded, state } = game(
      [
        { id: 'bilal', type: 'sudanese-javelinman', hex: 'Y8' },
        { id: 'jabir', type: 'sudanese-javelinman', hex: 'Y9' },
      ],
      [{ id: 'enemy', type: 'syrian-infantry', hex: 'Y10' }],
    )
    const moving = holding(until(loaded, state, 'movement', 'crusaders'), 'bilal', 'javelin', 2)
    expect(
      refused(loaded, moving, { type: 'exchange-ammunition', unit: 'bilal', from: 'jabir' }),
    ).toEqual({
      message: 'jabir is next to an enemy, so no ammunition changes hands',
      rule: 'B.1.35',
    })
    expect(legalActions(loaded, moving).filter((a) => a.type === 'exchange-ammunition')).toEqual([])
  })

  it('B.1.35: missiles are taken from a dead man lying next to the taker, never above his starting amount', () => {
    const dead = { id: 'jabir', type: 'sudanese-javelinman', hex: 'Y9', status: 'dead' }
    const { loaded, state } = game(
      [{ id: 'bilal', type: 'sudanese-javelinman', hex: 'Y8' }, dead],
      [{ id: 'enemy', type: 'syrian-infantry', hex: 'Y2' }],
    )
    expect(state.fallen).toEqual({ jabir: 'Y9' })
    const moving = holding(until(loaded, state, 'movement', 'crusaders'), 'bilal', 'javelin', 1)
    const take = { type: 'exchange-ammunition', unit: 'bilal', from: 'jabir' }
    expect(legalActions(loaded, moving)).toContainEqual({
      ...take,
      weapon: 'javelin',
      side: 'crusaders',
    })
    const taken = act(loaded, moving, take)
    expect(lines(taken.entries)).toContain(
      'bilal takes 3 javelin missiles from the body of jabir in Y9 (now 4, 1 left on the body); he has finished his move',
    )
    expect(refused(loaded, taken.state, take)).toEqual({
      message: 'bilal already has the 4 javelin missiles he started with',
      rule: 'B.1.35',
    })
    expect(
      refused(loaded, taken.state, { type: 'move', unit: 'bilal', path: ['Y7'] }).message,
    ).toBe('bilal has stopped for this activation')
  })

  it('B.1.35: no missiles are taken from a body an enemy stands next to, nor from one out of reach', () => {
    const dead = { id: 'jabir', type: 'sudanese-javelinman', hex: 'Y9', status: 'dead' }
    const near = game(
      [{ id: 'bilal', type: 'sudanese-javelinman', hex: 'Y8' }, dead],
      [{ id: 'enemy', type: 'syrian-infantry', hex: 'Y10' }],
    )
    const moving = holding(
      until(near.loaded, near.state, 'movement', 'crusaders'),
      'bilal',
      'javelin',
      1,
    )
    expect(
      refused(near.loaded, moving, { type: 'exchange-ammunition', unit: 'bilal', from: 'jabir' }),
    ).toEqual({
      message: 'the body of jabir in Y9 is next to an enemy, so no ammunition is taken from it',
      rule: 'B.1.35',
    })
    const far = game(
      [{ id: 'bilal', type: 'sudanese-javelinman', hex: 'Y6' }, dead],
      [{ id: 'enemy', type: 'syrian-infantry', hex: 'Y2' }],
    )
    const away = holding(
      until(far.loaded, far.state, 'movement', 'crusaders'),
      'bilal',
      'javelin',
      1,
    )
    expect(
      refused(far.loaded, away, { type: 'exchange-ammunition', unit: 'bilal', from: 'jabir' })
        .message,
    ).toBe('bilal is not next to the body of jabir, which lies in Y9')
    expect(legalActions(far.loaded, away).filter((a) => a.type === 'exchange-ammunition')).toEqual(
      [],
    )
  })

  it('B.1.35 option limited-arrows: an archer carries 20 arrows; without it arrows are not counted', () => {
    const crusaders = [{ id: 'walid', type: 'saracen-foot-archer', hex: 'Y8' }]
    const saracens = [{ id: 'target', type: 'syrian-infantry', hex: 'Y4' }]
    for (const on of [true, false]) {
      const { loaded, state } = game(crusaders, saracens, { 'limited-arrows': on })
      const planned = act(loaded, state, plan('walid')).state
      const shot = lines(act(loaded, planned, fire('walid', 'target')).entries)
      if (on) expect(shot).toContain('walid has 19 shortbow missiles left')
      else expect(shot.filter((l) => l.includes('missiles left'))).toEqual([])
    }
  })
})
