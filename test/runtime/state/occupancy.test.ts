/**
 * What state/occupancy.ts keeps (the hex index, influence and the like) is thrown away only when
 * its setters change a unit, so code that set a unit's hex, location, facing or type by hand
 * would leave it stale: no file in src/ may. Also checks the index against a scan of the units
 * as units move, leave and come back, and the kept answers against a change of facing.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cloneState } from '../../../src/runtime/state'
import type { GameState, UnitState } from '../../../src/runtime/state'
import type { LoadedScenario } from '../../../src/runtime/rules/loaded'
import {
  fromArrangement,
  occupiedHexes,
  setFacing,
  setPlace,
  setType,
  unitsAt,
} from '../../../src/runtime/state/occupancy'
import { projectRoot } from '../../helpers/fixtures'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : /\.(ts|vue)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  )
}

function unit(hex: string | null, location: UnitState['location'] = 'map'): UnitState {
  return {
    type: 't',
    side: 's',
    command: null,
    name: null,
    hex,
    facing: null,
    status: 'normal',
    markers: {},
    ratings: {},
    location,
    group: null,
    ended: null,
  }
}

function scan(state: GameState, hex: string): string[] {
  return Object.keys(state.units).filter(
    (id) => state.units[id]?.location === 'map' && state.units[id]?.hex === hex,
  )
}

describe('unit positions change only through the occupancy setters', () => {
  it('no file in src/ assigns a unit hex, location, facing or type by hand', () => {
    const root = projectRoot
    const hits: string[] = []
    for (const file of sourceFiles(join(root, 'src'))) {
      const rel = relative(root, file)
      if (rel.endsWith('state/occupancy.ts')) continue
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\.(hex|location|facing)\s*=[^=]|\b(unit|piece|u)\.type\s*=[^=]/.test(line))
            hits.push(`${rel}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(hits).toEqual([])
  })

  it('the index follows moves, removals and arrivals, in state order', () => {
    const state = {
      units: { a: unit('A1'), b: unit('B2'), c: unit('A1'), d: unit(null, 'reinforcements') },
    } as unknown as GameState
    expect(unitsAt(state, 'A1')).toEqual(['a', 'c'])
    setPlace(state, 'c', 'B2', 'map')
    expect(unitsAt(state, 'A1')).toEqual(['a'])
    expect(unitsAt(state, 'B2')).toEqual(['b', 'c'])
    setPlace(state, 'b', null, 'removed')
    setPlace(state, 'd', 'A1', 'map')
    expect(unitsAt(state, 'B2')).toEqual(['c'])
    expect(unitsAt(state, 'A1')).toEqual(['a', 'd'])
    for (const hex of ['A1', 'B2', 'C3']) expect(unitsAt(state, hex)).toEqual(scan(state, hex))
    expect([...occupiedHexes(state).keys()].sort()).toEqual(['A1', 'B2'])
  })

  it('a list handed out stays as it was when units move later, and a long shuffle matches a scan', () => {
    const units: Record<string, UnitState> = {}
    for (let i = 0; i < 12; i++) units[`u${i}`] = unit(`H${i % 4}`)
    const state = { units } as unknown as GameState
    const before = unitsAt(state, 'H0')
    expect(before).toEqual(['u0', 'u4', 'u8'])
    setPlace(state, 'u4', 'H1', 'map')
    expect(before).toEqual(['u0', 'u4', 'u8'])
    expect(unitsAt(state, 'H0')).toEqual(['u0', 'u8'])
    // A fixed walk of moves, removals and arrivals: the kept index always equals a fresh scan.
    const hexes = ['H0', 'H1', 'H2', 'H3', null]
    for (let step = 0; step < 200; step++) {
      const id = `u${(step * 7) % 12}`
      const hex = hexes[(step * 3 + 1) % hexes.length] ?? null
      setPlace(state, id, hex, hex === null ? 'removed' : 'map')
      for (const h of ['H0', 'H1', 'H2', 'H3']) expect(unitsAt(state, h)).toEqual(scan(state, h))
    }
  })

  it('a copy of the state has its own index', () => {
    const state = { units: { a: unit('A1') } } as unknown as GameState
    expect(unitsAt(state, 'A1')).toEqual(['a'])
    const copy = cloneState(state)
    setPlace(copy, 'a', 'B2', 'map')
    expect(unitsAt(copy, 'A1')).toEqual([])
    expect(unitsAt(state, 'A1')).toEqual(['a'])
  })

  it('answers kept from the arrangement are worked out again after any setter', () => {
    const state = { units: { a: unit('A1') } } as unknown as GameState
    const loaded = {} as unknown as LoadedScenario
    let made = 0
    const facingOfA = () =>
      fromArrangement(loaded, state, 'facing-of-a', () => {
        made += 1
        return state.units.a?.facing
      })
    expect(facingOfA()).toBe(null)
    expect(facingOfA()).toBe(null)
    expect(made).toBe(1)
    setFacing(state, state.units.a as UnitState, 2)
    expect(facingOfA()).toBe(2)
    setType(state, state.units.a as UnitState, 'u')
    facingOfA()
    setPlace(state, 'a', 'B2', 'map')
    facingOfA()
    expect(made).toBe(4)
    // Another scenario's content gives other answers: nothing is shared with it.
    fromArrangement({} as unknown as LoadedScenario, state, 'facing-of-a', () => 'other')
    expect(facingOfA()).toBe(2)
    expect(made).toBe(5)
  })
})
