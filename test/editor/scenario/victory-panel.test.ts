// @vitest-environment jsdom
/**
 * The Victory panel: each victory condition in words from the ruleset's labels; the side parameters: the ruleset's declarations under their labels; a number
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

async function mountPanel() {
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
  return { ws, wrapper }
}

describe('the Victory panel', () => {
  it('says each condition in words from the ruleset: the check made, when, and the outcome', async () => {
    const { wrapper } = await mountPanel()
    const row = (id: string) => wrapper.find(`[data-testid="victory-${id}"]`).text()
    // The loss check names its resolution by label, not its kind and time by id.
    expect(row('loss-check')).toMatch(
      /^Loss check\s+— each side makes a Loss check after each free activation; a side that fails it loses\s+\[3\.0\]/,
    )
    expect(row('time-runs-out')).toContain('— a side loses when its condition holds, at any time')
    for (const text of wrapper.findAll('[data-testid="victory-words"]').map((w) => w.text()))
      expect(text).not.toMatch(/\b(check|threshold),|after-free-activation|any-time|activation-end/)
    wrapper.unmount()
  })

  it('writes a side parameter typed, refuses a typo, and clears to the default', async () => {
    const { ws, wrapper } = await mountPanel()
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
