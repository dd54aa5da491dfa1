import 'fake-indexeddb/auto'
import { unzipSync, zipSync, strToU8 } from 'fflate'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import {
  MANIFEST,
  applyImport,
  exportPack,
  planImport,
  readImport,
  safePath,
  type PackManifest,
} from '../../../src/editor/workspace/pack'
import { dependenciesOf } from '../../../src/editor/workspace/pack-deps'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'
import { readContentFolder } from '../../helpers/fixtures'

const BROKEN = 'content/maps/half-written.json'
const BROKEN_TEXT =
  '{\n  "$schema": "../../schemas/map.schema.json",\n  "id": "half-written",\n  "grid": {'
const IMAGE = 'content/images/scan.png'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 250])

async function store(bundled = readContentFolder('content')) {
  setActivePinia(createPinia())
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator(), bundled })
  await ws.settled()
  return ws
}

const source = (ws: Awaited<ReturnType<typeof store>>) => ({ files: ws.files, assets: ws.assets })

describe('content packs', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('export then import into an empty workspace gives byte-identical files, broken ones too', async () => {
    const ws = await store()
    ws.createFile(BROKEN, BROKEN_TEXT)
    ws.createFile('content/maps/bom.json', '\uFEFF{"odd": "bytes ✓ é"}\r\n')
    ws.putAsset(IMAGE, PNG, 'image/png')
    const zip = exportPack(source(ws))

    const empty = await store([])
    expect(empty.files.size).toBe(0)
    const read = readImport([{ name: 'pack.zip', bytes: zip }])
    expect(read.rejected).toEqual([])
    expect(read.incoming.find((i) => i.path === BROKEN)).toMatchObject({ broken: true })
    const plan = planImport(read.incoming, source(empty))
    expect(plan.every((p) => p.action === 'add')).toBe(true)
    applyImport(empty, plan, new Set())

    expect([...empty.files.keys()].sort()).toEqual([...ws.files.keys()].sort())
    for (const [path, text] of ws.files) expect(empty.files.get(path), path).toBe(text)
    expect(empty.assets.get(IMAGE)).toMatchObject({ type: 'image/png', bytes: PNG })
    // One undo step for the whole import.
    expect(empty.undoLabel).toBe('Import')
    empty.undo()
    expect(empty.files.size).toBe(0)
    empty.redo()
    // The broken file is kept and reported, never dropped.
    await empty.settled()
    expect(empty.problems.some((p) => p.file === BROKEN && p.severity === 'error')).toBe(true)
  })

  it('writes a manifest listing every file, under content/ paths', async () => {
    const ws = await store()
    ws.putAsset(IMAGE, PNG, 'image/png')
    const created = new Date('2026-01-02T03:04:05Z')
    const entries = unzipSync(exportPack(source(ws), undefined, created))
    const manifest = JSON.parse(new TextDecoder().decode(entries[MANIFEST])) as PackManifest
    expect(manifest).toMatchObject({
      format: 'hexwright-pack',
      formatVersion: 1,
      created: created.toISOString(),
    })
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      Object.keys(entries)
        .filter((e) => e !== MANIFEST)
        .sort(),
    )
    expect(manifest.files.find((f) => f.path === IMAGE)).toMatchObject({
      kind: 'asset',
      type: 'image/png',
      size: PNG.length,
    })
    expect(Object.keys(entries).every((e) => e === MANIFEST || e.startsWith('content/'))).toBe(true)
  })

  it('previews adds, replacements and unchanged files; replaces only what is confirmed', async () => {
    const ws = await store()
    const map = 'content/maps/sample-ford.json'
    const scenario = 'content/scenarios/sample-skirmish.json'
    const original = ws.text(scenario)!
    const zip = zipSync({
      [map]: strToU8(ws.text(map)!),
      [scenario]: strToU8(original.replace('"Sample: skirmish', '"Changed: skirmish')),
      'content/maps/brand-new.json': strToU8('{"id": "brand-new"}'),
    })
    const plan = planImport(readImport([{ name: 'p.zip', bytes: zip }]).incoming, source(ws))
    expect(Object.fromEntries(plan.map((p) => [p.item.path, p.action]))).toEqual({
      [map]: 'same',
      [scenario]: 'replace',
      'content/maps/brand-new.json': 'add',
    })
    expect(applyImport(ws, plan, new Set())).toEqual({ added: 1, replaced: 0 })
    expect(ws.text(scenario)).toBe(original)
    expect(ws.text('content/maps/brand-new.json')).toBe('{"id": "brand-new"}')
    expect(applyImport(ws, plan, new Set([scenario]))).toEqual({ added: 1, replaced: 1 })
    expect(ws.text(scenario)).toContain('Changed: skirmish')
  })

  it('reads single JSON files into the folder of their format, broken ones by their $schema', () => {
    const enc = (s: string) => new TextEncoder().encode(s)
    const read = readImport([
      {
        name: 'whatever.json',
        bytes: enc('{"$schema": "../../schemas/scenario.schema.json", "id": "x-1"}'),
      },
      { name: 'oops.json', bytes: enc('{"$schema": "../../schemas/table.schema.json", "id": ') },
      { name: 'plain.json', bytes: enc('[1, 2') },
      { name: 'notes.txt', bytes: enc('hello') },
    ])
    expect(read.incoming.map((i) => i.path)).toEqual([
      'content/misc/plain.json',
      'content/scenarios/x-1.json',
      'content/tables/oops.json',
    ])
    expect(read.rejected).toEqual([{ name: 'notes.txt', reason: expect.stringMatching(/neither/) }])
  })

  it('rejects zip entries that are not JSON or images, or that leave the pack folder', () => {
    const zip = zipSync({
      'content/maps/ok.json': strToU8('{}'),
      'content/run.sh': strToU8('rm -rf /'),
      'content/images/a.jpg': new Uint8Array([1, 2]),
    })
    const read = readImport([
      { name: 'p.zip', bytes: zip },
      { name: 'junk.zip', bytes: strToU8('not a zip') },
    ])
    expect(read.incoming.map((i) => [i.path, i.kind])).toEqual([
      ['content/images/a.jpg', 'asset'],
      ['content/maps/ok.json', 'text'],
    ])
    expect(read.rejected.map((r) => r.name)).toEqual(['p.zip: content/run.sh', 'junk.zip'])
    for (const bad of [
      '../x.json',
      '/etc/x.json',
      'a/../b.json',
      'c:/x.json',
      'a\\b.json',
      'a//b.json',
    ])
      expect(safePath(bad), bad).toBeUndefined()
    expect(safePath('./content/x.json')).toBe('content/x.json')
  })

  it('packs a scenario with everything it needs and nothing else', async () => {
    const ws = await store()
    const scenario = 'content/scenarios/sample-skirmish.json'
    ws.edit(
      'content/maps/sample-ford.json',
      [
        {
          pointer: '/underlay',
          value: {
            image: 'images/scan.png',
            width: 800,
            height: 600,
            calibration: { origin: { x: 10, y: 10 }, hexSize: 20 },
          },
        },
      ],
      'Underlay',
    )
    ws.putAsset(IMAGE, PNG, 'image/png')
    ws.putAsset('content/images/unused.png', PNG, 'image/png')
    const deps = dependenciesOf(source(ws), [scenario])
    expect(deps.assets).toEqual([IMAGE])
    expect(deps.files.filter((f) => f.includes('/scenarios/'))).toEqual([scenario])
    expect(deps.files).toContain('content/maps/sample-ford.json')
    expect(deps.files.filter((f) => f.includes('/rulesets/')).length).toBeGreaterThanOrEqual(2)
    // What is in the pack validates on its own: nothing it needs was left out.
    const { validateContent } = await import('../../../src/runtime/library')
    const alone = deps.files.map((path) => ({ path, text: ws.text(path)! }))
    expect(validateContent(alone).problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(deps.files.length).toBeLessThan(ws.files.size / 2)
  })
})
