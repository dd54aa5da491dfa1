// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import ProblemsPanel from '../../../src/editor/components/ProblemsPanel.vue'
import { groupProblems } from '../../../src/editor/monaco/problem-groups'
import { useNavigationStore } from '../../../src/editor/stores/useNavigationStore'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'
import type { Problem } from '../../../src/runtime/content'

const MAP = 'content/maps/sample-ford.json'
const OTHER = 'content/maps/arsuf.json'
/** The bundled rulesets whose sequence the engine does not play yet: a warning each. */
const BUNDLED_WARNINGS = ['content/rulesets/les-croisades.json']

const p = (file: string, line: number, severity: Problem['severity'] = 'error'): Problem => ({
  file,
  line,
  column: 1,
  pointer: '',
  message: `${severity} at ${line}`,
  severity,
})

describe('grouping problems', () => {
  const list = [p('b.json', 9), p('a.json', 5, 'warning'), p('b.json', 2), p('c.json', 1)]

  it('groups by file with counts, open file first, problems in line order', () => {
    const g = groupProblems(list, { errors: true, warnings: true }, 'c.json')
    expect(g.map((x) => x.file)).toEqual(['c.json', 'a.json', 'b.json'])
    expect(g[2]).toMatchObject({ errors: 2, warnings: 0 })
    expect(g[2]!.problems.map((x) => x.line)).toEqual([2, 9])
  })

  it('filters by severity and by file', () => {
    expect(groupProblems(list, { errors: false, warnings: true }).map((x) => x.file)).toEqual([
      'a.json',
    ])
    expect(groupProblems(list, { errors: true, warnings: true, file: 'b.json' })).toHaveLength(1)
  })
})

async function panel() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  await ws.settled()
  // Two broken files: syntax problems appear at once, without waiting for validation.
  ws.setText(MAP, ws.text(MAP)!.replace('"schemaVersion": 1,', '"schemaVersion": 1'))
  ws.setText(OTHER, ws.text(OTHER)!.replace(/\}\s*$/, ''))
  const nav = useNavigationStore()
  const wrapper = mount(ProblemsPanel, { global: { plugins: [pinia] }, attachTo: document.body })
  return { ws, nav, wrapper }
}

describe('the problems panel', () => {
  it('lists problems grouped by file with a count per file', async () => {
    const { wrapper } = await panel()
    const files = wrapper.findAll('[data-testid="problems-file"]')
    // The two broken maps, then the bundled rulesets the engine cannot play yet (a warning each).
    expect(files.map((f) => f.find('.path').text())).toEqual([OTHER, MAP, ...BUNDLED_WARNINGS])
    expect(files[1]!.text()).toContain('1 error')
    expect(files[2]!.text()).toContain('1 warning')
    expect(wrapper.findAll('[data-testid="problem"]')).toHaveLength(2 + BUNDLED_WARNINGS.length)
    wrapper.unmount()
  })

  it('locates a problem in the JSON view on click', async () => {
    const { nav, wrapper } = await panel()
    const item = wrapper.findAll('[data-testid="problem"]').find((b) => b.text().includes('","'))!
    await item.trigger('click')
    expect(nav.view).toBe('json')
    expect(nav.target).toMatchObject({ path: MAP, line: 5, column: 3, pointer: '/name' })
    wrapper.unmount()
  })

  it('filters errors away and folds a file', async () => {
    const { wrapper } = await panel()
    await wrapper.find('[data-testid="problems-show-errors"]').trigger('click')
    // Only the warnings are left.
    const left = wrapper.findAll('[data-testid="problem"]')
    expect(left).toHaveLength(BUNDLED_WARNINGS.length)
    for (const item of left)
      expect(item.text()).toContain('no scenario can be played on this ruleset yet')
    await wrapper.find('[data-testid="problems-show-warnings"]').trigger('click')
    expect(wrapper.findAll('[data-testid="problem"]')).toHaveLength(0)
    expect(wrapper.text()).toContain('No problems match these filters.')
    await wrapper.find('[data-testid="problems-show-errors"]').trigger('click')
    await wrapper.find('[data-testid="problems-file"] .file-head').trigger('click')
    expect(wrapper.findAll('[data-testid="problem"]')).toHaveLength(1)
    wrapper.unmount()
  })

  it('shows only the open file when asked', async () => {
    const { nav, wrapper } = await panel()
    nav.open(MAP)
    await wrapper.find('[data-testid="problems-this-file"]').setValue(true)
    expect(wrapper.findAll('[data-testid="problems-file"]')).toHaveLength(1)
    expect(wrapper.find('[data-testid="problems-file"] .path').text()).toBe(MAP)
    wrapper.unmount()
  })

  it('walks the list with the arrow keys', async () => {
    const { wrapper } = await panel()
    const items = wrapper.findAll('[data-nav]')
    ;(items[0]!.element as HTMLElement).focus()
    await wrapper.find('ol.files').trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[1]!.element)
    await wrapper.find('ol.files').trigger('keydown', { key: 'End' })
    expect(document.activeElement).toBe(items[items.length - 1]!.element)
    await wrapper.find('ol.files').trigger('keydown', { key: 'Home' })
    expect(document.activeElement).toBe(items[0]!.element)
    wrapper.unmount()
  })
})
