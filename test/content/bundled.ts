/**
 * The bundled content loaded as the game loads it, and the expression variables of an attack
 * built the way the game state builds them (src/runtime/state/variables.ts and board.ts): the
 * unit type's ratings for its status and its flags, every marker of the ruleset (zero unless
 * given), a hex of the given terrain with the ruleset's attribute defaults, and the hexside
 * crossed. Nothing here comes from hand-written rules: only the situation is described.
 */
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import { loadLibrary, type ContentLibrary } from '../../src/runtime/library/loader'
import { camelKey, flagsFor, ratingsFor } from '../../src/runtime/rules'
import type { ResolutionRecord, TermRecord } from '../../src/runtime/rules'
import { readContentFolder } from '../helpers/fixtures'

let library: ContentLibrary | undefined

/** The library of everything under content/, loaded once per test file. */
export function bundledLibrary(): ContentLibrary {
  library ??= loadLibrary(readContentFolder('content'))
  return library
}

/** A bundled ruleset (or variant) prepared by the rules kernel; fails loudly if it does not load. */
export function bundledRuleset(id: string): LoadedRuleset {
  const result = bundledLibrary().ruleset(id)
  if (!result.ok) {
    const problems = result.problems.map((p) => `${p.file}${p.pointer}: ${p.message}`)
    throw new Error(`ruleset "${id}" does not load:\n${problems.join('\n')}`)
  }
  return result.value
}

type Vars = Record<string, unknown>

function attributeDefaults(rules: LoadedRuleset, appliesTo: 'hex' | 'hexside'): Vars {
  return Object.fromEntries(
    (rules.ruleset.terrain.attributes ?? [])
      .filter((a) => (a.appliesTo ?? 'both') === 'both' || a.appliesTo === appliesTo)
      .filter((a) => a.default !== undefined)
      .map((a) => [a.key, a.default]),
  )
}

/** A hex of `terrain` (the ruleset's hex type) at elevation 0, as the board describes it. */
export function hexOf(rules: LoadedRuleset, label: string, terrain: string): Vars {
  const type = rules.ruleset.terrain.hexTypes.find((t) => t.id === terrain)
  if (type === undefined) throw new Error(`ruleset has no hex type "${terrain}"`)
  return {
    label,
    terrain,
    features: [],
    elevation: 0,
    attributes: { ...attributeDefaults(rules, 'hex'), ...(type.attributes ?? {}) },
  }
}

/** A hexside with no feature on it (plain ground between two hexes). */
export function openHexside(rules: LoadedRuleset): Vars {
  return { types: [], attributes: attributeDefaults(rules, 'hexside') }
}

export interface UnitSpec {
  id: string
  /** A unit type of the ruleset, or (for games whose counters are per scenario) only a class. */
  type?: string
  unitClass?: string
  status: string
  side?: string
  command?: string
  /** Marker counts by marker id (kebab-case, as in the content). */
  markers?: Record<string, number>
  /** Hex label; the terrain is `terrain` (default: the ruleset's first hex type). */
  hex?: string
  terrain?: string
  /** Participant fields of the attack context. */
  angle?: string
  charging?: boolean
  moved?: boolean
  counterCharged?: boolean
  leaders?: Vars[]
}

/** Flags and ratings of a unit class alone, for counters the rules leave to each scenario. */
function classStats(rules: LoadedRuleset, classId: string) {
  const unitClass = rules.unitClasses.get(classId)
  if (unitClass === undefined) throw new Error(`ruleset has no unit class "${classId}"`)
  const flags: Record<string, boolean> = Object.fromEntries(
    (rules.ruleset.unitFlags ?? []).map((f) => [f.key, false]),
  )
  for (const flag of unitClass.flags ?? []) flags[flag] = true
  const ratings: Record<string, unknown> = {}
  for (const rating of rules.ruleset.ratings ?? [])
    if (rating.default !== undefined) ratings[rating.key] = rating.default
  Object.assign(ratings, unitClass.ratings ?? {})
  return { flags, ratings, movementClass: unitClass.movementClass ?? '', weapons: [] as string[] }
}

function typeStats(rules: LoadedRuleset, typeId: string, status: string) {
  const type = rules.unitTypes.get(typeId)
  if (type === undefined) throw new Error(`ruleset has no unit type "${typeId}"`)
  return {
    unitClass: type.class,
    flags: flagsFor(rules, typeId),
    ratings: ratingsFor(rules, typeId, status),
    movementClass: type.movementClass ?? rules.unitClasses.get(type.class)?.movementClass ?? '',
    weapons: [...new Set((type.weapons ?? []).map((w) => w.weapon))],
  }
}

/** A unit as expressions see it, and as a participant of an attack. */
export function participant(rules: LoadedRuleset, spec: UnitSpec): Vars {
  let stats
  if (spec.type !== undefined) stats = typeStats(rules, spec.type, spec.status)
  else if (spec.unitClass !== undefined)
    stats = { unitClass: spec.unitClass, ...classStats(rules, spec.unitClass) }
  else throw new Error(`unit "${spec.id}" needs a type or a class`)
  const markers: Record<string, number> = {}
  for (const marker of rules.ruleset.markers ?? []) markers[camelKey(marker.id)] = 0
  for (const [marker, count] of Object.entries(spec.markers ?? {}))
    markers[camelKey(marker)] = count
  const terrain = spec.terrain ?? rules.ruleset.terrain.hexTypes[0]?.id ?? ''
  return {
    id: spec.id,
    name: spec.id,
    type: spec.type ?? '',
    class: stats.unitClass,
    side: spec.side ?? '',
    command: spec.command ?? '',
    status: spec.status,
    flags: stats.flags,
    ratings: stats.ratings,
    markers,
    hex: hexOf(rules, spec.hex ?? '0000', terrain),
    movementClass: stats.movementClass,
    weapons: stats.weapons,
    isLeader: false,
    leaders: spec.leaders ?? [],
    angle: spec.angle ?? 'front',
    charging: spec.charging ?? false,
    counterCharged: spec.counterCharged ?? false,
    moved: spec.moved ?? false,
    crossing: openHexside(rules),
  }
}

export interface AttackSpec {
  /** All defenders of the declared attack (12.3-1 counts them all); default: just `defender`. */
  defenders?: Vars[]
  /** Earlier shock phases fought this activation (12.3-8). */
  continued?: number
  counterChargedVsShock?: boolean
  bonus?: number
}

/** Variables of the attack context: `attackers` against `defender`, one roll. */
export function attackVariables(attackers: Vars[], defender: Vars, spec: AttackSpec = {}): Vars {
  return {
    attackers,
    defenders: spec.defenders ?? [defender],
    attacker: attackers[0],
    defender,
    attack: {
      charge: attackers.some((a) => a.charging === true),
      continued: spec.continued ?? 0,
      counterChargedVsShock: spec.counterChargedVsShock ?? false,
      bonus: spec.bonus ?? 0,
      defending: (spec.defenders ?? [defender]).length,
    },
  }
}

/** The applied modifier terms of a record, `[id, value]` in list order. */
export function appliedTerms(terms: readonly TermRecord[] | undefined): [string, number][] {
  return (terms ?? []).filter((t) => t.applied).map((t) => [t.id, t.value as number])
}

/** The record's result codes in cell order. */
export function codesOf(record: ResolutionRecord): string[] {
  return record.codes.map((c) => c.code)
}
