/**
 * Fire plans set from the board and the markers a Croisades player reads on the counters
 * (B.1.34, B.1.56): while the side fixes its plans, only the missile men still without one are
 * marked, selecting one lists his plans, and a planned man carries the OFF/DEF badges of his plan
 * (in the enemy's turn only the defensive one still in force); declared charges and
 * counter-charges carry theirs. The badges' letters come from the ruleset's markers.
 */
import { describe, expect, it } from 'vitest'
import { computed, ref, shallowRef } from 'vue'
import { chipsOf, playUnits } from '../../../src/editor/play/play-counters'
import { usePlayBoard } from '../../../src/editor/play/usePlayBoard'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { actionText, firePlanMarks, legalGroups, namesOf, startGame } from '../../../src/runtime'
import { act, croisades, until } from '../../runtime/play/move-steps'

const loaded = croisades(
  [
    { id: 'walid', type: 'saracen-foot-archer', hex: 'Y2' },
    { id: 'hugh', type: 'spearman', hex: 'W4' },
  ],
  [{ id: 'far', type: 'syrian-infantry', hex: 'A20' }],
)
const start = (): GameState => startGame(loaded, { forced: [] }).state

/** A board over the game, its decision's groups as the playtest gives them. */
function board(l: LoadedScenario, state: GameState) {
  const names = namesOf(l)
  const st = shallowRef<GameState>(state)
  const groups = computed(() => legalGroups(l, st.value))
  const pt = {
    loaded: shallowRef(l),
    state: st,
    names: shallowRef(names),
    selected: ref<string | null>(null),
    weighing: shallowRef<Action | null>(null),
    session: shallowRef({ atEnd: true, cursor: 0 }),
    version: ref(0),
    groups,
    generalActions: computed(() =>
      groups.value.filter((g) => !st.value.units[g.key]).flatMap((g) => g.actions()),
    ),
    actingUnits: computed(
      () => new Set(groups.value.map((g) => g.key).filter((k) => st.value.units[k])),
    ),
    describe: (a: Action) => actionText(a, names),
    act: (a: Action) => (st.value = act(l, st.value, a).state),
  }
  return { b: usePlayBoard(pt as unknown as Playtest), pt }
}

/** The texts drawn on a unit's counter. */
const counterTexts = (state: GameState, id: string): string[] =>
  [
    ...(playUnits(loaded, state, null).find((u) => u.id === id)?.svg ?? '').matchAll(
      />([^<>]+)<\/text>/g,
    ),
  ].map((m) => m[1] as string)

describe('fire plans set from the board (B.1.34)', () => {
  it('B.1.34: only the missile men still without a plan are marked; selecting one lists his plans', () => {
    const { b, pt } = board(loaded, start())
    // The spearman has nothing to plan: only the archer waits.
    expect([...b.waitingUnits.value]).toEqual(['walid'])
    expect(b.actingHexes.value).toEqual(['Y2'])
    b.clickHex('Y2')
    expect(pt.selected.value).toBe('walid')
    const plans = b.options.value?.other ?? []
    expect(plans.map((a) => pt.describe(a))).toEqual([
      'walid plans offensive fire',
      'walid plans offensive and defensive fire',
      'walid plans defensive fire',
    ])
    pt.act(plans[2]!)
    // Planned, he waits no more: nobody is marked.
    expect([...b.waitingUnits.value]).toEqual([])
    expect(b.actingHexes.value).toEqual([])
  })

  it('B.1.34: a man planning both fires shows OFF and DEF; in the enemy turn only DEF, his plan in words', () => {
    const planned = act(loaded, start(), {
      type: 'fire-plan',
      unit: 'walid',
      plan: 'offensive-and-defensive',
    }).state
    expect(firePlanMarks(loaded, planned, 'walid')).toEqual({
      plan: 'offensive-and-defensive',
      label: 'offensive and defensive fire',
      markers: ['offensive-fire', 'defensive-fire'],
    })
    expect(counterTexts(planned, 'walid')).toEqual(expect.arrayContaining(['OFF', 'DEF']))
    expect(counterTexts(planned, 'hugh')).not.toContain('OFF')
    // The chips say the markers' labels in the selected-unit panel.
    expect(
      chipsOf(loaded, planned.units.walid!, undefined, ['offensive-fire', 'defensive-fire']).map(
        (c) => c.title,
      ),
    ).toEqual(['TIR OFF', 'TIR DEF'])
    const enemyTurn = until(loaded, planned, 'fire', 'saracens')
    expect(firePlanMarks(loaded, enemyTurn, 'walid')?.markers).toEqual(['defensive-fire'])
    expect(counterTexts(enemyTurn, 'walid')).toContain('DEF')
    expect(counterTexts(enemyTurn, 'walid')).not.toContain('OFF')
  })

  it('B.1.56: a declared charge and a counter-charge show as CHARGE and C-CHARGE badges', () => {
    const state = start()
    const hugh = state.units.hugh!
    const chips = chipsOf(loaded, { ...hugh, markers: { charge: 1, 'counter-charge': 1 } })
    expect(chips.map((c) => [c.text, c.title])).toEqual([
      ['CHARGE', 'Charge'],
      ['C-CHARGE', 'Counter-charge'],
    ])
  })
})
