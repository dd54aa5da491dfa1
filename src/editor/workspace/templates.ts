/**
 * Starting points for new content files: the smallest file of each format that validates
 * against the bundled content, so a designer begins from a clean problems panel and grows the
 * file from there. Also "copy": an existing file under a new id.
 */
import { parseFile, pathFor } from './files'
import { applyValueEdits, printJson, type ValueEdit } from './json-edit'

export type NewFormat = 'ruleset' | 'variant' | 'map' | 'scenario' | 'table' | 'unit-set'

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
 * One die, two unit states, one terrain type and a sequence the engine plays: a side activates
 * one of its commands, whose units move, or passes. What the schema requires and the cross-file
 * checks accept, and a scenario on it plays at once; the designer grows it from there.
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
      structure: 'activations',
      activation: {
        kinds: [
          { id: 'command', label: 'Activate a command', scope: 'command', phases: ['move'] },
          { id: 'pass', label: 'Pass', scope: 'pass', phases: [] },
        ],
      },
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

export interface NewTableOptions {
  id: string
  name?: string
  /** The ruleset (or variant) the table belongs to. */
  ruleset: string
  /** One of the ruleset's dice (see `rulesetFacts`). */
  dice: string
  /** The die's lowest and highest face, to split the rows at its middle. */
  faces?: { min: number; max: number }
}

/**
 * A roll table with one result column and two rows that between them cover every roll (the
 * low half and the high half, open-ended), their cells empty: a grid to fill in.
 */
export function newTable(o: NewTableOptions): string {
  const { min, max } = o.faces ?? { min: 1, max: 6 }
  const split = Math.floor((min + max) / 2)
  return file({
    $schema: schemaRef('table'),
    id: o.id,
    schemaVersion: 1,
    ruleset: o.ruleset,
    label: o.name || nameFromId(o.id),
    description: '',
    kind: 'roll',
    dice: o.dice,
    columns: [{ id: 'result', label: 'Result' }],
    rows: [
      { roll: { max: split }, cells: [null] },
      { roll: { min: split + 1 }, cells: [null] },
    ],
  })
}

export interface NewUnitSetOptions {
  id: string
  name?: string
  /** The ruleset (or variant) whose vocabulary the units use. */
  ruleset: string
  /** The ruleset's movement class the set's units move as, when it has any. */
  movementClass?: string
}

/**
 * One class of unit and no types yet: the Units view adds types to the class. A type the
 * ruleset's tables do not cover would be an error at once, so none is made here.
 */
export function newUnitSet(o: NewUnitSetOptions): string {
  const name = o.name || nameFromId(o.id)
  return file({
    $schema: schemaRef('unit-set'),
    id: o.id,
    schemaVersion: 1,
    ruleset: o.ruleset,
    name,
    description: '',
    classes: [
      {
        id: o.id,
        label: name,
        ...(o.movementClass ? { movementClass: o.movementClass } : {}),
      },
    ],
    types: [],
  })
}

/** What a table or unit set template reads of its resolved ruleset. */
export interface RulesetFacts {
  dice?: ReadonlyArray<{ id: string; count?: number; sides: number; faces?: string }>
  terrain?: { movementClasses?: ReadonlyArray<{ id: string }> }
}

/** The lowest and highest total a die spec rolls (a d10 read 0–9, 2d6 …). */
export function diceRange(die: { count?: number; sides: number; faces?: string }): {
  min: number
  max: number
} {
  const count = die.count ?? 1
  const low = die.faces === 'zero-based' ? 0 : 1
  return { min: count * low, max: count * (low + die.sides - 1) }
}

/** A new table or unit set for a ruleset, or a sentence saying why the ruleset cannot have one. */
export function newRulesetPart(
  format: 'table' | 'unit-set',
  o: { id: string; name?: string; ruleset: string },
  facts: RulesetFacts,
): { text: string } | { error: string } {
  if (format === 'unit-set')
    return {
      text: newUnitSet({ ...o, movementClass: facts.terrain?.movementClasses?.[0]?.id }),
    }
  const die = facts.dice?.[0]
  if (!die) return { error: 'That ruleset has no dice yet, so a table has nothing to roll.' }
  return { text: newTable({ ...o, dice: die.id, faces: diceRange(die) }) }
}

/**
 * The edit that makes a ruleset include a new unit set or table: a ruleset lists them itself
 * (`unitSets`, `tables`), a variant under `include`. The rest of its file keeps its layout.
 */
export function includeEdits(
  ruleset: Record<string, unknown>,
  format: 'table' | 'unit-set',
  id: string,
): ValueEdit[] {
  const key = format === 'table' ? 'tables' : 'unitSets'
  const isVariant = typeof ruleset.base === 'string'
  const holder = (isVariant ? ruleset.include : ruleset) as Record<string, unknown> | undefined
  if (isVariant && (typeof holder !== 'object' || holder === null))
    return [{ pointer: '/include', value: { [key]: [id] } }]
  const at = isVariant ? `/include/${key}` : `/${key}`
  const list = holder?.[key]
  if (Array.isArray(list)) return list.includes(id) ? [] : [{ pointer: `${at}/-`, value: id }]
  return [{ pointer: at, value: [id] }]
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
