/**
 * Formation fire in Croisades tactical (B.1.42 exception (3), CH-41): shooters behind a front row
 * of at least 3 friends armed alike (one unit type) shoot through it, straight ahead between two
 * of its men, at a target at least 3 hexes from the row. Played through the engine: the
 * crusaders' offensive fire on the olive grove, where row 10 is open ground from G to M.
 *
 * The lane of a shooter in G10 behind the row H9–H11: he touches H10 and H11, and the line
 * straight ahead runs east through their shared corner, along row 10: I10, then J10/J11, K10,
 * L10/L11, M10… H10 and H11 are 2 hexes from J10, 3 from K10.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Placement } from './croisades-fixture'
import { fire, fireOffered as offered, crusader, saracen } from './croisades-fixture'
import { lastEntries, play, refusal, scenarioWith } from './croisades-fixture'

/** The crusaders' offensive fire with these characters, plans fixed, dice forced. */
function atFire(units: Placement[]): { loaded: LoadedScenario; state: GameState } {
  const loaded = scenarioWith(units)
  let state: GameState = { ...startGame(loaded, { forced: [] }).state, dice: forcedSource([10]) }
  for (const action of legalActions(loaded, state))
    if (action.type === 'fire-plan' && action.plan === 'offensive')
      state = play(loaded, state, { type: 'fire-plan', unit: action.unit, plan: 'offensive' })
  return { loaded, state }
}

/** A row of three men of `type` in H9, H10, H11, and the shooter behind it in G10. */
const row = (type: string, shooter = type): Placement[] => [
  crusader('shooter', shooter, 'G10'),
  crusader('front-1', type, 'H9'),
  crusader('front-2', type, 'H10'),
  crusader('front-3', type, 'H11'),
]

/** Plays the shot, and checks a missile-fire roll was made. */
function shoots(loaded: LoadedScenario, state: GameState, unit: string, target: string): void {
  play(loaded, state, fire(unit, target))
  const rolled = lastEntries
    .flatMap((e) => e.records)
    .some((r) => r.resolution.id === 'missile-fire')
  expect(rolled).toBe(true)
}

describe('B.1.42 (3) formation fire', () => {
  it('CH-41: a crossbowman behind a row of 3 crossbowmen may not shoot at an enemy 2 hexes from the row (B.1.42)', () => {
    const { loaded, state } = atFire([
      ...row('crossbowman'),
      saracen('karim', 'syrian-infantry', 'J10'),
    ])
    expect(offered(loaded, state, 'shooter', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('shooter', 'karim'))).toBe(
      'shooter cannot see karim: the line is blocked by front-2 in H10 (the Crossbow shoots through a front row only at a target at least 3 hexes from it; karim is 2 hexes from it)',
    )
  })

  it('CH-41: 3 hexes or more from the row, he shoots through it along his lane, 1 or 2 hexes wide (B.1.42)', () => {
    for (const hex of ['K10', 'L10', 'L11', 'M10']) {
      const { loaded, state } = atFire([
        ...row('crossbowman'),
        saracen('karim', 'syrian-infantry', hex),
      ])
      expect(offered(loaded, state, 'shooter', 'karim'), hex).toBe(true)
      shoots(loaded, state, 'shooter', 'karim')
    }
  })

  it('B.1.42 (3): a target off the lane may not be shot through the row', () => {
    // K9 is 4 hexes from G10 and 3 from the row, but not straight ahead between two of its men.
    const { loaded, state } = atFire([
      ...row('crossbowman'),
      saracen('karim', 'syrian-infantry', 'K9'),
    ])
    expect(offered(loaded, state, 'shooter', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('shooter', 'karim'))).toMatch(
      /blocked by front-\d in H\d+ \(the Crossbow shoots through a front row only straight ahead, between two of its men\)$/,
    )
  })

  it('B.1.42 (3): two men are no front row', () => {
    const { loaded, state } = atFire([
      crusader('shooter', 'crossbowman', 'G10'),
      crusader('front-2', 'crossbowman', 'H10'),
      crusader('front-3', 'crossbowman', 'H11'),
      saracen('karim', 'syrian-infantry', 'K10'),
    ])
    expect(offered(loaded, state, 'shooter', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('shooter', 'karim'))).toMatch(
      /blocked by front-\d in H1[01] \(the Crossbow never shoots over anyone\)$/,
    )
  })

  it('B.1.42 (3): a row of men armed differently is no front row', () => {
    const { loaded, state } = atFire([
      crusader('shooter', 'crossbowman', 'G10'),
      crusader('front-1', 'welsh-longbowman', 'H9'),
      crusader('front-2', 'crossbowman', 'H10'),
      crusader('front-3', 'crossbowman', 'H11'),
      saracen('karim', 'syrian-infantry', 'K10'),
    ])
    expect(offered(loaded, state, 'shooter', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('shooter', 'karim'))).toMatch(/never shoots over anyone/)
  })

  it('B.1.42 (3): Saracen archers of different kinds, though armed alike, are no front row', () => {
    // Both carry the shortbow on foot; the rule also asks for one nationality (one unit type).
    const mixed = atFire([
      crusader('shooter', 'saracen-foot-archer', 'G10'),
      crusader('front-1', 'horse-archer-on-foot', 'H9'),
      crusader('front-2', 'saracen-foot-archer', 'H10'),
      crusader('front-3', 'saracen-foot-archer', 'H11'),
      saracen('karim', 'syrian-infantry', 'K10'),
    ])
    // 4 hexes is short range: a bow does not shoot over friends there (B.1.42).
    expect(refusal(mixed.loaded, mixed.state, fire('shooter', 'karim'))).toMatch(
      /shoots over others only at a target beyond Short range/,
    )
    const alike = atFire([
      ...row('saracen-foot-archer'),
      saracen('karim', 'syrian-infantry', 'K10'),
    ])
    expect(offered(alike.loaded, alike.state, 'shooter', 'karim')).toBe(true)
  })

  it('B.1.42 (3): a longbowman shoots through a row of longbowmen even at short range', () => {
    const { loaded, state } = atFire([
      ...row('welsh-longbowman'),
      saracen('karim', 'syrian-infantry', 'K10'),
    ])
    expect(offered(loaded, state, 'shooter', 'karim')).toBe(true)
    shoots(loaded, state, 'shooter', 'karim')
  })

  it('B.1.42 (3): a man in the lane beyond the row still blocks, and a stunned man is no part of a row', () => {
    const beyond = atFire([
      ...row('crossbowman'),
      crusader('hugh', 'sergeant', 'I10'),
      saracen('karim', 'syrian-infantry', 'M10'),
    ])
    expect(refusal(beyond.loaded, beyond.state, fire('shooter', 'karim'))).toBe(
      'shooter cannot see karim: the line is blocked by hugh in I10 (the Crossbow never shoots over anyone)',
    )
    const loaded = scenarioWith([...row('crossbowman'), saracen('karim', 'syrian-infantry', 'K10')])
    const { state } = atFire([...row('crossbowman'), saracen('karim', 'syrian-infantry', 'K10')])
    const stunned = structuredClone(state)
    ;(stunned.units['front-1'] as { status: string }).status = 'stunned'
    expect(refusal(loaded, stunned, fire('shooter', 'karim'))).toMatch(/never shoots over anyone/)
  })
})
