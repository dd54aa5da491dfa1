/**
 * Combat results reached through the whole play path on the bundled Infidel rules: a Frankish
 * battle activation, a shock declared and rolled by the shock mechanic, then the defender's
 * retreat (14.4) and the attacker's advance with its leader (12.4) asked by the results
 * mechanic. The die is the first that the bundled shock table reads as a retreat, so the test
 * follows the content's values rather than restating them.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt, playAction, startGame } from '../../src/runtime/play'
import type { Action, GameState } from '../../src/runtime/state'
import { cloneState, diceSourceOf } from '../../src/runtime/state/game-state'
import { field } from '../runtime/play/results/harness'

const loaded = field()

function shockWith(die: number): { state: GameState; codes: string[] } {
  let state = cloneState(startGame(loaded, { seed: 1 }).state)
  Object.assign(state.units['kn-1'] as object, { hex: '0605', facing: 11 })
  Object.assign(state.units.count as object, { hex: '0605' })
  Object.assign(state.units['pk-s1'] as object, { hex: '0505', facing: 5 })
  state.dice = diceSourceOf({ forced: Array<number>(30).fill(die) })
  const codes: string[] = []
  const act = (action: Action) => {
    const result = playAction(loaded, state, action)
    if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.message}`)
    state = result.state
    for (const r of result.entries[0]?.records ?? [])
      if (r.resolution.id === 'shock') codes.push(...r.codes.map((c) => c.code))
  }
  act({ type: 'activate', kind: 'battle', command: 'franks-horse' })
  for (let i = 0; i < 12; i++) {
    const prompt = openPrompt(state)
    if (prompt === null || prompt.side !== 'franks') break
    const legal = legalActions(loaded, state)
    const pick = (type: string) => legal.find((a) => a.type === type)
    const next =
      prompt.kind === 'move-and-fire'
        ? pick('done')
        : (pick('declare') ?? pick('declare-done') ?? pick('resolve-attack'))
    if (next === undefined) break
    act(next)
  }
  return { state, codes }
}

describe('results through the shock mechanic (bundled Infidel)', () => {
  it('14.4 / 12.4: a retreat result asks the defender where to go, then the attacker advances with his leader if he likes', () => {
    const found = Array.from({ length: 10 }, (_, die) => ({ die, ...shockWith(die) })).find((r) =>
      r.codes.includes('DR'),
    )
    expect(found).toBeDefined()
    const { state } = found as { state: GameState }
    expect(openPrompt(state)).toMatchObject({ side: 'saracens', kind: 'retreat', rule: '14.4' })
    const retreats = legalActions(loaded, state)
    expect([...new Set(retreats.map((a) => a.hex))].sort()).toEqual(['0404', '0405', '0504'])
    const retreated = playAction(loaded, state, { ...(retreats[0] as Action) })
    expect(retreated.ok).toBe(true)
    if (!retreated.ok) return
    expect(openPrompt(retreated.state)).toMatchObject({ side: 'franks', kind: 'advance' })
    const advances = legalActions(loaded, retreated.state)
    expect(advances.some((a) => Array.isArray(a.leaders) && a.leaders.includes('count'))).toBe(true)
    expect(advances.some((a) => Array.isArray(a.leaders) && a.leaders.length === 0)).toBe(true)
    const advanced = playAction(loaded, retreated.state, {
      type: 'advance',
      unit: 'kn-1',
      hex: '0505',
      facing: 9,
      leaders: ['count'],
    })
    expect(advanced.ok).toBe(true)
    if (!advanced.ok) return
    expect(advanced.state.units['kn-1']?.hex).toBe('0505')
    expect(advanced.state.units.count?.hex).toBe('0505')
  })
})
