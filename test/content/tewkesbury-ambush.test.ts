/**
 * 16.7 Ambush in the bundled Tewkesbury scenario: the two hundred spears in Tewkesbury Park are
 * an ambush group of the Yorkists that joins Gloucester's battle and comes on through the map's
 * park-ambush region, enforced by the engine rather than left to the special rule's text.
 */
import { describe, expect, it } from 'vitest'
import { Game, scenario, start } from '../runtime/play/extras/helpers'

const loaded = scenario('tewkesbury-1471')
/** The seven seizure counters drawn at setup (4 Yorkist, 3 Lancastrian), then loss checks. */
const DICE = [0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5]
const park = loaded.map.map.regions?.find((r) => r.id === 'park-ambush')?.hexes ?? []

describe('16.7 Tewkesbury: the spears in the park', () => {
  it('16.7 the scenario marks the park spears as an ambush that joins Gloucester through the park hexes', () => {
    const group = loaded.scenario.sides
      .flatMap((s) => s.reinforcements ?? [])
      .find((g) => g.id === 'park-spears')
    expect(group?.ambush?.joins).toBe('gloucester')
    expect(group?.entry).toEqual({ region: 'park-ambush' })
    expect(park.length).toBeGreaterThan(0)
    expect(loaded.rules.ruleset.mechanics?.activation?.ambush).toMatchObject({
      kind: 'ambush',
      flag: 'ambusher',
      movementMultiplier: 2,
    })
  })

  it('16.7 with the first free activation the Yorkists may bring the spears on, at double movement, through the park only', () => {
    const game = new Game(loaded, start(loaded, DICE))
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'ambush', command: 'gloucester' })
    game.play({ type: 'activate', kind: 'ambush', command: 'gloucester' })
    expect(game.prompt?.kind).toBe('movement')
    const moves = game.legal().filter((a) => a.type === 'move')
    expect(new Set(moves.map((a) => a.unit))).toEqual(new Set(['park-spears']))
    const entries = new Set(moves.map((a) => (a.path as string[])[0]))
    expect([...entries].every((hex) => park.includes(hex as string))).toBe(true)
    // Seven movement points doubled: some move costs more than seven.
    const longest = Math.max(...moves.map((a) => (a.path as string[]).length))
    expect(longest).toBeGreaterThan(7)
  })

  it('16.7 a battle activation of Gloucester leaves the spears hidden', () => {
    const game = new Game(loaded, start(loaded, DICE))
    game.play({ type: 'activate', kind: 'battle', command: 'gloucester' })
    game.until('move-and-fire')
    expect(game.legal().some((a) => a.type === 'move' && a.unit === 'park-spears')).toBe(false)
    expect(game.unit('park-spears').location).toBe('reinforcements')
  })
})
