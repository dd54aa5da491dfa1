/**
 * House rule (DESIGN.md, "No ruleset knowledge in src/"): the engine names no unit, side or game
 * and holds no table values. Every such name is collected from content/ (so a new game is
 * covered the day it is added) and looked for in every file under src/ — code, strings and
 * comments alike — as a whole word, case-insensitively. A hit is reported as file:line with the
 * name and where content/ defines it.
 *
 * Left out: src/runtime/generated (written by `npm run types` from the schemas) and names shorter
 * than 4 characters (abbreviation-sized ids such as "kn" or "a" would match ordinary words).
 * src/editor/bundled-content.ts is scanned like the rest: it lists content/ with a glob and
 * names no file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot, readContentFolder } from '../helpers/fixtures'

const SKIPPED_DIRS = ['src/runtime/generated']
const MIN_LENGTH = 4

/**
 * Content names that are also the engine's own vocabulary: the words the play core uses for
 * what every game has (leaders, foot and mounted units, missile units). Code must still not
 * read a content flag by its name: that is checked separately (FLAG_NAME_ALLOWED).
 */
const ALLOWED: { name: string; why: string }[] = [
  {
    name: 'leader',
    why: 'a unit class id, but also the engine concept of a piece that is not a unit (isLeader, command leaders)',
  },
  {
    name: 'overall commander',
    why: "a unit type name, but also the scenario format's side commander, which the play core looks up",
  },
  {
    name: 'replacement leader',
    why: 'a unit type name, but also the engine mechanic that brings a lost leader back on his other face',
  },
  {
    name: 'replacement-leader',
    why: 'the same, as the kind of log entry that mechanic writes',
  },
  {
    name: 'system',
    why: 'the game key of the shared base ruleset ("reference.game"), an everyday word',
  },
  {
    name: 'mounted',
    why: 'a unit class id, but the everyday word for horse, used in comments, messages and local names; mechanics read the flag named in their settings',
  },
  {
    name: 'foot',
    why: 'the same for units on foot',
  },
  {
    name: 'missile',
    why: 'the same for units that shoot',
  },
  {
    name: 'horse',
    why: "a unit class id, but also a field of the losses effect (schemas/effects.schema.json: what becomes of a rider's horse)",
  },
]

/** Files that may name a content flag in code: the expression help texts use one as an example. */
const FLAG_NAME_ALLOWED = [
  'src/runtime/expr/checker-calls.ts',
  'src/runtime/expr/compile-expression.ts',
]

interface Named {
  name: string
  /** Where content/ defines it: file and what it is there. */
  from: string
}

type Json = Record<string, unknown>

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function list(v: unknown): Json[] {
  return Array.isArray(v) ? v.filter(isObject) : []
}

/** Every unit, side and game name and every id of content/, as the house rule means them. */
function contentNames(): Named[] {
  const out: Named[] = []
  const add = (name: unknown, from: string) => {
    if (typeof name === 'string' && name.trim().length >= MIN_LENGTH) out.push({ name, from })
  }
  for (const file of readContentFolder('content')) {
    const doc = JSON.parse(file.text) as Json
    const at = (what: string) => `${file.path} ${what}`
    // Ruleset, variant, map, scenario, unit set, table and modifier list ids; game, map,
    // scenario and unit set names.
    add(doc.id, at('id'))
    add(doc.name, at('name'))
    const patch = isObject(doc.patch) ? doc.patch : {}
    for (const holder of [doc, patch]) {
      const reference = isObject(holder.reference) ? holder.reference : {}
      add(reference.game, at('reference.game'))
      for (const type of [...list(holder.types), ...list(holder.unitTypes)]) {
        add(type.id, at(`unit type`))
        add(type.name, at(`unit type "${String(type.id)}" name`))
      }
      for (const unitClass of list(holder.classes)) add(unitClass.id, at('unit class'))
      for (const side of list(holder.sides)) {
        add(side.id, at('side'))
        add(side.name, at(`side "${String(side.id)}" name`))
      }
    }
  }
  return out
}

/** Multi-letter result codes of every result set (single letters would match any word). */
function resultCodes(): Set<string> {
  const codes = new Set<string>()
  for (const file of readContentFolder('content/rulesets')) {
    const doc = JSON.parse(file.text) as Json
    const patch = isObject(doc.patch) ? doc.patch : {}
    for (const set of [...list(doc.resultSets), ...list(patch.resultSets)])
      for (const code of list(set.codes))
        if (typeof code.code === 'string' && /^[A-Z]{2,}$/.test(code.code)) codes.add(code.code)
  }
  return codes
}

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const rel = relative(projectRoot, path).split('\\').join('/')
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.includes(rel)) out.push(...filesUnder(path))
    } else out.push(rel)
  }
  return out.sort()
}

/** Lower case with runs of spaces collapsed: the key a match is looked up by. */
function keyOf(text: string): string {
  return text.toLowerCase().replace(/[\s*/]+/g, ' ')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * One regular expression for all names, longest first, as whole words. A space inside a name
 * also matches a line break inside a comment (" * " or " // " included), so "Men of Iron" split
 * over two comment lines is found too.
 */
function nameMatcher(names: string[]): RegExp {
  const alternatives = [...new Set(names.map(keyOf))]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((k) => k.split(' ').map(escapeRegExp).join('[\\s*/]+'))
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu')
}

interface Hit {
  file: string
  line: number
  found: string
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length
}

function findNames(file: string, text: string, matcher: RegExp): Hit[] {
  const hits: Hit[] = []
  for (const m of text.matchAll(matcher))
    hits.push({ file, line: lineAt(text, m.index), found: m[0] })
  return hits
}

function allowed(hit: Hit): boolean {
  return ALLOWED.some((a) => keyOf(a.name) === keyOf(hit.found))
}

/** Unit flag keys of every ruleset: what content calls its kinds of units. */
function unitFlagKeys(): Set<string> {
  const keys = new Set<string>()
  for (const file of readContentFolder('content/rulesets')) {
    const doc = JSON.parse(file.text) as Json
    const patch = isObject(doc.patch) ? doc.patch : {}
    for (const flag of [...list(doc.unitFlags), ...list(patch.unitFlags)])
      if (typeof flag.key === 'string') keys.add(flag.key)
  }
  return keys
}

/**
 * A content flag read by its name (`flags.canCharge`, `flags['mounted']`), or a camelCase flag
 * key written as a string ('exertsZoc'): the engine deciding by itself what a kind of unit does.
 */
function findFlagNames(file: string, text: string, keys: Set<string>): Hit[] {
  const hits: Hit[] = []
  for (const m of text.matchAll(/flags\??\.?(?:\.([A-Za-z]\w*)|\[\s*['"`]([\w-]+)['"`]\s*\])/g))
    if (keys.has(m[1] ?? m[2] ?? '')) hits.push({ file, line: lineAt(text, m.index), found: m[0] })
  for (const m of text.matchAll(/(?<!\[\s*)(['"`])([a-z]+[A-Z]\w*)\1/g))
    if (keys.has(m[2] ?? '')) hits.push({ file, line: lineAt(text, m.index), found: m[0] })
  return hits
}

/** Array literals made only of result codes, e.g. ['DE', 'CA']: a table cell written in code. */
function findCodeArrays(file: string, text: string, codes: Set<string>): Hit[] {
  const hits: Hit[] = []
  const arrays = /\[\s*(['"`][^'"`\n]*['"`]\s*(?:,\s*['"`][^'"`\n]*['"`]\s*)*),?\s*\]/g
  for (const m of text.matchAll(arrays)) {
    const items = [...(m[1] ?? '').matchAll(/['"`]([^'"`\n]*)['"`]/g)].map((i) => i[1] ?? '')
    if (items.length > 0 && items.every((i) => codes.has(i)))
      hits.push({ file, line: lineAt(text, m.index), found: m[0] })
  }
  // A lone quoted code ('DRT') is a result the engine would be deciding by itself.
  for (const m of text.matchAll(/(['"`])([A-Z]{2,})\1/g))
    if (codes.has(m[2] ?? '')) hits.push({ file, line: lineAt(text, m.index), found: m[0] })
  return hits
}

const names = contentNames()
const whereDefined = new Map<string, string>()
for (const n of names) if (!whereDefined.has(keyOf(n.name))) whereDefined.set(keyOf(n.name), n.from)
const matcher = nameMatcher(names.map((n) => n.name))
const codes = resultCodes()
const flagKeys = unitFlagKeys()
const sources = filesUnder(join(projectRoot, 'src')).map((file) => ({
  file,
  text: readFileSync(join(projectRoot, file), 'utf8'),
}))

describe('no ruleset knowledge in src/ (DESIGN.md)', () => {
  it('collects the names of every game in content/', () => {
    const keys = new Set(names.map((n) => keyOf(n.name)))
    // A sample from each kind, so an empty or broken collection cannot pass silently.
    for (const expected of [
      'men of iron', // game name
      'infidel-v1-2', // variant id
      'heavy cavalry', // unit type name
      'mc-a', // unit type id
      'franks', // side id
      "the emir's host", // side name
      'sample-ford', // map id
      'inf-shock-crt', // table id
      'mois-shock-drm', // modifier list id
    ])
      expect(keys, expected).toContain(expected)
    expect(codes).toContain('DRT')
  })

  it('the matcher finds a name as a whole word only, across comment lines too', () => {
    const m = nameMatcher(['Men of Iron', 'lc-a', 'Knights'])
    expect(findNames('x.ts', ' * as in the Men\n * of Iron rules', m)).toEqual([
      { file: 'x.ts', line: 1, found: 'Men\n * of Iron' },
    ])
    expect(findNames('x.ts', "if (t === 'LC-A') {}", m).map((h) => h.found)).toEqual(['LC-A'])
    expect(findNames('x.ts', 'knightsbridge knight', m)).toEqual([])
    expect(findCodeArrays('x.ts', "const cell = ['DE', 'CA']", codes)).toHaveLength(3)
    expect(findCodeArrays('x.ts', "const dirs = ['N', 'NE', 'SE']", codes)).toEqual([])
    const flagHits = (text: string) => findFlagNames('x.ts', text, flagKeys).map((h) => h.found)
    expect(
      flagHits("if (u.flags.canCharge || u.flags?.['exertsZoc']) f('alwaysInCommand')"),
    ).toEqual(['flags.canCharge', "flags?.['exertsZoc']", "'alwaysInCommand'"])
    expect(flagHits('flags.every((f) => f) && flags[settings.flag]')).toEqual([])
  })

  it('every allowlisted word is a content name (the list cannot go stale)', () => {
    for (const entry of ALLOWED) expect(whereDefined.has(keyOf(entry.name)), entry.name).toBe(true)
  })

  it('src/ names no unit type, unit class, side, game, map, scenario, table or modifier list', () => {
    const hits = sources.flatMap(({ file, text }) => findNames(file, text, matcher))
    const report = hits
      .filter((h) => !allowed(h))
      .map((h) => `${h.file}:${h.line}: "${h.found}" (${whereDefined.get(keyOf(h.found))})`)
    expect(report).toEqual([])
  })

  it('src/ reads no unit flag by its name (mechanics take flag names from their settings)', () => {
    const hits = sources
      .filter(({ file }) => !FLAG_NAME_ALLOWED.includes(file))
      .flatMap(({ file, text }) => findFlagNames(file, text, flagKeys))
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.found}`)).toEqual([])
  })

  it('src/ writes no result codes of the tables (no literal cells)', () => {
    const hits = sources.flatMap(({ file, text }) => findCodeArrays(file, text, codes))
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.found}`)).toEqual([])
  })
})
