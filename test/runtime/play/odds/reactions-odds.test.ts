/**
 * The odds shown before an action that rolls nothing itself but first hands the other side a
 * reaction (issue 5): on the bundled Infidel sample skirmish, a crossbow shot waits for the
 * emirate to return fire or not (11.3), and the preview follows the decline on scripted dice to
 * the shot's roll, never reading the game's own dice.
 */
import { describe, expect, it } from 'vitest'
import {
  actionOdds,
  actionOddsThroughReactions,
  legalActions,
  openPrompt,
  playAction,
  startGame,
} from '../../../../src/runtime/play'
import type { ActionOdds, RollOdds } from '../../../../src/runtime/play'
import { outcomeKey } from '../../../../src/runtime/rules'
import { forcedSource } from '../../../../src/runtime/dice'
import { stateHash } from '../../../../src/runtime/state'
import type { Action, GameState } from '../../../../src/runtime/state'
import { bundledScenario } from './helpers'

const loaded = bundledScenario('sample-skirmish')
/** Faces the start of the game reads before the first decision (setup draws), here all 3s. */
const SETUP_FACES = 7

const shot: Action = { type: 'fire', unit: 'franks-cb-1', target: 'garrison-a-1', side: 'franks' }
const decline: Action = { type: 'decline', side: 'emirate' }

function must(result: ReturnType<typeof playAction>, action: Action): GameState {
  if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.message}`)
  return result.state
}

/**
 * The franks' foot activated for battle, every play-counters prompt passed, and the pikemen
 * moved out of the crossbowmen's line of fire: the crossbow may shoot at the garrison archers.
 */
function beforeTheShot(dice: { seed: number } | { forced: number[] }): GameState {
  let state = startGame(loaded, dice).state
  const step = (action: Action): void => {
    state = must(playAction(loaded, state, action), action)
  }
  step({ type: 'activate', kind: 'battle', command: 'franks-foot', side: 'franks' })
  for (let prompt = openPrompt(state); prompt?.kind === 'play-counters'; prompt = openPrompt(state))
    step({ type: 'done', side: prompt.side })
  step({ type: 'move', unit: 'franks-pk-1', path: ['0704'], facing: 'E', side: 'franks' })
  return state
}

function theRoll(odds: ActionOdds): RollOdds {
  if (!odds.ok) throw new Error(`refused: ${odds.message}`)
  expect(odds.rolls.length).toBeGreaterThan(0)
  return odds.rolls[0] as RollOdds
}

describe('11.3 return fire: the odds of a shot that waits for the target’s answer', () => {
  it('11.3 the crossbow shot asks the emirate about return fire first; the odds shown are the shot’s, the decline assumed', () => {
    // Exactly the faces the start reads: the game has no die left to give.
    const state = beforeTheShot({ forced: Array.from({ length: SETUP_FACES }, () => 3) })
    const faces = Array.from({ length: SETUP_FACES }, () => 3)
    expect(state.dice).toEqual({ kind: 'forced', values: faces, index: SETUP_FACES })
    const hash = stateHash(state)

    // The shot itself rolls nothing: the roll waits for the emirate's decision.
    expect(actionOdds(loaded, state, shot)).toEqual({ ok: true, rolls: [], otherDice: 0 })
    const afterShot = must(playAction(loaded, state, shot), shot)
    expect(openPrompt(afterShot)).toMatchObject({ kind: 'return-fire', side: 'emirate' })

    const weighed = actionOddsThroughReactions(loaded, state, shot)
    expect(weighed.assumed).toEqual([decline])
    // The same odds as weighing the decline once the shot is declared.
    expect(weighed.odds).toEqual(actionOdds(loaded, afterShot, decline))
    const roll = theRoll(weighed.odds)
    expect(roll).toMatchObject({
      resolution: 'fire',
      rule: '11.3',
      who: 'franks-cb-1 at garrison-a-1',
      request: {
        type: 'resolve',
        resolution: 'fire',
        firer: 'franks-cb-1',
        target: 'garrison-a-1',
      },
    })
    const total = roll.distribution.outcomes.reduce((sum, o) => sum + o.probability, 0)
    expect(total).toBeCloseTo(1, 12)

    // Nothing was read from the game: playing the decline on its dice fails for want of faces,
    // and the state is as it was.
    const played = playAction(loaded, afterShot, decline)
    expect(played.ok ? 'rolled' : played.error.message).toContain('forced dice ran out')
    expect(stateHash(state)).toBe(hash)
  })

  it('11.3 each face of the shot, played after the decline, gives the result the odds give it', () => {
    const state = beforeTheShot({ seed: 1 })
    const roll = theRoll(actionOddsThroughReactions(loaded, state, shot).odds)
    const dice = roll.distribution.dice
    if (dice === undefined) throw new Error('the shot rolls no dice')
    // One die: each natural is one face, read first by the decline's roll.
    expect(dice.notation).toBe('d10z')
    const afterShot = must(playAction(loaded, state, shot), shot)
    let checked = 0
    for (const outcome of roll.distribution.outcomes) {
      for (const natural of outcome.naturals) {
        const forced = { ...afterShot, dice: forcedSource([natural, ...Array(64).fill(natural)]) }
        const result = playAction(loaded, forced, decline)
        if (!result.ok) throw new Error(result.error.message)
        const record = result.entries.flatMap((e) => e.records)[0]
        expect(record && outcomeKey(record), `natural ${natural}`).toBe(outcome.key)
        checked += 1
      }
    }
    expect(checked).toBe(dice.outcomes)
  })

  it('a seeded game keeps its dice: the preview leaves the state and its generator as they were', () => {
    const state = beforeTheShot({ seed: 4 })
    const dice = structuredClone(state.dice)
    const hash = stateHash(state)
    const weighed = actionOddsThroughReactions(loaded, state, shot)
    expect(weighed.assumed).toEqual([decline])
    expect(theRoll(weighed.odds).resolution).toBe('fire')
    expect(state.dice).toEqual(dice)
    expect(stateHash(state)).toBe(hash)
  })

  it('an action that rolls at once gives its own odds, with no answer assumed', () => {
    const afterShot = must(playAction(loaded, beforeTheShot({ seed: 1 }), shot), shot)
    const weighed = actionOddsThroughReactions(loaded, afterShot, decline)
    expect(weighed.assumed).toEqual([])
    expect(weighed.odds).toEqual(actionOdds(loaded, afterShot, decline))
    expect(theRoll(weighed.odds).resolution).toBe('fire')
  })

  it('an action after which the same side decides again is not followed', () => {
    const state = beforeTheShot({ seed: 1 })
    const done: Action = { type: 'done', side: 'franks' }
    const after = must(playAction(loaded, state, done), done)
    expect(openPrompt(after)?.side).toBe('franks')
    expect(actionOddsThroughReactions(loaded, state, done)).toEqual({
      odds: actionOdds(loaded, state, done),
      assumed: [],
    })
  })

  it('with no step allowed, the shot’s own odds (no roll) are given', () => {
    const state = beforeTheShot({ seed: 1 })
    expect(actionOddsThroughReactions(loaded, state, shot, 0)).toEqual({
      odds: { ok: true, rolls: [], otherDice: 0 },
      assumed: [],
    })
  })

  it('a refused action gives the engine’s refusal, with no answer assumed', () => {
    const state = beforeTheShot({ seed: 1 })
    const wrong: Action = { ...shot, target: 'franks-pk-1' }
    const weighed = actionOddsThroughReactions(loaded, state, wrong)
    expect(weighed.assumed).toEqual([])
    expect(weighed.odds.ok).toBe(false)
    const played = playAction(loaded, state, wrong)
    expect(played.ok ? '' : played.error.message).toBe(weighed.odds.ok ? '' : weighed.odds.message)
  })
})

describe('6.2–6.3 continuing an activation: the other side may try to seize it first', () => {
  /** The shot declined and movement done: the franks may continue with their horse. */
  function atContinuation(): GameState {
    let state = beforeTheShot({ seed: 1 })
    for (const action of [shot, decline, { type: 'done', side: 'franks' }])
      state = must(playAction(loaded, state, action), action)
    expect(openPrompt(state)).toMatchObject({ kind: 'continuation', side: 'franks' })
    return state
  }
  const carryOn: Action = {
    type: 'continue',
    kind: 'battle',
    command: 'franks-horse',
    side: 'franks',
  }

  it('6.3 the continuation waits for the emirate’s seizure decision: its roll’s odds (6.2), the decline assumed', () => {
    const state = atContinuation()
    expect(actionOdds(loaded, state, carryOn)).toEqual({ ok: true, rolls: [], otherDice: 0 })
    const asked = must(playAction(loaded, state, carryOn), carryOn)
    expect(openPrompt(asked)).toMatchObject({ kind: 'seizure', side: 'emirate', rule: '6.3' })
    const weighed = actionOddsThroughReactions(loaded, state, carryOn)
    expect(weighed.assumed).toEqual([decline])
    expect(weighed.odds).toEqual(actionOdds(loaded, asked, decline))
    expect(theRoll(weighed.odds)).toMatchObject({ resolution: 'continuation-check', rule: '6.2' })
  })

  it('6.3 a seizure attempt reads a die outside any resolution: its own answer, nothing followed', () => {
    const asked = must(playAction(loaded, atContinuation(), carryOn), carryOn)
    const seize = legalActions(loaded, asked).find((a) => a.type === 'seize')
    if (seize === undefined) throw new Error('the emirate may not try to seize')
    const own = actionOdds(loaded, asked, seize)
    expect(own).toEqual({ ok: true, rolls: [], otherDice: 1 })
    expect(actionOddsThroughReactions(loaded, asked, seize)).toEqual({ odds: own, assumed: [] })
  })
})
