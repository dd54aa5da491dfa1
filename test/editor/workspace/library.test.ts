/**
 * The workspace library checks a file only when something reads it. Its store must answer as
 * the runtime's store of every checked file would, and resolve every ruleset and variant the
 * same, on the bundled content and with a broken, a missing and a renamed file.
 */
import { describe, expect, it } from 'vitest'
import {
  checkFile,
  createContentStore,
  createRulesetResolver,
  type ContentFormat,
} from '../../../src/runtime/content'
import { WorkspaceLibrary } from '../../../src/editor/workspace/library'
import { contentFiles } from '../tables/helpers'

const bundled = contentFiles()
const edit = (path: string, from: string, to: string) =>
  new Map(bundled).set(path, bundled.get(path)!.replace(from, to))
const missing = new Map(bundled)
missing.delete('content/tables/mois-fire-drm.json')

const CASES: Array<[string, Map<string, string>]> = [
  ['the bundled content', bundled],
  ['a broken table', new Map(bundled).set('content/tables/mois-shock-drm.json', '{ broken')],
  [
    'a unit set with a key twice',
    edit('content/units/men-of-iron-units.json', '"id"', '"x": 1, "x"'),
  ],
  ['a missing modifier list', missing],
  [
    'a variant of an unknown base',
    edit('content/rulesets/infidel.json', '"base": "', '"base": "q'),
  ],
]
const FORMATS: ContentFormat[][] = [['ruleset', 'variant'], ['table'], ['unit-set'], ['map']]

describe('the workspace library', () => {
  for (const [what, files] of CASES)
    it(`answers as a store of every checked file, with ${what}`, () => {
      const lib = new WorkspaceLibrary()
      lib.update(files)
      const full = createContentStore(
        [...files].map(([path, text]) => checkFile({ path, text }).file),
      )
      const resolve = createRulesetResolver(full)
      const ids = [
        ...new Set([...files.keys()].map((p) => p.split('/').pop()!.replace('.json', ''))),
      ]
      for (const id of ids) {
        expect(JSON.stringify(lib.ruleset(id)), id).toBe(JSON.stringify(resolve(id)))
        for (const formats of FORMATS) {
          expect(lib.store.exists(formats, id), `${id} ${formats}`).toBe(full.exists(formats, id))
          expect(lib.store.get(formats, id)?.path, `${id} ${formats}`).toBe(
            full.get(formats, id)?.path,
          )
        }
      }
      for (const formats of FORMATS) expect(lib.store.ids(formats)).toEqual(full.ids(formats))
    })

  it('keeps a ruleset resolved while only maps change, and resolves it again when its rules do', () => {
    const lib = new WorkspaceLibrary()
    lib.update(bundled)
    const before = lib.ruleset('men-of-iron-system')
    lib.update(edit('content/maps/arsuf.json', '"name"', '"notes": "x", "name"'))
    expect(lib.ruleset('men-of-iron-system')).toBe(before)
    const renamed = edit('content/rulesets/men-of-iron-system.json', '"name": "', '"name": "New ')
    lib.update(renamed)
    const after = lib.ruleset('men-of-iron-system')
    expect(after.ok && after.value.ruleset.name).toMatch(/^New /)
  })
})
