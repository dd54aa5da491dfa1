// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { flushPromises, mount } from '@vue/test-utils'
import { unzipSync } from 'fflate'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import WorkspaceActions from '../../../src/editor/components/WorkspaceActions.vue'
import { useNavigationStore } from '../../../src/editor/stores/useNavigationStore'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { MANIFEST } from '../../../src/editor/workspace/pack'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'

const SCENARIO = 'content/scenarios/sample-skirmish.json'

/** What the last download offered: file name and bytes. */
let downloads: Array<{ name: string; blob: Blob }> = []

async function setup() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  await ws.settled()
  const nav = useNavigationStore()
  const wrapper = mount(WorkspaceActions, { global: { plugins: [pinia] }, attachTo: document.body })
  await flushPromises()
  return { ws, nav, wrapper }
}

type Wrapper = Awaited<ReturnType<typeof setup>>['wrapper']
const tid = (w: Wrapper, id: string) => w.find(`[data-testid="${id}"]`)

async function fillNew(w: Wrapper, kind: string, id: string) {
  await tid(w, 'new-menu').trigger('click')
  await tid(w, `new-${kind}`).trigger('click')
  await tid(w, 'new-id').setValue(id)
}

beforeEach(() => {
  downloads = []
  let n = 0
  const urls = new Map<string, Blob>()
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        const u = `blob:test/${++n}`
        urls.set(u, b)
        return u
      },
      revokeObjectURL: () => {},
    }),
  )
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: urls.get(this.href)! })
  })
  // No dev server in these tests: the status request fails and Save stays hidden.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  )
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('New and Copy', () => {
  it('creates a ruleset, a variant of it and a scenario that validate, each one undo step, and opens them', async () => {
    const { ws, nav, wrapper } = await setup()
    await fillNew(wrapper, 'ruleset', 'house-rules')
    await tid(wrapper, 'new-name').setValue('House rules')
    await tid(wrapper, 'new-create').trigger('submit')
    const rules = 'content/rulesets/house-rules.json'
    expect(ws.value<{ name: string }>(rules)?.name).toBe('House rules')
    expect(nav.path).toBe(rules)
    expect(ws.undoLabel).toBe('New ruleset house-rules')
    expect(tid(wrapper, 'new-dialog').exists()).toBe(false)

    await fillNew(wrapper, 'variant', 'house-variant')
    await tid(wrapper, 'new-base').setValue('house-rules')
    await tid(wrapper, 'new-create').trigger('submit')
    expect(ws.value<{ base: string }>('content/rulesets/house-variant.json')?.base).toBe(
      'house-rules',
    )

    await fillNew(wrapper, 'scenario', 'house-battle')
    await tid(wrapper, 'new-scenario-map').setValue('sample-ford')
    await tid(wrapper, 'new-side-1').setValue('Blue host')
    await tid(wrapper, 'new-side-2').setValue('Red host')
    await tid(wrapper, 'new-create').trigger('submit')
    const battle = ws.value<{ ruleset: string; sides: Array<{ id: string }> }>(
      'content/scenarios/house-battle.json',
    )
    expect(battle?.sides.map((s) => s.id)).toEqual(['blue-host', 'red-host'])
    expect(battle?.ruleset).toBe('men-of-iron-system')
    // The new scenario opens on its map, in the scenario editor, not on an empty overview.
    expect([nav.path, nav.view]).toEqual(['content/scenarios/house-battle.json', 'scenario'])

    await ws.settled()
    const mine = ws.problems.filter((p) => p.file.includes('house-') && p.severity === 'error')
    expect(mine).toEqual([])
    ws.undo()
    expect(ws.text('content/scenarios/house-battle.json')).toBeUndefined()
  })

  it('creates a unit set and a table that their ruleset includes, each one undo step, opened in their editors', async () => {
    const { ws, nav, wrapper } = await setup()
    const infidel = 'content/rulesets/infidel.json'
    const before = ws.text(infidel)
    await fillNew(wrapper, 'unit-set', 'saracen-extras')
    await tid(wrapper, 'new-base').setValue('infidel')
    await tid(wrapper, 'new-create').trigger('submit')
    const units = 'content/units/saracen-extras.json'
    expect(ws.value<{ ruleset: string; classes: unknown[] }>(units)).toMatchObject({
      ruleset: 'infidel',
      classes: [{ id: 'saracen-extras', label: 'Saracen extras' }],
    })
    expect([nav.path, nav.view]).toEqual([units, 'units'])
    expect(ws.undoLabel).toBe('New unit set saracen-extras')

    await fillNew(wrapper, 'table', 'saracen-morale')
    await tid(wrapper, 'new-name').setValue('Saracen morale')
    await tid(wrapper, 'new-base').setValue('infidel')
    await tid(wrapper, 'new-create').trigger('submit')
    const table = 'content/tables/saracen-morale.json'
    expect(ws.value(table)).toMatchObject({ label: 'Saracen morale', kind: 'roll', dice: 'd10' })
    expect([nav.path, nav.view]).toEqual([table, 'table'])
    const include = ws.value<{ include: { unitSets: string[]; tables: string[] } }>(
      infidel,
    )!.include
    expect(include.unitSets).toContain('saracen-extras')
    expect(include.tables).toContain('saracen-morale')

    await ws.settled()
    const touched = [units, table, infidel]
    expect(ws.problems.filter((p) => touched.includes(p.file))).toEqual([])
    ws.undo()
    ws.undo()
    expect([ws.text(units), ws.text(table), ws.text(infidel)]).toEqual([
      undefined,
      undefined,
      before,
    ])
  })

  it('New map says which columns sit lower by position, and makes the grid it says', async () => {
    const { ws, nav, wrapper } = await setup()
    await tid(wrapper, 'new-menu').trigger('click')
    await tid(wrapper, 'new-map').trigger('click')
    const options = () =>
      tid(wrapper, 'new-map-offset')
        .findAll('option')
        .map((o) => o.text())
    expect(options()).toEqual([
      '2nd, 4th, 6th… (the first column sits high)',
      '1st, 3rd, 5th… (the first column sits low)',
    ])
    expect(wrapper.text()).toContain('Columns set half a hex lower')
    await tid(wrapper, 'new-map-orientation').setValue('pointy')
    expect(options()[0]).toBe('2nd, 4th, 6th… (the first row sits left)')
    expect(wrapper.text()).toContain('Rows set half a hex right')
    await tid(wrapper, 'new-map-orientation').setValue('flat')
    await tid(wrapper, 'new-map-offset').setValue('even')
    await tid(wrapper, 'new-map-id').setValue('low-first')
    await tid(wrapper, 'new-map-create').trigger('submit')
    const grid = ws.value<{ grid: { orientation: string; offset: string } }>(
      'content/maps/low-first.json',
    )?.grid
    expect(grid).toMatchObject({ orientation: 'flat', offset: 'even' })
    expect([nav.path, nav.view]).toEqual(['content/maps/low-first.json', 'map'])
  })

  it('refuses an id that exists or is not kebab-case, with a sentence, and keeps the dialog open', async () => {
    const { ws, wrapper } = await setup()
    const before = ws.files.size
    await fillNew(wrapper, 'ruleset', 'Bad Id')
    await tid(wrapper, 'new-create').trigger('submit')
    expect(tid(wrapper, 'new-error').text()).toMatch(/not a valid id/)
    await tid(wrapper, 'new-id').setValue('men-of-iron-system')
    await tid(wrapper, 'new-create').trigger('submit')
    expect(tid(wrapper, 'new-error').text()).toMatch(
      /already a file called content\/rulesets\/men-of-iron-system\.json/,
    )
    expect(ws.files.size).toBe(before)
  })

  it('copies the open file under a new id', async () => {
    const { ws, nav, wrapper } = await setup()
    nav.open(SCENARIO)
    await tid(wrapper, 'copy-file').trigger('click')
    expect((tid(wrapper, 'new-base').element as HTMLSelectElement).value).toBe(SCENARIO)
    await tid(wrapper, 'new-id').setValue('skirmish-two')
    await tid(wrapper, 'new-name').setValue('Skirmish two')
    await tid(wrapper, 'new-create').trigger('submit')
    const copy = 'content/scenarios/skirmish-two.json'
    expect(ws.value<{ id: string; name: string; $schema: string }>(copy)).toMatchObject({
      id: 'skirmish-two',
      name: 'Skirmish two',
      $schema: '../../schemas/scenario.schema.json',
    })
    expect(nav.path).toBe(copy)
    await ws.settled()
    expect(ws.problems.filter((p) => p.file === copy && p.severity === 'error')).toEqual([])
  })
})

describe('packs and files out and in', () => {
  it('exports the workspace, the open scenario with what it needs, and a single file as downloads', async () => {
    const { ws, nav, wrapper } = await setup()
    await tid(wrapper, 'export-pack').trigger('click')
    expect(downloads[0]!.name).toMatch(/^hexwright-workspace-\d{4}-\d\d-\d\d\.zip$/)
    const all = unzipSync(new Uint8Array(await downloads[0]!.blob.arrayBuffer()))
    expect(Object.keys(all).length).toBe(ws.files.size + 1)
    expect(all[MANIFEST]).toBeDefined()

    expect(tid(wrapper, 'export-scenario-pack').exists()).toBe(false)
    nav.open(SCENARIO)
    await flushPromises()
    await tid(wrapper, 'export-scenario-pack').trigger('click')
    const some = unzipSync(new Uint8Array(await downloads[1]!.blob.arrayBuffer()))
    expect(Object.keys(some)).toContain('content/maps/sample-ford.json')
    expect(Object.keys(some).length).toBeLessThan(ws.files.size / 2)

    await tid(wrapper, 'export-file').trigger('click')
    expect(downloads[2]!.name).toBe('sample-skirmish.json')
    expect(await downloads[2]!.blob.text()).toBe(ws.text(SCENARIO))
  })

  it('imports chosen files after a preview: new ones added, a broken one kept, in one undo step', async () => {
    const { ws, wrapper } = await setup()
    const good = ws.text(SCENARIO)!.replace('"id": "sample-skirmish"', '"id": "imported-one"')
    const changed = ws.text(SCENARIO)!.replace('"Sample: skirmish', '"Other: skirmish')
    const files = [
      new File([good], 'imported-one.json'),
      new File(['{"$schema": "../../schemas/map.schema.json", "id": '], 'half.json'),
      new File([changed], 'sample-skirmish.json'),
    ]
    const input = tid(wrapper, 'import-input')
    Object.defineProperty(input.element, 'files', { value: files, configurable: true })
    await input.trigger('change')
    await flushPromises()
    expect(tid(wrapper, 'import-preview').exists()).toBe(true)
    expect(wrapper.findAll('[data-testid="import-add"]').map((w) => w.text())).toEqual([
      'content/maps/half.json',
      'content/scenarios/imported-one.json',
    ])
    expect(tid(wrapper, 'import-broken').text()).toContain('content/maps/half.json')
    // The replacement is listed and can be left out.
    const replace = tid(wrapper, `import-replace-${SCENARIO}`)
    expect((replace.element as HTMLInputElement).checked).toBe(true)
    await replace.setValue(false)
    await tid(wrapper, 'import-confirm').trigger('click')
    expect(ws.text('content/scenarios/imported-one.json')).toBe(good)
    expect(ws.text('content/maps/half.json')).toContain('"id": ')
    expect(ws.value<{ name: string }>(SCENARIO)?.name).toMatch(/^Sample/)
    expect(tid(wrapper, 'import-result').text()).toBe('Imported: 2 added, 0 replaced.')
    ws.undo()
    expect(ws.text('content/scenarios/imported-one.json')).toBeUndefined()
    expect(ws.text('content/maps/half.json')).toBeUndefined()
  })
})
