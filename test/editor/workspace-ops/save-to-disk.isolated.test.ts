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
    // Nothing is written before the user says yes to the list, bundled files marked.
    expect(posted).toEqual([])
    const will = (p: string) => wrapper.find(`[data-testid="save-will-${p}"]`).text()
    expect(will(MAP)).toMatch(/^overwrite content\/maps\/sample-ford\.json\s*bundled$/)
    expect(will('content/maps/fresh.json')).toBe('create content/maps/fresh.json')
    expect(wrapper.find('[data-testid="save-confirm-dialog"]').text()).toContain(
      'saving replaces the copy shipped in content/',
    )
    await wrapper.find('[data-testid="save-confirm"]').trigger('submit')
    await flushPromises()
    expect(wrapper.find('[data-testid="save-confirm-dialog"]').exists()).toBe(false)
    expect(posted[0]).toEqual([
      { path: 'content/maps/fresh.json', text: '{}\n' },
      { path: MAP, text: ws.text(MAP) },
    ])
    const result = wrapper.find('[data-testid="save-result"]')
    expect(result.attributes('data-ok')).toBe('true')
    expect(result.text()).toContain('Saved 2 files')
  })

  it('writes nothing when the user cancels the list', async () => {
    setActivePinia(createPinia())
    const disk = new Map<string, string>()
    const posted = devServer(disk, (files) => json({ saved: files, deleted: [], problems: [] }))
    const { ws, wrapper } = await setup()
    for (const [p, t] of ws.files) disk.set(p, t)
    await useDiskState().refresh()
    ws.edit(MAP, [{ pointer: '/name', value: 'Renamed ford' }], 'Rename')
    await wrapper.find('[data-testid="save-to-disk"]').trigger('click')
    await wrapper.find('[data-testid="save-cancel"]').trigger('click')
    await flushPromises()
    expect(posted).toEqual([])
    expect(wrapper.find('[data-testid="save-confirm-dialog"]').exists()).toBe(false)
    expect(useDiskState().stateOf(MAP)).toBe('edited')
  })

  it('keeps the undo history when the server lays the saved files out anew', async () => {
    setActivePinia(createPinia())
    const disk = new Map<string, string>()
    // The server formats what it writes: here, a compact layout.
    const laidOut = (t: string) => JSON.stringify(JSON.parse(t)) + '\n'
    devServer(disk, (files) =>
      json({
        saved: (files as Array<{ path: string; text: string }>).map((f) => ({
          path: f.path,
          text: laidOut(f.text),
        })),
        deleted: [],
        problems: [],
      }),
    )
    const { ws, wrapper } = await setup()
    for (const [p, t] of ws.files) disk.set(p, t)
    await useDiskState().refresh()
    const original = ws.text(MAP)!
    ws.edit(MAP, [{ pointer: '/name', value: 'Renamed ford' }], 'Rename')
    ws.edit(MAP, [{ pointer: '/name', value: 'Ford again' }], 'Rename again')
    ws.undo()
    await wrapper.find('[data-testid="save-to-disk"]').trigger('click')
    await wrapper.find('[data-testid="save-confirm"]').trigger('submit')
    await flushPromises()
    expect(ws.text(MAP)).toBe(laidOut(ws.text(MAP)!))
    expect(ws.value<{ name: string }>(MAP)?.name).toBe('Renamed ford')
    // No step of its own: undo and redo are the user's own edits still.
    expect([ws.undoLabel, ws.redoLabel]).toEqual(['Rename', 'Rename again'])
    expect(ws.redo()).toBe('Rename again')
    expect(ws.value<{ name: string }>(MAP)?.name).toBe('Ford again')
    ws.undo()
    expect(ws.text(MAP)).toBe(laidOut(ws.text(MAP)!))
    ws.undo()
    expect(ws.text(MAP)).toBe(original)
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
    await wrapper.find('[data-testid="save-confirm"]').trigger('submit')
    await flushPromises()
    const result = wrapper.find('[data-testid="save-result"]')
    expect(result.attributes('data-ok')).toBe('false')
    expect(result.text()).toContain('Nothing was saved')
    expect(result.text()).toContain(`${MAP}:12:21: no terrain "lava"`)
    await wrapper.find('[data-testid="save-problem"]').trigger('click')
    expect(nav.target).toMatchObject({ path: MAP, line: 12, column: 21 })
  })
})
