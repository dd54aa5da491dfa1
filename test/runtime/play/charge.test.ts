/**
 * Charges and counter-charges declared in Croisades tactical's phase 2 (B.1.56, T-CH-16; mechanic
 * "charge-declaration" and its reaction to charge-declared), through the play path: the §4A
 * cases CH-69 to CH-75. Riders stand in column I of the olive grove, flat from row 7 down, and
 * head south (their rear half in the hex above) or north.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt, startGame } from '../../../src/runtime'
import { declaredCharges } from '../../../src/runtime/play/charge'
import type { Placement } from './croisades-fixture'
import { passUntil, play, refusal, scenarioWith } from './croisades-fixture'

function game(units: Placement[]): { loaded: LoadedScenario; state: GameState } {
  const loaded = scenarioWith(units, { ruleset: 'croisades-tactical' })
  const { state } = startGame(loaded, { seed: 1 })
  return { loaded, state: passUntil(loaded, state, 'charge-declaration') }
}

const charge = (unit: string, target: string, route: string[]): Action => ({
  type: 'charge',
  unit,
  target,
  route,
})

const column = (letter: string, from: number, to: number): string[] => {
  const out: string[] = []
  for (let row = from; row <= to; row++) out.push(`${letter}${row}`)
  return out
}

const without = (actions: Action[]): Action[] => actions.map(({ side: _side, ...a }) => a)

const knight = (id: string, hex: string, facing: string, side: Placement['side'] = 'crusaders') =>
  ({ id, type: 'average-knight', hex, facing, side }) satisfies Placement

const foot = (id: string, hex: string, side: Placement['side'] = 'saracens') =>
  ({ id, type: 'peasant', hex, side }) satisfies Placement

describe('declaring a charge (B.1.56, T-CH-16)', () => {
  it('CH-69: a route of 5 hexes is too short; 6 will do', () => {
    const { loaded, state } = game([knight('a', 'I13', 'S'), foot('b', 'I19')])
    expect(refusal(loaded, state, charge('a', 'b', column('I', 14, 18)))).toBe(
      'a charge needs a route of at least 6 hexes, not 5',
    )
    const far = game([knight('a', 'I12', 'S'), foot('b', 'I19')])
    const after = play(far.loaded, far.state, charge('a', 'b', column('I', 13, 18)))
    expect(declaredCharges({ loaded: far.loaded, state: after }).charges).toEqual([
      { unit: 'a', target: 'b', route: column('I', 13, 18), binding: true },
    ])
    expect(after.units.a?.markers.charge).toBe(1)
  })

  it('CH-70: the last 4 hexes must run straight at the target', () => {
    const base = scenarioWith([])
    const board = boardOf(base)
    // A target beside the end of the straight run, not in line with it.
    const aside = board
      .neighbors('I18')
      .find((h) => h !== 'I19' && h !== 'I17' && h.endsWith('19')) as string
    const { loaded, state } = game([knight('a', 'I10', 'S'), foot('b', aside)])
    expect(refusal(loaded, state, charge('a', 'b', column('I', 11, 18)))).toBe(
      'the route must run straight at b',
    )
  })

  it('CH-71: no step that costs extra for turning (a flank hex)', () => {
    const base = scenarioWith([])
    const board = boardOf(base)
    const flank = board.neighbors('I10').find((h) => board.neighbors('I9').includes(h)) as string
    const { loaded, state } = game([knight('a', 'I10', 'S'), foot('b', 'I19')])
    expect(refusal(loaded, state, charge('a', 'b', [flank, ...column('I', 11, 18)]))).toBe(
      `the step into ${flank} turns a too sharply for a charge`,
    )
  })

  it('only at a target in the frontal arc and in sight: riders in between block the view', () => {
    // Another target ahead, so that the side is asked for its charges at all.
    const behind = game([knight('a', 'I10', 'S'), foot('b', 'I3'), foot('x', 'I19')])
    expect(refusal(behind.loaded, behind.state, charge('a', 'b', column('I', 11, 18)))).toBe(
      'b is not in the frontal arc of a',
    )
    const blocked = game([
      knight('a', 'I8', 'S'),
      knight('screen', 'I14', 'S', 'saracens'),
      foot('b', 'I19'),
      foot('x', 'L19'),
    ])
    expect(refusal(blocked.loaded, blocked.state, charge('a', 'b', column('I', 9, 18)))).toMatch(
      /cannot see b|may not go into/,
    )
    // A man on foot in between does not block a rider's view (he blocks the route, though).
    const seen = game([knight('a', 'I8', 'S'), foot('walker', 'K12'), foot('b', 'I19')])
    expect(without(legalActions(seen.loaded, seen.state))).toContainEqual(
      charge('a', 'b', column('I', 9, 18)),
    )
  })

  it('offers each possible charge with a route that passes its own checks', () => {
    const { loaded, state } = game([
      knight('a', 'I8', 'S'),
      knight('a2', 'L8', 'S'),
      foot('b', 'I19'),
      foot('c', 'L19'),
    ])
    const offered = without(legalActions(loaded, state)).filter((a) => a.type === 'charge')
    expect(offered.length).toBeGreaterThan(2)
    for (const action of offered) {
      const route = action.route as string[]
      expect(route.length).toBeGreaterThanOrEqual(6)
      // Each is accepted as it stands.
      expect(() => play(loaded, state, action)).not.toThrow()
    }
  })

  it('CH-74: a target may be charged once a game turn', () => {
    const { loaded, state } = game([
      knight('a', 'I8', 'S'),
      knight('a2', 'L8', 'S'),
      foot('b', 'I19'),
      foot('c', 'L19'),
    ])
    const after = play(loaded, state, charge('a', 'b', column('I', 9, 18)))
    expect(openPrompt(after)?.kind).toBe('charge-declaration')
    const again = without(legalActions(loaded, after)).filter((a) => a.type === 'charge')
    expect(again.some((a) => a.target === 'b')).toBe(false)
    const route = (without(legalActions(loaded, state)).find(
      (a) => a.type === 'charge' && a.unit === 'a2' && a.target === 'b',
    )?.route ?? []) as string[]
    expect(route.length).toBeGreaterThan(0)
    expect(refusal(loaded, after, charge('a2', 'b', route))).toBe(
      'b has already been charged this turn',
    )
  })
})

describe('counter-charges (B.1.56, T-CH-16)', () => {
  const units = [
    knight('a', 'I8', 'S'),
    foot('b', 'I19'),
    knight('c', 'J19', 'N', 'saracens'),
    knight('d', 'H19', 'N', 'saracens'),
    knight('e', 'M18', 'S', 'saracens'),
  ]

  it('CH-72: the counter-charger rides at most half the charge and meets it on its last 2 hexes', () => {
    const { loaded, state } = game(units)
    const asked = play(loaded, state, charge('a', 'b', column('I', 9, 18)))
    expect(openPrompt(asked)?.kind).toBe('counter-charge')
    expect(openPrompt(asked)?.side).toBe('saracens')
    const answer = without(legalActions(loaded, asked)).find(
      (a) => a.type === 'counter-charge' && a.unit === 'c',
    ) as Action
    expect(answer.route).toEqual(['I18', 'I17'])
    const after = play(loaded, asked, answer)
    // C's front on the next-to-last hex of the route, his rear on the last, facing the charger.
    expect(after.units.c?.hex).toBe('I17')
    expect(boardOf(loaded).facingName(after.units.c?.facing as number)).toBe('N')
    expect(after.units.c?.markers['counter-charge']).toBe(1)
    // The charger now stops on the two hexes before them: 8 of his 10 hexes.
    expect(declaredCharges({ loaded, state: after }).charges).toEqual([
      { unit: 'a', target: 'b', route: column('I', 9, 16), counter: 'c', binding: true },
    ])
  })

  it('CH-73: only riders with the charger in their frontal arc may counter-charge', () => {
    const { loaded, state } = game(units)
    const asked = play(loaded, state, charge('a', 'b', column('I', 9, 18)))
    const who = without(legalActions(loaded, asked))
      .filter((a) => a.type === 'counter-charge')
      .map((a) => a.unit)
    expect(who).toEqual(['c', 'd'])
    expect(refusal(loaded, asked, { type: 'counter-charge', unit: 'e', route: ['M17'] })).toBe(
      'a is not in the frontal arc of e',
    )
  })

  it('a counter-charge reaches at most floor(length / 2) hexes and must end on the route', () => {
    const { loaded, state } = game(units)
    const asked = play(loaded, state, charge('a', 'b', column('I', 9, 18)))
    expect(refusal(loaded, asked, { type: 'counter-charge', unit: 'c', route: ['I18'] })).toBe(
      'a counter-charge must end on the last 2 hexes of the charge route, facing the charger',
    )
  })

  it('CH-75: a rider charged head-on may counter-charge himself, 2 hexes back along the route', () => {
    const { loaded, state } = game([knight('a', 'I8', 'S'), knight('t', 'I19', 'N', 'saracens')])
    const asked = play(loaded, state, charge('a', 't', column('I', 9, 18)))
    expect(without(legalActions(loaded, asked))).toContainEqual({
      type: 'counter-charge',
      unit: 't',
      route: ['I18', 'I17'],
    })
  })
})

describe('a declared charge cannot be withdrawn (B.1.56)', () => {
  /** The crusaders' movement phase after A's charge at B. */
  function owed(): { loaded: LoadedScenario; state: GameState } {
    const { loaded, state } = game([knight('a', 'I8', 'S'), foot('b', 'I19')])
    const declared = play(loaded, state, charge('a', 'b', column('I', 9, 18)))
    return { loaded, state: passUntil(loaded, declared, 'movement') }
  }

  it('the movement phase does not end until the charger has ridden his route', () => {
    const { loaded, state } = owed()
    const offered = without(legalActions(loaded, state))
    expect(offered.some((a) => a.type === 'done')).toBe(false)
    // Riding it is all he may do: no turning aside, no dismounting.
    expect(offered.filter((a) => a.unit === 'a').map((a) => a.type)).toEqual(['move'])
    expect(refusal(loaded, state, { type: 'done' })).toBe(
      'a has declared a charge and must ride it before the phase ends: a declaration cannot be withdrawn',
    )
    const ridden = play(loaded, state, offered.find((a) => a.unit === 'a') as Action)
    expect(ridden.units.a?.hex).toBe('I18')
    expect(without(legalActions(loaded, ridden)).some((a) => a.type === 'done')).toBe(true)
  })

  it('a charger who can no longer ride (stunned on the way to his phase) does not hold it up', () => {
    const { loaded, state } = owed()
    const stunned = structuredClone(state)
    ;(stunned.units.a as { status: string }).status = 'stunned'
    expect(without(legalActions(loaded, stunned)).some((a) => a.type === 'done')).toBe(true)
  })

  it('a ruleset without `binding` lets the phase end with the charge not ridden', () => {
    const bound = scenarioWith([knight('a', 'I8', 'S'), foot('b', 'I19')], {
      ruleset: 'croisades-tactical',
    })
    const ruleset = bound.rules.ruleset
    const phases = ruleset.sequence.phases.map((p) => {
      if (p.id !== 'charges') return p
      const { binding: _binding, ...params } = p.params as Record<string, unknown>
      return { ...p, params }
    })
    const loaded = {
      ...bound,
      rules: { ...bound.rules, ruleset: { ...ruleset, sequence: { ...ruleset.sequence, phases } } },
    } as LoadedScenario
    const { state } = startGame(loaded, { seed: 1 })
    const declared = play(
      loaded,
      passUntil(loaded, state, 'charge-declaration'),
      charge('a', 'b', column('I', 9, 18)),
    )
    const moving = passUntil(loaded, declared, 'movement')
    expect(without(legalActions(loaded, moving)).some((a) => a.type === 'done')).toBe(true)
  })
})

describe('no defensive fire at a charger who was counter-charged (B.1.33, B.1.56)', () => {
  /** The crusaders' movement phase after A's charge (and, if `counter`, C's counter-charge). */
  function moving(counter: boolean): { loaded: LoadedScenario; state: GameState } {
    const { loaded, state } = game([
      knight('a', 'I8', 'S'),
      foot('b', 'I19'),
      knight('c', 'J19', 'N', 'saracens'),
      { id: 'archer', type: 'saracen-foot-archer', hex: 'M12', side: 'saracens' },
    ])
    let now = play(loaded, state, charge('a', 'b', column('I', 9, 18)))
    const answer = without(legalActions(loaded, now)).find(
      (a) => a.type === (counter ? 'counter-charge' : 'decline'),
    ) as Action
    now = play(loaded, now, answer)
    return { loaded, state: passUntil(loaded, now, 'movement') }
  }

  /** Whether the other side is asked to fire during the charger's move. */
  function firedUpon(loaded: LoadedScenario, state: GameState): boolean {
    const route = without(legalActions(loaded, state)).find(
      (a) => a.type === 'move' && a.unit === 'a',
    ) as Action
    const after = play(loaded, state, route)
    return openPrompt(after)?.side === 'saracens'
  }

  it('CH-53: the charger of a met charge is marked, and no defensive fire is offered at him', () => {
    const met = moving(true)
    expect(met.state.units.a?.markers['charge-met']).toBe(1)
    expect(firedUpon(met.loaded, met.state)).toBe(false)
    // Without the counter-charge the archer may fire at him on the way.
    const free = moving(false)
    expect(free.state.units.a?.markers['charge-met']).toBeUndefined()
    expect(firedUpon(free.loaded, free.state)).toBe(true)
  })
})
