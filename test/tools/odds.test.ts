/**
 * The odds command's exact distributions against brute force: for many situations generated on
 * the bundled sample scenario (Infidel: shock 12.3 / charge 13.4, missile fire 11.3), the
 * probability of each result equals the share of the dice's face combinations that give it
 * when each combination is resolved on its own.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../src/runtime/rules/loaded'
import { faceRange, nextInt, reduceFraction, seedRng } from '../../src/runtime/dice'
import type { RngState } from '../../src/runtime/dice'
import { startGame } from '../../src/runtime/play'
import { outcomeKey, resolveWithRoll } from '../../src/runtime/rules'
import type { Action, GameState } from '../../src/runtime/state'
import { boardOf, resolutionVariables } from '../../src/runtime/state'
import { computeOdds, contextArguments, oddsRequest } from '../../tools/commands/odds'
import { UsageError } from '../../tools/session'
import { bundledLibrary } from '../content/bundled'

function sample(): LoadedScenario {
  const loaded = bundledLibrary().scenario('sample-skirmish')
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'))
  return loaded.value
}

/** Counts each outcome over every face combination of the resolution's dice. */
function bruteForce(loaded: LoadedScenario, state: GameState, request: Action) {
  const { resolution, variables } = resolutionVariables(loaded, state, request)
  const spec = (loaded.rules.ruleset.dice ?? []).find((d) => d.id === resolution.dice)
  if (spec === undefined) throw new Error(`resolution ${resolution.id} rolls no known dice`)
  const { min, max } = faceRange(spec)
  const counts = new Map<string, number>()
  let total = 0
  const faces: number[] = []
  const walk = (die: number): void => {
    if (die === spec.count) {
      const key = outcomeKey(resolveWithRoll(loaded.rules, resolution, variables, faces))
      counts.set(key, (counts.get(key) ?? 0) + 1)
      total += 1
      return
    }
    for (let f = min; f <= max; f++) {
      faces[die] = f
      walk(die + 1)
    }
  }
  walk(0)
  return new Map([...counts].map(([k, n]) => [k, reduceFraction(n, total)]))
}

class Draw {
  constructor(private rng: RngState) {}
  int(min: number, max: number): number {
    const d = nextInt(this.rng, min, max)
    this.rng = d.rng
    return d.value
  }
  one<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T
  }
}

/** Units of a side that fight (not leaders). */
function fighters(loaded: LoadedScenario, state: GameState, side: string): string[] {
  const leaders = new Set(
    loaded.scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => c.leader ?? '')),
  )
  return Object.entries(state.units)
    .filter(([id, u]) => u.side === side && u.location === 'map' && !leaders.has(id))
    .filter(([id]) =>
      loaded.scenario.sides.every(
        (s) => !s.units.some((p) => p.id === id && (p.roles ?? []).length > 0),
      ),
    )
    .map(([id]) => id)
}

/** A situation: units placed and faced at random, attackers next to the defender. */
function situation(loaded: LoadedScenario, base: GameState, draw: Draw, fire: boolean) {
  const board = boardOf(loaded)
  const state = structuredClone(base)
  const facings = Array.from({ length: 12 }, (_, i) => i).filter(
    (c) => board.facingProblem(c) === null,
  )
  const statuses = ['normal', 'disordered']
  const [a, b] = draw.int(0, 1) === 0 ? ['franks', 'emirate'] : ['emirate', 'franks']
  const hexes = board.allHexes().filter((h) => board.neighbors(h).length === 6)
  const defender = draw.one(fighters(loaded, state, b))
  const place = (id: string, hex: string) => {
    const unit = state.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    unit.hex = hex
    unit.facing = draw.one(facings)
    unit.status = draw.one(statuses)
  }
  // Clear the ground first so no other unit shares a hex by accident.
  for (const unit of Object.values(state.units)) unit.location = 'reinforcements'
  const there = draw.one(hexes)
  state.units[defender]!.location = 'map'
  place(defender, there)
  const pool = fighters(loaded, base, a)
  if (fire) {
    const firer = draw.one(pool)
    const near = board.allHexes().filter((h) => {
      const d = board.distance(h, there)
      return d >= 1 && d <= 3
    })
    state.units[firer]!.location = 'map'
    place(firer, draw.one(near))
    return {
      state,
      request: { type: 'resolve', resolution: 'fire', firer, target: defender } as Action,
    }
  }
  const count = draw.int(1, 2)
  const attackers: string[] = []
  const free = [...board.neighbors(there)]
  for (let i = 0; i < count; i++) {
    const id = draw.one(pool.filter((p) => !attackers.includes(p)))
    const hex = free.splice(draw.int(0, free.length - 1), 1)[0] as string
    state.units[id]!.location = 'map'
    place(id, hex)
    attackers.push(id)
  }
  const charging = attackers.filter(() => draw.int(0, 1) === 1)
  const request: Action = { type: 'resolve', resolution: 'shock', attackers, defenders: [defender] }
  if (charging.length > 0) request.charging = charging
  if (draw.int(0, 3) === 0) request.continued = 1
  return { state, request }
}

describe('odds by enumeration equal brute force over every face', () => {
  const loaded = sample()
  const base = startGame(loaded, { seed: 0 }).state

  for (const fire of [false, true]) {
    it(`${fire ? 'missile fire (11.3)' : 'shock and charge (12.3, 13.4)'}: 60 generated situations`, () => {
      const draw = new Draw(seedRng(fire ? 11 : 12))
      const seenKeys = new Set<string>()
      let resolved = 0
      // Some draws make situations the rules have no entry for (a unit type the weapons matrix
      // does not list as an attacker, a target out of range): both sides must agree on those
      // too, but only the ones that resolve count towards the 60.
      for (let n = 0; n < 400 && resolved < 60; n++) {
        const { state, request } = situation(loaded, base, draw, fire)
        const odds = computeOdds(loaded, state, request)
        const brute = bruteForce(loaded, state, request)
        const found = new Map(
          odds.distribution.outcomes.map((o) => [
            o.key,
            { numerator: o.numerator, denominator: o.denominator },
          ]),
        )
        expect(found, JSON.stringify(request)).toEqual(brute)
        const sum = odds.distribution.outcomes.reduce((s, o) => s + o.probability, 0)
        expect(sum).toBeCloseTo(1, 12)
        if (odds.distribution.outcomes.some((o) => o.status === 'error')) continue
        resolved += 1
        for (const key of found.keys()) seenKeys.add(key)
      }
      expect(resolved).toBe(60)
      // The situations reach several rows and columns, not one result over and over.
      expect(seenKeys.size).toBeGreaterThan(fire ? 2 : 5)
    })
  }
})

describe('odds arguments from the command line', () => {
  it('keeps ids and hex labels as typed, splits lists, reads flags and numbers', () => {
    const args = contextArguments([
      'odds',
      'sample-skirmish',
      '--resolution',
      'shock',
      '--attackers',
      'a,b',
      '--defenders=0405',
      '--charging',
      '--counter-charged-vs-shock',
      'true',
      '--continued',
      '2',
      '--seed',
      '4',
      '--json',
    ])
    expect(args).toEqual({
      attackers: 'a,b',
      defenders: '0405',
      charging: true,
      counterChargedVsShock: 'true',
      continued: '2',
    })
    expect(oddsRequest('shock', args)).toEqual({
      type: 'resolve',
      resolution: 'shock',
      attackers: ['a', 'b'],
      defenders: ['0405'],
      charging: true,
      counterChargedVsShock: true,
      continued: 2,
    })
  })

  it('refuses a number that is not one, and a resolution the ruleset lacks, as usage errors', () => {
    expect(() => oddsRequest('shock', { continued: 'twice' })).toThrow(UsageError)
    const loaded = sample()
    const state = startGame(loaded, { seed: 0 }).state
    expect(() =>
      computeOdds(loaded, state, {
        type: 'resolve',
        resolution: 'shok',
        attackers: ['franks-kn-1'],
      }),
    ).toThrow('there is no resolution "shok" — did you mean "shock"?')
  })
})
