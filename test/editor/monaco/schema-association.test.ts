import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  declaredSchema,
  modelUriOf,
  resolveAgainst,
  schemaEntries,
  schemaIdFor,
} from '../../../src/editor/monaco/schema-association'

const schemas = Object.fromEntries(
  readdirSync('schemas')
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => [`/schemas/${f}`, JSON.parse(readFileSync(`schemas/${f}`, 'utf8')) as unknown]),
)
const entries = schemaEntries(schemas)
const byUri = new Map(entries.map((e) => [e.uri, e]))
const ID = 'https://hexwright.dev/schemas/'

describe('schema association', () => {
  it('registers every schema under its $id, so $refs between files resolve offline', () => {
    for (const [key, s] of Object.entries(schemas)) {
      const id = (s as { $id: string }).$id
      expect(byUri.get(id)?.schema, key).toBe(s)
    }
  })

  it('resolves each file’s relative "$schema" to a registered alias of the right schema', () => {
    for (const path of ['content/maps/sample-ford.json', 'content/rulesets/infidel-v1-2.json']) {
      const text = readFileSync(path, 'utf8')
      const declared = declaredSchema(text)!
      const uri = resolveAgainst(declared, modelUriOf(path))
      expect(uri).toBe(`file:///schemas/${declared.split('/').pop()}`)
      const alias = byUri.get(uri)
      expect(alias?.schema).toEqual({ $ref: schemaIdFor(path, text) })
    }
  })

  it('decides ruleset or variant by the "$schema" value, not by the folder', () => {
    const ruleset = readFileSync('content/rulesets/men-of-iron-system.json', 'utf8')
    const variant = readFileSync('content/rulesets/infidel-v1-2.json', 'utf8')
    expect(schemaIdFor('content/rulesets/men-of-iron-system.json', ruleset)).toBe(
      `${ID}ruleset.schema.json`,
    )
    expect(schemaIdFor('content/rulesets/infidel-v1-2.json', variant)).toBe(
      `${ID}variant.schema.json`,
    )
    // A half-written file still names its schema from the first line.
    expect(schemaIdFor('content/rulesets/x.json', variant.slice(0, 60))).toBe(
      `${ID}variant.schema.json`,
    )
  })

  it('falls back on the folder only where the folder holds one format', () => {
    expect(schemaIdFor('content/maps/new.json', '{}')).toBe(`${ID}map.schema.json`)
    expect(schemaIdFor('content/scenarios/new.json', '{ "id": "x"')).toBe(
      `${ID}scenario.schema.json`,
    )
    expect(schemaIdFor('content/rulesets/new.json', '{}')).toBeUndefined()
    expect(schemaIdFor('content/tables/new.json', '{}')).toBeUndefined()
    expect(byUri.get(`${ID}map.schema.json`)?.fileMatch).toEqual(['/content/maps/*.json'])
    expect(byUri.get(`${ID}ruleset.schema.json`)?.fileMatch).toBeUndefined()
    expect(byUri.get(`${ID}common.schema.json`)?.fileMatch).toBeUndefined()
  })

  it('resolves references like the JSON service does', () => {
    expect(resolveAgainst('../../schemas/a.json', 'file:///content/maps/x.json')).toBe(
      'file:///schemas/a.json',
    )
    expect(resolveAgainst('./b.json', 'file:///content/maps/x.json')).toBe(
      'file:///content/maps/b.json',
    )
    expect(resolveAgainst('https://x.dev/s.json', 'file:///content/x.json')).toBe(
      'https://x.dev/s.json',
    )
  })
})
