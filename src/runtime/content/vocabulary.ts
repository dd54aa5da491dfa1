/**
 * The names a resolved ruleset defines, by kind of reference. An x-ref annotation in a schema says
 * which kind a string must name; this is where that kind's names come from.
 */
import type { ResolvedRuleset } from '../generated/content-types'

export type Vocabulary = Map<string, Set<string>>

/** How each kind is called in messages ("unknown terrain ..."). */
export const REF_KIND_NAMES: Readonly<Record<string, string>> = {
  unitType: 'unit type',
  unitClass: 'unit class',
  unitFlag: 'unit flag',
  rating: 'rating',
  status: 'status',
  statusEvent: 'status event',
  terrain: 'terrain',
  hexside: 'hexside type',
  movementClass: 'movement class',
  terrainAttribute: 'terrain attribute',
  marker: 'marker',
  track: 'track',
  resultSet: 'result set',
  resolution: 'resolution',
  weapon: 'weapon',
  option: 'optional rule',
  dice: 'dice',
  table: 'table',
  modifierList: 'modifier list',
  phase: 'phase',
  activationKind: 'activation kind',
  victoryCondition: 'victory condition',
  sideParameter: 'side parameter',
  commandParameter: 'command parameter',
  parameter: 'ruleset parameter',
  scenarioParameter: 'scenario parameter',
  modifierGroup: 'modifier group',
  rowScale: 'roll scale',
  tableColumn: 'column',
  side: 'side',
  command: 'command',
  unit: 'unit',
  hex: 'hex',
  region: 'map region',
  rulesetFile: 'ruleset',
  variantFile: 'variant',
  unitSetFile: 'unit set',
  tableFile: 'table file',
  modifierListFile: 'modifier list file',
  mapFile: 'map',
  scenarioFile: 'scenario',
}

const ids = (items: readonly { id: string }[] | undefined): Set<string> =>
  new Set((items ?? []).map((i) => i.id))
const keys = (items: readonly { key: string }[] | undefined): Set<string> =>
  new Set((items ?? []).map((i) => i.key))

export function rulesetVocabulary(r: ResolvedRuleset): Vocabulary {
  const v: Vocabulary = new Map()
  v.set('unitType', ids(r.unitTypes))
  v.set('unitClass', ids(r.unitClasses))
  v.set('unitFlag', keys(r.unitFlags))
  v.set('rating', keys(r.ratings))
  v.set('status', ids(r.statuses.states))
  v.set('statusEvent', ids(r.statuses.events))
  v.set('terrain', ids(r.terrain.hexTypes))
  v.set('hexside', ids(r.terrain.hexsideTypes))
  v.set('movementClass', ids(r.terrain.movementClasses))
  v.set('terrainAttribute', keys(r.terrain.attributes))
  v.set('marker', ids(r.markers))
  v.set('track', ids(r.tracks))
  v.set('resultSet', ids(r.resultSets))
  v.set('resolution', ids(r.resolutions))
  v.set('weapon', ids(r.weapons))
  v.set('option', ids(r.options))
  v.set('dice', ids(r.dice))
  v.set('table', ids(r.tables))
  v.set('modifierList', ids(r.modifierLists))
  v.set('phase', ids(r.sequence.phases))
  v.set('activationKind', ids(r.sequence.activation?.kinds))
  v.set('victoryCondition', ids(r.victory?.conditions))
  v.set('sideParameter', keys(r.sideParameters))
  v.set('commandParameter', keys(r.commandParameters))
  v.set('scenarioParameter', keys(r.scenarioParameters))
  v.set('parameter', new Set(Object.keys((r.parameters ?? {}) as Record<string, unknown>)))
  return v
}

/** Adds names defined inside one file (its own groups, columns, sides…) to a vocabulary. */
export function withLocal(
  base: Vocabulary | undefined,
  local: Record<string, Iterable<string>>,
): Vocabulary {
  const v: Vocabulary = new Map()
  for (const [k, set] of base ?? []) v.set(k, new Set(set))
  for (const [k, names] of Object.entries(local)) {
    const set = v.get(k) ?? new Set<string>()
    for (const n of names) set.add(n)
    v.set(k, set)
  }
  return v
}

/**
 * Where a resolved ruleset lists entities that must each have a name of their own, by kind:
 * the list's pointer and the field that names its items. A second entry under one name would be
 * silently shadowed by the first (or the last) wherever the engine looks it up.
 */
export function entityLists(
  r: ResolvedRuleset,
): { kind: string; path: string; items: readonly object[] | undefined; field: 'id' | 'key' }[] {
  return [
    { kind: 'unitType', path: '/unitTypes', items: r.unitTypes, field: 'id' },
    { kind: 'unitClass', path: '/unitClasses', items: r.unitClasses, field: 'id' },
    { kind: 'terrain', path: '/terrain/hexTypes', items: r.terrain.hexTypes, field: 'id' },
    { kind: 'hexside', path: '/terrain/hexsideTypes', items: r.terrain.hexsideTypes, field: 'id' },
    {
      kind: 'movementClass',
      path: '/terrain/movementClasses',
      items: r.terrain.movementClasses,
      field: 'id',
    },
    {
      kind: 'terrainAttribute',
      path: '/terrain/attributes',
      items: r.terrain.attributes,
      field: 'key',
    },
    { kind: 'status', path: '/statuses/states', items: r.statuses.states, field: 'id' },
    { kind: 'statusEvent', path: '/statuses/events', items: r.statuses.events, field: 'id' },
    { kind: 'table', path: '/tables', items: r.tables, field: 'id' },
    { kind: 'modifierList', path: '/modifierLists', items: r.modifierLists, field: 'id' },
    { kind: 'resolution', path: '/resolutions', items: r.resolutions, field: 'id' },
    { kind: 'resultSet', path: '/resultSets', items: r.resultSets, field: 'id' },
    { kind: 'rating', path: '/ratings', items: r.ratings, field: 'key' },
    { kind: 'unitFlag', path: '/unitFlags', items: r.unitFlags, field: 'key' },
    { kind: 'marker', path: '/markers', items: r.markers, field: 'id' },
    { kind: 'track', path: '/tracks', items: r.tracks, field: 'id' },
    { kind: 'option', path: '/options', items: r.options, field: 'id' },
    { kind: 'dice', path: '/dice', items: r.dice, field: 'id' },
    { kind: 'weapon', path: '/weapons', items: r.weapons, field: 'id' },
    { kind: 'phase', path: '/sequence/phases', items: r.sequence?.phases, field: 'id' },
    {
      kind: 'victoryCondition',
      path: '/victory/conditions',
      items: r.victory?.conditions,
      field: 'id',
    },
  ]
}

/** Entities defined twice in a resolved ruleset (two unit sets both defining the same unit type id). */
export function duplicateEntityIds(
  r: ResolvedRuleset,
): { kind: string; id: string; index: number; path: string }[] {
  const out: { kind: string; id: string; index: number; path: string }[] = []
  for (const { kind, path, items, field } of entityLists(r)) {
    const seen = new Set<string>()
    ;(items ?? []).forEach((item, index) => {
      const id = (item as Record<string, unknown>)[field]
      if (typeof id !== 'string') return
      if (seen.has(id)) out.push({ kind, id, index, path })
      seen.add(id)
    })
  }
  return out
}
