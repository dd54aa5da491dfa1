// @vitest-environment jsdom
/**
 * The play view's status bar says where the game stands in the words of its content: in a game
 * of activations, the activation with its side and commands; in a game of turns, the turn, the
 * side whose player turn it is and the phase by its label (the player turn is an activation to
 * the engine, never shown as one).
 */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { ref, shallowRef } from 'vue'
import StatusBar from '../../../src/editor/play/StatusBar.vue'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { loadLibrary, namesOf, playAction, startGame } from '../../../src/runtime'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { bundledSources } from '../../../src/editor/bundled-content'
import { listJsonFiles } from '../../../tools/content-files'

function barFor(loaded: LoadedScenario, state: GameState) {
  const pt = {
    loaded: shallowRef(loaded),
    state: shallowRef(state),
    names: shallowRef(namesOf(loaded)),
    // Every side played by a person, the computer idle.
    ai: { sides: ref({}), thinking: ref(false), error: ref(null), set: () => undefined },
  }
  return mount(StatusBar, { props: { pt: pt as unknown as Playtest } })
}

describe('the status bar', () => {
  it('shows a turn-based game by turn, player turn and phase label', async () => {
    // The page's environment has no file URL to find the project by: the working folder is it.
    const mod = join(process.cwd(), 'test/fixtures/mods/turn-skirmish')
    const sources = [
      ...(await bundledSources()),
      ...listJsonFiles(mod).map((path) => ({
        path: relative(process.cwd(), path),
        text: readFileSync(path, 'utf8'),
      })),
    ]
    const result = loadLibrary(sources).scenario('turns-at-the-ford')
    if (!result.ok) throw new Error('the turn-based fixture does not load')
    const loaded = result.value
    let state = startGame(loaded, { seed: 1 }).state
    const bar = barFor(loaded, state)
    expect(bar.find('[data-testid="activation"]').exists()).toBe(false)
    expect(bar.find('[data-testid="clock"]').text()).toBe('Turn 1: Frankish column, Movement phase')
    const moved = playAction(loaded, state, { type: 'done' })
    if (!moved.ok) throw new Error(moved.error.message)
    state = moved.state
    expect(barFor(loaded, state).find('[data-testid="clock"]').text()).toBe(
      'Turn 1: Frankish column, Fire phase',
    )
  })

  it('shows a game of activations by its activation', async () => {
    const result = loadLibrary(await bundledSources()).scenario('sample-skirmish')
    if (!result.ok) throw new Error('the sample does not load')
    const sampleSkirmish = result.value
    const state = startGame(sampleSkirmish, { seed: 1 }).state
    const chosen = playAction(sampleSkirmish, state, {
      type: 'activate',
      kind: 'battle',
      command: 'franks-horse',
    })
    if (!chosen.ok) throw new Error(chosen.error.message)
    const bar = barFor(sampleSkirmish, chosen.state)
    expect(bar.find('[data-testid="activation"]').text()).toMatch(
      /^Activation 1: Frankish column, battle \(The Count's horse\)$/,
    )
  })
})
