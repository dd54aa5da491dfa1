/**
 * A move to a hex that can be made more than one way (B.1.58: leading a loose horse met on the
 * way, or not) asks how before it asks the facing: each way in words, the plain move first, and
 * the way picked is the one weighed and taken; while a way leading the horse is weighed, where the
 * horse ends is drawn with it.
 */
import { describe, expect, it } from 'vitest'
import { ref, shallowRef } from 'vue'
import { COLOURS, LED, weighedShapes } from '../../../src/editor/play/overlays'
import { usePlayBoard } from '../../../src/editor/play/usePlayBoard'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import type { Action, GameState } from '../../../src/runtime'
import { actionText, boardOf, namesOf } from '../../../src/runtime'
import { croisades, crusadersMove } from '../../runtime/play/move-steps'

const loaded = croisades(
  [
    { id: 'groom', type: 'spearman', hex: 'C10', facing: 'S' },
    { id: 'h1', type: 'riderless-horse', hex: 'D8', facing: 'N' },
  ],
  [{ id: 'far', type: 'fatimid-spearman', hex: 'X1', facing: 'S' }],
)

function board() {
  const names = namesOf(loaded)
  const taken: Action[] = []
  const pt = {
    loaded: shallowRef(loaded),
    state: shallowRef<GameState>(crusadersMove(loaded)),
    names: shallowRef(names),
    selected: ref<string | null>('groom'),
    weighing: shallowRef<Action | null>(null),
    session: shallowRef({ atEnd: true, cursor: 0 }),
    version: ref(0),
    generalActions: shallowRef([]),
    actingUnits: shallowRef(new Set<string>()),
    describe: (a: Action) => actionText(a, names),
    act: (a: Action) => taken.push(a),
  }
  return { b: usePlayBoard(pt as unknown as Playtest), pt, taken }
}

describe('a move that can be made more than one way', () => {
  it('asks how, the plain move first, then weighs and takes the way picked', () => {
    const { b, pt, taken } = board()
    const to = b.options.value?.moves.find((m) => m.actions.some((a) => a.lead !== undefined))
    expect(to, 'some move may lead the horse').toBeDefined()
    b.clickHex(to!.hex)
    const ways = b.wayChoice.value?.ways ?? []
    expect(ways.length).toBe(2)
    expect(ways[0]?.text).toBe(`groom moves to ${to!.hex}`)
    expect(ways[1]?.text).toBe(`groom moves to ${to!.hex}, leading h1`)
    // The plain move is weighed (and drawn) until another way is picked.
    expect(pt.weighing.value?.lead).toBeUndefined()
    b.takeWay(1)
    expect(b.wayChoice.value).toBeNull()
    const facing = b.facingChoice.value
    if (facing) b.takeFacing(facing.preferred)
    else b.clickHex(to!.hex)
    expect(taken).toHaveLength(1)
    expect(taken[0]).toMatchObject({ type: 'move', unit: 'groom', lead: ['h1'] })
  })
})

describe('a move leading a horse, weighed', () => {
  it('B.1.58: draws where the led horse ends, both its hexes, with the move weighed', () => {
    const { b, pt } = board()
    const grid = boardOf(loaded)
    // The way leading the horse farthest from where it stands (D8), so that it follows.
    const to = b.options.value?.moves
      .filter((m) => m.actions.some((a) => a.lead !== undefined))
      .sort((x, y) => grid.distance(y.hex, 'D8') - grid.distance(x.hex, 'D8'))[0]
    b.clickHex(to!.hex)
    b.takeWay(1)
    const weighed = pt.weighing.value
    expect(weighed?.lead).toEqual(['h1'])
    const [end] = b.ledEnds.value
    expect(end).toMatchObject({ horse: 'h1', led: true })
    // Set down beside the groom where he ends, on two hexes.
    const state = pt.state.value
    expect(end!.hex).not.toBe('D8')
    expect(grid.distance(end!.hex, to!.hex)).toBeLessThanOrEqual(2)
    expect(end!.rear).not.toBeNull()
    expect(grid.distance(end!.hex, end!.rear!)).toBe(1)
    const drawn = weighedShapes(weighed!, state, b.options.value, b.ledEnds.value)
    expect(drawn.highlights).toContainEqual({ hex: end!.hex, color: COLOURS.weighing, label: LED })
    expect(drawn.highlights).toContainEqual({ hex: end!.rear, color: COLOURS.weighing })
    expect(drawn.lines).toContainEqual({
      hexes: ['D8', end!.hex],
      color: COLOURS.weighing,
      dashed: true,
    })
    // The plain move leads nothing: nothing of the horse is drawn.
    pt.weighing.value = b.options
      .value!.moves.find((m) => m.hex === to!.hex)!
      .actions.find((a) => a.lead === undefined)!
    expect(b.ledEnds.value).toEqual([])
  })
})
