/**
 * applyAction: pure, refuses bad actions with a sentence (never a throw), and logs what it did.
 */
import { describe, expect, it } from 'vitest'
import {
  KERNEL_ACTIONS,
  applyAction,
  checkArgs,
  createInitialState,
  reject,
  registerAction,
  stateHash,
} from '../../../src/runtime/state'
import type { ActionHandler, GameState } from '../../../src/runtime/state'
import { act, deepFreeze, loadScenario, refused } from './helpers'

const loaded = loadScenario('state', 'kernel-skirmish')
const fresh = (): GameState => createInitialState(loaded, { seed: 11 })

describe('purity', () => {
  it('never changes the state or the action it is given (both are frozen here)', () => {
    const state = fresh()
    const before = stateHash(state)
    const { state: after } = act(loaded, state, {
      type: 'place',
      unit: 'north-pike',
      hex: '0405',
      facing: 'NE',
    })
    expect(stateHash(state)).toBe(before)
    expect(after).not.toBe(state)
    expect(after.units['north-pike']).toMatchObject({ hex: '0405', facing: 1 })
    expect(state.units['north-pike']?.hex).toBe('0302')
  })

  it('gives the same result for the same state and action', () => {
    const state = fresh()
    const action = {
      type: 'resolve',
      resolution: 'clash',
      attackers: ['north-pike'],
      defenders: ['south-pike-1'],
    }
    const a = applyAction(loaded, state, action)
    const b = applyAction(loaded, state, action)
    expect(a.ok && b.ok).toBe(true)
    if (a.ok && b.ok) {
      expect(stateHash(a.state)).toBe(stateHash(b.state))
      expect(a.entries).toEqual(b.entries)
    }
  })

  it('keeps its own copy of the action in the log', () => {
    const action = { type: 'place', unit: 'north-pike', hex: '0405' }
    const result = applyAction(loaded, fresh(), action)
    action.hex = '0101'
    expect(result.ok && result.entries[0]?.action.hex).toBe('0405')
  })

  it('drops the half-changed draft of a refused action', () => {
    // The handler moves a unit in its draft, then refuses: the caller's state must not show the move.
    const broken: ActionHandler = (ctx) => {
      const unit = ctx.draft.units['north-pike']
      if (unit !== undefined) unit.hex = '0101'
      return reject('changed my mind', 'X.9')
    }
    const state = deepFreeze(fresh())
    const result = applyAction(
      loaded,
      state,
      { type: 'wobble' },
      registerAction(KERNEL_ACTIONS, 'wobble', broken),
    )
    expect(result).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'changed my mind', rule: 'X.9' },
    })
    expect(state.units['north-pike']?.hex).toBe('0302')
  })
})

describe('the log', () => {
  it('numbers entries by the actions applied so far', () => {
    const first = act(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: '0405' })
    const second = act(loaded, first.state, { type: 'place', unit: 'north-pike', hex: '0406' })
    expect(first.entry.seq).toBe(0)
    expect(second.entry.seq).toBe(1)
    expect(second.state.actionCount).toBe(2)
  })

  it('writes a readable line and the change made', () => {
    const { entry } = act(loaded, fresh(), {
      type: 'place',
      unit: 'north-pike',
      hex: '0405',
      facing: 'NE',
    })
    expect(entry.text).toBe('unit north-pike placed in 0405 facing NE')
    expect(entry.effects).toEqual([
      {
        kind: 'place',
        unit: 'north-pike',
        from: { hex: '0302', facing: 5, location: 'map' },
        to: { hex: '0405', facing: 1, location: 'map' },
        text: 'unit north-pike placed in 0405 facing NE',
      },
    ])
  })
})

describe('refusals', () => {
  it.each([
    [null, 'an action must be an object'],
    [[], 'an action must be an object'],
    [{}, 'an action needs a "type"'],
    [{ type: 'End Phase' }, 'must be kebab-case'],
    [{ type: 'end-phase', when: () => 1 }, 'takes no argument "when"'],
  ])('refuses the malformed action %j', (action, message) => {
    expect(refused(loaded, fresh(), action).message).toContain(message)
  })

  it('suggests the action type meant', () => {
    expect(refused(loaded, fresh(), { type: 'end-phaze' }).message).toBe(
      'unknown action type "end-phaze" — did you mean "end-phase"?',
    )
  })

  it('suggests the argument meant', () => {
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike', hexx: '0101' }).message,
    ).toContain('action "place" takes no argument "hexx" — did you mean "hex"?')
  })

  it('names unknown units and sides with a suggestion', () => {
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pik', hex: '0101' }).message,
    ).toBe('there is no unit "north-pik" — did you mean "north-pike"?')
    expect(refused(loaded, fresh(), { type: 'end-phase', side: 'sout' }).message).toContain(
      'there is no side "sout" — did you mean "south"?',
    )
  })

  it('refuses hexes the map does not have, and labels written another way', () => {
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: '0909' }).message,
    ).toBe(
      '"0909" is not a hex of map "kernel-map": "0909": column 09 is past the last column of the map, 08',
    )
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: '305' }).message,
    ).toContain('expected 4 digits like "0312"')
  })

  it('refuses a facing the map orientation cannot have', () => {
    // Flat-topped hexes have corners east and west, not north.
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: '0405', facing: 'N' })
        .message,
    ).toBe('"N" is not a corner of a flat-top hex: use one of NE, E, SE, SW, W, NW')
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: '0405', facing: 0 })
        .message,
    ).toBe('facing 0 points at a side of a flat-top hex, but this ruleset faces corners')
  })

  it('refuses a state from another scenario', () => {
    const state = { ...fresh(), scenario: 'elsewhere' }
    expect(refused(loaded, state, { type: 'end-phase' }).message).toBe(
      'this state is a game of scenario "elsewhere", not of "kernel-skirmish"',
    )
  })

  it('refuses every action once the game is over', () => {
    const over = act(loaded, fresh(), { type: 'concede', side: 'north' }).state
    expect(over.outcome).toEqual({
      winners: ['south'],
      losers: ['north'],
      draw: false,
      reason: 'north concedes',
    })
    expect(refused(loaded, over, { type: 'end-phase' }).message).toBe(
      'the game is over (north concedes): no more actions',
    )
  })

  it('turns a bug in a handler into one line naming the action', () => {
    const buggy: ActionHandler = () => {
      throw new TypeError('cannot read "x" of undefined')
    }
    const result = applyAction(
      loaded,
      fresh(),
      { type: 'oops' },
      registerAction(KERNEL_ACTIONS, 'oops', buggy),
    )
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'engine-fault',
        message: 'action "oops" failed: cannot read "x" of undefined',
      },
    })
  })

  it('passes on the rule a handler names', () => {
    const strict: ActionHandler = (ctx) => {
      checkArgs(ctx.action, [])
      return { ok: false, error: { code: 'forbidden', message: 'not now', rule: '5.1' } }
    }
    const result = applyAction(
      loaded,
      fresh(),
      { type: 'wait' },
      registerAction(KERNEL_ACTIONS, 'wait', strict),
    )
    expect(result).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'not now', rule: '5.1' },
    })
  })
})

describe('registerAction', () => {
  const noop: ActionHandler = () => ({ text: 'nothing' })

  it('adds a handler without changing the map it was given', () => {
    const more = registerAction(KERNEL_ACTIONS, 'rest', noop)
    expect(Object.keys(more)).toContain('rest')
    expect(Object.keys(KERNEL_ACTIONS)).not.toContain('rest')
  })

  it('refuses to replace a handler unless asked, and names that are not kebab-case', () => {
    expect(() => registerAction(KERNEL_ACTIONS, 'place', noop)).toThrow(
      'action type "place" already has a handler',
    )
    expect(registerAction(KERNEL_ACTIONS, 'place', noop, true).place).toBe(noop)
    expect(() => registerAction(KERNEL_ACTIONS, 'Rest', noop)).toThrow(/kebab-case/)
  })
})

describe('place', () => {
  it('takes a unit off the map, to the reinforcements or out of play, with no facing', () => {
    const off = act(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: null }).state
    expect(off.units['north-pike']).toMatchObject({
      hex: null,
      facing: null,
      location: 'reinforcements',
    })
    const out = act(loaded, fresh(), {
      type: 'place',
      unit: 'north-pike',
      hex: null,
      location: 'removed',
    }).state
    expect(out.units['north-pike']?.location).toBe('removed')
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike', hex: null, facing: 'NE' })
        .message,
    ).toBe('a unit off the map has no facing: leave out "facing"')
  })

  it('needs a facing to bring a unit onto the map, and keeps the facing of a unit already there', () => {
    expect(
      refused(loaded, fresh(), { type: 'place', unit: 'north-pike-2', hex: '0101' }).message,
    ).toContain('needs a "facing"')
    const entered = act(loaded, fresh(), {
      type: 'place',
      unit: 'north-pike-2',
      hex: '0101',
      facing: 'SE',
    }).state
    expect(entered.units['north-pike-2']).toMatchObject({ hex: '0101', facing: 5, location: 'map' })
    const moved = act(loaded, entered, { type: 'place', unit: 'north-pike-2', hex: '0102' }).state
    expect(moved.units['north-pike-2']?.facing).toBe(5)
  })
})
