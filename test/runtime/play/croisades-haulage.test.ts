/**
 * Equipment and crews in Croisades tactical, through the play path: carts pushed by their men
 * and ballistas carried by theirs (`haul`, movement/haulage.ts; B.1.59, 2.64), the draft horse
 * led by a man already beside it (B.1.59), the cart's hexes as other pieces meet them (B.1.59,
 * play/equipment.ts), and the stacking check at the end of every move (B.1.6).
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, stackingProblems } from '../../../src/runtime'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, refused, until } from './move-steps'

const haul = (unit: string, crew: string[], path: string[]): Action => ({
  type: 'haul',
  unit,
  crew,
  path,
})

const offered = (loaded: LoadedScenario, state: GameState, type: string): Action[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === type)
    .map(({ side: _side, ...a }) => a as Action)

const foe: Character[] = [{ id: 'foe', type: 'fatimid-spearman', hex: 'X1', facing: 'S' }]

// A cart in H10 heading north (its rear in H11); H9 is straight ahead of it, G10/I10 beside
// its front, G11/I11 beside its rear, H12 behind it.
const cartWith = (men: Character[], others: Character[] = foe): LoadedScenario =>
  croisades([{ id: 'cart', type: 'cart', hex: 'H10', facing: 'N' }, ...men], others)

const man = (id: string, hex: string, type = 'spearman'): Character => ({
  id,
  type,
  hex,
  facing: 'N',
})

describe('carts pushed by men (B.1.59)', () => {
  it('CH-81: a cart pushed by 2 men has 2 MP, by 4 men 3 MP (B.1.59)', () => {
    const two = cartWith([man('ann', 'H9'), man('bob', 'G10')])
    const start2 = crusadersMove(two)
    const played = act(two, start2, haul('cart', ['ann', 'bob'], ['H9', 'H8']))
    expect(played.state.units.cart?.hex).toBe('H8')
    // The men go along beside it, each keeping his place.
    expect(played.state.units.ann?.hex).toBe('H7')
    expect(played.state.units.bob?.hex).toBe('G8')
    expect(played.entries.map((e) => e.text)).toEqual([
      'ann and bob haul cart from H10 to H8 (2 MP); they do nothing more this turn',
    ])
    expect(refused(two, start2, haul('cart', ['ann', 'bob'], ['H9', 'H8', 'H7']))).toEqual({
      message: 'a crew of 2 gives cart 2 movement points; the path to H7 needs 3',
      rule: 'B.1.59',
    })

    const four = cartWith([
      man('ann', 'H9'),
      man('bob', 'G10'),
      man('cid', 'I10'),
      man('dan', 'G11'),
    ])
    const start4 = crusadersMove(four)
    const crew = ['ann', 'bob', 'cid', 'dan']
    expect(act(four, start4, haul('cart', crew, ['H9', 'H8', 'H7'])).state.units.cart?.hex).toBe(
      'H7',
    )
    expect(refused(four, start4, haul('cart', crew, ['H9', 'H8', 'H7', 'H6'])).message).toMatch(
      // H6 is a tree hex: 2 more.
      /^a crew of 4 gives cart 3 movement points; the path to H6 needs 5/,
    )
  })

  it("B.1.59: one man is not enough, and one of the crew must stand at the cart's front", () => {
    const loaded = cartWith([man('ann', 'H9'), man('bob', 'G11'), man('cid', 'I11')])
    const start = crusadersMove(loaded)
    expect(refused(loaded, start, haul('cart', ['ann'], ['H9'])).message).toMatch(
      /^cart needs a crew of at least 2, not 1/,
    )
    expect(refused(loaded, start, haul('cart', ['bob', 'cid'], ['H12'])).message).toMatch(
      /^one of the crew must stand at the front of cart/,
    )
    // The listing offers only crews with a man at the front, and the cart pays its terrain.
    const choices = offered(loaded, start, 'haul')
    expect(choices.length).toBeGreaterThan(0)
    expect(choices.every((a) => (a.crew as string[]).includes('ann'))).toBe(true)
    expect(choices).toContainEqual(haul('cart', ['ann', 'bob', 'cid'], ['H9', 'H8', 'H7']))
  })

  it('B.1.59: the men must not have acted this turn, and after hauling they do nothing else', () => {
    const loaded = cartWith(
      [man('ann', 'H9'), man('bob', 'G10'), man('cid', 'K10')],
      [{ id: 'foe', type: 'fatimid-spearman', hex: 'H5', facing: 'S' }],
    )
    const start = crusadersMove(loaded)
    const moved = act(loaded, start, {
      type: 'move',
      unit: 'cid',
      path: ['J10'],
      facing: 'N',
    }).state
    expect(refused(loaded, moved, haul('cart', ['ann', 'cid'], ['H9'])).message).toMatch(
      /^cid has already acted this turn/,
    )
    const hauled = act(loaded, start, haul('cart', ['ann', 'bob'], ['H9', 'H8'])).state
    // ann now stands in H7, bob in G8; the foe is in H5.
    expect(
      refused(loaded, hauled, { type: 'move', unit: 'ann', path: ['H6'], facing: 'N' }).message,
    ).toMatch(/may move no further this activation/)
    expect(offered(loaded, hauled, 'move').some((a) => a.unit === 'ann' || a.unit === 'bob')).toBe(
      false,
    )
  })

  it('B.1.59: a cart does not move by itself', () => {
    const loaded = cartWith([man('ann', 'H9'), man('bob', 'G10')])
    const start = crusadersMove(loaded)
    expect(
      refused(loaded, start, { type: 'move', unit: 'cart', path: ['H9'], facing: 'N' }).message,
    ).toMatch(/^cart moves only with a crew, who haul it/)
  })
})

describe('the hauls offered', () => {
  it('B.1.59, 2.64: every haul listed is accepted and leaves the hexes within the stacking rule', () => {
    const loaded = croisades(
      [
        { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
        man('ann', 'H9'),
        man('bob', 'G10'),
        man('cid', 'I11'),
        man('eve', 'G8'),
        { id: 'engine', type: 'ballista', hex: 'M10' },
        man('a1', 'M9'),
        man('a2', 'L10'),
        man('a3', 'N10'),
        man('a4', 'M11'),
      ],
      foe,
    )
    const start = crusadersMove(loaded)
    const choices = offered(loaded, start, 'haul')
    expect(choices.some((a) => a.unit === 'cart')).toBe(true)
    expect(choices.some((a) => a.unit === 'engine')).toBe(true)
    for (const choice of choices) {
      const { state } = act(loaded, start, choice)
      expect(stackingProblems({ loaded, state })).toEqual([])
    }
  })
})

describe('the cart hexes (B.1.59, T-CH-1)', () => {
  it('B.1.59: a man on foot crosses a cart hex for 4 MP but may not stop in it', () => {
    // sam goes from G10 through the cart's front hex H10 to I10 (G10 → H10 → I10: 4 + 1).
    const loaded = cartWith([man('sam', 'G10')])
    const start = crusadersMove(loaded)
    const crossed = act(loaded, start, {
      type: 'move',
      unit: 'sam',
      path: ['H10', 'I10'],
      facing: 'N',
    })
    expect(crossed.entries.map((e) => e.text)).toEqual(['sam moves from G10 to I10 (5 MP)'])
    expect(
      refused(loaded, start, { type: 'move', unit: 'sam', path: ['H10'], facing: 'N' }).message,
    ).toBe('sam may not end its move in H10: no one may stay on cart in H10')
    expect(
      offered(loaded, start, 'move').some(
        (a) => a.unit === 'sam' && ['H10', 'H11'].includes((a.path as string[]).at(-1) as string),
      ),
    ).toBe(false)
  })

  it('B.1.59: the cart hexes are closed to riders', () => {
    const loaded = cartWith([{ id: 'rider', type: 'average-knight', hex: 'E10', facing: 'SE' }])
    const start = crusadersMove(loaded)
    const ends = offered(loaded, start, 'move')
      .filter((a) => a.unit === 'rider')
      .flatMap((a) => a.path as string[])
    expect(ends.length).toBeGreaterThan(0)
    expect(ends).not.toContain('H10')
    expect(ends).not.toContain('H11')
  })

  it("B.1.59: an enemy cart is no enemy character: not attacked, and crossed like one's own", () => {
    const loaded = croisades(
      [man('sam', 'G10', 'sergeant')],
      [
        { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
        { id: 'foe', type: 'fatimid-spearman', hex: 'G8', facing: 'S' },
      ],
    )
    const start = crusadersMove(loaded)
    const crossed = act(loaded, start, {
      type: 'move',
      unit: 'sam',
      path: ['H10', 'I10'],
      facing: 'N',
    })
    expect(crossed.state.units.sam?.hex).toBe('I10')
    // Next to the cart and to the foe (G9): only the foe may be attacked.
    const moved = act(loaded, start, { type: 'move', unit: 'sam', path: ['G9'], facing: 'N' }).state
    const combat = until(loaded, act(loaded, moved, { type: 'done' }).state, 'melee', 'crusaders')
    expect(offered(loaded, combat, 'attack').map((a) => [a.attackers, a.defenders])).toEqual([
      [['sam'], ['foe']],
    ])
    expect(
      refused(loaded, combat, { type: 'attack', attackers: ['sam'], defenders: ['cart'] }).message,
    ).toMatch(/cart is not an enemy unit on the map/)
  })
})

describe('ballistas (2.64)', () => {
  // A ballista on scrub in K11 (K12 south of it is scrub too), its four carriers around it.
  const ballista = (): LoadedScenario =>
    croisades(
      [
        { id: 'engine', type: 'ballista', hex: 'K11' },
        man('a1', 'K10'),
        man('a2', 'J11'),
        man('a3', 'L11'),
        man('a4', 'J12'),
      ],
      [{ id: 'foe', type: 'fatimid-spearman', hex: 'K5', facing: 'S' }],
    )

  it('CH-94: a ballista carried by 4 on scrub goes 1 hex this turn; the crew does nothing else (2.64)', () => {
    const loaded = ballista()
    const start = crusadersMove(loaded)
    const crew = ['a1', 'a2', 'a3', 'a4']
    expect(refused(loaded, start, haul('engine', crew.slice(0, 3), ['K12'])).message).toMatch(
      /^engine needs a crew of at least 4, not 3/,
    )
    expect(refused(loaded, start, haul('engine', crew, ['K12', 'K13'])).message).toMatch(
      /^a crew of 4 gives engine 2 movement points; the path to K13 needs 3/,
    )
    // Into scrub (K12, J11) it goes one hex; two hexes only over flat ground.
    const choices = offered(loaded, start, 'haul')
    expect(choices).toContainEqual(haul('engine', crew, ['K12']))
    for (const a of choices) {
      const path = a.path as string[]
      if (path.some((h) => ['K12', 'J11'].includes(h))) expect(path).toHaveLength(1)
    }
    const { state, entries } = act(loaded, start, haul('engine', crew, ['K12']))
    expect(state.units.engine?.hex).toBe('K12')
    expect(entries.map((e) => e.text)).toEqual([
      'a1 and a2 and a3 and a4 haul engine from K11 to K12 (2 MP); they do nothing more this turn',
    ])
    for (const id of crew) expect(state.units[id]?.ended).toBe('activation')
    expect(
      refused(loaded, state, { type: 'move', unit: 'a1', path: ['K10'], facing: 'N' }).message,
    ).toMatch(/may move no further this activation/)
  })

  it('2.64: on flat ground the ballista goes 2 hexes', () => {
    const loaded = croisades(
      [
        { id: 'engine', type: 'ballista', hex: 'H9' },
        man('a1', 'H10'),
        man('a2', 'G9'),
        man('a3', 'I9'),
        man('a4', 'G8'),
      ],
      foe,
    )
    const start = crusadersMove(loaded)
    const state = act(loaded, start, haul('engine', ['a1', 'a2', 'a3', 'a4'], ['H8', 'H7'])).state
    expect(state.units.engine?.hex).toBe('H7')
    expect(state.units.a1?.hex).toBe('H8')
  })
})

describe('the draft horse (B.1.59)', () => {
  it('B.1.59: a draft horse goes only when led by a man already beside it, 4 MP', () => {
    const loaded = croisades(
      [
        { id: 'dobbin', type: 'draft-horse', hex: 'M13', facing: 'N' },
        man('ned', 'L13'),
        man('far', 'P13'),
      ],
      foe,
    )
    const start = crusadersMove(loaded)
    expect(
      refused(loaded, start, { type: 'move', unit: 'dobbin', path: ['M12'], facing: 'N' }).message,
    ).toMatch(/^dobbin moves only with a crew, who haul it/)
    expect(refused(loaded, start, haul('dobbin', ['far'], ['M12'])).message).toMatch(
      /^far is not next to dobbin/,
    )
    const led = act(loaded, start, haul('dobbin', ['ned'], ['M12', 'M11', 'M10', 'M9']))
    expect(led.state.units.dobbin?.hex).toBe('M9')
    expect(led.state.units.ned?.hex).toBe('L9')
    expect(led.entries.map((e) => e.text)).toEqual([
      'ned haul dobbin from M13 to M9 (4 MP); they move no more this turn',
    ])
    // The leader's movement is over, but his turn is not.
    expect(led.state.units.ned?.ended).toBe(null)
    expect(
      refused(loaded, start, haul('dobbin', ['ned'], ['M12', 'M11', 'M10', 'M9', 'M8'])).message,
    ).toMatch(/^a crew of 1 gives dobbin 4 movement points/)
  })
})

describe('stacking after movement (B.1.6)', () => {
  it('CH-82: no move may end with two living characters in one hex (B.1.6)', () => {
    const loaded = croisades([man('ann', 'H9'), man('bob', 'H11'), man('cid', 'J9')], foe)
    const start = crusadersMove(loaded)
    expect(
      refused(loaded, start, { type: 'move', unit: 'ann', path: ['H10', 'H11'], facing: 'N' }),
    ).toEqual({
      message: 'ann may not end its move in H11: units may not stack there',
      rule: 'B.1.6',
    })
    // Passing through a friend is allowed.
    expect(
      act(loaded, start, { type: 'move', unit: 'ann', path: ['H10', 'H11', 'H12'], facing: 'N' })
        .state.units.ann?.hex,
    ).toBe('H12')
    // Never offered.
    const moves = offered(loaded, start, 'move')
    const ends = (id: string) =>
      moves.filter((a) => a.unit === id).map((a) => (a.path as string[]).at(-1))
    expect(ends('ann')).not.toContain('H11')
    expect(ends('ann')).not.toContain('J9')
    expect(ends('bob')).not.toContain('H9')
  })

  it('CH-82: a stunned friend is a living character too (B.1.6)', () => {
    const loaded = croisades([man('ann', 'H9'), man('bob', 'H11')], foe)
    const start = crusadersMove(loaded)
    const stunned = structuredClone(start)
    ;(stunned.units.bob as { status: string }).status = 'stunned'
    expect(
      refused(loaded, stunned, { type: 'move', unit: 'ann', path: ['H10', 'H11'], facing: 'N' })
        .message,
    ).toBe('ann may not end its move in H11: units may not stack there')
  })

  it("CH-82: a haul may not leave a man of its crew in a living character's hex (B.1.6)", () => {
    // Hauled north two hexes, bob (G10) would end in G8, where eve stands.
    const loaded = cartWith([man('ann', 'H9'), man('bob', 'G10'), man('eve', 'G8')])
    const start = crusadersMove(loaded)
    expect(refused(loaded, start, haul('cart', ['ann', 'bob'], ['H9', 'H8']))).toEqual({
      message: 'cart cannot be hauled there: bob would end in G8 with eve',
      rule: 'B.1.6',
    })
    expect(offered(loaded, start, 'haul')).not.toContainEqual(
      haul('cart', ['ann', 'bob'], ['H9', 'H8']),
    )
    // One hex is fine: bob passes nobody, ends in G9.
    const once = act(loaded, start, haul('cart', ['ann', 'bob'], ['H9'])).state
    expect(stackingProblems({ loaded, state: once })).toEqual([])
  })
})
