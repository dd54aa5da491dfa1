/**
 * From content to counter faces: a unit type (and optionally one scenario unit) read against its
 * ruleset gives the front and the back to draw. Pure, so any view (units, counter sheet,
 * scenario, map) gets the same counters from the same data.
 */
import type {
  CounterLayout,
  Ratings,
  UnitClass,
  UnitFlags,
  UnitStatusGraph,
  UnitType,
} from '../../runtime'
import type { CounterInput, RatingValue } from './counter-svg'

/** The parts of a (resolved) ruleset counters are drawn from; a ResolvedRuleset fits. */
export interface CounterRuleset {
  ratings?: Ratings
  unitFlags?: UnitFlags
  statuses?: UnitStatusGraph
  counter?: CounterLayout
  unitClasses?: readonly UnitClass[]
  unitTypes?: readonly UnitType[]
}

/** A unit as a scenario places it: only what shows on its counter. */
export interface CounterUnit {
  name?: string
  ratings?: Readonly<Record<string, RatingValue>>
}

export interface FaceOptions {
  unit?: CounterUnit
  sideColor?: string
  stripe?: string
  /** Classes to look the type's class up in (the unit set being edited), before the ruleset's. */
  classes?: readonly UnitClass[]
}

export interface CounterFaces {
  front: CounterInput
  /** The back; null when the type has no other status to print (a one-sided counter). */
  back: CounterInput | null
}

/** The type's flags: its class's, plus those it adds, minus those it drops. */
export function effectiveFlags(type: UnitType, cls: UnitClass | undefined): string[] {
  const without = new Set(type.withoutFlags ?? [])
  const out: string[] = []
  for (const f of [...(cls?.flags ?? []), ...(type.flags ?? [])]) {
    if (!without.has(f) && !out.includes(f)) out.push(f)
  }
  return out
}

export function classOf(
  rs: CounterRuleset,
  type: UnitType,
  classes?: readonly UnitClass[],
): UnitClass | undefined {
  return (
    classes?.find((c) => c.id === type.class) ?? rs.unitClasses?.find((c) => c.id === type.class)
  )
}

/**
 * The status the back of the counter stands for: the first status the type gives ratings for
 * (a status reading another's ratings is not a face of its own).
 */
export function backStatus(rs: CounterRuleset, type: UnitType): string | undefined {
  const states = rs.statuses?.states ?? []
  const keys = Object.keys(type.ratingsByStatus ?? {})
  const initial = states.find((s) => s.initial)?.id
  return keys.find((k) => k !== initial)
}

function statusInfo(rs: CounterRuleset, id: string | undefined) {
  const s = rs.statuses?.states.find((x) => x.id === id)
  return s ? { label: s.label, color: s.color } : id ? { label: id } : undefined
}

/** Ratings of one face: class, then type, then the unit's own, then the status's. */
function mergeRatings(
  ...blocks: ReadonlyArray<Readonly<Record<string, RatingValue>> | undefined>
): Record<string, RatingValue> {
  const out: Record<string, RatingValue> = {}
  for (const b of blocks) {
    for (const [k, v] of Object.entries(b ?? {})) if (v !== undefined) out[k] = v
  }
  return out
}

/** What every face of one counter shares: everything but its ratings and its status. */
function faceBase(rs: CounterRuleset, type: UnitType, options: FaceOptions) {
  const cls = classOf(rs, type, options.classes)
  const abbreviation = type.display?.text ?? type.abbreviation ?? type.name
  const name = options.unit?.name
  return {
    cls,
    base: {
      label: name ?? abbreviation,
      sublabel: name && name !== abbreviation ? abbreviation : undefined,
      flags: effectiveFlags(type, cls),
      movementClass: type.movementClass ?? cls?.movementClass,
      side: { color: options.sideColor },
      stripe: options.stripe,
      layout: rs.counter,
      ratingDefs: rs.ratings,
      display: type.display,
    },
  }
}

/** Front and back of a counter for a unit type (and optionally a unit of a scenario). */
export function facesOf(
  rs: CounterRuleset,
  type: UnitType,
  options: FaceOptions = {},
): CounterFaces {
  const front = statusFace(rs, type, undefined, options)
  const backId = backStatus(rs, type)
  const back = backId ? statusFace(rs, type, backId, options) : null
  return { front, back }
}

/** One face of a counter: the status it shows (an id, for lookups) and the status's label. */
export interface StatusFace {
  status: string
  /** The status's label from content, for captions; empty when the graph names no status. */
  label: string
  face: CounterInput
}

/** Whether units of this type fill two hexes, with a heading (a rider on horseback). */
export function isTwoHex(type: UnitType | undefined): boolean {
  return type?.footprint === 'two-hex'
}

/** The face of a status the type gives ratings for (or the initial one). */
function statusFace(
  rs: CounterRuleset,
  type: UnitType,
  statusId: string | undefined,
  options: FaceOptions,
): CounterInput {
  const { cls, base } = faceBase(rs, type, options)
  const frontRatings = mergeRatings(cls?.ratings, type.ratings, options.unit?.ratings)
  const initial = rs.statuses?.states.find((s) => s.initial)?.id
  if (statusId === undefined || statusId === initial)
    return { ...base, ratings: frontRatings, status: statusInfo(rs, initial) }
  return {
    ...base,
    ratings: mergeRatings(frontRatings, type.ratingsByStatus?.[statusId]),
    back: true,
    status: statusInfo(rs, statusId),
  }
}

/**
 * The statuses the type prints a face for besides the initial one: the back first (what
 * facesOf has always given), then the others it gives ratings for, in the status graph's order.
 */
function printedStatuses(rs: CounterRuleset, type: UnitType): string[] {
  const back = backStatus(rs, type)
  if (!back) return []
  const initial = rs.statuses?.states.find((s) => s.initial)?.id
  const keys = new Set(Object.keys(type.ratingsByStatus ?? {}))
  const inGraph = (rs.statuses?.states ?? []).map((s) => s.id).filter((id) => keys.has(id))
  const rest = [...inGraph, ...keys].filter((k) => k !== initial && k !== back)
  return [back, ...new Set(rest)]
}

/**
 * Every face of a type's counters, front first: the initial status, then each status the type
 * gives ratings for. A type with more such faces than the two sides of one counter (healthy,
 * stunned, wounded…) is printed as several counters, one face per status, so the status a unit
 * leaves play in (dead) gets a plain face of its own, labelled with that status.
 */
export function statusFacesOf(
  rs: CounterRuleset,
  type: UnitType,
  options: FaceOptions = {},
): StatusFace[] {
  const states = rs.statuses?.states ?? []
  const initial = states.find((s) => s.initial)
  const front = statusFace(rs, type, initial?.id, options)
  const out: StatusFace[] = [
    { status: initial?.id ?? '', label: initial?.label ?? '', face: front },
  ]
  const printed = printedStatuses(rs, type)
  for (const id of printed)
    out.push({
      status: id,
      label: states.find((s) => s.id === id)?.label ?? '',
      face: statusFace(rs, type, id, options),
    })
  const removed = states.find((s) => s.removed && !s.marker && !printed.includes(s.id))
  if (printed.length >= 2 && removed)
    out.push({
      status: removed.id,
      label: removed.label,
      face: { ...blankBack(front), status: { label: removed.label, color: removed.color } },
    })
  return out
}

/**
 * The type's faces as double-sided counters: the first is facesOf's front and back, the others
 * take the remaining faces two by two (the last one-sided when they are odd).
 */
export function countersOf(
  rs: CounterRuleset,
  type: UnitType,
  options: FaceOptions = {},
): Array<{ front: StatusFace; back: StatusFace | null }> {
  const faces = statusFacesOf(rs, type, options)
  const out: Array<{ front: StatusFace; back: StatusFace | null }> = []
  for (let i = 0; i < faces.length; i += 2)
    out.push({ front: faces[i]!, back: faces[i + 1] ?? null })
  return out
}

/**
 * Whether the ruleset's counters show one status a face: some type prints more statuses than
 * the two sides of one counter hold. A status a counter has no face for is then not its back.
 */
export function facePerStatus(rs: CounterRuleset): boolean {
  return (rs.unitTypes ?? []).some((t) => printedStatuses(rs, t).length >= 2)
}

/**
 * The face a unit in `statusId` shows: the status's own face when the type prints one, else the
 * face of the status whose ratings it uses (a retired unit shows its disordered side), else, on
 * two-sided counters, the back for any status but the first, and otherwise the front (whose
 * ratings the unit keeps).
 */
export function faceForStatus(
  rs: CounterRuleset,
  type: UnitType,
  statusId: string | undefined,
  options: FaceOptions = {},
): CounterInput {
  const faces = statusFacesOf(rs, type, options)
  const state = rs.statuses?.states.find((s) => s.id === statusId)
  const own =
    faces.find((f) => f.status === statusId) ?? faces.find((f) => f.status === state?.ratingsOf)
  if (own) return own.face
  const flipped = state && !state.initial && !facePerStatus(rs)
  return (flipped ? faces[1]?.face : undefined) ?? faces[0]!.face
}

/** A one-sided counter's back for printing: the side colour and the label, nothing else. */
export function blankBack(front: CounterInput): CounterInput {
  return {
    label: front.label,
    sublabel: front.sublabel,
    ratings: {},
    flags: [],
    side: front.side,
    stripe: front.stripe,
    back: true,
  }
}

/** Faces for a unit type named by id, or null when the ruleset has no such type. */
export function facesOfTypeId(
  rs: CounterRuleset,
  typeId: string,
  options: FaceOptions = {},
): CounterFaces | null {
  const type = rs.unitTypes?.find((t) => t.id === typeId)
  return type ? facesOf(rs, type, options) : null
}
