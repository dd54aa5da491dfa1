// @vitest-environment jsdom
/**
 * The Victory panel's side parameters: the ruleset's declarations under their labels; a number
 * typed is written as a number, a typo is refused and marked without touching the value (a
 * browser number input would have read it as empty and cleared it), and an empty field removes
 * the value so the default applies.
 */
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Scenario } from '../../../src/runtime/generated/content-types'
import VictoryPanel from '../../../src/editor/scenario/VictoryPanel.vue'
import { useScenarioEditor } from '../../../src/editor/scenario/useScenarioEditor'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'

const PATH = 'content/scenarios/sample-skirmish.json'

describe('the Victory panel', () => {
  it('writes a side parameter typed, refuses a typo, and clears to the default', async () => {
    setActivePinia(createPinia())
    const ws = useWorkspaceStore()
    await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
    const Host = defineComponent({
      setup: () => {
        const editor = useScenarioEditor(PATH)
        return () => h(VictoryPanel, { editor })
      },
    })
    const wrapper = mount(Host)
    await flushPromises()
    const flight = () => ws.value<Scenario>(PATH)!.sides[0]!.parameters as Record<string, unknown>
    const input = wrapper.find('[data-testid="side-param-franks-flightLevel"]')
    expect(wrapper.text()).toContain('Flight level')
    expect(flight().flightLevel).toBe(9)

    await input.setValue('12')
    expect(flight().flightLevel).toBe(12)

    await input.setValue('1O')
    expect(flight().flightLevel).toBe(12)
    expect(input.classes()).toContain('bad')

    await input.setValue('')
    expect(flight()).not.toHaveProperty('flightLevel')
    expect(input.classes()).not.toContain('bad')
    expect(input.attributes('placeholder')).toBe('10 (default)')
    wrapper.unmount()
  })
})
