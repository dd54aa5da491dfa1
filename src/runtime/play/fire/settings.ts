/**
 * The fire mechanic's settings (ruleset mechanics.fire, schemas/mechanic-fire.schema.json) with
 * the schema's defaults filled in, read once per ruleset.
 */
import type { LoadedRuleset } from '../../rules/loaded'
import type { FireLineOfSight } from '../../generated/content-types'

export type EntryKind = 'move' | 'charge' | 'placement' | 'advance' | 'retreat'

export interface FireSettings {
  resolution: string
  missileFlag: string | undefined
  maxRange: number | undefined
  noFireStatuses: readonly string[]
  engagedMarker: string | undefined
  /** A terrain attribute false where an occupant may not fire. */
  firingAllowedAttribute: string | undefined
  arc: {
    sectors: readonly string[]
    narrowFlag: string | undefined
    narrowSectors: readonly string[]
    rule: string | undefined
  }
  spineSectors: Readonly<Record<string, string>>
  los: {
    unitsBlock: boolean
    higherGroundBlocks: boolean
    hexside: 'both-hexes' | 'either-hex'
    vertex: 'both-sides' | 'either-side'
    notOverFriendsNextToTarget: boolean
    nonBlockingStatuses: readonly string[]
    occupantsBlockAttribute: string | undefined
    overUnits: FireLineOfSight['overUnits']
    formation: FireLineOfSight['formation']
    cover: FireLineOfSight['cover']
    lip: FireLineOfSight['lip']
    hedges: FireLineOfSight['hedges']
    rule: string | undefined
  }
  active: {
    moveFireMoveFlag: string | undefined
    costUnderInfluence: number
    costOtherwise: number
    movementRating: string
    firingForm: string | undefined
    rule: string | undefined
  }
  returnFire: {
    unitFlag: string | undefined
    notFromSectors: readonly string[]
    rule: string | undefined
  }
  reaction: {
    sectors: readonly string[]
    triggeredBy: readonly EntryKind[]
    onlyIntoEmptyHex: boolean
    /** Units that may fire at one entry; Infinity for "any". */
    reactorsPerEntry: number
    oncePerActivationFlag: string | undefined
    rule: string | undefined
  }
  leaderCasualty: { minRoll: number; resolution: string; rule: string | undefined } | undefined
  rule: string | undefined
}

const cache = new WeakMap<LoadedRuleset, FireSettings>()

export function fireSettings(rules: LoadedRuleset): FireSettings {
  let found = cache.get(rules)
  if (found === undefined) {
    found = readSettings(rules)
    cache.set(rules, found)
  }
  return found
}

function readSettings(rules: LoadedRuleset): FireSettings {
  const fire = rules.ruleset.mechanics?.fire ?? {}
  const los = fire.lineOfSight ?? {}
  const active = fire.activeFire ?? {}
  const back = fire.returnFire ?? {}
  const reaction = fire.reactionFire ?? {}
  const perEntry = reaction.reactorsPerEntry ?? 1
  return {
    resolution: fire.resolution ?? 'fire',
    missileFlag: fire.missileFlag,
    maxRange: fire.maxRange,
    noFireStatuses: fire.noFireStatuses ?? [],
    engagedMarker: fire.engagedMarker,
    firingAllowedAttribute: fire.firingAllowedAttribute,
    arc: {
      sectors: fire.arc?.sectors ?? ['front', 'left-flank', 'right-flank'],
      narrowFlag: fire.arc?.narrowFlag,
      narrowSectors: fire.arc?.narrowSectors ?? ['front'],
      rule: fire.arc?.rule ?? fire.rule,
    },
    spineSectors: fire.spineSectors ?? {},
    los: {
      unitsBlock: los.unitsBlock ?? true,
      higherGroundBlocks: los.higherGroundBlocks ?? true,
      hexside: los.hexside ?? 'both-hexes',
      vertex: los.vertex ?? 'both-sides',
      notOverFriendsNextToTarget: los.notOverFriendsNextToTarget ?? false,
      nonBlockingStatuses: los.nonBlockingStatuses ?? [],
      occupantsBlockAttribute: los.occupantsBlockAttribute,
      overUnits: los.overUnits,
      formation: los.formation,
      cover: los.cover,
      lip: los.lip,
      hedges: los.hedges,
      rule: los.rule ?? fire.rule,
    },
    active: {
      moveFireMoveFlag: active.moveFireMoveFlag,
      costUnderInfluence: active.costUnderInfluence ?? 1,
      costOtherwise: active.costOtherwise ?? 0,
      movementRating: active.movementRating ?? 'movement',
      firingForm: active.firingForm,
      rule: active.rule ?? fire.rule,
    },
    returnFire: {
      unitFlag: back.unitFlag,
      notFromSectors: back.notFromSectors ?? ['rear'],
      rule: back.rule ?? fire.rule,
    },
    reaction: {
      sectors: reaction.sectors ?? ['front'],
      triggeredBy: reaction.triggeredBy ?? ['move', 'charge', 'placement'],
      onlyIntoEmptyHex: reaction.onlyIntoEmptyHex ?? true,
      reactorsPerEntry: perEntry === 'any' ? Infinity : perEntry,
      oncePerActivationFlag: reaction.oncePerActivationFlag,
      rule: reaction.rule ?? fire.rule,
    },
    leaderCasualty:
      fire.leaderCasualty === undefined
        ? undefined
        : {
            minRoll: fire.leaderCasualty.minRoll,
            resolution: fire.leaderCasualty.resolution,
            rule: fire.leaderCasualty.rule ?? fire.rule,
          },
    rule: fire.rule,
  }
}
