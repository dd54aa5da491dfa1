/**
 * Starting points for new content files: the smallest file of each format that validates
 * against the bundled content, so a designer begins from a clean problems panel and grows the
 * file from there. Also "copy": an existing file under a new id.
 */
import { parseFile, pathFor } from './files'
import { applyValueEdits, printJson } from './json-edit'

export type NewFormat = 'ruleset' | 'variant' | 'map' | 'scenario'

/** `$schema` as written in files under content/<folder>/. */
const schemaRef = (format: string) => `../../schemas/${format}.schema.json`

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A sentence saying why this id cannot be used, or undefined when it can. */
export function idProblem(
  id: string,
  format: string,
  exists: (path: string) => boolean,
): string | undefined {
  if (id === '') return 'Give the new file an id.'
  if (!KEBAB.test(id))
    return `"${id}" is not a valid id: use lower-case letters, digits and single hyphens (like "my-new-map").`
  if (exists(pathFor(format, id)))
    return `There is already a file called ${pathFor(format, id)}; choose another id.`
  return undefined
}

/** Human name from an id when the designer gives none: "river-crossing" → "River crossing". */
export function nameFromId(id: string): string {
  const words = id.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const file = (value: Record<string, unknown>) => printJson(value) + '\n'

export interface NewRulesetOptions {
  id: string
  name?: string
}

/**
 * One die, two unit states, one terrain type and one movement phase: what the schema requires
 * and the cross-file checks accept, nothing more.
 */
export function newRuleset(o: NewRulesetOptions): string {
  return file({
    $schema: schemaRef('ruleset'),
    id: o.id,
    schemaVersion: 1,
    name: o.name || nameFromId(o.id),
    description: '',
    dice: [{ id: 'd6', count: 1, sides: 6 }],
    ratings: [{ key: 'movement', label: 'Movement', type: 'number' }],
    statuses: {
      states: [
        { id: 'ready', label: 'Ready', initial: true },
        { id: 'eliminated', label: 'Eliminated', removed: true },
      ],
      events: [{ id: 'eliminate', label: 'Eliminate' }],
      transitions: [{ from: 'ready', event: 'eliminate', to: 'eliminated' }],
    },
    terrain: {
      movementClasses: [{ id: 'foot', label: 'Foot' }],
      hexTypes: [{ id: 'clear', label: 'Clear', movement: { foot: 1 } }],
    },
    sequence: {
      structure: 'turns',
      turns: { playerTurns: 'alternate' },
      phases: [{ id: 'move', label: 'Move', mechanic: 'movement', player: 'active' }],
    },
  })
}

export interface NewVariantOptions {
  id: string
  name?: string
  /** The ruleset or variant this one changes. */
  base: string
}

export function newVariant(o: NewVariantOptions): string {
  return file({
    $schema: schemaRef('variant'),
    id: o.id,
    schemaVersion: 1,
    name: o.name || nameFromId(o.id),
    description: '',
    base: o.base,
    patch: {},
  })
}

export type Orientation = 'flat' | 'pointy'
export type Parity = 'odd' | 'even'

export type Numbering =
  | {
      scheme: 'numeric'
      columnDigits: number
      rowDigits: number
      firstColumn?: number
      firstRow?: number
    }
  | { scheme: 'letter-row'; firstRow?: number }

export interface NewMapOptions {
  id: string
  name?: string
  ruleset: string
  columns: number
  rows: number
  orientation?: Orientation
  /** Which columns (flat) or rows (pointy) sit half a hex off, counting the first as 0. */
  offset?: Parity
  /** Defaults to CCRR-style numbers wide enough for the size, starting at 01. */
  numbering?: Numbering
  /** A hex type of the ruleset; the caller reads the ruleset (see `firstHexType`). */
  defaultTerrain: string
}

/** Digits enough to print the largest column and row number. */
export function numericNumbering(columns: number, rows: number): Numbering {
  const digits = (n: number) => Math.max(2, String(n).length)
  return {
    scheme: 'numeric',
    columnDigits: Math.min(3, digits(columns)),
    rowDigits: Math.min(3, digits(rows)),
    firstColumn: 1,
    firstRow: 1,
  }
}

export function newMap(o: NewMapOptions): string {
  return file({
    $schema: schemaRef('map'),
    id: o.id,
    schemaVersion: 1,
    name: o.name || nameFromId(o.id),
    ruleset: o.ruleset,
    grid: {
      orientation: o.orientation ?? 'flat',
      offset: o.offset ?? 'odd',
      columns: o.columns,
      rows: o.rows,
      numbering: o.numbering ?? numericNumbering(o.columns, o.rows),
    },
    defaultTerrain: o.defaultTerrain,
    hexes: {},
  })
}

export interface NewSideOptions {
  id: string
  name?: string
  color?: string
}

export interface NewScenarioOptions {
  id: string
  name?: string
  /** The ruleset or variant the battle is played with. */
  ruleset: string
  map: string
  sides?: [NewSideOptions, NewSideOptions]
}

const SIDE_COLOURS = ['#3b5ba5', '#a53b3b', '#3f7a3a', '#8a6d1f']

export function newScenario(o: NewScenarioOptions): string {
  const sides = o.sides ?? [
    { id: 'first-side', name: 'First side', color: '#3b5ba5' },
    { id: 'second-side', name: 'Second side', color: '#a53b3b' },
  ]
  return file({
    $schema: schemaRef('scenario'),
    id: o.id,
    schemaVersion: 1,
    name: o.name || nameFromId(o.id),
    description: '',
    ruleset: o.ruleset,
    map: o.map,
    sides: sides.map((s, i) => ({
      id: s.id,
      name: s.name || nameFromId(s.id),
      // Counters are drawn in their side's colour: a new side starts with a distinct one.
      color: s.color ?? SIDE_COLOURS[i % SIDE_COLOURS.length],
      // Units act when their command is activated: each side starts with one, which the units
      // placed join; parameters the rules declare take their defaults until set.
      commands: [{ id: `${s.id}-main`, name: 'Main command' }],
      units: [],
    })),
  })
}

/** The first hex type a resolved ruleset declares, for a new map's default terrain. */
export function firstHexType(ruleset: unknown): string | undefined {
  const terrain = (ruleset as { terrain?: { hexTypes?: Array<{ id?: unknown }> } } | undefined)
    ?.terrain
  const id = terrain?.hexTypes?.[0]?.id
  return typeof id === 'string' ? id : undefined
}

export interface CopyResult {
  path: string
  text: string
}

/**
 * A copy of a file under a new id: `id` and `name` rewritten in place (the rest keeps its
 * layout, `$schema` included), the path following the id. Throws a sentence when the source
 * is not valid JSON, since its id cannot be found safely.
 */
export function copyFile(
  sourcePath: string,
  sourceText: string,
  newId: string,
  newName?: string,
): CopyResult {
  const parsed = parseFile(sourcePath, sourceText)
  if (parsed.value === undefined || typeof parsed.value !== 'object' || parsed.value === null)
    throw new Error(
      'This file is not valid JSON, so it cannot be copied: fix it in the JSON view first.',
    )
  const format = parsed.format ?? 'misc'
  const old = parsed.value as { name?: unknown }
  const name = newName || (typeof old.name === 'string' ? `${old.name} (copy)` : nameFromId(newId))
  const text = applyValueEdits(sourceText, [
    { pointer: '/id', value: newId },
    { pointer: '/name', value: name },
  ])
  return { path: pathFor(format, newId), text }
}
