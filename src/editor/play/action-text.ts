/**
 * Actions in words for the decision panel and the log: unit, command and side ids become their
 * names from the scenario, hexes stay labels. The common shapes of the play actions read as
 * sentences; any other action lists its fields, so a mechanic added later still reads.
 */
import type { LoadedScenario } from '../../runtime'
import type { Action } from '../../runtime/state'
import { boardOf } from '../../runtime/state'

export interface Names {
  unit(id: string): string
  command(id: string): string
  side(id: string): string
  /** A facing as the board names it ("E"), whether given by name or as a clock number. */
  facing(value: unknown): string
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
  return {
    unit: (id) => units.get(id) ?? id,
    command: (id) => commands.get(id) ?? id,
    side: (id) => sides.get(id) ?? id,
    facing: (value) =>
      typeof value === 'number' ? boardOf(loaded).facingName(value) : String(value),
  }
}

const words = (id: string): string => id.replace(/[-_]/g, ' ')
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

function list(value: unknown, name: (id: string) => string): string {
  const items = Array.isArray(value) ? value : [value]
  return items.map((v) => (typeof v === 'string' ? name(v) : JSON.stringify(v))).join(', ')
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
    const shown =
      key === 'command'
        ? list(value, names.command)
        : UNIT_FIELDS.has(key)
          ? list(value, names.unit)
          : Array.isArray(value)
            ? value.join(' → ')
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value)
    parts.push(`${words(key)} ${shown}`)
  }
  return parts.length ? ` (${parts.join(', ')})` : ''
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
      return `${verb} ${what} — ${words(str('kind'))}${rest(action, ['kind', 'command'], names)}`
    }
    case 'move': {
      const path = Array.isArray(a.path) ? (a.path as string[]) : []
      const facing = a.facing === undefined ? '' : `, facing ${names.facing(a.facing)}`
      return `${names.unit(str('unit'))} moves to ${path[path.length - 1] ?? '?'}${facing}${rest(action, ['unit', 'path', 'facing'], names)}`
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
      return `Place ${what}${where}${facing}${rest(action, ['unit', 'standard', 'hex', 'facing'], names)}`
    }
    case 'fire':
      return `${names.unit(str('unit'))} fires at ${names.unit(str('target'))}${rest(action, ['unit', 'target'], names)}`
    case 'declare': {
      const verb = a.charge === true ? 'charge' : 'attack'
      return `${list(a.attackers, names.unit)} ${verb} ${list(a.defenders, names.unit)}${chargePaths(a.paths, names)}${rest(action, ['attackers', 'defenders', 'charge', 'paths'], names)}`
    }
    default:
      return `${capital(words(action.type))}${rest(action, [], names)}`
  }
}
