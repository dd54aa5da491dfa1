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

/** Front and back of a counter for a unit type (and optionally a unit of a scenario). */
export function facesOf(
  rs: CounterRuleset,
  type: UnitType,
  options: FaceOptions = {},
): CounterFaces {
  const cls = classOf(rs, type, options.classes)
  const flags = effectiveFlags(type, cls)
  const abbreviation = type.display?.text ?? type.abbreviation ?? type.name
  const name = options.unit?.name
  const base = {
    label: name ?? abbreviation,
    sublabel: name && name !== abbreviation ? abbreviation : undefined,
    flags,
    movementClass: type.movementClass ?? cls?.movementClass,
    side: { color: options.sideColor },
    stripe: options.stripe,
    layout: rs.counter,
    ratingDefs: rs.ratings,
    display: type.display,
  }
  const frontRatings = mergeRatings(cls?.ratings, type.ratings, options.unit?.ratings)
  const initial = rs.statuses?.states.find((s) => s.initial)?.id
  const front: CounterInput = {
    ...base,
    ratings: frontRatings,
    status: statusInfo(rs, initial),
  }
  const backId = backStatus(rs, type)
  const back: CounterInput | null = backId
    ? {
        ...base,
        ratings: mergeRatings(frontRatings, type.ratingsByStatus?.[backId]),
        back: true,
        status: statusInfo(rs, backId),
      }
    : null
  return { front, back }
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
