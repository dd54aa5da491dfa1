// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import App from '../../../src/editor/App.vue'
import WorkspaceSidebar from '../../../src/editor/components/WorkspaceSidebar.vue'
import { useNavigationStore } from '../../../src/editor/stores/useNavigationStore'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'

const SYSTEM = 'content/rulesets/men-of-iron-system.json'
const INFIDEL = 'content/rulesets/infidel.json'

async function app() {
  history.replaceState(null, '', '#')
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({
    storage: memoryStorage(),
    validator: { validate: async () => [], dispose: () => {} },
  })
  const nav = useNavigationStore()
  const wrapper = mount(App, { global: { plugins: [pinia] }, attachTo: document.body })
  await flushPromises()
  return { nav, wrapper }
}

/** Back or Forward as the browser does it: the address changes, then `popstate` fires. */
async function go(step: () => void) {
  const popped = new Promise((resolve) =>
    window.addEventListener('popstate', resolve, { once: true }),
  )
  step()
  await popped
  await flushPromises()
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('Back and Forward', () => {
  it('move between the files and views opened, and back to the welcome page', async () => {
    const { nav, wrapper } = await app()
    const shown = () => ({
      file: wrapper.find('.view-file').exists() ? wrapper.find('.view-file').text() : null,
      tab: wrapper.find('[role="tab"][aria-selected="true"]').attributes('data-testid') ?? null,
    })
    nav.open(SYSTEM)
    await flushPromises()
    // A ruleset opens on its overview (its default view, set without a step of its own).
    expect(shown()).toEqual({ file: SYSTEM, tab: 'view-tab-overview' })
    await wrapper.find('[data-testid="view-tab-results"]').trigger('click')
    nav.open(INFIDEL, 'overview')
    await flushPromises()
    expect(shown()).toEqual({ file: INFIDEL, tab: 'view-tab-overview' })
    expect(history.length).toBeGreaterThanOrEqual(4)

    await go(() => history.back())
    expect(shown()).toEqual({ file: SYSTEM, tab: 'view-tab-results' })
    expect(location.hash).toBe(`#/results/${encodeURIComponent(SYSTEM)}`)
    await go(() => history.back())
    expect(shown()).toEqual({ file: SYSTEM, tab: 'view-tab-overview' })
    await go(() => history.back())
    expect(wrapper.find('.welcome').exists()).toBe(true)
    expect(nav.path).toBeNull()

    await go(() => history.forward())
    await go(() => history.forward())
    expect(shown()).toEqual({ file: SYSTEM, tab: 'view-tab-results' })
    await go(() => history.forward())
    expect(shown()).toEqual({ file: INFIDEL, tab: 'view-tab-overview' })
    wrapper.unmount()
  })
})

describe('the search box over the file list', () => {
  it('lists only the files whose name, id or path has every word, and Enter opens the first', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const ws = useWorkspaceStore()
    await ws.init({
      storage: memoryStorage(),
      validator: { validate: async () => [], dispose() {} },
    })
    const nav = useNavigationStore()
    const w = mount(WorkspaceSidebar, { global: { plugins: [pinia] } })
    await flushPromises()
    const names = () => w.findAll('.file-name').map((n) => n.text())
    expect(names().length).toBe(ws.files.size)

    const search = w.find('[data-testid="file-search"]')
    await search.setValue('shock crt')
    // By id ("inf-shock-crt") as well as by name.
    expect(names().length).toBeGreaterThan(1)
    const shown = ws.entries.filter((e) => names().includes(e.name))
    expect(shown.every((e) => `${e.name} ${e.id}`.toLowerCase().includes('shock'))).toBe(true)
    expect(w.findAll('summary').map((s) => s.text())).toEqual([`Tables (${names().length})`])

    await search.setValue('ARSUF')
    const arsuf = ws.entries.filter((e) => e.path.includes('arsuf'))
    expect(arsuf.length).toBe(2)
    expect(names()).toEqual(arsuf.map((e) => e.name))
    expect(w.findAll('summary').map((s) => s.text().replace(/ \(\d+\)/, ''))).toEqual([
      'Maps',
      'Scenarios',
    ])
    await search.trigger('keydown', { key: 'Enter' })
    expect(nav.path).toBe('content/maps/arsuf.json')
    expect(nav.view).toBe('map')

    await search.setValue('no such thing')
    expect(names()).toEqual([])
    expect(w.find('[data-testid="file-search-none"]').text()).toContain('no such thing')
    await search.trigger('keydown', { key: 'Escape' })
    expect(names().length).toBe(ws.files.size)
  })
})
