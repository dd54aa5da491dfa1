// @vitest-environment jsdom
/**
 * The combat panel before an action (issue 5), on the bundled Infidel sample skirmish: a shot
 * that waits for return fire shows the shot's odds and the answer assumed (11.3); a seizure
 * attempt (6.3) says the die it rolls outside any resolution, whose odds are not shown.
 */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { ref, shallowRef } from 'vue'
import { bundledSources } from '../../../src/editor/bundled-content'
import CombatPanel from '../../../src/editor/play/CombatPanel.vue'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import { loadLibrary } from '../../../src/runtime'
import { legalActions, openPrompt, playAction, startGame } from '../../../src/runtime/play'
import type { Action, GameState } from '../../../src/runtime/state'

// The content as the editor bundles it (the file-system helpers need a Node environment).
const found = loadLibrary(await bundledSources()).scenario('sample-skirmish')
if (!found.ok) throw new Error(found.problems.map((p) => p.message).join('\n'))
const loaded = found.value

function after(actions: Action[]): GameState {
  let state = startGame(loaded, { seed: 1 }).state
  for (const action of [
    { type: 'activate', kind: 'battle', command: 'franks-foot', side: 'franks' },
    ...actions,
  ]) {
    const r = playAction(loaded, state, action)
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.message}`)
    state = r.state
    for (let p = openPrompt(state); p?.kind === 'play-counters'; p = openPrompt(state)) {
      const done = playAction(loaded, state, { type: 'done', side: p.side })
      if (!done.ok) throw new Error(done.error.message)
      state = done.state
    }
  }
  return state
}

/** What the panel reads of the playtest before an action: no game log yet. */
function panelFor(state: GameState, action: Action) {
  const pt = {
    loaded: shallowRef(loaded),
    state: shallowRef(state),
    weighing: shallowRef<Action | null>(action),
    session: shallowRef(null),
    version: ref(0),
    describe: (a: Action) => a.type,
    say: (text: string) => text,
    act: () => undefined,
  }
  return mount(CombatPanel, { props: { pt: pt as unknown as Playtest } })
}

const shot: Action = { type: 'fire', unit: 'franks-cb-1', target: 'garrison-a-1', side: 'franks' }
const moved = after([
  { type: 'move', unit: 'franks-pk-1', path: ['0704'], facing: 'E', side: 'franks' },
])

describe('the combat panel before an action', () => {
  it('11.3 a shot that waits for return fire shows the shot’s odds, the decline assumed', () => {
    const wrapper = panelFor(moved, shot)
    expect(wrapper.find('[data-testid=assumed]').text()).toContain('“decline”')
    expect(wrapper.findAll('[data-testid=odds]')).toHaveLength(1)
    expect(wrapper.find('[data-testid=odds]').text()).toContain('11.3')
    expect(wrapper.find('[data-testid=other-dice]').exists()).toBe(false)
  })

  it('6.3 a seizure attempt says the die it rolls whose odds are not worked out', () => {
    const asked = after([
      { type: 'move', unit: 'franks-pk-1', path: ['0704'], facing: 'E', side: 'franks' },
      shot,
      { type: 'decline', side: 'emirate' },
      { type: 'done', side: 'franks' },
      { type: 'continue', kind: 'battle', command: 'franks-horse', side: 'franks' },
    ])
    const seize = legalActions(loaded, asked).find((a) => a.type === 'seize')
    if (seize === undefined) throw new Error('the emirate may not try to seize')
    const wrapper = panelFor(asked, seize)
    expect(wrapper.find('[data-testid=other-dice]').text()).toBe(
      'This rolls 1 die whose odds are not worked out here.',
    )
    expect(wrapper.text()).not.toContain('This rolls no dice.')
    expect(wrapper.findAll('[data-testid=odds]')).toHaveLength(0)
  })
})
