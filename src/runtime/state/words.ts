/**
 * Actions in words for a player, in the editor's play view, in the CLI and in the message of a
 * saved game that no longer replays: unit, command and side ids become their names from the
 * scenario, hexes stay labels. The common shapes of the play actions read as sentences; any
 * other action lists its fields, so a mechanic added later still reads. The engine's own
 * sentences (log lines, prompts, records) name things by id, and their text is part of the
 * recorded games, so they are put in words by their readers (`text`), never in the engine.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Action } from './actions'
import { boardOf } from './board'
import { spareHorses } from './roster'

export interface Names {
  unit(id: string): string
  command(id: string): string
  side(id: string): string
  /** A facing as the board names it ("E"), whether given by name or as a clock number. */
  facing(value: unknown): string
  /** A thing of the ruleset (a weapon, a kind of remains) by its label, else its id in words. */
  label(id: string): string
  /**
   * An engine sentence in words: every unit, leader, side and command id becomes its name, a
   * marker, track or counter id its label, and the action types a prompt quotes ("decline")
   * the words of their buttons (`answers`: the types the open decision takes).
   */
  text(sentence: string, answers?: readonly string[]): string
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Replaces each whole id of `map` (not part of a longer id) in a sentence with its words. */
export function idReplacer(map: ReadonlyMap<string, string>): (sentence: string) => string {
  if (map.size === 0) return (s) => s
  const ids = [...map.keys()].sort((a, b) => b.length - a.length).map(escape)
  const re = new RegExp(`(?<![\\w-])(${ids.join('|')})(?![\\w-])`, 'g')
  return (s) => s.replace(re, (id) => map.get(id) ?? id)
}

/** An action type as its button says it ("retreat-before-combat" → "retreat before combat"). */
export const typeWords = (type: string): string => type.replace(/[-_]/g, ' ')

/**
 * The action types a prompt quotes: a parenthesis that only says which action answers and its
 * fields (`("place" with hex and facing)`, `("advance")`) goes, since the buttons say it; a
 * quoted type elsewhere becomes its words.
 */
function promptWords(sentence: string, answers: readonly string[]): string {
  if (!sentence.includes('"')) return sentence
  const types = new Set(answers)
  return sentence
    .replace(/ ?\("([a-z0-9-]+)"(?: with [^()]*)?\)/g, (all, t: string) =>
      types.has(t) ? '' : all,
    )
    .replace(/"([a-z0-9-]+)"/g, (all, t: string) => (types.has(t) ? typeWords(t) : all))
}

/** Labels of the ruleset's things an engine sentence names by id (markers, tracks, counters). */
function ruleLabels(loaded: LoadedScenario): Map<string, string> {
  const rs = loaded.rules.ruleset
  const out = new Map<string, string>()
  // Ids without a hyphen are plain words ("shock", "normal") that read well as they are and may
  // stand in a sentence as words: only hyphenated ones are replaced.
  const add = (id: string, label: string | undefined) => {
    if (label && id.includes('-')) out.set(id, label)
  }
  for (const m of rs.markers ?? []) add(m.id, m.label)
  for (const t of rs.tracks ?? []) add(t.id, t.label)
  for (const c of rs.sequence.activation?.seizure?.counters ?? []) {
    const r = c.range
    add(c.id, r ? `${c.label} (${r.min}–${r.max})` : c.label)
  }
  return out
}

export function namesOf(loaded: LoadedScenario): Names {
  const units = new Map<string, string>()
  const commands = new Map<string, string>()
  const sides = new Map<string, string>()
  for (const side of loaded.scenario.sides) {
    sides.set(side.id, side.name ?? side.id)
    for (const c of side.commands ?? []) commands.set(c.id, c.name ?? c.id)
    for (const u of side.units ?? []) units.set(u.id, u.name ?? u.id)
    for (const g of side.reinforcements ?? [])
      for (const u of g.units ?? []) units.set(u.id, u.name ?? u.id)
  }
  for (const horse of spareHorses(loaded)) units.set(horse.id, horse.name)
  const labels = new Map<string, string>()
  for (const w of loaded.rules.ruleset.weapons ?? []) labels.set(w.id, w.label)
  for (const k of loaded.rules.ruleset.mechanics?.remains?.kinds ?? []) labels.set(k.id, k.label)
  // Scenario names win over a rule label of the same id.
  const all = new Map([...ruleLabels(loaded), ...sides, ...commands, ...units])
  const ids = idReplacer(all)
  // A record names its resolution by label and id ("Loss check (loss-check)"): the label says it.
  const resolutions = [...loaded.rules.resolutions.values()].map((r) => `${r.label} (${r.id})`)
  const replace = (s: string) =>
    ids(
      resolutions.reduce((t, both) => t.split(both).join(both.slice(0, both.lastIndexOf(' ('))), s),
    )
  return {
    unit: (id) => units.get(id) ?? id,
    command: (id) => commands.get(id) ?? id,
    side: (id) => sides.get(id) ?? id,
    label: (id) => labels.get(id) ?? typeWords(id),
    facing: (value) =>
      typeof value === 'number' ? boardOf(loaded).facingName(value) : String(value),
    text: (sentence, answers = []) => replace(promptWords(sentence, answers)),
  }
}

const words = (id: string): string => id.replace(/[-_]/g, ' ')
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

function list(value: unknown, name: (id: string) => string): string {
  const items = Array.isArray(value) ? value : [value]
  return items.map((v) => (typeof v === 'string' ? name(v) : String(v))).join(', ')
}

const UNIT_FIELDS = new Set([
  'unit',
  'units',
  'target',
  'attackers',
  'defenders',
  'with',
  'leader',
  'firer',
])

/** Fields of an action not said by its sentence, as "name: value". */
function rest(action: Action, said: readonly string[], names: Names): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(action)) {
    if (key === 'type' || key === 'side' || said.includes(key)) continue
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue
    if (key === 'with' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // Leaders going along with units: { unit: [leaders] }.
      for (const [unit, leaders] of Object.entries(value as Record<string, unknown>))
        parts.push(`${list(leaders, names.unit)} with ${names.unit(unit)}`)
      continue
    }
    const shown =
      key === 'command'
        ? list(value, names.command)
        : UNIT_FIELDS.has(key)
          ? list(value, names.unit)
          : Array.isArray(value)
            ? value.map((v) => names.text(String(v))).join(' → ')
            : value !== null && typeof value === 'object'
              ? objectWords(value as Record<string, unknown>, names)
              : names.text(String(value))
    parts.push(`${words(key)} ${shown}`)
  }
  return parts.length ? ` (${parts.join(', ')})` : ''
}

/** An object field as "name: value; …", ids in words (never JSON with its braces). */
function objectWords(value: Record<string, unknown>, names: Names): string {
  return Object.entries(value)
    .map(([k, v]) => {
      const shown = Array.isArray(v)
        ? v.map((x) => names.text(String(x))).join(', ')
        : v !== null && typeof v === 'object'
          ? objectWords(v as Record<string, unknown>, names)
          : names.text(String(v))
      return `${names.text(k)}: ${shown}`
    })
    .join('; ')
}

/** The paths of a charge declaration ("via 0805, 0905"), so declarations differing only there read apart. */
function chargePaths(paths: unknown, names: Names): string {
  if (paths === null || typeof paths !== 'object') return ''
  const entries = Object.entries(paths as Record<string, unknown>).filter(
    ([, p]) => Array.isArray(p) && p.length > 0,
  )
  if (entries.length === 1) return ` via ${(entries[0]?.[1] as string[]).join(', ')}`
  return entries.map(([u, p]) => `; ${names.unit(u)} via ${(p as string[]).join(', ')}`).join('')
}

/** A route or path after its verb: " by K15 → K14 → K13". */
function via(route: unknown): string {
  return Array.isArray(route) && route.length > 0 ? ` by ${route.join(' → ')}` : ''
}

/** One action as a short sentence. */
export function actionText(action: Action, names: Names): string {
  const a = action as Record<string, unknown>
  const str = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '')
  switch (action.type) {
    case 'pass':
      return 'Pass'
    case 'done':
      return 'Done'
    case 'activate':
    case 'continue': {
      const verb = action.type === 'activate' ? 'Activate' : 'Continue with'
      const what = a.command ? names.command(str('command')) : 'the army'
      const kind = a.kind === undefined ? '' : ` — ${words(str('kind'))}`
      return `${verb} ${what}${kind}${rest(action, ['kind', 'command'], names)}`
    }
    case 'move': {
      const path = Array.isArray(a.path) ? (a.path as string[]) : []
      const facing = a.facing === undefined ? '' : `, facing ${names.facing(a.facing)}`
      const lead = a.lead === undefined ? '' : `, leading ${list(a.lead, names.unit)}`
      const carry = a.carry as { unit?: unknown; drop?: unknown } | undefined
      const carrying =
        typeof carry?.unit === 'string'
          ? `, carrying ${names.unit(carry.unit)}${typeof carry.drop === 'string' ? ` to set down in ${carry.drop}` : ''}`
          : ''
      return `${names.unit(str('unit'))} moves to ${path[path.length - 1] ?? '?'}${facing}${lead}${carrying}${rest(action, ['unit', 'path', 'facing', 'lead', 'carry'], names)}`
    }
    case 'turn':
      return `${names.unit(str('unit'))} turns to face ${names.facing(a.facing)}`
    case 'place': {
      // A unit, a command's standard, or whatever the answer names (a group…).
      const what = a.unit
        ? names.unit(str('unit'))
        : a.standard
          ? `the standard of ${names.command(str('standard'))}`
          : 'a piece'
      const where = a.hex === undefined ? '' : ` in ${str('hex')}`
      const facing = a.facing === undefined ? '' : `, facing ${names.facing(a.facing)}`
      const push =
        typeof a.pushed === 'string'
          ? `, pushing ${names.unit(a.pushed)} aside${typeof a.pushTo === 'string' ? ` to ${a.pushTo}` : ''}`
          : ''
      return `Place ${what}${where}${facing}${push}${rest(action, ['unit', 'standard', 'hex', 'facing', 'pushed', 'pushTo'], names)}`
    }
    case 'fire':
      return `${names.unit(str('unit'))} fires at ${names.unit(str('target'))}${rest(action, ['unit', 'target'], names)}`
    case 'charge':
    case 'counter-charge': {
      const verb = action.type === 'charge' ? 'charges' : 'counter-charges'
      const target = a.target === undefined ? '' : ` ${names.unit(str('target'))}`
      return `${names.unit(str('unit'))} ${verb}${target}${via(a.route)}${rest(action, ['unit', 'target', 'route'], names)}`
    }
    case 'attack': {
      const many = Array.isArray(a.attackers) && a.attackers.length > 1
      return `${list(a.attackers, names.unit)} attack${many ? '' : 's'} ${list(a.defenders, names.unit)}${rest(action, ['attackers', 'defenders'], names)}`
    }
    case 'retreat':
    case 'advance': {
      const verb = action.type === 'retreat' ? 'retreats' : 'advances'
      const path = Array.isArray(a.path) ? (a.path as string[]) : []
      const to = str('hex') || (path[path.length - 1] ?? '?')
      const facing = a.facing === undefined ? '' : `, facing ${names.facing(a.facing)}`
      return `${names.unit(str('unit'))} ${verb} to ${to}${path.length > 1 ? via(path) : ''}${facing}${rest(action, ['unit', 'hex', 'path', 'facing'], names)}`
    }
    case 'mount':
      return `${names.unit(str('unit'))} mounts ${names.unit(str('horse'))}${rest(action, ['unit', 'horse'], names)}`
    case 'dismount':
      return `${names.unit(str('unit'))} dismounts, standing in ${str('hex')}${rest(action, ['unit', 'hex'], names)}`
    case 'haul': {
      const path = Array.isArray(a.path) ? (a.path as string[]) : []
      return `${list(a.crew, names.unit)} haul${Array.isArray(a.crew) && a.crew.length > 1 ? '' : 's'} ${names.unit(str('unit'))} to ${path[path.length - 1] ?? '?'}${path.length > 1 ? via(path) : ''}${rest(action, ['crew', 'unit', 'path'], names)}`
    }
    case 'harness':
      return `${list(a.crew, names.unit)} harness${Array.isArray(a.crew) && a.crew.length > 1 ? '' : 'es'} ${names.unit(str('horse'))} to ${names.unit(str('unit'))}${rest(action, ['crew', 'unit', 'horse'], names)}`
    case 'unharness':
      return `${list(a.crew, names.unit)} unharness${Array.isArray(a.crew) && a.crew.length > 1 ? '' : 'es'} ${names.unit(str('unit'))}${rest(action, ['crew', 'unit'], names)}`
    case 'fire-plan':
      return `${names.unit(str('unit'))} plans ${typeWords(str('plan'))} fire${rest(action, ['unit', 'plan'], names)}`
    case 'exchange-ammunition':
      return `${names.unit(str('unit'))} takes ${names.label(str('weapon')).toLowerCase()} ammunition from ${names.unit(str('from'))}${rest(action, ['unit', 'weapon', 'from'], names)}`
    case 'clear-remains':
      return `${list(a.units, names.unit)} clear${Array.isArray(a.units) && a.units.length > 1 ? '' : 's'} the ${names.label(str('kind'))} from ${str('from')} to ${str('to')}${rest(action, ['units', 'kind', 'from', 'to'], names)}`
    case 'plead-mercy':
      return `${names.unit(str('unit'))} pleads for mercy, yielding to ${names.unit(str('captor'))}${rest(action, ['unit', 'captor'], names)}`
    case 'escape':
      return `${names.unit(str('unit'))} escapes${rest(action, ['unit'], names)}`
    case 'declare': {
      const verb = a.charge === true ? 'charge' : 'attack'
      return `${list(a.attackers, names.unit)} ${verb} ${list(a.defenders, names.unit)}${chargePaths(a.paths, names)}${rest(action, ['attackers', 'defenders', 'charge', 'paths'], names)}`
    }
    default:
      return `${capital(words(action.type))}${rest(action, [], names)}`
  }
}
