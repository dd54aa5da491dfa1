// @vitest-environment jsdom
import { mount, flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import ProblemsPanel from '../../../src/editor/components/ProblemsPanel.vue'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import ResultsView from '../../../src/editor/tables/ResultsView.vue'
import TableView from '../../../src/editor/views/TableView.vue'
import VariantView from '../../../src/editor/views/VariantView.vue'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'

const CRT = 'content/tables/moi-shock-crt.json'
const VARIANT = 'content/rulesets/infidel-v1-2.json'

async function store() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  await ws.settled()
  return { ws, pinia }
}

const key = (el: { trigger: (e: string, o?: object) => Promise<void> }, k: string) =>
  el.trigger('keydown', { key: k })

describe('the table view', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('edits a cell with the keyboard as one labelled undo step', async () => {
    const { ws, pinia } = await store()
    const w = mount(TableView, {
      props: { path: CRT },
      global: { plugins: [pinia] },
      attachTo: document.body,
    })
    expect(w.find('[data-testid="table-view"]').exists()).toBe(true)
    expect(w.find('[data-testid="cell-4-1"]').text()).toBe('DR')
    await w.find('[data-testid="cell-0-0"]').trigger('click')
    for (let i = 0; i < 4; i++) await key(w.find('td.active'), 'ArrowDown')
    await key(w.find('td.active'), 'ArrowRight')
    expect(w.find('td.active').attributes('data-testid')).toBe('cell-4-1')
    await key(w.find('td.active'), 'Enter')
    const input = w.find('[data-testid="cell-input"]')
    expect((input.element as HTMLInputElement).value).toBe('DR')
    await input.setValue('DD')
    await key(input, 'Enter')
    expect(ws.value<{ rows: Array<{ cells: unknown[] }> }>(CRT)!.rows[4]!.cells[1]).toBe('DD')
    expect(ws.undoLabel).toBe('Set 4 / Defender Disordered (or Retired) to DD')
    await nextTick()
    expect(w.find('[data-testid="cell-4-1"]').text()).toBe('DD')
    ws.undo()
    await nextTick()
    expect(w.find('[data-testid="cell-4-1"]').text()).toBe('DR')
    w.unmount()
  })

  it('the problems panel follows a cell edit, and its undo', async () => {
    const { ws, pinia } = await store()
    const view = mount(TableView, { props: { path: CRT }, global: { plugins: [pinia] } })
    const panel = mount(ProblemsPanel, { global: { plugins: [pinia] } })
    const listed = () => panel.findAll('[data-testid="problems-file"]').map((f) => f.text())
    expect(listed().some((t) => t.includes(CRT))).toBe(false)
    await view.find('[data-testid="cell-4-1"]').trigger('dblclick')
    await view.find('[data-testid="cell-input"]').setValue('QQ')
    await key(view.find('[data-testid="cell-input"]'), 'Enter')
    await ws.settled()
    await flushPromises()
    expect(listed().find((t) => t.includes(CRT))).toMatch(/unknown result code "QQ"/)
    ws.undo()
    await ws.settled()
    await flushPromises()
    expect(listed().some((t) => t.includes(CRT))).toBe(false)
    view.unmount()
    panel.unmount()
  })

  it('marks an unknown code at once with a sentence, and Escape cancels', async () => {
    const { ws, pinia } = await store()
    const w = mount(TableView, {
      props: { path: CRT },
      global: { plugins: [pinia] },
      attachTo: document.body,
    })
    const cell = w.find('[data-testid="cell-2-0"]')
    await cell.trigger('click')
    await key(cell, 'Z')
    const input = w.find('[data-testid="cell-input"]')
    expect((input.element as HTMLInputElement).value).toBe('Z')
    await key(input, 'Escape')
    expect(w.find('[data-testid="cell-input"]').exists()).toBe(false)
    expect(ws.value<{ rows: Array<{ cells: unknown[] }> }>(CRT)!.rows[2]!.cells[0]).toBe('AD')
    await key(w.find('[data-testid="cell-2-0"]'), 'F2')
    await w.find('[data-testid="cell-input"]').setValue('ZZ')
    await key(w.find('[data-testid="cell-input"]'), 'Enter')
    await nextTick()
    const marked = w.find('[data-testid="cell-2-0"]')
    expect(marked.classes()).toContain('bad')
    expect(marked.attributes('title')).toMatch(
      /"ZZ" is not a code of the result set "shock-results"/,
    )
    // Enter moved on to the cell below: back up to the marked one.
    await key(w.find('td.active'), 'ArrowUp')
    expect(w.find('[data-testid="cell-problem"]').text()).toMatch(/not a code/)
    await key(w.find('td.active'), 'Delete')
    expect(ws.value<{ rows: Array<{ cells: unknown[] }> }>(CRT)!.rows[2]!.cells[0]).toBeNull()
    w.unmount()
  })

  it('says so when the file is not valid JSON, and leaves it alone', async () => {
    const { ws, pinia } = await store()
    ws.setText(CRT, '{ "id": ', 'break it')
    const w = mount(TableView, { props: { path: CRT }, global: { plugins: [pinia] } })
    expect(w.find('[data-testid="table-broken"]').text()).toMatch(/not valid JSON/)
    expect(ws.text(CRT)).toBe('{ "id": ')
  })

  it('shows a modifier list as a grid of terms and edits a value', async () => {
    const { ws, pinia } = await store()
    const path = 'content/tables/moi-shock-drm.json'
    const w = mount(TableView, { props: { path }, global: { plugins: [pinia] } })
    const value = w.find('[data-testid="term-0-value"]')
    expect(value.exists()).toBe(true)
    await value.setValue('5')
    expect(ws.value<{ terms: Array<{ value: unknown }> }>(path)!.terms[0]!.value).toBe(5)
    await w.find('[data-testid="term-0-group"]').setValue('no-such-group')
    await nextTick()
    expect(w.find('[data-testid="term-problem"]').text()).toMatch(/no group "no-such-group"/)
  })
})

describe('the variant view', () => {
  it('edits a CRT cell through the variant and shows it changed, old → new', async () => {
    const { ws, pinia } = await store()
    const w = mount(VariantView, {
      props: { path: VARIANT },
      global: { plugins: [pinia] },
      attachTo: document.body,
    })
    expect(w.find('[data-testid="variant-view"]').exists()).toBe(true)
    expect(w.findAll('[data-testid="diff-change"]').length).toBeGreaterThan(10)
    await w.find('[data-testid="diff-pick-table"]').setValue('inf-shock-crt')
    await flushPromises()
    const grid = w.find('[data-testid="diff-table-inf-shock-crt"]')
    expect(grid.exists()).toBe(true)
    expect(grid.findAll('[data-testid="diff-changed"]')).toHaveLength(0)
    const cell = grid.find('[data-testid="diff-cell-4-1"]')
    const before = cell.text()
    await cell.trigger('click')
    await key(cell, 'Enter')
    await grid.find('[data-testid="cell-input"]').setValue('EG')
    await key(grid.find('[data-testid="cell-input"]'), 'Enter')
    await nextTick()
    const ops = ws.value<{ operations: Array<{ op: string; path: string; value: unknown }> }>(
      VARIANT,
    )!.operations
    expect(ops.at(-1)).toEqual({
      op: 'replace',
      path: '/tables/@inf-shock-crt/rows/4/cells/1',
      value: 'EG',
    })
    const changed = w
      .find('[data-testid="diff-table-inf-shock-crt"]')
      .findAll('[data-testid="diff-changed"]')
    expect(changed).toHaveLength(1)
    expect(changed[0]!.text()).toBe(`${before}→EG`)
    await w
      .find('[data-testid="diff-table-inf-shock-crt"] [data-testid="diff-cell-4-1"]')
      .trigger('click')
    expect(w.find('[data-testid="diff-table-inf-shock-crt"] .selected').text()).toContain('→ "EG"')
    await w.find('[data-testid="diff-revert"]').trigger('click')
    await nextTick()
    expect(ws.value<{ operations: unknown[] }>(VARIANT)!.operations).toHaveLength(ops.length - 1)
    expect(w.findAll('[data-testid="diff-changed"]')).toHaveLength(0)
  })

  it('lists result codes with their effects in words', async () => {
    const { ws, pinia } = await store()
    const path = 'content/rulesets/men-of-iron-system.json'
    const w = mount(ResultsView, { props: { path }, global: { plugins: [pinia] } })
    expect(w.find('[data-testid="results-view"]').text()).toMatch(/status event "disorder"/)
    await w.find('[data-testid="result-label-shock-results-DR"]').setValue('Defender falls back')
    expect(ws.undoLabel).toMatch(/Label code DR/)
  })
})
