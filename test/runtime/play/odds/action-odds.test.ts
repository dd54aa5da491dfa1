/**
 * The odds the playtest view shows before an action (issue 5), on the bundled Men of Iron rules
 * with the fire test field: a longbow shot read on the Fire Results Table with the Fire/Range
 * modifiers (Tri-Pack 11.3), a shot and its return fire (11.2), a refused action, an action
 * that rolls nothing, and a seizure roll (6.3) made outside any resolution.
 */
import { describe, expect, it } from 'vitest'
import { forcedSource } from '../../../../src/runtime/dice'
import {
  actionOdds,
  legalActions,
  playAction,
  probeAction,
  whatIfOdds,
} from '../../../../src/runtime/play'
import type { ActionOdds, RollOdds } from '../../../../src/runtime/play'
import { recordLines } from '../../../../src/runtime/rules'
import { stateHash } from '../../../../src/runtime/state'
import { fireScenario, inMoveAndFire, play, refusal } from '../fire/helpers'
import { inShockPhase, shockScenario } from '../shock/helpers'
import { bundledScenario, playedTo } from './helpers'

const moi = fireScenario('fire-moi')
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })

function rollsOf(odds: ActionOdds): RollOdds[] {
  if (!odds.ok) throw new Error(`refused: ${odds.message}`)
  return odds.rolls
}

function onlyRoll(odds: ActionOdds): RollOdds {
  const rolls = rollsOf(odds)
  expect(rolls).toHaveLength(1)
  return rolls[0] as RollOdds
}

/** Each outcome as [key, naturals, fraction]. */
function table(roll: RollOdds | undefined): [string, number[], string][] {
  if (roll === undefined) throw new Error('no roll')
  return roll.distribution.outcomes.map((o) => [
    o.key,
    o.naturals,
    `${o.numerator}/${o.denominator}`,
  ])
}

/** A longbow two hexes above a Normal pike unit facing it, the target `hex` below. */
function longbowAt(hex: string, dice: number[] = []) {
  return inMoveAndFire(moi, {
    side: 'west',
    places: { 'w-lb-1': { hex: '0502', facing: 'SE' }, 'e-pk-1': { hex, facing: 'NW' } },
    dice,
  })
}

describe('11.3 the odds of a shot, before it is fired', () => {
  it('11.3 a longbow at 3 hexes (+0) on a Normal foot unit: 5 in 10 no effect, 4 in 10 Disordered, 1 in 10 Retire', () => {
    // The game's dice hold nothing: the odds are worked out without reading them.
    const state = longbowAt('0505')
    const hash = stateHash(state)
    const odds = actionOdds(moi, state, fire('w-lb-1', 'e-pk-1'))
    expect(stateHash(state)).toBe(hash)
    const shot = onlyRoll(odds)
    expect(shot).toMatchObject({
      who: 'w-lb-1 at e-pk-1',
      resolution: 'fire',
      label: 'Missile fire',
      rule: '11.3',
      request: { type: 'resolve', resolution: 'fire', firer: 'w-lb-1', target: 'e-pk-1' },
    })
    expect(shot.afterFirst).toBeUndefined()
    expect(shot.distribution.dice).toEqual({ id: 'd10', notation: 'd10z', outcomes: 10 })
    // Fire Results Table, Foot Normal column: 0–4 "-", 5–8 D, 9+ RT.
    expect(table(shot)).toEqual([
      ['-', [0, 1, 2, 3, 4], '1/2'],
      ['D', [5, 6, 7, 8], '2/5'],
      ['RT', [9], '1/10'],
    ])
    expect(shot.distribution.record.column?.id).toBe('foot-normal')
    expect(odds).toMatchObject({ ok: true, otherDice: 0 })
    // Played with a 5, the shot gives one of the results listed, for that natural roll.
    const { entry } = play(moi, longbowAt('0505', [5]), fire('w-lb-1', 'e-pk-1'))
    expect(entry.records[0]?.codes.map((c) => c.code)).toEqual(['D'])
  })

  it('11.3 next door the Fire/Range chart adds +2, and the breakdown names it with its rule', () => {
    const shot = onlyRoll(actionOdds(moi, longbowAt('0503'), fire('w-lb-1', 'e-pk-1')))
    const applied = (shot.distribution.record.rollModifiers?.terms ?? []).filter((t) => t.applied)
    expect(applied.map((t) => [t.id, t.value, t.rule])).toEqual([['range', 2, '11.3']])
    // Every natural reads two rows lower: 0–2 "-", 3–6 D, 7–9 RT.
    expect(table(shot)).toEqual([
      ['-', [0, 1, 2], '3/10'],
      ['D', [3, 4, 5, 6], '2/5'],
      ['RT', [7, 8, 9], '3/10'],
    ])
    expect(recordLines(shot.distribution.record)).toEqual([
      'Missile fire (fire) [11.3]',
      '  table Men of Iron Fire Results Table (moi-fire-results) [11.3, 14.1]',
      '  column Foot, Normal',
      '  modifier Range: +2 [11.3]',
    ])
  })

  it('the what-if panel, given the shot as the game would roll it, shows the same odds', () => {
    const state = longbowAt('0503')
    const shot = onlyRoll(actionOdds(moi, state, fire('w-lb-1', 'e-pk-1')))
    const panel = whatIfOdds(moi, state, shot.request)
    expect(panel).toMatchObject({ ok: true, resolution: 'fire', who: 'w-lb-1 at e-pk-1' })
    if (panel.ok) expect(panel.distribution).toEqual(shot.distribution)
  })
})

describe('11.2 a shot answered by return fire', () => {
  it('11.2 both shots are weighed; the answer, rolled before either result applies, has exact odds', () => {
    const state = inMoveAndFire(moi, {
      side: 'west',
      places: {
        'w-lb-1': { hex: '1004', facing: 'SE' },
        'e-lb-1': { hex: '1006', facing: 'NW' },
      },
    })
    const asked = play(moi, { ...state, dice: forcedSource([5, 5]) }, fire('w-lb-1', 'e-lb-1'))
    const rolls = rollsOf(actionOdds(moi, asked.state, fire('e-lb-1', 'w-lb-1')))
    expect(rolls.map((r) => [r.who, r.afterFirst ?? false])).toEqual([
      ['w-lb-1 at e-lb-1', false],
      ['e-lb-1 at w-lb-1', true],
    ])
    // Longbows at 2 hexes (+1): 0–3 "-", 4–7 D, 8–9 RT, for both.
    for (const roll of rolls)
      expect(table(roll)).toEqual([
        ['-', [0, 1, 2, 3], '2/5'],
        ['D', [4, 5, 6, 7], '2/5'],
        ['RT', [8, 9], '1/5'],
      ])
    const answer = whatIfOdds(moi, asked.state, rolls[1]?.request ?? { type: 'resolve' })
    if (!answer.ok) throw new Error(answer.message)
    expect(answer.distribution).toEqual(rolls[1]?.distribution)
  })
})

describe('what the odds say of other actions', () => {
  it('11.2 a refused action gives the engine’s refusal, word for word', () => {
    const { state: after } = play(moi, longbowAt('0505', [5]), fire('w-lb-1', 'e-pk-1'))
    const refused = refusal(moi, after, fire('w-lb-1', 'e-pk-1'))
    expect(refused).toEqual({
      message: 'unit w-lb-1 has already fired this activation',
      rule: '11.2',
    })
    expect(actionOdds(moi, after, fire('w-lb-1', 'e-pk-1'))).toEqual({
      ok: false,
      code: 'forbidden',
      ...refused,
    })
  })

  it('a roll the scripted dice have no face for is refused with a code and the dice, for a caller to ask for them', () => {
    const result = playAction(moi, longbowAt('0505', []), fire('w-lb-1', 'e-pk-1'))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toMatchObject({
      code: 'dice-ran-out',
      params: { dice: 'd10 (0–9)', needs: 1, remain: 0 },
    })
    expect(result.error.message).toMatch(/forced dice ran out/)
    const wrong = playAction(moi, longbowAt('0505', [10]), fire('w-lb-1', 'e-pk-1'))
    expect(!wrong.ok && wrong.error).toMatchObject({
      code: 'not-a-face',
      params: { value: 10, dice: 'd10 (0–9)' },
    })
  })

  it('turning in place rolls nothing', () => {
    const state = longbowAt('0505')
    const turn = legalActions(moi, state).find((a) => a.type === 'turn' && a.unit === 'w-lb-1')
    if (turn === undefined) throw new Error('w-lb-1 may not turn')
    expect(actionOdds(moi, state, turn)).toEqual({ ok: true, rolls: [], otherDice: 0 })
  })

  it('6.3 a seizure attempt rolls against its counter’s printed range, outside any resolution', () => {
    const loaded = bundledScenario('agincourt-1415')
    let found = null
    for (let step = 0; step < 150 && found === null; step++) {
      const state = playedTo('agincourt-1415', 1, step)
      const seize = legalActions(loaded, state).find((a) => a.type === 'seize')
      if (seize !== undefined) found = { state, seize }
    }
    if (found === null) throw new Error('no seizure attempt in the first 150 actions')
    expect(actionOdds(loaded, found.state, found.seize)).toEqual({
      ok: true,
      rolls: [],
      otherDice: 1,
    })
    // The attempt does roll a die when it is played.
    const played = playAction(loaded, found.state, found.seize)
    expect(
      played.ok && played.entries[0]?.effects.some((e) => e.text.startsWith('seizure roll')),
    ).toBe(true)
  })
})

describe('5.4 a roll that follows from a result', () => {
  const moi = shockScenario('shock-moi')
  const state = inShockPhase(moi, {
    places: {
      'e-pk-1': { hex: '1116', facing: 'W' },
      'w-pk-1': { hex: '1016', facing: 'SE' },
      'w-leader': { hex: '1016', facing: 'SE' },
    },
  })
  const declared = play(moi, state, {
    type: 'declare',
    attackers: ['w-pk-1'],
    defenders: ['e-pk-1'],
  }).state

  it('5.4 the leader stacked with a Disordered attacker checks for casualty, and the check is seen', () => {
    // A natural 2 disorders the attacker (AD): its leader checks, a roll the results procedure makes.
    const seen: string[] = []
    const played = probeAction(
      moi,
      { ...declared, dice: forcedSource([2, 4, 4, 4]) },
      { type: 'declare-done' },
      (roll) => seen.push(`${roll.resolution.id}: ${roll.who}`),
    )
    if (!played.ok) throw new Error(played.error.message)
    expect(played.entries[0]?.records.map((r) => r.resolution.id)).toEqual([
      'shock',
      'leader-casualty-shock',
    ])
    expect(seen).toEqual(['shock: w-pk-1 against e-pk-1', 'leader-casualty-shock: w-leader'])
  })

  it('the odds read the attack at a middle face, which leaves the leader unhurt: only the attack is weighed', () => {
    const rolls = rollsOf(actionOdds(moi, declared, { type: 'declare-done' }))
    expect(rolls.map((r) => r.resolution)).toEqual(['shock'])
    expect(rolls[0]?.distribution.outcomes.map((o) => o.key)).toContain('AD')
  })
})
