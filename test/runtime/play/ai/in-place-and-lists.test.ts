/**
 * Two ways the random playouts save work must not change a game: actions applied in place
 * (playActionInPlace, no copy of the state) give the states, hashes and log that copies give,
 * and a group's actions as a list (made one at a time) are its actions(), in the same order.
 * The golden games (test/runtime/play/golden) hold whole games to both; these look closer.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { nextInt, seedRng } from '../../../../src/runtime/dice'
import { legalGroups, playAction, playActionInPlace, startGame } from '../../../../src/runtime/play'
import { pick, playout, randomLegal } from '../../../../src/runtime/play/ai'
import type { GameState } from '../../../../src/runtime/state'
import { stateHash } from '../../../../src/runtime/state'
import { bundledScenario } from '../playouts/harness'

/** randomLegal's draws made over each group's whole actions(), as it drew before lists. */
function wholeListDraw(loaded: LoadedScenario, state: GameState, seed: number) {
  const groups = [...legalGroups(loaded, state)]
  let rng = seedRng(seed)
  while (groups.length > 0) {
    const drawn = nextInt(rng, 0, groups.length - 1)
    rng = drawn.rng
    const [group] = groups.splice(drawn.value, 1)
    const chosen = pick(group?.actions() ?? [], rng)
    if (chosen !== null) return { action: chosen.item, rng: chosen.rng }
  }
  return null
}

/** Every 7th state of a seeded random game of the scenario. */
function statesOf(loaded: LoadedScenario, seed: number, max: number) {
  const game = playout(loaded, seed, randomLegal, max)
  let state = startGame(loaded, { seed }).state
  const out = [state]
  game.actions.forEach((action, i) => {
    const result = playAction(loaded, state, action)
    if (!result.ok) throw new Error(result.error.message)
    state = result.state
    if (i % 7 === 0) out.push(state)
  })
  return out
}

describe.each(['sample-skirmish', 'arsuf-1191'])('%s', (id) => {
  const loaded = bundledScenario(id)

  it('plays a game in place to the same states, hashes and log entries as on copies', () => {
    const game = playout(loaded, 5, randomLegal, 150)
    expect(game.actions.length).toBeGreaterThan(100)
    let copied = startGame(loaded, { seed: 5 }).state
    const inPlace = startGame(loaded, { seed: 5 }).state
    for (const action of game.actions) {
      const before = stateHash(copied)
      const a = playAction(loaded, copied, action)
      const b = playActionInPlace(loaded, inPlace, action)
      if (!a.ok || !b.ok) throw new Error(`refused ${JSON.stringify(action)}`)
      // The copy leaves the state it was given as it was; in place, the state given is the result.
      expect(stateHash(copied)).toBe(before)
      expect(b.state).toBe(inPlace)
      expect(stateHash(b.state)).toBe(stateHash(a.state))
      expect(JSON.stringify(b.entries)).toBe(JSON.stringify(a.entries))
      copied = a.state
    }
  })

  it("lists each group's actions as actions() does, one at a time", () => {
    let lists = 0
    for (const state of statesOf(loaded, 8, 200)) {
      for (const group of legalGroups(loaded, state)) {
        if (group.list === undefined) continue
        lists += 1
        const list = group.list()
        const made = Array.from({ length: list.count }, (_, i) => list.at(i))
        expect(JSON.stringify(made)).toBe(JSON.stringify(group.actions()))
      }
    }
    expect(lists).toBeGreaterThan(10)
  })

  it('draws with lists exactly as it draws from the whole list of a group', () => {
    for (const state of statesOf(loaded, 9, 120)) {
      for (const seed of [17, 18, 19]) {
        const drawn = randomLegal(loaded, state, seedRng(seed))
        expect(JSON.stringify(drawn)).toBe(JSON.stringify(wholeListDraw(loaded, state, seed)))
      }
    }
  })
})
