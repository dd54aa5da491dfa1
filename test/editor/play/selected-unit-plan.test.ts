// @vitest-environment jsdom
/**
 * The selected-unit panel in a Croisades fire phase (B.1.34): a missile man without a plan lists
 * his plans as buttons that give it; once planned, the panel says his plan and the markers that
 * show it in words, by the ruleset's labels.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { computed, ref, shallowRef } from 'vue'
import { bundledSources } from '../../../src/editor/bundled-content'
import SelectedUnit from '../../../src/editor/play/SelectedUnit.vue'
import { usePlayBoard } from '../../../src/editor/play/usePlayBoard'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import type { Action, GameState } from '../../../src/runtime'
import {
  actionText,
  legalGroups,
  loadLibrary,
  namesOf,
  playAction,
  startGame,
} from '../../../src/runtime'
import { listJsonFiles } from '../../../tools/content-files'

/** The fixture's olive grove under Croisades tactical, with one archer of each side. */
async function grove() {
  const mod = join(process.cwd(), 'test/fixtures/mods/melee-grove')
  const sources = [
    ...(await bundledSources()).filter((s) => !s.path.startsWith('content/scenarios/')),
    ...listJsonFiles(mod).map((path) => {
      const text = readFileSync(path, 'utf8')
      if (!path.endsWith('melee-in-the-grove.json'))
        return { path: relative(process.cwd(), path), text }
      const s = JSON.parse(text)
      s.ruleset = 'croisades-tactical'
      s.sides[0].units = [{ id: 'walid', type: 'saracen-foot-archer', name: 'Walid', hex: 'Y2' }]
      s.sides[1].units = [{ id: 'far', type: 'syrian-infantry', name: 'Far', hex: 'A20' }]
      return { path: relative(process.cwd(), path), text: JSON.stringify(s) }
    }),
  ]
  const result = loadLibrary(sources).scenario('melee-in-the-grove')
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('; '))
  return result.value
}

const loaded = await grove()

const act = (state: GameState, a: Action): GameState => {
  const r = playAction(loaded, state, { ...a, side: state.flow?.prompt?.side ?? '' })
  if (!r.ok) throw new Error(r.error.message)
  return r.state
}

function panel() {
  const names = namesOf(loaded)
  const st = shallowRef<GameState>(startGame(loaded, { forced: [] }).state)
  const groups = computed(() => legalGroups(loaded, st.value))
  const pt = {
    loaded: shallowRef(loaded),
    state: st,
    names: shallowRef(names),
    selected: ref<string | null>('walid'),
    weighing: shallowRef<Action | null>(null),
    session: shallowRef({ atEnd: true, cursor: 0 }),
    version: ref(0),
    groups,
    generalActions: shallowRef([]),
    actingUnits: computed(() => new Set(['walid'])),
    describe: (a: Action) => actionText(a, names),
    say: (t: string) => t,
    act: (a: Action) => (st.value = act(st.value, a)),
  }
  const b = usePlayBoard(pt as unknown as Playtest)
  return { w: mount(SelectedUnit, { props: { board: b } }), st }
}

describe('the selected missile man in the fire phase', () => {
  it('B.1.34: lists his plans; once one is given, says it and its markers in words', async () => {
    const { w } = panel()
    const plans = w.findAll('button').map((x) => x.text())
    expect(plans).toEqual([
      'Walid plans offensive fire',
      'Walid plans offensive and defensive fire',
      'Walid plans defensive fire',
    ])
    expect(w.find('[data-testid=fire-plan]').exists()).toBe(false)
    await w.findAll('button')[1]?.trigger('click')
    expect(w.find('[data-testid=fire-plan]').text()).toBe(
      'Fire plan: offensive and defensive fire (TIR OFF, TIR DEF)',
    )
    expect(w.findAll('.chip').map((c) => c.text())).toEqual(['TIR OFF', 'TIR DEF'])
  })
})
