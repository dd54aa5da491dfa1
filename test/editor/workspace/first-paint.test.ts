/**
 * What lets a map paint before the workspace library has loaded: the build's terrain charts
 * (used only while the rules files are the bundled ones) and the quick parse of every file
 * (which must say exactly what the located parse says).
 */
import { describe, expect, it } from 'vitest'
import { parseJsonDocument } from '../../../src/runtime/content'
import { hasDuplicateKey } from '../../../src/editor/workspace/duplicate-keys'
import { parseFile } from '../../../src/editor/workspace/files'
import { WorkspaceLibrary } from '../../../src/editor/workspace/library'
import { cachedTerrain } from '../../../src/editor/workspace/terrain-cache'
import { buildTerrainCache } from '../../../src/editor/workspace/terrain-cache-build'
import { contentFiles } from '../tables/helpers'

const bundled = contentFiles()
const cache = buildTerrainCache(bundled)
const RULESET = 'content/rulesets/men-of-iron-system.json'
const MAP = 'content/maps/arsuf.json'

describe('the terrain charts resolved at build time', () => {
  it('are what the workspace library resolves, each distinct chart kept once', () => {
    const library = new WorkspaceLibrary()
    library.update(bundled)
    for (const [id, index] of Object.entries(cache.byRuleset)) {
      const r = library.ruleset(id)
      expect(r.ok && r.value.ruleset.terrain, id).toEqual(cache.charts[index])
    }
    expect(cache.byRuleset['men-of-iron-system']).toBeDefined()
    expect(new Set(cache.charts.map((c) => JSON.stringify(c))).size).toBe(cache.charts.length)
    expect(cache.files[MAP]).toBeUndefined()
  })

  it('serve a map while the rules files are the bundled ones, maps and scenarios edited or not', () => {
    const files = new Map(bundled)
    files.set(MAP, bundled.get(MAP)!.replace('"name"', '"notes": "x", "name"'))
    const ford = bundled.get('content/maps/sample-ford.json')!
    files.set('content/maps/new-map.json', ford.replace('"sample-ford"', '"new-map"'))
    expect(cachedTerrain(cache, files, bundled, 'men-of-iron-system')).toBe(
      cache.charts[cache.byRuleset['men-of-iron-system']!],
    )
    expect(cachedTerrain(null, files, bundled, 'men-of-iron-system')).toBeUndefined()
    expect(cachedTerrain(cache, files, bundled, 'no-such-ruleset')).toBeUndefined()
  })

  it('leave the terrain to the library once a rules file is edited, added or removed', () => {
    const edited = new Map(bundled).set(RULESET, bundled.get(RULESET)!.replace('"name"', ' "name"'))
    const added = new Map(bundled).set('content/tables/extra.json', '{}')
    const removed = new Map(bundled)
    removed.delete('content/tables/moi-shock-crt.json')
    for (const files of [edited, added, removed])
      expect(cachedTerrain(cache, files, bundled, 'men-of-iron-system')).toBeUndefined()
  })
})

describe('the quick parse', () => {
  it('finds a repeated key wherever the located parse does', () => {
    const texts = [
      '{"a":1,"a":2}',
      '{"a":1,"\\u0061":2}',
      '{"a":{"b":1},"b":{"a":1,"b":[{"b":1,"c":"b"}]}}',
      '[{"a":1},{"a":1}]',
      '{"x":"\\"a\\"","\\"a\\"":1}',
      '{"k":[1,"k"],"k2":{"k":1}}',
      ...bundled.values(),
    ]
    for (const text of texts)
      expect(hasDuplicateKey(text), text.slice(0, 40)).toBe(!parseJsonDocument('x', text).ok)
  })

  it('gives the value, the format and the problems the located parse gives', () => {
    for (const text of [
      '{"$schema":"../../schemas/map.schema.json","a":1,"a":2}',
      '\ufeff{}',
      '',
    ]) {
      const quick = parseFile('content/maps/q.json', text)
      const located = parseJsonDocument('content/maps/q.json', text)
      expect(quick.value).toEqual(located.ok ? located.doc.value : undefined)
      expect(quick.syntax).toEqual(located.ok ? [] : located.problems)
    }
    expect(parseFile('content/maps/r.json', bundled.get(MAP)!).format).toBe('map')
  })
})
