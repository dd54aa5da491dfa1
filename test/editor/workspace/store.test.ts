import 'fake-indexeddb/auto'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import {
  memoryStorage,
  openIndexedDbStorage,
  type WorkspaceStorage,
} from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'

const MAP = 'content/maps/sample-ford.json'

async function freshStore<S extends WorkspaceStorage>(storage: S) {
  setActivePinia(createPinia())
  const ws = useWorkspaceStore()
  await ws.init({ storage, validator: inProcessValidator() })
  await ws.settled()
  return { ws, storage }
}

describe('the workspace store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('holds every bundled file, validated with the CLI validator', async () => {
    const { ws } = await freshStore(memoryStorage())
    expect(ws.entries.length).toBeGreaterThan(50)
    expect(ws.entries.find((e) => e.path === MAP)?.format).toBe('map')
    // No error; a warning on each ruleset whose sequence the engine does not play yet.
    expect(ws.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(ws.problems.map((p) => [p.file, p.pointer, p.severity])).toEqual([
      ['content/rulesets/les-croisades.json', '/sequence/phases/0/mechanic', 'warning'],
    ])
  })

  it('edits a value in place, keeping the rest of the text as it was', async () => {
    const { ws } = await freshStore(memoryStorage())
    const before = ws.text(MAP)!
    ws.edit(MAP, [{ pointer: '/hexes/0101', value: { terrain: 'woods' } }], 'Paint woods')
    const after = ws.text(MAP)!
    expect(ws.value<{ hexes: Record<string, unknown> }>(MAP)?.hexes['0101']).toEqual({
      terrain: 'woods',
    })
    // Only the new entry differs.
    expect(after.length - before.length).toBeLessThan(60)
    expect(after.startsWith(before.slice(0, before.indexOf('"hexes"')))).toBe(true)
  })

  it('undoes and redoes across files in order', async () => {
    const { ws } = await freshStore(memoryStorage())
    const original = ws.text(MAP)!
    ws.edit(MAP, [{ pointer: '/name', value: 'Renamed' }], 'Rename map')
    ws.createFile('content/maps/new-one.json', '{"x": 1}\n')
    expect(ws.undoLabel).toBe('Create new-one')
    ws.undo()
    expect(ws.text('content/maps/new-one.json')).toBeUndefined()
    ws.undo()
    expect(ws.text(MAP)).toBe(original)
    expect(ws.canUndo).toBe(false)
    ws.redo()
    expect(ws.value<{ name: string }>(MAP)?.name).toBe('Renamed')
    ws.redo()
    expect(ws.text('content/maps/new-one.json')).toBe('{"x": 1}\n')
  })

  it('merges a burst of typing in one file into one undo step', async () => {
    const { ws } = await freshStore(memoryStorage())
    const original = ws.text(MAP)!
    for (const c of 'abc') ws.setText(MAP, ws.text(MAP)! + c, 'Edit JSON', `json:${MAP}`)
    ws.undo()
    expect(ws.text(MAP)).toBe(original)
  })

  it('keeps a file that is not JSON, reports it located, and refuses visual edits to it', async () => {
    const { ws } = await freshStore(memoryStorage())
    ws.setText(MAP, '{"id": "sample-ford",\n  "name": }')
    expect(ws.text(MAP)).toBe('{"id": "sample-ford",\n  "name": }')
    const p = ws.problems.find((x) => x.file === MAP)
    expect(p).toMatchObject({ line: 2, column: 11, severity: 'error' })
    expect(ws.edit(MAP, [{ pointer: '/name', value: 'x' }], 'Rename')).toBe(false)
  })

  it('drops a fixed syntax error at once, without waiting for the next full validation', async () => {
    const { ws } = await freshStore(memoryStorage())
    const good = ws.text(MAP)!
    ws.setText(MAP, good.replace('"name"', '"name" "'))
    await ws.settled()
    expect(ws.problems.filter((p) => p.file === MAP)).toHaveLength(1)
    ws.setText(MAP, good)
    // The validation of the fixed text has not run yet (it is asynchronous).
    expect(ws.problems.filter((p) => p.file === MAP)).toEqual([])
  })

  it('stores only what differs from the bundled files, and a fresh start finds it', async () => {
    const { ws, storage } = await freshStore(memoryStorage())
    ws.edit(MAP, [{ pointer: '/name', value: 'Mine' }], 'Rename')
    ws.deleteFile('content/scenarios/sample-skirmish.json')
    ws.createFile('content/maps/mine.json', '{}\n')
    await ws.settled()
    expect([...storage.files.keys()].sort()).toEqual([
      'content/maps/mine.json',
      MAP,
      'content/scenarios/sample-skirmish.json',
    ])
    const again = await freshStore(storage)
    expect(again.ws.value<{ name: string }>(MAP)?.name).toBe('Mine')
    expect(again.ws.text('content/scenarios/sample-skirmish.json')).toBeUndefined()
    again.ws.revertToBundled(MAP)
    await again.ws.settled()
    expect(storage.files.has(MAP)).toBe(false)
  })

  it('persists through IndexedDB across store instances', async () => {
    const name = `t-${Math.random()}`
    const first = await freshStore(await openIndexedDbStorage(name))
    first.ws.edit(MAP, [{ pointer: '/name', value: 'Stored' }], 'Rename')
    await first.ws.settled()
    const second = await freshStore(await openIndexedDbStorage(name))
    expect(second.ws.value<{ name: string }>(MAP)?.name).toBe('Stored')
  })

  it('keeps assets (an underlay scan) across a fresh start', async () => {
    const { ws, storage } = await freshStore(memoryStorage())
    ws.putAsset('content/assets/scan.png', new Uint8Array([137, 80, 78, 71]), 'image/png')
    await ws.settled()
    const again = await freshStore(storage)
    expect(again.ws.assets.get('content/assets/scan.png')?.bytes).toEqual(
      new Uint8Array([137, 80, 78, 71]),
    )
  })
})
