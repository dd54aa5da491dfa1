// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SaveToDisk from '../../../src/editor/components/SaveToDisk.vue'
import { useDiskState } from '../../../src/editor/components/useDiskState'
import { useNavigationStore } from '../../../src/editor/stores/useNavigationStore'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'

const MAP = 'content/maps/sample-ford.json'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A pretend dev server whose disk holds the bundled files; `reply` answers the save. */
function devServer(disk: Map<string, string>, reply: (files: unknown) => Response) {
  const posted: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/status')) return json({ writable: true, contentDir: '/tmp/c' })
      if (url.endsWith('/files'))
        return json({ files: [...disk].map(([path, text]) => ({ path, text })) })
      const body = JSON.parse(String(init?.body)) as { files: unknown }
      posted.push(body.files)
      return reply(body.files)
    }),
  )
  return posted
}

async function setup() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  const wrapper = mount(SaveToDisk, { global: { plugins: [pinia] } })
  await flushPromises()
  return { ws, wrapper, nav: useNavigationStore() }
}

afterEach(() => {
  vi.unstubAllGlobals()
  useDiskState().disk.value = null
  useDiskState().writable.value = false
})

describe('Save to content/', () => {
  it('is hidden when no dev server answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>', { status: 200 }))),
    )
    const { wrapper } = await setup()
    expect(wrapper.find('[data-testid="save-to-disk"]').exists()).toBe(false)
  })

  it('lists the files that differ from disk and sends exactly those', async () => {
    setActivePinia(createPinia())
    const disk = new Map<string, string>()
    const posted = devServer(disk, (files) => json({ saved: files, deleted: [], problems: [] }))
    const { ws, wrapper } = await setup()
    for (const [p, t] of ws.files) disk.set(p, t)
    await useDiskState().refresh()
    await flushPromises()
    expect(wrapper.find('[data-testid="save-changes"]').text()).toBe('all saved')
    ws.edit(MAP, [{ pointer: '/name', value: 'Renamed ford' }], 'Rename')
    ws.createFile('content/maps/fresh.json', '{}\n')
    await flushPromises()
    await wrapper.find('[data-testid="save-changes"]').trigger('click')
    expect(wrapper.find(`[data-testid="disk-state-${MAP}"]`).text()).toContain('edited')
    expect(wrapper.find('[data-testid="disk-state-content/maps/fresh.json"]').text()).toContain(
      'new',
    )
    expect(useDiskState().stateOf('content/maps/arsuf.json')).toBe('saved')

    await wrapper.find('[data-testid="save-to-disk"]').trigger('click')
    await flushPromises()
    expect(posted[0]).toEqual([
      { path: 'content/maps/fresh.json', text: '{}\n' },
      { path: MAP, text: ws.text(MAP) },
    ])
    const result = wrapper.find('[data-testid="save-result"]')
    expect(result.attributes('data-ok')).toBe('true')
    expect(result.text()).toContain('Saved 2 files')
  })

  it('shows the located problems when the server refuses, and locates one on click', async () => {
    setActivePinia(createPinia())
    const disk = new Map<string, string>()
    const problem = {
      file: MAP,
      line: 12,
      column: 21,
      pointer: '/defaultTerrain',
      message: 'no terrain "lava"',
      severity: 'error',
    }
    devServer(disk, () => json({ error: 'Nothing was saved: 1 error', problems: [problem] }, 422))
    const { ws, wrapper, nav } = await setup()
    for (const [p, t] of ws.files) disk.set(p, t)
    await useDiskState().refresh()
    ws.edit(MAP, [{ pointer: '/defaultTerrain', value: 'lava' }], 'Lava')
    await wrapper.find('[data-testid="save-to-disk"]').trigger('click')
    await flushPromises()
    const result = wrapper.find('[data-testid="save-result"]')
    expect(result.attributes('data-ok')).toBe('false')
    expect(result.text()).toContain('Nothing was saved')
    expect(result.text()).toContain(`${MAP}:12:21: no terrain "lava"`)
    await wrapper.find('[data-testid="save-problem"]').trigger('click')
    expect(nav.target).toMatchObject({ path: MAP, line: 12, column: 21 })
  })
})
