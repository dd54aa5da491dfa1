/**
 * Properties of the movement actions over random set-ups near the enemy (Tri-Pack adjacency,
 * Infidel 1.2 zones, Blood & Roses pass-through): every move, turn and change of form the
 * phase lists is accepted by playAction, and no move ends with two units over the stacking
 * limit in a hex (7.2, 10.0).
 */
import { describe, expect, it } from 'vitest'
import { fc } from '@fast-check/vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { legalActions, openPrompt, playAction } from '../../../../src/runtime/play'
import { buildFacts } from '../../../../src/runtime/play/movement/facts'
import type { Action, GameState } from '../../../../src/runtime/state'
import { loadMovement, setUp } from './helpers'

interface Case {
  loaded: LoadedScenario
  command: string
  units: string[]
  hexes: string[]
  statuses: string[]
}

const cases: Record<string, Case> = {
  moi: {
    loaded: loadMovement('move-moi'),
    command: 'red-horse',
    units: [
      'red-lord',
      'red-mm-1',
      'red-ge-1',
      'red-mh-1',
      'red-lb-1',
      'blue-pk-1',
      'blue-lb-1',
      'blue-mm-1',
      'blue-lord',
    ],
    hexes: [
      '0604',
      '0605',
      '0606',
      '0704',
      '0705',
      '0706',
      '0707',
      '0804',
      '0805',
      '0806',
      '0904',
      '0905',
      '1004',
      '1005',
    ],
    statuses: ['normal', 'normal', 'disordered'],
  },
  v12: {
    loaded: loadMovement('move-v12'),
    command: 'turk-horse',
    units: [
      'turk-emir',
      'turcoman',
      'turk-mc-1',
      'turk-ma-1',
      'kn-3419',
      'kn-3519',
      'kn-3421',
      'crusader-a-1',
      'crusader-mc-a',
    ],
    hexes: [
      '3219',
      '3220',
      '3221',
      '3319',
      '3320',
      '3321',
      '3419',
      '3420',
      '3421',
      '3519',
      '3520',
      '3318',
      '3418',
      '3222',
    ],
    statuses: ['normal', 'normal', 'disordered'],
  },
  bnr: {
    loaded: loadMovement('move-bnr'),
    command: 'york-main',
    units: [
      'york-lord',
      'york-a-1',
      'york-hg-1',
      'york-inf-1',
      'york-art-1',
      'york-mm-1',
      'lancaster-inf-1',
      'lancaster-lord',
    ],
    hexes: ['0604', '0605', '0606', '0704', '0705', '0706', '0804', '0805', '0806', '0904', '0905'],
    statuses: ['normal'],
  },
}

const FACINGS = ['NE', 'E', 'SE', 'SW', 'W', 'NW']

/** Hexes holding more units that count for stacking than the limit, or units of two sides. */
function overStacked(loaded: LoadedScenario, state: GameState): string[] {
  const facts = buildFacts({ loaded, state })
  const bad: string[] = []
  const byHex = new Map<string, string[]>()
  for (const [id, u] of Object.entries(state.units)) {
    if (u.location !== 'map' || u.hex === null || facts.isLeader(id)) continue
    byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), id])
  }
  for (const [hex, ids] of byHex) {
    const sides = new Set(ids.map((id) => state.units[id]?.side))
    const counted = ids.filter((id) => facts.counts(id)).length
    if (sides.size > 1 || (facts.limit !== null && counted > facts.limit)) bad.push(hex)
  }
  return bad
}

const MOVEMENT_TYPES = new Set(['move', 'turn', 'transform'])

describe('property: the movement actions listed are accepted, and never overstack', () => {
  it.each(Object.keys(cases))(
    '%s',
    (name) => {
      const c = cases[name] as Case
      fc.assert(
        fc.property(
          fc.shuffledSubarray(c.hexes, { minLength: c.units.length, maxLength: c.units.length }),
          fc.array(fc.constantFrom(...FACINGS), {
            minLength: c.units.length,
            maxLength: c.units.length,
          }),
          fc.array(fc.constantFrom(...c.statuses), {
            minLength: c.units.length,
            maxLength: c.units.length,
          }),
          fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
          (hexes, facings, statuses, picks) => {
            const start = setUp(c.loaded)
            const isLeader = (id: string) =>
              buildFacts({ loaded: c.loaded, state: start }).isLeader(id)
            const placements = Object.fromEntries(
              c.units.map((id, i) =>
                isLeader(id)
                  ? [id, hexes[i] as string]
                  : [
                      id,
                      {
                        hex: hexes[i] as string,
                        facing: facings[i] as string,
                        status: statuses[i] as string,
                      },
                    ],
              ),
            )
            let state = setUp(c.loaded, placements, { seed: picks[0] ?? 1 })
            const activated = playAction(c.loaded, state, {
              type: 'activate',
              kind: 'battle',
              command: c.command,
            })
            expect(activated.ok).toBe(true)
            if (!activated.ok) return
            state = activated.state
            for (const pick of picks) {
              if (!MOVEMENT_TYPES.has(openPrompt(state)?.actions[0] ?? '')) break
              const listed = legalActions(c.loaded, state).filter((a) => MOVEMENT_TYPES.has(a.type))
              if (listed.length === 0) break
              // One listed action in 25, and the last, is played from here.
              const sample = listed.filter(
                (_, i) => i % 25 === pick % 25 || i === listed.length - 1,
              )
              for (const action of sample) {
                const result = playAction(c.loaded, state, action as Action)
                if (!result.ok)
                  throw new Error(
                    `${JSON.stringify(action)} listed but refused: ${result.error.message}`,
                  )
                // Checked once the move is over (a unit ridden through may be waiting to be placed).
                if (MOVEMENT_TYPES.has(openPrompt(result.state)?.actions[0] ?? ''))
                  expect(overStacked(c.loaded, result.state)).toEqual([])
              }
              const chosen = listed[pick % listed.length] as Action
              const next = playAction(c.loaded, state, chosen)
              expect(next.ok).toBe(true)
              if (!next.ok) return
              state = next.state
            }
          },
        ),
        { numRuns: 8, seed: 20251122 },
      )
    },
    120_000,
  )
})
