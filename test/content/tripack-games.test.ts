/**
 * The Tri-Pack as one system and three games (1.0), and a system without game turns (2.6), on the
 * bundled rulesets and scenarios: each game is an overlay on the Men of Iron system, a rule in a
 * game's coloured box is in that game's overlay only, and play is a chain of activations counted
 * by number, never by turn.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../src/runtime/rules/loaded'
import { formatProblem } from '../../src/runtime/content/problems'
import { legalActions, playAction, startGame } from '../../src/runtime/play'
import { randomLegal, policySeed } from '../../src/runtime/play/ai'
import { bundledLibrary, bundledRuleset } from './bundled'

const SYSTEM = 'men-of-iron-system'
const GAMES = ['men-of-iron', 'infidel', 'blood-and-roses'] as const
/** The bundled battle of each game. */
const BATTLES: Record<string, string> = {
  'men-of-iron': 'agincourt-1415',
  infidel: 'arsuf-1191',
  'blood-and-roses': 'tewkesbury-1471',
}

function battle(id: string): LoadedScenario {
  const loaded = bundledLibrary().scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

/** The activation kinds offered to the first side at its first free activation. */
function firstChoiceKinds(id: string): string[] {
  const loaded = battle(id)
  const { state } = startGame(loaded, { seed: 7 })
  return [...new Set(legalActions(loaded, state).map((a) => String(a.kind ?? a.type)))].sort()
}

describe('1.0 the three games are overlays on one system', () => {
  it('1.0 each game resolves as the Men of Iron system with its own overlay on top', () => {
    expect(bundledRuleset(SYSTEM).ruleset.chain).toEqual([SYSTEM])
    for (const game of GAMES) expect(bundledRuleset(game).ruleset.chain).toEqual([SYSTEM, game])
    // The Infidel 1.2 edition is a further overlay on Infidel, not a game of its own.
    expect(bundledRuleset('infidel-v1-2').ruleset.chain).toEqual([
      SYSTEM,
      'infidel',
      'infidel-v1-2',
    ])
    // Rules outside the boxes are the system's, and every game keeps them as they are.
    const system = bundledRuleset(SYSTEM).ruleset
    for (const game of GAMES) {
      const ruleset = bundledRuleset(game).ruleset
      expect(ruleset.dice).toEqual(system.dice)
      expect(ruleset.mechanics?.activation?.rally).toEqual(system.mechanics?.activation?.rally)
      expect(ruleset.sequence.activation?.seizure).toEqual(system.sequence.activation?.seizure)
    }
  })

  it("1.0 a game's boxed rule applies only in that game: shield wall (16.2) in Men of Iron, army activations (6.1) and ambushes (16.7) in Blood & Roses", () => {
    const activation = (id: string) => bundledRuleset(id).ruleset.mechanics?.activation ?? {}
    const kinds = (id: string) =>
      (bundledRuleset(id).ruleset.sequence.activation?.kinds ?? []).map((k) => k.id)
    expect(activation('men-of-iron').shieldWall?.rule).toBe('16.2')
    for (const id of [SYSTEM, 'infidel', 'blood-and-roses'])
      expect(activation(id).shieldWall).toBeUndefined()
    expect(activation('blood-and-roses').army?.kind).toBe('army')
    expect(activation('blood-and-roses').ambush?.kind).toBe('ambush')
    expect(kinds('blood-and-roses')).toEqual(expect.arrayContaining(['army', 'ambush']))
    for (const id of [SYSTEM, 'men-of-iron', 'infidel']) {
      expect(activation(id).army).toBeUndefined()
      expect(activation(id).ambush).toBeUndefined()
      expect(kinds(id)).toEqual(['battle', 'standard', 'pass'])
    }
  })

  it('1.0 through play: only the Blood & Roses battle offers an army activation or an ambush', () => {
    expect(firstChoiceKinds(BATTLES['men-of-iron'] as string)).toEqual([
      'battle',
      'pass',
      'standard',
    ])
    expect(firstChoiceKinds(BATTLES.infidel as string)).toEqual(['battle', 'pass', 'standard'])
    expect(firstChoiceKinds(BATTLES['blood-and-roses'] as string)).toEqual([
      'ambush',
      'army',
      'battle',
      'pass',
      'standard',
    ])
    const agincourt = battle(BATTLES['men-of-iron'] as string)
    const refused = playAction(agincourt, startGame(agincourt, { seed: 7 }).state, {
      type: 'activate',
      kind: 'army',
    })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.message).toContain('there is no activation kind "army"')
  })
})

describe('2.6 no game turns, no time scale', () => {
  it('2.6 every Tri-Pack ruleset plays a chain of activations, with no turns defined', () => {
    for (const id of [SYSTEM, ...GAMES]) {
      const sequence = bundledRuleset(id).ruleset.sequence
      expect(sequence.structure).toBe('activations')
      expect(sequence.turns).toBeUndefined()
    }
  })

  it('2.6 the bundled battles end after a number of activations, not turns, and carry their map scale', () => {
    // 2.6 gives each game its map scale: the scenarios state it in their description.
    const scale: Record<string, string> = {
      'men-of-iron': '110 yards a hex',
      infidel: '250 yards a hex',
      'blood-and-roses': '50 yards a hex',
    }
    for (const [game, id] of Object.entries(BATTLES)) {
      const loaded = battle(id)
      expect(loaded.scenario.setup?.activations).toBeGreaterThan(0)
      expect(loaded.scenario.setup).not.toHaveProperty('turns')
      expect(loaded.scenario.description).toContain(scale[game])
    }
  })

  it('2.6 through play: activations are counted while the turn never moves', () => {
    const loaded = battle(BATTLES['blood-and-roses'] as string)
    let state = startGame(loaded, { seed: 11 }).state
    const turn = state.clock.turn
    let rng = policySeed(11)
    for (let i = 0; i < 150 && state.outcome === null; i++) {
      const choice = randomLegal(loaded, state, rng)
      if (choice === null) break
      rng = choice.rng
      const result = playAction(loaded, state, choice.action)
      if (!result.ok) throw new Error(result.error.message)
      state = result.state
      expect(state.clock.turn).toBe(turn)
    }
    expect(state.clock.activation).toBeGreaterThan(3)
  })
})
