/**
 * Counter-charge against fire (reaction "react:shock:fired-upon", opened by the
 * fire mechanic before a shot is resolved). A unit able to counter-charge, fired upon through
 * its front or flank, may charge the firer if a charge path reaches a hex next to it; units
 * with the mandatory flag must, unless their leader holds them back. The roll (or the automatic
 * success) comes before the fire; once the shot is resolved the unit is set down next to the
 * firer and fights a shock phase of its own (charging, or shocking if the fire disordered it),
 * its continued attacks following at once (run through the fire mechanic's after-shot hook). The
 * firer's movement ends.
 */
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { applyEffects } from '../../state/effects'
import { reject, ruleField } from '../../state/failure'
import { runResolution } from '../../state/resolve-action'
import { activityOf } from '../activity'
import { inRangeOf } from '../command-range'
import { afterShot } from '../fire/shot-procedure'
import { commandById } from '../forces'
import { unitFlags, unitRatings } from '../influence'
import type { PlayContext } from '../procedure'
import { defineProcedure } from '../define-procedure'
import { markerCount, note, setDown, setMarker } from './changes'
import { continuedAttacksFrame } from './continued'
import { readWith, withChoices } from './leaders'
import { counterChargeBarred } from './counter-charge'
import { chargePaths, enemiesAt, hexOf, sectorSeenBy } from './geometry'
import {
  attackSettings,
  chargeSettings,
  counterChargeSettings,
  outOfCommandMarker,
  shockParams,
} from './settings'
import type { ChargePath, DeclaredAttack, ShockData } from './types'
import { sectionOf } from '../sections'
import { toJsonObject } from '../../state/json-data'
import { firstPhaseOf } from '../phase-settings'
import type { ReactionSettingsOf } from '../phase-settings'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** The rule a step of a counter-charge against fire cites (mechanics.sections). */
function vsFireRule(ctx: Ctx): string | undefined {
  return sectionOf(ctx.loaded, 'counterChargeVsFire')
}

interface FireEvent {
  firer: string
  targets: string[]
}

interface VsFireData {
  params: ReactionSettingsOf<'shock:fired-upon'>
  event: FireEvent
  queue?: string[]
  current?: string
}

/** The charge paths a unit fired upon has to the firer, empty when it may not go. */
export function pathsToFirer(ctx: Ctx, unit: string, firer: string): ChargePath[] {
  const settings = counterChargeSettings(ctx)
  const vsFire = settings?.vsFire
  const firerHex = hexOf(ctx, firer)
  if (settings === undefined || vsFire === undefined || firerHex === null) return []
  if (counterChargeBarred(ctx, unit) !== null) return []
  const sectors = vsFire.throughSectors
  if (sectors !== undefined && !sectors.includes(sectorSeenBy(ctx, unit, firerHex))) return []
  const unitHex = hexOf(ctx, unit) as string
  const distance = boardOf(ctx.loaded).distance(unitHex, firerHex)
  // Out of command, only an enemy already next to it.
  const ooc = outOfCommandMarker(ctx)
  if (ooc !== undefined && markerCount(ctx, unit, ooc) > 0 && distance > 1) return []
  const reach =
    (vsFire.reach ?? 'movement-allowance') === 'movement-allowance'
      ? Number(unitRatings(ctx, unit)[vsFire.movementRating ?? 'movement'] ?? 0)
      : (chargeSettings(ctx)?.intervening?.max ?? 2) + 1
  if (distance > reach) return []
  return chargePaths(ctx, unit, firer, {
    between: { min: 0, max: reach - 1 },
    turns: chargeSettings(ctx)?.preTurn ?? 1,
    taken: new Set(),
  })
}

/** The leader who may hold a mandatory counter-charger back, if he has it in command range. */
function restrainer(ctx: Ctx, unit: string): string | null {
  const command = ctx.state.units[unit]?.command
  const leader =
    command === null || command === undefined ? undefined : commandById(ctx.loaded, command)?.leader
  if (leader === undefined || ctx.state.units[leader]?.location !== 'map') return null
  return inRangeOf(ctx, leader, unit) ? leader : null
}

function mandatory(ctx: Ctx, unit: string): boolean {
  const flag = counterChargeSettings(ctx)?.vsFire?.mandatoryFlag
  return flag !== undefined && unitFlags(ctx, unit)[flag] === true
}

/** The vertices a counter-charger turns to take the path: 0 when its own facing does. */
function turnOf(ctx: Ctx, unit: string, path: ChargePath): number {
  return ctx.state.units[unit]?.facing === path.facing ? 0 : 1
}

function pathArg(ctx: Ctx, unit: string, firer: string, value: unknown): ChargePath {
  const paths = pathsToFirer(ctx, unit, firer)
  if (paths.length === 0)
    return reject(`${unit} has no clear charge path to ${firer}`, vsFireRule(ctx))
  if (value === undefined) return paths[0] as ChargePath
  const wanted = JSON.stringify(value)
  return (
    paths.find((p) => JSON.stringify(p.hexes) === wanted) ??
    reject(`${unit} cannot counter-charge ${firer} through ${wanted}`, vsFireRule(ctx))
  )
}

function succeed(
  ctx: PlayContext,
  d: VsFireData,
  unit: string,
  path: ChargePath,
  leaders: string[],
): void {
  const shockPhase =
    d.params.shockPhase ??
    firstPhaseOf(ctx, 'shock')?.id ??
    reject('the sequence of play has no shock phase to counter-charge with')
  const after: AfterFireData = {
    unit,
    firer: d.event.firer,
    path,
    leaders,
    type: ctx.state.units[unit]?.type ?? '',
    shockPhase,
  }
  // The charge goes in once the shot is resolved (the fire mechanic's after-shot hook).
  afterShot(ctx, {
    proc: 'shock:counter-charge-after-fire',
    data: toJsonObject(after),
  })
}

function attempt(
  ctx: PlayContext,
  d: VsFireData,
  unit: string,
  path: ChargePath,
  leaders: string[],
): string {
  const settings = counterChargeSettings(ctx)
  const vsFire = settings?.vsFire
  if (settings === undefined || vsFire === undefined)
    return reject('no counter-charges against fire')
  if (mandatory(ctx, unit) && (vsFire.mandatoryAutomatic ?? true)) {
    if (markerCount(ctx, unit, settings.usedMarker) === 0)
      setMarker(ctx, unit, settings.usedMarker, 'add', sectionOf(ctx.loaded, 'counterChargeMarker'))
    note(ctx, `${unit} counter-charges ${d.event.firer} without a roll`, vsFire.rule)
    succeed(ctx, d, unit, path, leaders)
    return `${unit} counter-charges ${d.event.firer}`
  }
  const { record, text } = runResolution(ctx, {
    type: 'resolve',
    resolution: vsFire.resolution,
    unit,
    turn: turnOf(ctx, unit, path),
  })
  ctx.records.push(record)
  note(ctx, text, vsFire.rule)
  if (markerCount(ctx, unit, settings.usedMarker) === 0)
    setMarker(ctx, unit, settings.usedMarker, 'add', sectionOf(ctx.loaded, 'counterChargeMarker'))
  if (record.outcome !== 'success') return `${unit}'s counter-charge against ${d.event.firer} fails`
  succeed(ctx, d, unit, path, leaders)
  return `${unit} will counter-charge ${d.event.firer} once the fire is resolved`
}

export const counterChargeVsFireProcedure = defineProcedure<VsFireData>()({
  name: 'react:shock:fired-upon',
  settings: ['shockPhase'],
  actions: ['counter-charge', 'restrain', 'decline'],
  steps: {
    start(ctx, f) {
      const d = f.data
      d.queue ??= [...d.event.targets]
      while (d.queue.length > 0) {
        const unit = d.queue.shift() as string
        if (pathsToFirer(ctx, unit, d.event.firer).length === 0) continue
        const must = mandatory(ctx, unit)
        const holder = must ? restrainer(ctx, unit) : null
        const several =
          new Set(pathsToFirer(ctx, unit, d.event.firer).map((p) => p.hexes.join(' '))).size > 1
        // Leaders who may go along make it a decision.
        const riders = withChoices(ctx, unit, 'charge').length > 0
        if (must && holder === null && !several && !riders) {
          note(
            ctx,
            `${unit} must counter-charge the unit firing at it`,
            sectionOf(ctx.loaded, 'counterChargeMandatory'),
          )
          attempt(
            ctx,
            d,
            unit,
            pathArg(ctx, unit, d.event.firer, undefined),
            readWith(ctx, unit, 'charge', undefined),
          )
          continue
        }
        d.current = unit
        const choices = must ? '"counter-charge" or "restrain"' : '"counter-charge" or "decline"'
        return {
          kind: 'prompt',
          prompt: {
            side: ctx.state.units[unit]?.side as string,
            kind: 'counter-charge-vs-fire',
            text: `${unit} is fired upon by ${d.event.firer}: ${choices}`,
            actions: must ? ['counter-charge', 'restrain'] : ['counter-charge', 'decline'],
            ...ruleField(vsFireRule(ctx)),
          },
        }
      }
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const unit = d.current ?? reject('no unit may counter-charge now')
    delete d.current
    const must = mandatory(ctx, unit)
    if (action.type === 'decline') {
      checkArgs(action, [])
      if (must)
        return reject(`${unit} must counter-charge unless its leader restrains it`, vsFireRule(ctx))
      return `${unit} does not counter-charge`
    }
    if (action.type === 'restrain') {
      checkArgs(action, [])
      const leader = must ? restrainer(ctx, unit) : null
      const resolution = counterChargeSettings(ctx)?.vsFire?.restraint
      if (leader === null || resolution === undefined)
        return reject(
          `nobody can restrain ${unit}: its leader does not have it in command range`,
          vsFireRule(ctx),
        )
      const { record, text } = runResolution(ctx, { type: 'resolve', resolution, leader })
      ctx.records.push(record)
      note(ctx, text, vsFireRule(ctx))
      if (record.outcome === 'success') return `${leader} holds ${unit} back`
      const path = pathArg(ctx, unit, d.event.firer, undefined)
      const leaders = readWith(ctx, unit, 'charge', undefined)
      return `${unit} breaks loose: ${attempt(ctx, d, unit, path, leaders)}`
    }
    if (action.type !== 'counter-charge') return reject(`"${action.type}" does not answer this`)
    checkArgs(action, ['unit', 'path', 'with'])
    if (stringArg(action, 'unit') !== unit)
      return reject(`it is ${unit} that may counter-charge now`)
    const path = pathArg(ctx, unit, d.event.firer, action.path)
    return attempt(ctx, d, unit, path, readWith(ctx, unit, 'charge', action.with))
  },
  legal(ctx, f) {
    const d = f.data
    const unit = d.current
    if (unit === undefined) return []
    const must = mandatory(ctx, unit)
    const paths = pathsToFirer(ctx, unit, d.event.firer)
    const distinct = [...new Set(paths.map((p) => JSON.stringify(p.hexes)))]
    const routes = [
      { type: 'counter-charge', unit },
      ...(distinct.length > 1
        ? distinct.map((p) => ({ type: 'counter-charge', unit, path: JSON.parse(p) as string[] }))
        : []),
    ]
    const riders = withChoices(ctx, unit, 'charge')
    const charges = routes.flatMap((r) => [
      r,
      ...riders.map((leaders) => ({ ...r, with: leaders })),
    ])
    const other = must
      ? restrainer(ctx, unit) === null
        ? []
        : [{ type: 'restrain' }]
      : [{ type: 'decline' }]
    return [...other, ...charges]
  },
})

interface AfterFireData {
  unit: string
  firer: string
  path: ChargePath
  /** Leaders going along, if they are still with it when it sets off. */
  leaders?: string[]
  /** The unit's type when it set off: unhorsed by the fire, it stays where it was. */
  type: string
  shockPhase: string
  /** How far the charge has gone: fought (`continued`), its continued attacks under way (`end`). */
  stage?: 'shock' | 'continued' | 'end'
}

/** Once the shot is resolved: the counter-charge goes in. */
export const counterChargeAfterFireProcedure = defineProcedure<AfterFireData>()({
  name: 'shock:counter-charge-after-fire',
  steps: {
    start(ctx, f) {
      const d = f.data
      const unit = ctx.state.units[d.unit]
      const firerHex = hexOf(ctx, d.firer)
      switch (d.stage ?? 'start') {
        case 'start': {
          if (unit === undefined || unit.location !== 'map' || firerHex === null)
            return { kind: 'done' }
          if (unit.type !== d.type) {
            note(
              ctx,
              `${d.unit} was unhorsed by the fire: its counter-charge stops`,
              sectionOf(ctx.loaded, 'counterChargeUnhorsed'),
            )
            return { kind: 'done' }
          }
          // The firer moves no more, even a unit that may move after firing.
          applyEffects(
            ctx,
            [
              {
                type: 'end-activation',
                scope: 'movement',
                who: 'self',
                ...ruleField(vsFireRule(ctx)),
              },
            ],
            {
              context: 'unit',
              variables: {},
              roles: { self: [d.firer] },
              defaultWho: 'self',
              source: 'counter-charge against fire',
              hexes: {},
            },
          )
          const stop = d.path.hexes[d.path.hexes.length - 1] ?? (unit.hex as string)
          const leaders = (d.leaders ?? []).filter((l) => hexOf(ctx, l) === unit.hex)
          setDown(
            ctx,
            d.unit,
            stop,
            d.path.facing,
            `counter-charges ${d.firer}:`,
            vsFireRule(ctx),
            leaders,
          )
          const charge = chargeSettings(ctx)
          const charging =
            charge !== undefined && (charge.allowedStatuses ?? [unit.status]).includes(unit.status)
          const marker = charging
            ? charge?.marker
            : (charge?.shockMarker ?? attackSettings(ctx).marker)
          if (marker !== undefined) setMarker(ctx, d.unit, marker, 'add', vsFireRule(ctx))
          activityOf(ctx, d.unit).attacked = true
          const defenders = enemiesAt(ctx, unit.side, firerHex)
          for (const id of defenders) activityOf(ctx, id).wasAttacked = true
          const attack: DeclaredAttack = {
            attackers: [d.unit],
            defenders,
            hexes: [firerHex],
            chargers: charging ? [d.unit] : [],
            paths: {},
            counterChargedVsShock: [],
            evaded: [],
            done: false,
            counterCharging: [d.unit],
          }
          const { resolution, steps } = shockParams(ctx, d.shockPhase)
          const shock: ShockData = {
            mode: 'counter-charge',
            side: unit.side,
            params: d.shockPhase,
            resolution,
            steps: steps.filter((s) => s === 'retreat-before-combat' || s === 'resolve'),
            step: 0,
            attacks: [attack],
            only: [d.unit],
            nextToEnemyAtStart: [],
          }
          d.stage = 'continued'
          return {
            kind: 'push',
            frame: {
              proc: 'shock',
              phase: d.shockPhase,
              data: toJsonObject(shock),
            },
          }
        }
        case 'continued':
          d.stage = 'end'
          // A continued attack earned here is fought at once.
          return {
            kind: 'push',
            frame: continuedAttacksFrame(unit?.side ?? '', d.shockPhase, [d.unit]),
          }
        default:
          return { kind: 'done' }
      }
    },
  },
})
