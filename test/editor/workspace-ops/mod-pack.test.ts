import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  defaultModManifest,
  exportMod,
  modSelection,
  WORKSPACE_MANIFEST,
} from '../../../src/editor/workspace/mod-pack'
import { applyImport, planImport, readImport } from '../../../src/editor/workspace/pack'
import type { PackAsset } from '../../../src/editor/workspace/pack'
import { projectRoot } from '../../helpers/fixtures'

const TABLE = 'content/tables/inf-weapons-matrix.json'
const MAP = 'content/maps/sample-ford.json'
const UNITS = 'content/units/war-elephant-units.json'
const IMAGE = 'content/images/scan.png'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])

const bundled = new Map([
  [TABLE, readFileSync(join(projectRoot, TABLE), 'utf8')],
  [MAP, readFileSync(join(projectRoot, MAP), 'utf8')],
])

const text = (zip: Uint8Array, entry: string) => new TextDecoder().decode(unzipSync(zip)[entry])

describe('mod packs in the editor', () => {
  it('exports only the files that differ from the bundled content, as a mod folder with its manifest', () => {
    const edited = bundled.get(TABLE)!.replace('"kn": 0', '"kn": 1')
    const files = new Map([...bundled, [TABLE, edited], [UNITS, '{"id": "war-elephant-units"}']])
    const assets = new Map<string, PackAsset>([[IMAGE, { bytes: PNG, type: 'image/png' }]])
    const source = { files, assets }
    const selection = modSelection(source, bundled)
    expect(selection).toEqual({ files: [TABLE, UNITS], assets: [IMAGE] })
    const manifest = defaultModManifest('war-elephants', 'War elephants')
    const zip = exportMod(source, selection, manifest)
    expect(Object.keys(unzipSync(zip)).sort()).toEqual([
      'hexwright-mod.json',
      'images/scan.png',
      'tables/inf-weapons-matrix.json',
      'units/war-elephant-units.json',
    ])
    expect(text(zip, 'tables/inf-weapons-matrix.json')).toBe(edited)
    expect(JSON.parse(text(zip, 'hexwright-mod.json'))).toMatchObject({
      id: 'war-elephants',
      version: '0.1.0',
      dependencies: [{ id: 'hexwright', version: expect.stringMatching(/^>=\d+\.\d+\.\d+$/) }],
    })

    // Read back over the bundled content: at the same workspace paths, images included.
    const read = readImport([{ name: 'war-elephants.zip', bytes: zip }])
    expect(read.rejected).toEqual([])
    expect(read.incoming.map((i) => i.path)).toEqual([WORKSPACE_MANIFEST, IMAGE, TABLE, UNITS])
  })

  it('imports a zipped mod folder over the bundled content, never losing the designer’s edits unasked', () => {
    const mod = join(projectRoot, 'test/fixtures/mods/war-elephants')
    const zippable: Record<string, Uint8Array> = {}
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) walk(path)
        else zippable[`war-elephants/${relative(mod, path)}`] = readFileSync(path)
      }
    }
    walk(mod)
    // The mod also brings its own weapons matrix, over the bundled one and over one the
    // designer has edited.
    const theirs = bundled.get(TABLE)!.replace('"kn": 0', '"kn": 2')
    zippable[`war-elephants/tables/inf-weapons-matrix.json`] = strToU8(theirs)
    zippable[`war-elephants/maps/sample-ford.json`] = strToU8(`${bundled.get(MAP)!} `)
    const read = readImport([{ name: 'war-elephants.zip', bytes: zipSync(zippable) }])
    expect(read.rejected).toEqual([])
    expect(read.incoming.map((i) => i.path)).toEqual([
      WORKSPACE_MANIFEST,
      MAP,
      'content/rulesets/infidel-elephants.json',
      'content/scenarios/elephants-at-the-ford.json',
      TABLE,
      UNITS,
    ])

    const mine = bundled.get(TABLE)!.replace('"kn": 0', '"kn": 1')
    const files = new Map([...bundled, [TABLE, mine]])
    const plan = planImport(read.incoming, { files, assets: new Map() }, bundled)
    const byPath = new Map(plan.map((p) => [p.item.path, p]))
    expect(byPath.get(TABLE)).toMatchObject({ action: 'replace', replacing: 'edited' })
    expect(byPath.get(MAP)).toMatchObject({ action: 'replace', replacing: 'bundled' })
    expect(byPath.get(UNITS)).toMatchObject({ action: 'add' })

    const changed: Array<{ path: string; text: string | null }> = []
    const target = {
      change: (texts: typeof changed) => void changed.push(...texts),
      putAsset: () => undefined,
    }
    // Replacing only what the designer confirmed: their edited matrix stays.
    const done = applyImport(target, plan, new Set([MAP]))
    expect(done).toEqual({ added: 4, replaced: 1 })
    expect(changed.map((c) => c.path).sort()).toEqual(
      [
        WORKSPACE_MANIFEST,
        MAP,
        'content/rulesets/infidel-elephants.json',
        'content/scenarios/elephants-at-the-ford.json',
        UNITS,
      ].sort(),
    )
  })
})
