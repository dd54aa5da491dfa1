// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Scenario } from '../../../src/runtime/generated/content-types'
import SidesPanel from '../../../src/editor/scenario/SidesPanel.vue'
import { useScenarioEditor } from '../../../src/editor/scenario/useScenarioEditor'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import type { Validator } from '../../../src/editor/workspace/validation'

const PATH = 'content/scenarios/sample-skirmish.json'
// The panel's behaviour is the edits it makes; validation is covered by the store's tests.
const noValidation: Validator = { validate: () => Promise.resolve([]), dispose: () => {} }

async function mountPanel() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: noValidation })
  let ed!: ReturnType<typeof useScenarioEditor>
  const Host = defineComponent({
    setup() {
      ed = useScenarioEditor(PATH)
      return () => h(SidesPanel, { editor: ed })
    },
  })
  const wrapper = mount(Host, { global: { plugins: [pinia] } })
  return { ws, ed, wrapper, value: () => ws.value<Scenario>(PATH)! }
}

describe('the sides panel', () => {
  it('shows each side with its commands, commander and leaders', async () => {
    const { wrapper } = await mountPanel()
    expect(wrapper.find('[data-testid="side-franks"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="side-emirate"]').exists()).toBe(true)
    const name = wrapper.find<HTMLInputElement>('[data-testid="side-name-franks"]')
    expect(name.element.value).toBe('Frankish column')
    const commander = wrapper.find<HTMLSelectElement>('[data-testid="side-commander-franks"]')
    expect(commander.element.value).toBe('count-aymar')
    // Leader choices are the units of that side only.
    const leader = wrapper.find<HTMLSelectElement>('[data-testid="command-leader-franks-foot"]')
    expect(leader.element.value).toBe('odo-of-lys')
    const choices = [...leader.element.options].map((o) => o.value)
    expect(choices).toContain('franks-pk-1')
    expect(choices).not.toContain('emir-qasim')
    expect(
      wrapper.find<HTMLInputElement>('[data-testid="command-stripe-franks-foot"]').element.value,
    ).toBe('#7a9ad0')
  })

  it('renames and recolours a side, each change one undo step', async () => {
    const { ws, wrapper, value } = await mountPanel()
    await wrapper.find('[data-testid="side-name-franks"]').setValue('Column of the Count')
    expect(value().sides[0]!.name).toBe('Column of the Count')
    expect(ws.undoLabel).toBe('Rename side franks')
    await wrapper.find('[data-testid="side-color-emirate"]').setValue('#112233')
    expect(value().sides[1]!.color).toBe('#112233')
    ws.undo()
    ws.undo()
    expect(value().sides[0]!.name).toBe('Frankish column')
    expect(value().sides[1]!.color).toBe('#9f2f2f')
  })

  it('adds a side and a command, picks a leader, a stripe and a commander', async () => {
    const { ws, wrapper, value } = await mountPanel()
    await wrapper.find('[data-testid="add-side"]').trigger('click')
    expect(value().sides).toHaveLength(3)
    const added = value().sides[2]!
    expect(added).toMatchObject({ id: 'side-3', name: 'Side 3', units: [] })
    expect(added.color).toMatch(/^#[0-9a-f]{6}$/)
    expect(wrapper.find('[data-testid="side-side-3"]').exists()).toBe(true)

    await wrapper.find('[data-testid="add-command-franks"]').trigger('click')
    const cmd = value().sides[0]!.commands!.at(-1)!
    expect(cmd).toMatchObject({ id: 'franks-command-3', name: 'Command 3', stripe: '#2f4f9f' })
    await wrapper.find('[data-testid="command-leader-franks-command-3"]').setValue('franks-ma-1')
    await wrapper.find('[data-testid="command-stripe-franks-command-3"]').setValue('#00aa00')
    expect(value().sides[0]!.commands!.at(-1)).toMatchObject({
      leader: 'franks-ma-1',
      stripe: '#00aa00',
    })

    await wrapper.find('[data-testid="side-commander-franks"]').setValue('odo-of-lys')
    expect(value().sides[0]!.commander).toBe('odo-of-lys')
    await wrapper.find('[data-testid="side-commander-franks"]').setValue('')
    expect(value().sides[0]!.commander).toBeUndefined()
    expect(ws.undoLabel).toBe('Set commander of Frankish column')
  })

  it('chooses the side and command new units go to', async () => {
    const { ed, wrapper } = await mountPanel()
    await wrapper.find('[data-testid="command-choose-village-foot"]').setValue(true)
    expect(ed.selection.side).toBe('emirate')
    expect(ed.selection.command).toBe('village-foot')
    await wrapper.find('[data-testid="side-choose-franks"]').setValue(true)
    expect(ed.selection).toMatchObject({ side: 'franks', command: '' })
  })

  it('removes a side only while more than two remain', async () => {
    const { wrapper, value } = await mountPanel()
    expect(wrapper.find('[data-testid="side-delete-franks"]').exists()).toBe(false)
    await wrapper.find('[data-testid="add-side"]').trigger('click')
    await wrapper.find('[data-testid="side-delete-side-3"]').trigger('click')
    expect(value().sides.map((s) => s.id)).toEqual(['franks', 'emirate'])
  })
})
