/**
 * A rider unhorsed by a result (Croisades tactical B.1.8, mechanics.results.unhorsed): the horse
 * that lives stays where the mounted counter stood, a unit of its own; the rider's owner places
 * the rider (stunned, wounded or dead) next to the horse; with enemies all around the horse the
 * rider is killed (CH-87). Played through the melee phase of the fixture mod melee-grove with
 * forced dice, on the mounted table (Card 6): at 8:1 a roll of 1 reads G (rider killed, horse
 * lives), at 2:1 it reads D (horse killed, rider stunned).
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, namesOf, openPrompt, startGame } from '../../../src/runtime'
import { rearHex } from '../../../src/runtime/state/footprints'
import type { Placement } from './croisades-fixture'
import { atCombat, attack, lastEntries, play, refusal, scenarioWith } from './croisades-fixture'

// A horse archer heading north: front N11, rear N12. The peasant in N10 attacks him.
const FRONT = 'N11'
const rider = (defense: number): Placement => ({
  id: 'rider',
  type: 'horse-archer',
  hex: FRONT,
  facing: 'N',
  side: 'saracens',
  ratings: { defense },
})
const peasant = (id: string, hex: string, attack: number): Placement => ({
  id,
  type: 'peasant',
  hex,
  side: 'crusaders',
  ratings: { attack },
})

/** The hexes around the mounted counter (front and rear), on the map. */
function around(loaded: LoadedScenario): string[] {
  const board = boardOf(loaded)
  const facing = board.facingFromName('N')
  const rear = facing.ok && facing.clock !== null ? rearHex(loaded, FRONT, facing.clock) : null
  if (rear === null) throw new Error('no rear hex')
  const own = [FRONT, rear]
  return [...new Set(own.flatMap((h) => board.neighbors(h)))].filter((h) => !own.includes(h))
}

const texts = () => lastEntries.flatMap((e) => e.effects.map((x) => x.text ?? ''))

describe('a rider unhorsed (B.1.8)', () => {
  it('the state keeps a horse for each rider, out of play, on his side', () => {
    const loaded = scenarioWith([rider(1), peasant('a', 'N10', 8)])
    const { state } = startGame(loaded, { forced: [] })
    expect(state.units['rider-horse']).toMatchObject({
      type: 'riderless-horse',
      side: 'saracens',
      location: 'removed',
      hex: null,
      command: null,
    })
    expect(state.units['a-horse']).toBeUndefined()
  })

  it('the horse that lives stays where the mounted counter stood; the owner places the dead rider beside it', () => {
    const loaded = scenarioWith([rider(1), peasant('a', 'N10', 8)])
    const start = atCombat(loaded, [1])
    const rear = rearHex(loaded, FRONT, start.units.rider?.facing ?? -1)
    const asked = play(loaded, start, attack(['a'], ['rider']))
    expect(texts()).toContain('the horse of unit rider runs loose')
    // The horse takes its place once the rider is off its hexes: not while he waits.
    expect(asked.units['rider-horse']?.location).toBe('removed')
    const prompt = openPrompt(asked)
    expect(prompt).toMatchObject({ side: 'saracens', kind: 'unhorsed', rule: 'B.1.8' })
    expect(namesOf(loaded).text(prompt?.text ?? '')).toContain('rider next to his horse')
    const free = around(loaded).filter((h) => h !== 'N10')
    const offered = legalActions(loaded, asked).map((a) => a.hex)
    expect([...offered].sort()).toEqual([...free].sort())
    // Not in the horse's hexes, nor where the enemy stands.
    expect(refusal(loaded, asked, { type: 'place', unit: 'rider', hex: 'N10' })).toContain(
      'must be placed in an empty hex next to his horse',
    )
    const chosen = free[free.length - 1] as string
    const after = play(loaded, asked, { type: 'place', unit: 'rider', hex: chosen })
    expect(after.units['rider-horse']).toMatchObject({
      location: 'map',
      hex: FRONT,
      facing: start.units.rider?.facing,
      side: 'saracens',
      status: 'healthy',
    })
    // The log names the horse by its type and its rider, as the scenario names him.
    const stays = texts().find((t) => t.startsWith('unit rider-horse stays')) ?? ''
    expect(namesOf(loaded).text(stays)).toContain(
      'Riderless horse (rider) stays where it stood in N11',
    )
    expect(after.units.rider).toMatchObject({
      type: 'horse-archer-on-foot',
      status: 'dead',
      location: 'removed',
    })
    // He lies where his owner put him, not under the horse.
    expect(after.remains).toEqual({ [chosen]: { 'dead-man': 1 } })
    expect(after.units['rider-horse']?.hex).toBe(FRONT)
    expect(rear).not.toBeNull()
  })

  it('a side left with only a riderless horse is wiped out: victory counts characters, not horses (A.1)', () => {
    const loaded = scenarioWith([rider(1), peasant('a', 'N10', 8)])
    const asked = play(loaded, atCombat(loaded, [1]), attack(['a'], ['rider']))
    const free = around(loaded).filter((h) => h !== 'N10')
    let state = play(loaded, asked, { type: 'place', unit: 'rider', hex: free[0] as string })
    expect(state.units['rider-horse']).toMatchObject({ location: 'map', side: 'saracens' })
    // The crusaders' player turn ends (no more attacks, the recovery phase): the check is made.
    for (let i = 0; i < 5 && state.outcome === null; i++)
      state = play(loaded, state, { type: 'done' })
    expect(state.outcome).toMatchObject({ winners: ['crusaders'], losers: ['saracens'] })
    expect(state.outcome?.reason).toBe('saracens: Side wiped out')
  })

  it('the horse killed lies across both hexes; the stunned rider is placed beside it', () => {
    const loaded = scenarioWith([rider(3), peasant('a', 'N10', 6)])
    const start = atCombat(loaded, [1])
    const rear = rearHex(loaded, FRONT, start.units.rider?.facing ?? -1) as string
    const asked = play(loaded, start, attack(['a'], ['rider']))
    expect(texts()).toContain('the horse of unit rider dies')
    expect(asked.units['rider-horse']?.location).toBe('removed')
    expect(openPrompt(asked)?.kind).toBe('unhorsed')
    const chosen = around(loaded).find((h) => h !== 'N10') as string
    const after = play(loaded, asked, { type: 'place', unit: 'rider', hex: chosen })
    expect(after.units.rider).toMatchObject({
      type: 'horse-archer-on-foot',
      status: 'stunned',
      hex: chosen,
      location: 'map',
    })
    expect(after.remains).toEqual({ [FRONT]: { 'dead-horse': 1 }, [rear]: { 'dead-horse': 1 } })
  })

  it('CH-87: every hex around the horse holds enemies: the rider is killed (B.1.8)', () => {
    const base = scenarioWith([])
    const ring = around(base)
    const loaded = scenarioWith([
      rider(3),
      ...ring.map((hex, i) => peasant(hex === 'N10' ? 'a' : `p${i}`, hex, 6)),
    ])
    const after = play(loaded, atCombat(loaded, [1]), attack(['a'], ['rider']))
    expect(openPrompt(after)?.kind).not.toBe('unhorsed')
    expect(texts()).toContain(
      'unit rider has no room next to his horse: enemies stand all around it',
    )
    expect(after.units.rider).toMatchObject({ status: 'dead', location: 'removed' })
    expect(after.remains?.[FRONT]).toEqual({ 'dead-horse': 1, 'dead-man': 1 })
  })

  it('CH-17 after an unhorsing: the horse left alone may be attacked, and 5:1 roll 1 kills it (B.1.8)', () => {
    const base = scenarioWith([])
    const other = around(base).find((h) => h !== 'N10' && boardOf(base).distance(h, FRONT) === 1)
    if (other === undefined) throw new Error('no second hex next to the front')
    const loaded = scenarioWith([rider(1), peasant('a', 'N10', 8), peasant('b', other, 5)])
    const asked = play(loaded, atCombat(loaded, [1, 1]), attack(['a'], ['rider']))
    const free = legalActions(loaded, asked)
      .map((a) => a.hex as string)
      .filter((h) => boardOf(loaded).distance(h, other) > 1)
    const placed = play(loaded, asked, {
      type: 'place',
      unit: 'rider',
      hex: free[0] ?? '',
    })
    expect(openPrompt(placed)?.kind).toBe('melee')
    const after = play(loaded, placed, attack(['b'], ['rider-horse']))
    expect(after.units['rider-horse']).toMatchObject({ status: 'dead', location: 'removed' })
    expect(after.remains?.[FRONT]).toEqual({ 'dead-horse': 1 })
  })
})
