/**
 * Answers that take a unit along a path and name no hex of their own are picked on the map like
 * moves: the advance after a melee (B.1.75) and a cart hauled by its men (B.1.59). The hexes
 * where they end are highlighted (the decision's in the colour of answers on the map, a selected
 * unit's in the move colour), a click weighs the one ending there and a second click takes it;
 * answers reaching one hex by different paths ask which way first.
 */
import { describe, expect, it } from 'vitest'
import { ref, shallowRef } from 'vue'
import { COLOURS, endHex, intents, overlays } from '../../../src/editor/play/overlays'
import { usePlayBoard } from '../../../src/editor/play/usePlayBoard'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { actionText, legalActions, namesOf, openPrompt } from '../../../src/runtime'
import { atCombat, attack, play, scenarioWith } from '../../runtime/play/croisades-fixture'
import { croisades, crusadersMove } from '../../runtime/play/move-steps'

/** A board over `state`, with the open decision's answers that name no unit as `answers`. */
function board(
  loaded: LoadedScenario,
  state: GameState,
  answers: Action[],
  selected: string | null = null,
) {
  const names = namesOf(loaded)
  const taken: Action[] = []
  const pt = {
    loaded: shallowRef(loaded),
    state: shallowRef<GameState>(state),
    names: shallowRef(names),
    selected: ref<string | null>(selected),
    weighing: shallowRef<Action | null>(null),
    session: shallowRef({ atEnd: true, cursor: 0 }),
    version: ref(0),
    generalActions: shallowRef(answers),
    actingUnits: shallowRef(new Set<string>()),
    describe: (a: Action) => actionText(a, names),
    act: (a: Action) => taken.push(a),
  }
  return { b: usePlayBoard(pt as unknown as Playtest), pt, taken }
}

const drawn = (b: ReturnType<typeof board>['b']) =>
  overlays({
    options: b.options.value,
    selectedHex: b.selectedHex.value,
    command: null,
    changed: [],
    placeHexes: b.placeHexes.value,
    weighing: b.pt.weighing.value,
    state: b.pt.state.value,
  })

/** The crusaders' advance after the sergeant drove the peasant from N11 to N12. */
function afterTheMelee() {
  const loaded = scenarioWith([
    { id: 'sergeant', type: 'sergeant', hex: 'N10', side: 'crusaders' },
    { id: 'spearman', type: 'spearman', hex: 'M10', side: 'crusaders' },
    { id: 'peasant', type: 'peasant', hex: 'N11', side: 'saracens' },
  ])
  // Card 6, a man on foot at 5:1: a 6 drives him back.
  let state = play(loaded, atCombat(loaded, [6]), attack(['sergeant'], ['peasant']))
  state = play(loaded, state, { type: 'retreat', unit: 'peasant', hex: 'N12' })
  expect(openPrompt(state)).toMatchObject({ kind: 'advance', rule: 'B.1.75' })
  return { loaded, state }
}

describe('answers along a path, picked on the map', () => {
  it('CH-83: the advance after the melee is weighed and taken by clicking the hex it ends in (B.1.75)', () => {
    const { loaded, state } = afterTheMelee()
    const answers = legalActions(loaded, state)
    const { b, pt, taken } = board(loaded, state, answers)
    // Every hex an advance ends in is highlighted as the decision's answers on the map are.
    expect([...b.placeHexes.value].sort()).toEqual(['M11', 'N11', 'O10', 'O11'])
    expect(drawn(b).highlights).toContainEqual({ hex: 'O11', color: COLOURS.place })
    b.clickHex('O11')
    expect(pt.weighing.value).toMatchObject({
      type: 'advance',
      unit: 'sergeant',
      path: ['N11', 'O11'],
    })
    // Its way is drawn from the sergeant while it is weighed.
    expect(drawn(b).lines).toContainEqual({
      hexes: ['N10', 'N11', 'O11'],
      color: COLOURS.weighing,
    })
    b.clickHex('O11')
    expect(taken).toEqual([answers.find((a) => endHex(a) === 'O11')])
    expect(play(loaded, state, taken[0]!).units.sergeant?.hex).toBe('O11')
  })

  it('B.1.75: answers reaching one hex by different paths ask which way, then take the one picked', () => {
    const { loaded, state } = afterTheMelee()
    const by = (path: string[]): Action => ({
      type: 'advance',
      unit: 'sergeant',
      path,
      side: 'crusaders',
    })
    const answers = [by(['N11', 'O11', 'O12']), by(['N11', 'N12', 'O12']), { type: 'decline' }]
    const { b, pt, taken } = board(loaded, state, answers)
    expect(intents(null, answers).get('O12')).toEqual([
      { kind: 'path', hex: 'O12', actions: answers.slice(0, 2), facings: [], answer: true },
    ])
    b.clickHex('O12')
    expect(b.wayChoice.value?.what).toBe('To O12')
    expect(b.wayChoice.value?.ways.map((w) => w.text)).toEqual([
      'sergeant advances to O12 by N11 → O11 → O12',
      'sergeant advances to O12 by N11 → N12 → O12',
    ])
    expect(pt.weighing.value).toBe(answers[0])
    b.takeWay(1)
    expect(pt.weighing.value).toBe(answers[1])
    b.clickHex('O12')
    expect(taken).toEqual([answers[1]])
  })

  it('CH-81: a cart pushed by 2 men is hauled 2 hexes by clicking where it ends (B.1.59)', () => {
    const loaded = croisades(
      [
        { id: 'cart', type: 'cart', hex: 'H10', facing: 'N' },
        { id: 'ann', type: 'spearman', hex: 'H9', facing: 'N' },
        { id: 'bob', type: 'spearman', hex: 'G10', facing: 'N' },
      ],
      [{ id: 'far', type: 'syrian-infantry', hex: 'A20' }],
    )
    const state = crusadersMove(loaded)
    const { b, pt, taken } = board(loaded, state, [{ type: 'done', side: 'crusaders' }], 'cart')
    // The cart's hauls end where a move would: in the move colour, 2 hexes at most.
    const ends = drawn(b)
      .highlights.filter((h) => h.color === COLOURS.move)
      .map((h) => h.hex)
    expect(ends).toContain('H8')
    expect(ends).not.toContain('H7')
    b.clickHex('H8')
    expect(pt.weighing.value).toMatchObject({
      type: 'haul',
      crew: ['ann', 'bob'],
      path: ['H9', 'H8'],
    })
    b.clickHex('H8')
    expect(taken).toHaveLength(1)
    expect(play(loaded, state, taken[0]!).units.cart?.hex).toBe('H8')
  })
})
