/**
 * What content expressions can see. Each resolution, modifier list, status transition and
 * effect is evaluated in a context (attack, fire, unit, activation, battle, side, phase); the types below
 * are built from the ruleset, so `unit.status == 'disorderd'` or `unit.ratings.movment` are
 * caught when content is loaded, with a suggestion. docs/ARCHITECTURE.md lists these variables.
 */
import type { ResolvedRuleset } from '../generated/content-types'
import { createEnvironment, type Environment, type ExprType } from '../expr'
import { contextFacts } from './context-facts'

export type ContextKind = 'attack' | 'fire' | 'unit' | 'activation' | 'battle' | 'side' | 'phase'

export const CONTEXT_KINDS: readonly ContextKind[] = [
  'attack',
  'fire',
  'unit',
  'activation',
  'battle',
  'side',
  'phase',
]

/** The contexts a resolution or a modifier list may declare: every one but a phase's own. */
export const RESOLUTION_CONTEXTS: readonly ContextKind[] = CONTEXT_KINDS.filter(
  (k) => k !== 'phase',
)

const NUMBER: ExprType = { kind: 'number' }
const STRING: ExprType = { kind: 'string' }
const BOOLEAN: ExprType = { kind: 'boolean' }
const ANY: ExprType = { kind: 'any' }
const named = (name: string): ExprType => ({ kind: 'named', name })
const list = (element: ExprType): ExprType => ({ kind: 'list', element })
const obj = (fields: Record<string, ExprType>): ExprType => ({
  kind: 'object',
  fields: Object.fromEntries(
    Object.entries(fields).map(([k, type]) => [k, { type, optional: false }]),
  ),
})
const oneOf = (values: readonly string[]): ExprType =>
  values.length > 0 ? { kind: 'enum', values: [...values] } : STRING

/** kebab-case id → camelCase key, the form ids take as field names in expressions. */
const camelCache = new Map<string, string>()

export function camelKey(id: string): string {
  let found = camelCache.get(id)
  if (found === undefined) {
    found = id.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
    // Ids come from content and are few; the cache stays small.
    if (camelCache.size < 10_000) camelCache.set(id, found)
  }
  return found
}

/**
 * The parameters a ruleset declares for sides, commands or the scenario, as the fields of
 * `side.params` (…): each of its declared type, nullable when it may stay unset. A parameter
 * nobody declared is no field, so an expression reading one is refused where it is written.
 */
function parametersType(declared: ResolvedRuleset['sideParameters']): ExprType {
  return obj(
    Object.fromEntries(
      (declared ?? []).map((p) => {
        const type = p.type === 'number' ? NUMBER : p.type === 'boolean' ? BOOLEAN : STRING
        return [p.key, p.default === null ? { kind: 'nullable', inner: type } : type]
      }),
    ),
  )
}

/** The type of a JSON value, for params: numbers, strings, nested objects and lists. */
function typeOfValue(value: unknown): ExprType {
  if (typeof value === 'number') return NUMBER
  if (typeof value === 'string') return STRING
  if (typeof value === 'boolean') return BOOLEAN
  if (Array.isArray(value)) {
    const first = value[0]
    return list(first === undefined ? ANY : typeOfValue(first))
  }
  if (value && typeof value === 'object') {
    return obj(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeOfValue(v)])))
  }
  return ANY
}

function ratingType(r: NonNullable<ResolvedRuleset['ratings']>[number]): ExprType {
  if (r.type === 'number') return NUMBER
  if (r.type === 'boolean') return BOOLEAN
  return r.values ? oneOf(r.values) : STRING
}

function attributeType(a: NonNullable<ResolvedRuleset['terrain']['attributes']>[number]): ExprType {
  if (a.type === 'number') return NUMBER
  if (a.type === 'boolean') return BOOLEAN
  return a.values ? oneOf(a.values) : STRING
}

/** Sector names from the board's facing table, e.g. front, left-flank, right-flank, rear. */
export function sectorNames(r: ResolvedRuleset): string[] {
  return [...new Set((r.board?.facing?.sectors ?? []).map((s) => s.sector))]
}

export function rulesetTypes(r: ResolvedRuleset): Record<string, ExprType> {
  const ids = <T extends { id: string }>(items: readonly T[] | undefined) =>
    (items ?? []).map((i) => i.id)
  const hexAttributes = (r.terrain.attributes ?? []).filter((a) => a.appliesTo !== 'hexside')
  const sideAttributes = (r.terrain.attributes ?? []).filter((a) => a.appliesTo !== 'hex')
  const unitFields: Record<string, ExprType> = {
    id: STRING,
    name: STRING,
    type: oneOf(ids(r.unitTypes)),
    class: oneOf(ids(r.unitClasses)),
    side: STRING,
    command: STRING,
    status: oneOf(ids(r.statuses.states)),
    flags: obj(Object.fromEntries((r.unitFlags ?? []).map((f) => [f.key, BOOLEAN]))),
    ratings: obj(Object.fromEntries((r.ratings ?? []).map((x) => [x.key, ratingType(x)]))),
    markers: obj(Object.fromEntries((r.markers ?? []).map((m) => [camelKey(m.id), NUMBER]))),
    hex: named('Hex'),
    /** Every hex the unit's counter covers: its hex, and a two-hex counter's rear hex after it. */
    hexes: list(named('Hex')),
    movementClass: oneOf(ids(r.terrain.movementClasses)),
    weapons: list(oneOf(ids(r.weapons))),
    isLeader: BOOLEAN,
    /** Leaders sharing the unit's hex. */
    leaders: list(named('Leader')),
  }
  const { leaders: _omit, ...leaderFields } = unitFields
  const sectors = sectorNames(r)
  return {
    Hex: obj({
      label: STRING,
      terrain: oneOf(ids(r.terrain.hexTypes)),
      features: list(oneOf(ids(r.terrain.hexTypes))),
      elevation: NUMBER,
      attributes: obj(Object.fromEntries(hexAttributes.map((a) => [a.key, attributeType(a)]))),
    }),
    Hexside: obj({
      types: list(oneOf(ids(r.terrain.hexsideTypes))),
      attributes: obj(Object.fromEntries(sideAttributes.map((a) => [a.key, attributeType(a)]))),
    }),
    Leader: obj(leaderFields),
    Unit: obj(unitFields),
    /** A unit taking part in an attack, seen from the attack. */
    Participant: obj({
      ...unitFields,
      /** Side of the enemy unit it attacks through, from the defender's facing (front, flank…). */
      angle: oneOf(sectors),
      charging: BOOLEAN,
      counterCharged: BOOLEAN,
      /** Spent movement points this activation (turning does not count). */
      moved: BOOLEAN,
      /** Hexside crossed between this attacker and the defender. */
      crossing: named('Hexside'),
    }),
    Side: obj({
      id: STRING,
      name: STRING,
      tracks: obj(
        Object.fromEntries(
          (r.tracks ?? []).filter((t) => t.scope === 'side').map((t) => [camelKey(t.id), NUMBER]),
        ),
      ),
      params: parametersType(r.sideParameters),
      /** How many of the side's units in play carry each marker. */
      markers: obj(Object.fromEntries((r.markers ?? []).map((m) => [camelKey(m.id), NUMBER]))),
      commandCount: NUMBER,
    }),
    Command: obj({ id: STRING, name: STRING, params: parametersType(r.commandParameters) }),
  }
}

/** The types of the facts the context's mechanics pass (context-facts.ts). */
function factTypes(kind: ContextKind): Record<string, ExprType> {
  return Object.fromEntries(
    Object.entries(contextFacts(kind)).map(([name, fact]) => [
      name,
      fact.type === 'number' ? NUMBER : fact.type === 'boolean' ? BOOLEAN : STRING,
    ]),
  )
}

function contextVariables(kind: ContextKind): Record<string, ExprType> {
  switch (kind) {
    case 'attack':
      return {
        attackers: list(named('Participant')),
        defenders: list(named('Participant')),
        attacker: named('Participant'),
        defender: named('Participant'),
        attack: obj({
          charge: BOOLEAN,
          ...factTypes(kind),
          /** Units defending in the whole declared attack (both hexes when one unit attacks two). */
          defending: NUMBER,
        }),
      }
    case 'fire':
      return {
        firer: named('Unit'),
        target: named('Unit'),
        range: NUMBER,
        fire: obj({
          ...factTypes(kind),
          weapon: STRING,
          weaponGroup: STRING,
          /** Side of the target the shot comes through (from the target's facing). */
          angle: STRING,
          crossing: named('Hexside'),
        }),
      }
    case 'unit':
      return {
        unit: named('Unit'),
        /** What the unit must do to react: vertices (or hexsides) it must turn (a counter-charge). */
        reaction: obj(factTypes(kind)),
      }
    case 'activation':
      return {
        side: named('Side'),
        leader: named('Unit'),
        command: named('Command'),
        activation: obj({ kind: STRING, free: BOOLEAN, ...factTypes(kind) }),
      }
    case 'battle':
      return {
        friendly: list(named('Unit')),
        enemy: list(named('Unit')),
        leader: named('Unit'),
        battle: obj({ kind: STRING, hex: named('Hex'), ...factTypes(kind) }),
      }
    case 'side':
      return { side: named('Side') }
    case 'phase':
      // A phase's `when` and `repeat`: the side it runs for, and how often it has run.
      return {
        side: named('Side'),
        phase: obj({ id: STRING, runs: NUMBER }),
      }
  }
}

/** Functions content can call; the runtime binds their implementations when evaluating. */
const functions = {
  matrix: { params: ['string', 'string', 'string'], returns: 'number' },
  rangeModifier: { params: ['string', 'string', 'number'], returns: 'number' },
  shiftedRangeModifier: { params: ['string', 'string', 'number', 'number'], returns: 'number' },
  maxRange: { params: ['string', 'string'], returns: 'number' },
} as const

export function buildEnvironment(r: ResolvedRuleset, kind: ContextKind): Environment {
  return createEnvironment({
    types: rulesetTypes(r),
    variables: {
      ...contextVariables(kind),
      params: typeOfValue(r.parameters ?? {}),
      options: obj(Object.fromEntries((r.options ?? []).map((o) => [camelKey(o.id), BOOLEAN]))),
      scenario: obj({ params: parametersType(r.scenarioParameters) }),
      game: obj({ turn: NUMBER, activation: NUMBER }),
    },
    functions,
  })
}

/** One environment per context kind for a ruleset, built once when it is loaded. */
export function buildEnvironments(r: ResolvedRuleset): Record<ContextKind, Environment> {
  return Object.fromEntries(CONTEXT_KINDS.map((k) => [k, buildEnvironment(r, k)])) as Record<
    ContextKind,
    Environment
  >
}
