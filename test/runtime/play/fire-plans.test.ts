/**
 * Fire plans and the movement they leave (B.1.31, B.1.32, B.1.34, T-CH-4; revised: Annex D 1.31
 * and 1.34): in Croisades each missile character's plan is fixed in the offensive fire phase and
 * caps his movement by his weapon; in the revised rules nothing is declared, and the plan is what
 * he does (Q-CH-16). Played on the olive grove with Croisades' own content (§4A CH-45 to CH-49).
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Character } from './move-steps'
import { act, croisades, lines, refused, until } from './move-steps'

const REVISED = 'croisades-tactical-revised'
const FAR: Character = { id: 'far', type: 'syrian-infantry', hex: 'A20' }

/** The game at the crusaders' offensive fire phase, with these characters. */
function game(
  crusaders: Character[],
  saracens: Character[] = [FAR],
  base?: string,
): { loaded: LoadedScenario; state: GameState } {
  const loaded = croisades(crusaders, saracens, base === undefined ? {} : { base })
  const { state } = startGame(loaded, { forced: [] })
  expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'fire' })
  return { loaded, state }
}

/** The hexes straight down column `col` after row `from`, `n` of them. */
const down = (col: string, from: number, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${col}${from + 1 + i}`)

const plan = (unit: string, p: string) => ({ type: 'fire-plan', unit, plan: p })
const move = (unit: string, path: string[], facing?: string) => ({
  type: 'move',
  unit,
  path,
  ...(facing === undefined ? {} : { facing }),
})

/** The crusaders' movement phase after `actions` in their fire phase. */
function toMovement(loaded: LoadedScenario, state: GameState, ...actions: object[]): GameState {
  let at = state
  for (const a of actions) at = act(loaded, at, a as never).state
  return until(loaded, at, 'movement', 'crusaders')
}

describe('fire plans in Croisades (B.1.31, B.1.34, T-CH-4)', () => {
  it('CH-45: a foot shortbowman (MA 8) planning offensive and defensive fire moves at most 4 (B.1.31)', () => {
    const { loaded, state } = game([{ id: 'walid', type: 'saracen-foot-archer', hex: 'Y2' }])
    const planned = act(loaded, state, plan('walid', 'offensive-and-defensive'))
    expect(lines(planned.entries)).toContain(
      'walid plans offensive and defensive fire: he may use at most 4 of his 8 movement points this turn',
    )
    const moving = until(loaded, planned.state, 'movement', 'crusaders')
    expect(refused(loaded, moving, move('walid', down('Y', 2, 5)))).toEqual({
      message:
        'walid has 4 movement points left; the path to Y7 needs 5 (walid plans offensive and defensive fire: with a shortbow he may use at most 4 of his 8 movement points this turn)',
      rule: 'B.1.31, B.1.34',
    })
    expect(act(loaded, moving, move('walid', down('Y', 2, 4))).state.units.walid?.hex).toBe('Y6')
  })

  it('CH-45 (revised): no plan is fixed; after firing he still moves his full 8 (Annex D 1.31, 1.34)', () => {
    const { loaded, state } = game(
      [{ id: 'walid', type: 'saracen-foot-archer', hex: 'Y8' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y4' }],
      REVISED,
    )
    expect(openPrompt(state)?.actions).toEqual(['fire', 'done'])
    expect(refused(loaded, state, plan('walid', 'offensive')).message).toContain(
      '"fire-plan" does not answer that',
    )
    const fired = act(
      loaded,
      { ...state, dice: forcedSource([10]) },
      {
        type: 'fire',
        unit: 'walid',
        target: 'target',
      },
    )
    const moving = until(loaded, fired.state, 'movement', 'crusaders')
    expect(act(loaded, moving, move('walid', down('Y', 8, 8))).state.units.walid?.hex).toBe('Y16')
  })

  it('CH-46: an unarmoured horse archer (MA 15) planning offensive and defensive fire moves at most 7 (B.1.31)', () => {
    const { loaded, state } = game([{ id: 'arslan', type: 'horse-archer', hex: 'Y3', facing: 'S' }])
    const planned = act(loaded, state, plan('arslan', 'offensive-and-defensive'))
    expect(lines(planned.entries)).toContain(
      'arslan plans offensive and defensive fire: he may use at most 7 of his 15 movement points this turn',
    )
    const moving = until(loaded, planned.state, 'movement', 'crusaders')
    expect(refused(loaded, moving, move('arslan', down('Y', 3, 8), 'S')).message).toMatch(
      /^arslan cannot move.*at most 7 of his 15 movement points this turn\)$|the path to Y11 needs 8/,
    )
    const seven = act(loaded, moving, move('arslan', down('Y', 3, 7), 'S'))
    expect(seven.state.units.arslan?.hex).toBe('Y10')
  })

  it('CH-46 (revised): the same horse archer moves his full 15 (Annex D 1.31)', () => {
    const { loaded, state } = game(
      [{ id: 'arslan', type: 'horse-archer', hex: 'Y3', facing: 'S' }],
      [FAR],
      REVISED,
    )
    const moving = until(loaded, state, 'movement', 'crusaders')
    const moved = act(loaded, moving, move('arslan', down('Y', 3, 15), 'S'))
    expect(moved.state.units.arslan?.hex).toBe('Y18')
  })

  it('CH-47: a longbowman (MA 8) moves at most 4 with offensive fire only, and not at all with both (B.1.31)', () => {
    const { loaded, state } = game([
      { id: 'owain', type: 'welsh-longbowman', hex: 'Y2' },
      { id: 'rhys', type: 'welsh-longbowman', hex: 'X2' },
    ])
    const moving = toMovement(
      loaded,
      state,
      plan('owain', 'offensive'),
      plan('rhys', 'offensive-and-defensive'),
    )
    expect(refused(loaded, moving, move('owain', down('Y', 2, 5))).message).toContain(
      'owain plans offensive fire only: with a longbow he may use at most 4 of his 8 movement points this turn',
    )
    const owain = act(loaded, moving, move('owain', down('Y', 2, 4))).state
    expect(owain.units.owain?.hex).toBe('Y6')
    expect(refused(loaded, owain, move('rhys', ['X3'])).message).toContain(
      'rhys plans offensive and defensive fire: with a longbow he may use none of his 8 movement points this turn',
    )
    expect(legalActions(loaded, owain).filter((a) => a.unit === 'rhys')).toEqual([])
  })

  it('CH-47 (revised): after firing he moves 8; having moved at all, he may not fire at the enemy’s moves (Annex D 1.31)', () => {
    const { loaded, state } = game(
      [
        { id: 'owain', type: 'welsh-longbowman', hex: 'Y8' },
        { id: 'rhys', type: 'welsh-longbowman', hex: 'V8' },
        { id: 'dafydd', type: 'welsh-longbowman', hex: 'X8' },
      ],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y3' }],
      REVISED,
    )
    const fired = act(
      loaded,
      { ...state, dice: forcedSource([10]) },
      {
        type: 'fire',
        unit: 'owain',
        target: 'target',
      },
    )
    let at = until(loaded, fired.state, 'movement', 'crusaders')
    at = act(loaded, at, move('owain', down('Y', 8, 8))).state
    expect(at.units.owain?.hex).toBe('Y16')
    // Rhys did not fire but moved one hex: a longbow's defensive-only limit is 0. Dafydd stood.
    at = act(loaded, at, move('rhys', ['V9'])).state
    at = until(loaded, at, 'movement', 'saracens')
    const entered = act(loaded, at, move('target', ['Y4', 'Y5'])).state
    const asked = openPrompt(entered)?.text ?? ''
    expect(asked).toMatch(/^target entered Y4: .*dafydd/)
    expect(asked).not.toMatch(/rhys|owain/)
    expect(refused(loaded, entered, { type: 'fire', unit: 'rhys', target: 'target' }).message).toBe(
      "rhys used 1 movement points in his last turn; to fire at the enemy's moves with a longbow he could use none",
    )
  })

  it('CH-48: a crossbowman with an offensive or a defensive plan may not move, and may not plan both (B.1.31)', () => {
    const { loaded, state } = game([
      { id: 'guy', type: 'crossbowman', hex: 'Y2' },
      { id: 'odo', type: 'crossbowman', hex: 'W2' },
    ])
    expect(legalActions(loaded, state).filter((a) => a.unit === 'guy')).toEqual([
      { type: 'fire-plan', unit: 'guy', plan: 'offensive', side: 'crusaders' },
      { type: 'fire-plan', unit: 'guy', plan: 'defensive', side: 'crusaders' },
    ])
    expect(refused(loaded, state, plan('guy', 'offensive-and-defensive'))).toEqual({
      message: 'a crossbow may not be used for offensive and defensive fire',
      rule: 'B.1.31, B.1.34',
    })
    const moving = toMovement(loaded, state, plan('guy', 'offensive'), plan('odo', 'defensive'))
    for (const id of ['guy', 'odo'])
      expect(refused(loaded, moving, move(id, [id === 'guy' ? 'Y3' : 'W3'])).message).toContain(
        `with a crossbow he may use none of his 6 movement points this turn`,
      )
  })

  it('CH-48 (revised): a crossbowman who fired may not move either', () => {
    const { loaded, state } = game(
      [{ id: 'guy', type: 'crossbowman', hex: 'Y8' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y4' }],
      REVISED,
    )
    const fired = act(
      loaded,
      { ...state, dice: forcedSource([10]) },
      {
        type: 'fire',
        unit: 'guy',
        target: 'target',
      },
    )
    const moving = until(loaded, fired.state, 'movement', 'crusaders')
    expect(refused(loaded, moving, move('guy', ['Y9'])).message).toContain(
      'guy has taken offensive fire only: with a crossbow he may use none of his 6 movement points this turn',
    )
  })

  it('CH-49: an Assassin planning offensive and defensive fire moves freely (B.1.31)', () => {
    const { loaded, state } = game([{ id: 'hasan', type: 'assassin', hex: 'Y2' }])
    const planned = act(loaded, state, plan('hasan', 'offensive-and-defensive'))
    expect(lines(planned.entries)).toContain(
      'hasan plans offensive and defensive fire: he moves freely this turn',
    )
    const moving = until(loaded, planned.state, 'movement', 'crusaders')
    expect(act(loaded, moving, move('hasan', down('Y', 2, 8))).state.units.hasan?.hex).toBe('Y10')
  })

  it('B.1.34: without an offensive plan nobody fires in phase 1, and a plan holds for the turn', () => {
    const { loaded, state } = game(
      [{ id: 'walid', type: 'saracen-foot-archer', hex: 'Y8' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y4' }],
    )
    const shot = { type: 'fire', unit: 'walid', target: 'target' }
    expect(refused(loaded, state, shot)).toEqual({
      message: 'walid has no fire plan yet: fix one with offensive fire before he fires',
      rule: 'B.1.31, B.1.34',
    })
    const defensive = act(loaded, state, plan('walid', 'defensive')).state
    expect(refused(loaded, defensive, shot).message).toBe(
      'walid plans defensive fire only and may not fire in this phase',
    )
    expect(refused(loaded, defensive, plan('walid', 'offensive')).message).toBe(
      "walid already plans defensive fire only: a plan holds until his side's next turn",
    )
  })

  it('B.1.32: a character with a fire plan may not attack in melee that turn', () => {
    const { loaded, state } = game(
      [
        { id: 'walid', type: 'saracen-foot-archer', hex: 'Y8' },
        { id: 'hugh', type: 'sergeant', hex: 'Y10' },
      ],
      [{ id: 'enemy', type: 'syrian-infantry', hex: 'Y9' }],
    )
    const combat = until(
      loaded,
      act(loaded, state, plan('walid', 'defensive')).state,
      'melee',
      'crusaders',
    )
    expect(
      refused(loaded, combat, { type: 'attack', attackers: ['walid'], defenders: ['enemy'] }),
    ).toMatchObject({
      message: 'walid plans defensive fire only this turn and may not attack in melee',
    })
  })
})
