/**
 * Equipment and crews in Croisades tactical, through the play path: carts pushed by their men
 * and ballistas carried by theirs (`haul`, movement/haulage.ts; B.1.59, 2.64), the draft horse
 * led by a man already beside it (B.1.59), the cart's hexes as other pieces meet them (B.1.59,
 * play/equipment.ts), and the stacking check at the end of every move (B.1.6); harnessing a
 * draft horse to a cart, the team it makes when led or forced back (B.1.59, B.1.8, T-CH-19),
 * turning a cart (provisional), retreats and advances meeting a cart, and the fire and
 * infiltration rolls a crew meets on its way (B.1.33, B.1.54).
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import {
  actionText,
  boardOf,
  legalActions,
  namesOf,
  openPrompt,
  stackingProblems,
} from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, refused, rolls, until } from './move-steps'

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

// A cart in H10 heading north (front hexes H9, I9, G9); a draft horse heading north with its
// rear in H9 (front H8); ned beside the horse in G8.
const team = (men: Character[] = [], others: Character[] = foe): LoadedScenario =>
  croisades(
    [
      { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
      { id: 'dobbin', type: 'draft-horse', hex: 'H8', facing: 'N' },
      man('ned', 'G8'),
      ...men,
    ],
    others,
  )

const harness = (crew: string[]): Action => ({
  type: 'harness',
  unit: 'cart',
  horse: 'dobbin',
  crew,
})

/** The crusaders' next movement phase, every other decision passed. */
const nextMove = (loaded: LoadedScenario, state: GameState): GameState =>
  until(loaded, act(loaded, state, { type: 'done' }).state, 'movement', 'crusaders')

describe('harnessing a draft horse to a cart (B.1.59, T-CH-19)', () => {
  it('B.1.59: harnessing takes a full turn: the man does nothing else, neither horse nor cart moves', () => {
    const loaded = team()
    const start = crusadersMove(loaded)
    expect(offered(loaded, start, 'harness')).toEqual([harness(['ned'])])
    // The play view and the computer player read it in words.
    const names = namesOf(loaded)
    expect(actionText(harness(['ned']), names)).toBe('ned harnesses dobbin to cart')
    expect(actionText({ type: 'unharness', unit: 'cart', crew: ['ned', 'ann'] }, names)).toBe(
      'ned, ann unharness cart',
    )
    const done = act(loaded, start, harness(['ned']))
    expect(done.entries.map((e) => e.text)).toEqual([
      'ned harnesses dobbin to cart; he does nothing more this turn, and neither moves',
    ])
    expect(done.state.units.ned?.ended).toBe('activation')
    expect(refused(loaded, done.state, haul('dobbin', ['ned'], ['H7']))).toEqual({
      message: 'dobbin has already moved this turn',
      rule: 'B.1.59',
    })
    expect(offered(loaded, done.state, 'harness')).toEqual([])
    expect(offered(loaded, done.state, 'unharness')).toEqual([])
  })

  it("B.1.59: the horse stands with its rear on a hex at the cart's front, facing away from it", () => {
    const backwards = croisades(
      [
        { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
        { id: 'dobbin', type: 'draft-horse', hex: 'H9', facing: 'S' },
        man('ned', 'G8'),
      ],
      foe,
    )
    expect(refused(backwards, crusadersMove(backwards), harness(['ned']))).toEqual({
      message:
        'dobbin must stand with its rear on one of the hexes at the front of cart (H9, I9, G9)',
      rule: 'B.1.59',
    })
    // Rear in I9, front in H9: next to the cart.
    const facing = croisades(
      [
        { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
        { id: 'dobbin', type: 'draft-horse', hex: 'H9', facing: 'NW' },
        man('ned', 'G8'),
      ],
      foe,
    )
    expect(refused(facing, crusadersMove(facing), harness(['ned'])).message).toBe(
      'dobbin must face away from cart',
    )
    expect(offered(facing, crusadersMove(facing), 'harness')).toEqual([])
  })

  it("B.1.59, T-CH-19: a harnessed cart goes where its horse is led, at the horse's 4 MP; men no longer push it", () => {
    const loaded = team([man('ann', 'G10'), man('bob', 'I10')])
    const turn2 = nextMove(loaded, act(loaded, crusadersMove(loaded), harness(['ned'])).state)
    expect(refused(loaded, turn2, haul('cart', ['ann', 'bob'], ['H9']))).toEqual({
      message:
        'cart is harnessed to dobbin: it goes where dobbin is led, unless it is unharnessed first',
      rule: 'B.1.59',
    })
    const led = act(loaded, turn2, haul('dobbin', ['ned'], ['H7']))
    expect(led.entries.map((e) => e.text)).toEqual([
      'ned haul dobbin with cart from H8 to H7 (1 MP); they move no more this turn',
    ])
    expect(led.state.units.dobbin).toMatchObject({ hex: 'H7', facing: 0 })
    expect(led.state.units.cart).toMatchObject({ hex: 'H9', facing: 0 })
    expect(led.state.units.ned?.hex).toBe('G7')
    // Into the trees (H6) and the scrub (H5) the horse pays 2 each, the cart behind it 1: 5 > 4.
    expect(refused(loaded, turn2, haul('dobbin', ['ned'], ['H7', 'H6', 'H5'])).message).toBe(
      'a crew of 1 gives dobbin 4 movement points; the path to H5 needs 5',
    )
  })

  it('B.1.59: unharnessing, the horse alive or dead, takes a full turn as well', () => {
    const loaded = team([man('ann', 'G10'), man('bob', 'I10'), man('cid', 'H9', 'spearman')])
    const harnessed = act(loaded, crusadersMove(loaded), harness(['ned'])).state
    // Killed in the Saracens' turn: the dead horse stays harnessed.
    const turn2 = structuredClone(nextMove(loaded, harnessed))
    Object.assign(turn2.units.dobbin as object, { status: 'dead', hex: null, location: 'removed' })
    expect(refused(loaded, turn2, haul('cart', ['ann', 'bob'], ['H9'])).message).toBe(
      'cart is harnessed to dobbin, dead: it must be unharnessed first',
    )
    expect(offered(loaded, turn2, 'unharness')).toContainEqual({
      type: 'unharness',
      unit: 'cart',
      crew: ['ann'],
    })
    const parted = act(loaded, turn2, { type: 'unharness', unit: 'cart', crew: ['ann'] })
    expect(parted.entries.map((e) => e.text)).toEqual([
      'ann unharnesses dobbin (dead) from cart; he does nothing more this turn',
    ])
    expect(refused(loaded, parted.state, haul('cart', ['bob', 'cid'], ['H9'])).message).toBe(
      'cart has already moved this turn',
    )
    // Next turn the men push it again.
    const turn3 = nextMove(loaded, parted.state)
    expect(act(loaded, turn3, haul('cart', ['bob', 'cid'], ['H9'])).state.units.cart?.hex).toBe(
      'H9',
    )
  })
})

describe('the harnessings offered', () => {
  it('B.1.59: every harnessing, unharnessing and haul of a team listed is accepted', () => {
    const loaded = team([man('ann', 'G10'), man('bob', 'I10'), man('cid', 'I8')])
    const start = crusadersMove(loaded)
    const first = offered(loaded, start, 'harness')
    expect(first.map((a) => a.crew)).toEqual([['ann'], ['bob'], ['cid'], ['ned']])
    for (const choice of first) act(loaded, start, choice)
    const turn2 = nextMove(loaded, act(loaded, start, harness(['ned'])).state)
    const choices = [
      ...offered(loaded, turn2, 'unharness'),
      ...offered(loaded, turn2, 'haul').filter((a) => a.unit === 'dobbin'),
    ]
    expect(choices.some((a) => a.type === 'unharness')).toBe(true)
    expect(choices.some((a) => a.type === 'haul')).toBe(true)
    expect(offered(loaded, turn2, 'haul').some((a) => a.unit === 'cart')).toBe(false)
    for (const choice of choices) {
      const { state } = act(loaded, turn2, choice)
      expect(stackingProblems({ loaded, state })).toEqual([])
    }
  })
})

describe('turning a cart (B.1.59, provisional)', () => {
  it('B.1.59: the front goes into a hex diagonally ahead for 1 MP more; the rear follows, the men turn with it', () => {
    const loaded = cartWith([man('ann', 'H9'), man('bob', 'G10')])
    const start = crusadersMove(loaded)
    const turned = act(loaded, start, haul('cart', ['ann', 'bob'], ['I9']))
    const ne = boardOf(loaded).facingFromName('NE')
    expect(turned.state.units.cart).toMatchObject({ hex: 'I9', facing: ne.ok ? ne.clock : -1 })
    // ann stood ahead of the front, bob beside its left: so they stand now.
    expect(turned.state.units.ann?.hex).toBe('J9')
    expect(turned.state.units.bob?.hex).toBe('H9')
    expect(lines(turned.entries)).toContain('cart is hauled H10 → I9, turning (2 MP)')
    expect(offered(loaded, start, 'haul')).toContainEqual(haul('cart', ['ann', 'bob'], ['I9']))
    // Two men give 2 MP: a turn and a step more is too much.
    expect(refused(loaded, start, haul('cart', ['ann', 'bob'], ['I9', 'J9'])).message).toMatch(
      /^a crew of 2 gives cart 2 movement points; the path to J9 needs 3/,
    )
  })
})

describe('turning a team (B.1.59, T-CH-19, provisional)', () => {
  it('B.1.59: a horse turns as a rider does, and the cart follows into the hex its rear left', () => {
    // ned leads from the horse's right (I8); the team turns right, then goes on ahead.
    const loaded = croisades(
      [
        { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
        { id: 'dobbin', type: 'draft-horse', hex: 'H8', facing: 'N' },
        man('ned', 'I8'),
      ],
      foe,
    )
    const turn2 = nextMove(loaded, act(loaded, crusadersMove(loaded), harness(['ned'])).state)
    const led = act(loaded, turn2, haul('dobbin', ['ned'], ['I7', 'J7']))
    const ne = boardOf(loaded).facingFromName('NE')
    expect(led.state.units.dobbin).toMatchObject({ hex: 'J7', facing: ne.ok ? ne.clock : -1 })
    // The cart went on into H9 and then H8, where the horse's rear had been; still heading north.
    expect(led.state.units.cart).toMatchObject({ hex: 'H8', facing: 0 })
    expect(led.state.units.ned?.hex).toBe('K7')
    // The turn costs 1 more (2), the scrub of J7 2 for the horse: 4.
    expect(lines(led.entries).filter((l) => l.startsWith('dobbin is hauled'))).toEqual([
      'dobbin is hauled H8 → I7, turning (2 MP)',
      'dobbin is hauled I7 → J7 (2 MP)',
    ])
  })
})

describe('retreats and advances meet the cart (B.1.59, B.1.8, T-CH-19)', () => {
  it('B.1.8, T-CH-19: a harnessed draft horse forced to retreat takes the cart with it', () => {
    const loaded = team([], [{ id: 'foe', type: 'fatimid-spearman', hex: 'H7', facing: 'S' }])
    const harnessed = act(loaded, crusadersMove(loaded), harness(['ned'])).state
    const melee = until(loaded, act(loaded, harnessed, { type: 'done' }).state, 'melee', 'saracens')
    // 5 at 5:1 against a horse alone reads C: pushed back 1 hex (Q-CH-4).
    const hit = act(
      loaded,
      { ...melee, dice: forcedSource([5]) },
      { type: 'attack', attackers: ['foe'], defenders: ['dobbin'] },
    )
    // Straight back, or aside to I8 with the cart beside it; G8 is ned's.
    expect(offered(loaded, hit.state, 'retreat')).toEqual([
      { type: 'retreat', unit: 'dobbin', hex: 'H9' },
      { type: 'retreat', unit: 'dobbin', hex: 'I8' },
    ])
    const back = act(loaded, hit.state, { type: 'retreat', unit: 'dobbin', hex: 'H9' })
    expect(back.state.units.dobbin).toMatchObject({ hex: 'H9', facing: 0 })
    expect(back.state.units.cart).toMatchObject({ hex: 'H11', facing: 0 })
    expect(lines(back.entries)).toContain('unit cart is taken back with dobbin to H11 facing N')
  })

  it('B.1.59: a retreat after combat may not end on a cart hex, nor an advance', () => {
    // The peasant in H8, beaten back from H7: H9 is the cart's, I8 a crusader's; G8 is left.
    const loaded = croisades(
      [
        man('sam', 'H7', 'sergeant'),
        man('cid', 'I8', 'sergeant'),
        { id: 'cart', type: 'cart', hex: 'H9', facing: 'N' },
      ],
      [{ id: 'foe', type: 'peasant', hex: 'H8', facing: 'N' }],
    )
    const melee = until(
      loaded,
      act(loaded, crusadersMove(loaded), { type: 'done' }).state,
      'melee',
      'crusaders',
    )
    // 6 at 5:1 and more against a man on foot reads C.
    const hit = act(
      loaded,
      { ...melee, dice: forcedSource([6]) },
      { type: 'attack', attackers: ['sam'], defenders: ['foe'] },
    )
    const retreats = offered(loaded, hit.state, 'retreat')
    expect([...new Set(retreats.map((a) => a.hex))]).toEqual(['G8'])
    const back = act(loaded, hit.state, retreats[0] as Action).state
    expect(back.units.foe?.hex).toBe('G8')
    const ends = offered(loaded, back, 'advance').map((a) => (a.path as string[]).at(-1))
    expect(ends.length).toBeGreaterThan(0)
    expect(ends).not.toContain('H9')
    expect(ends).not.toContain('H10')
    // With G8 taken too, the cart hex is no way out: he cannot retreat, and is wounded.
    const boxed = croisades(
      [
        man('sam', 'H7', 'sergeant'),
        man('cid', 'I8', 'sergeant'),
        man('dan', 'G8', 'sergeant'),
        { id: 'cart', type: 'cart', hex: 'H9', facing: 'N' },
      ],
      [{ id: 'foe', type: 'peasant', hex: 'H8', facing: 'N' }],
    )
    const boxedMelee = until(
      boxed,
      act(boxed, crusadersMove(boxed), { type: 'done' }).state,
      'melee',
      'crusaders',
    )
    const stuck = act(
      boxed,
      { ...boxedMelee, dice: forcedSource([6]) },
      { type: 'attack', attackers: ['sam'], defenders: ['foe'] },
    )
    expect(stuck.state.units.foe).toMatchObject({ hex: 'H8', status: 'wounded' })
    expect(lines(stuck.entries)).toContain('unit foe cannot retreat: no one may stay on cart in H9')
  })
})

describe('fire and infiltration on the way of a haul (B.1.33, B.1.54)', () => {
  // A ballista in E10 with its four carriers around it, taken east to G10.
  const crew = ['a1', 'a2', 'a3', 'a4']
  const carriers = [man('a1', 'E9'), man('a2', 'D10'), man('a3', 'F11'), man('a4', 'E11')]
  const engine = (others: Character[]): LoadedScenario =>
    croisades([{ id: 'engine', type: 'ballista', hex: 'E10' }, ...carriers], others)
  const east = haul('engine', crew, ['F10', 'G10'])

  it('B.1.33: each man of the crew may be fired on in each hex he enters; one killed ends the haul', () => {
    const loaded = engine([{ id: 's1', type: 'saracen-foot-archer', hex: 'G13', facing: 'N' }])
    const first = act(loaded, crusadersMove(loaded, [1]), east).state
    // a3, carried into G10, is the first man the archer may shoot at.
    expect(openPrompt(first)).toMatchObject({ side: 'saracens', rule: 'B.1.33' })
    expect(openPrompt(first)?.text).toMatch(/^a3 entered G10:/)
    const shot = act(loaded, first, { type: 'fire', unit: 's1', target: 'a3' })
    expect(shot.state.units.a3?.status).toBe('dead')
    expect(shot.state.units.engine?.hex).toBe('F10')
    expect(lines(shot.entries)).toContain('the haul of engine stops in F10: a3 is dead')
    // Declined, the haul goes on to G10.
    let state = act(loaded, crusadersMove(loaded, [1]), east).state
    for (let i = 0; i < 10 && openPrompt(state)?.side === 'saracens'; i++)
      state = act(loaded, state, { type: 'decline' }).state
    expect(state.units.engine?.hex).toBe('G10')
  })

  it('B.1.54: a man crossing a hex next to an enemy rolls as he leaves it; 5 wounds him and ends the haul', () => {
    // The guard in F8 is next to F9, which a1 enters with the first step and leaves with the second.
    const loaded = engine([{ id: 'guard', type: 'fatimid-spearman', hex: 'F8', facing: 'S' }])
    const four = act(loaded, crusadersMove(loaded, [4]), east)
    expect(rolls(four.entries)).toEqual([['infiltration', 4, 4]])
    expect(four.state.units.engine?.hex).toBe('G10')
    const five = act(loaded, crusadersMove(loaded, [5]), east)
    expect(five.state.units.a1?.status).toBe('wounded')
    expect(five.state.units.engine?.hex).toBe('F10')
    expect(lines(five.entries)).toContain('the haul of engine stops in F10: a1 is wounded')
    for (const id of crew) expect(five.state.units[id]?.ended).toBe('activation')
  })
})
