// @vitest-environment jsdom
/**
 * The Play tab's setup says, before any start, why a scenario cannot be played: it shows the
 * scenario's errors as the workspace's validation found them (the problems panel's, the CLI's
 * validate), under the scenario's name. A scenario that plays shows none.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import PlaySetup from '../../../src/editor/play/PlaySetup.vue'
import { usePlaytest } from '../../../src/editor/play/usePlaytest'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'

/** PlaySetup with the playtest of `path`, made inside a component as the Play view makes it. */
function setupOf(path: string) {
  const Host = defineComponent({
    setup: () => {
      const pt = usePlaytest(path)
      return () => h(PlaySetup, { pt })
    },
  })
  return mount(Host)
}

describe('the Play tab before a game starts', () => {
  it('explains why a scenario on rules the engine cannot play yet cannot be played', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const ws = useWorkspaceStore()
    await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
    const ruleset = 'les-croisades'
    ws.createFile(
      'content/maps/cx-field.json',
      JSON.stringify({
        $schema: '../../schemas/map.schema.json',
        id: 'cx-field',
        schemaVersion: 1,
        name: 'Field',
        ruleset,
        grid: {
          orientation: 'flat',
          columns: 6,
          rows: 6,
          offset: 'odd',
          numbering: { scheme: 'numeric', columnDigits: 2, rowDigits: 2 },
        },
        defaultTerrain: 'plain',
        hexes: {},
      }),
    )
    const path = 'content/scenarios/cx-test.json'
    ws.createFile(
      path,
      JSON.stringify({
        $schema: '../../schemas/scenario.schema.json',
        id: 'cx-test',
        schemaVersion: 1,
        name: 'Skirmish at the well',
        ruleset,
        map: 'cx-field',
        sides: [
          { id: 'a', name: 'Crusaders', units: [] },
          { id: 'b', name: 'Saracens', units: [] },
        ],
      }),
    )
    await ws.settled()
    const wrapper = setupOf(path)
    expect(wrapper.find('h2').text()).toBe('Play Skirmish at the well')
    const notice = wrapper.find('[data-testid="unplayable"]')
    expect(notice.exists()).toBe(true)
    expect(notice.text()).toContain('This scenario cannot be played as it is written')
    expect(notice.text()).toContain(
      'this scenario cannot be played yet, because of its ruleset Les Croisades: it has no procedure for "random-events" (1. Random events)',
    )

    const sample = setupOf('content/scenarios/sample-skirmish.json')
    expect(sample.find('h2').text()).toBe('Play Sample: skirmish at the ford')
    expect(sample.find('[data-testid="unplayable"]').exists()).toBe(false)
  })
})
