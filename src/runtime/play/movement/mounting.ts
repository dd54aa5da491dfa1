/**
 * Mounting and dismounting (movement phase setting `mounting`; actions `mount {unit, horse}` and
 * `dismount {unit, hex}`). A man on foot standing on a flank hex of a horse without a rider of his side
 * (a hex next to both its halves) whose type is the horse of his mounted form (his unit type's
 * `forms.mounted`) becomes that form on the horse's two hexes, with its heading; the horse counter
 * leaves the map and is remembered as the one he rides. A rider dismounts onto one of his own
 * flank hexes, holding nobody, and the horse he rode (or his spare, state/roster.ts) is left where
 * his counter stood. The change of type is the one every change of form makes (`transformUnit`).
 *
 * With `cost`, the change is made at once within the man's move, for movement points: what he has
 * left after paying them is multiplied by the `afterMounting` or `afterDismounting` factor, rounded
 * down, and becomes the budget of the rest of his move (the cost is paid from the points he had
 * before the change). With `turns`, it is ordered by a man who has done nothing yet this player
 * turn, ends his activation, and is remembered as pending; the mounting phase (procedure
 * `mounting`) of each of his side's player turns counts it, and completes it in the last of the
 * turns it takes, provided he did nothing else in them and man and horse are still in place.
 */
import { chargesToRide } from '../charge'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { transformUnit } from '../../state/effect-changes'
import type { EffectRun } from '../../state/effects'
import { reject, ruleField } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { hexesOf, isTwoHex, unitsCovering } from '../../state/footprints'
import { setFacing, setPlace } from '../../state/occupancy'
import { remainsEntry } from '../../state/remains'
import { horseTypeOf } from '../../state/roster'
import { activityOf, peekActivity, runningActivation } from '../activity'
import { defineProcedure } from '../define-procedure'
import { currentActivation } from '../driver'
import { memoryOf, note, peekMemory } from '../extras/common'
import { statusCanAct } from '../forces'
import type { SettingsOf } from '../phase-settings'
import { firstPhaseOf, phaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { stanceOf } from '../stances'
import { hexEntryCost } from '../terrain-costs'
import { hasActed, setActing, writeBook } from './acting'
import { movementFacts } from './facts'
import type { MountMemory, PendingMount } from './horses'
import {
  caseFor,
  flankHexes,
  flanksOf,
  horseOf,
  isLooseHorse,
  leaderOf,
  LEADING,
  MOUNTING,
  pendingMount,
  takeHorse,
  whyNotTake,
} from './horses'
import type { LeadMemory } from './horses'
import type { ActionOutcome } from './move-and-fire'
import { moverOf, whyNotMove } from './movers'

export const MOUNT = 'mount'
export const DISMOUNT = 'dismount'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
export type Mounting = NonNullable<SettingsOf<'movement'>['mounting']>

/** The movement phase's mounting settings; undefined when nobody may mount or dismount. */
export function mountingOf(ctx: Ctx, frame: Frame): Mounting | undefined {
  if (frame.phase === null || phaseOf(ctx, frame.phase).mechanic !== 'movement') return undefined
  return phaseSettings(ctx, frame.phase, 'movement').mounting
}

/** The unit type a form of unit `id`'s type names, or undefined. */
function formType(ctx: Ctx, id: string, form: string): string | undefined {
  const unit = ctx.state.units[id]
  const forms = unit === undefined ? undefined : ctx.loaded.rules.unitTypes.get(unit.type)?.forms
  return forms !== undefined && Object.hasOwn(forms, form) ? forms[form] : undefined
}

function classOfType(ctx: Ctx, type: string): string {
  const t = ctx.loaded.rules.unitTypes.get(type)
  return t?.movementClass ?? ctx.loaded.rules.unitClasses.get(t?.class ?? '')?.movementClass ?? ''
}

/** Whether a unit of `type` may stand in `hex`: terrain its class enters, remains not barring it. */
function mayStand(ctx: Ctx, type: string, hex: string): boolean {
  if (hexEntryCost(ctx.loaded, hex, classOfType(ctx, type)) === null) return false
  return remainsEntry(ctx.loaded, ctx.state, hex).ok
}

/** The cost or the turns of the change for unit `id` as it is now (undefined: none applies). */
function priceOf(
  ctx: Ctx,
  settings: Mounting,
  id: string,
): { cost: number } | { turns: number } | undefined {
  if (settings.turns !== undefined) {
    const found = caseFor(ctx, settings.turns, id, 'mounting.turns')
    return found === undefined ? undefined : { turns: found.turns }
  }
  const found = caseFor(ctx, settings.cost, id, 'mounting.cost')
  return found === undefined ? undefined : { cost: found.cost }
}

/** Why unit `id` may not begin a change of mount now; null when he may. */
function whyNotChange(
  ctx: PlayContext,
  frame: Frame,
  settings: Mounting,
  id: string,
): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  const f = movementFacts(ctx, frame)
  const why = whyNotMove(ctx, frame, f, id)
  if (why !== null) return why
  if (unit.location !== 'map' || unit.hex === null) return `${id} is not on the map`
  if (pendingMount(ctx, id) !== undefined) return `${id} is already changing mount`
  if (chargesToRide(ctx, unit.side).riders.includes(id))
    return `${id} has declared a charge and must ride it, not change mount`
  const price = priceOf(ctx, settings, id)
  if (price === undefined) return `${id} may not mount or dismount`
  if ('turns' in price) {
    if (hasActed(ctx, id) || peekActivity(ctx, id)?.fired === true)
      return `${id} has already acted this turn: mounting or dismounting takes a whole turn doing nothing else`
  } else {
    const budget = moverOf(ctx, frame, f, id).budget
    if (price.cost > budget)
      return `${id} has ${budget} movement points left; mounting or dismounting costs ${price.cost}`
  }
  return null
}

/** Why `man` may not mount `horse` now; null when he may. */
function whyNotMount(
  ctx: PlayContext,
  frame: Frame,
  settings: Mounting,
  man: string,
  horse: string,
): string | null {
  const unit = ctx.state.units[man]
  const mountedType = formType(ctx, man, 'mounted')
  if (unit === undefined) return `there is no unit "${man}"`
  if (mountedType === undefined || isTwoHex(ctx.loaded, unit.type))
    return `${man} is no rider on foot and cannot mount a horse`
  const h = ctx.state.units[horse]
  if (h === undefined || !isLooseHorse(ctx, horse)) return `${horse} is not a horse without a rider`
  const owner = whyNotTake(ctx, unit.side, horse)
  if (owner !== null) return owner
  if (horseTypeOf(ctx.loaded, mountedType) !== h.type)
    return `${man} rides another kind of horse than ${horse}`
  const led = leaderOf(ctx, horse)
  if (led !== null && led !== man) return `${horse} is led by ${led}`
  const why = whyNotChange(ctx, frame, settings, man)
  if (why !== null) return why
  if (!flanksOf(ctx, horse).includes(unit.hex as string))
    return `${man} must stand beside ${horse}, on one of the hexes next to both its halves (${flanksOf(ctx, horse).join(', ')})`
  const stance = stanceOf(ctx, horse)
  if (stance === null || hexesOf(ctx, horse).some((hex) => !mayStand(ctx, mountedType, hex)))
    return `${man} may not be mounted where ${horse} stands`
  return null
}

/** The hexes a rider may dismount onto: his flank hexes, free, where his foot form may stand. */
function dismountHexes(ctx: Ctx, rider: string): string[] {
  const footType = formType(ctx, rider, 'dismounted')
  if (footType === undefined) return []
  return flanksOf(ctx, rider).filter(
    (hex) => unitsCovering(ctx, hex).length === 0 && mayStand(ctx, footType, hex),
  )
}

/** Why `rider` may not dismount onto `hex` now; null when he may. */
function whyNotDismount(
  ctx: PlayContext,
  frame: Frame,
  settings: Mounting,
  rider: string,
  hex: string,
): string | null {
  const unit = ctx.state.units[rider]
  if (unit === undefined) return `there is no unit "${rider}"`
  if (formType(ctx, rider, 'dismounted') === undefined || !isTwoHex(ctx.loaded, unit.type))
    return `${rider} is not mounted`
  const horse = ctx.state.units[horseOf(ctx, rider)]
  if (horse?.location !== 'removed' || !statusCanAct(ctx.loaded, horse.status))
    return `${rider} has no horse counter to leave on the map`
  const why = whyNotChange(ctx, frame, settings, rider)
  if (why !== null) return why
  if (!dismountHexes(ctx, rider).includes(hex))
    return `${rider} must dismount onto a free hex next to both halves of his counter (${dismountHexes(ctx, rider).join(', ') || 'none is free'})`
  return null
}

export function mountChoices(ctx: PlayContext, frame: Frame, only?: readonly string[]): Action[] {
  const settings = mountingOf(ctx, frame)
  if (settings === undefined) return []
  const side = currentActivation(ctx).side
  const out: Action[] = []
  const horses = Object.keys(ctx.state.units).filter((id) => isLooseHorse(ctx, id))
  for (const id of only ?? Object.keys(ctx.state.units)) {
    const unit = ctx.state.units[id]
    if (unit?.side !== side || unit.location !== 'map') continue
    if (isTwoHex(ctx.loaded, unit.type)) {
      if (formType(ctx, id, 'dismounted') === undefined) continue
      for (const hex of dismountHexes(ctx, id))
        if (whyNotDismount(ctx, frame, settings, id, hex) === null)
          out.push({ type: DISMOUNT, unit: id, hex })
      continue
    }
    if (formType(ctx, id, 'mounted') === undefined) continue
    for (const horse of horses)
      if (whyNotMount(ctx, frame, settings, id, horse) === null)
        out.push({ type: MOUNT, unit: id, horse })
  }
  return out
}

function runOf(ctx: PlayContext): EffectRun {
  return { loaded: ctx.loaded, state: ctx.state, applied: ctx.applied, pending: ctx.pending }
}

/** The man on the horse: the horse off the map, the man in its place in his mounted form. */
function completeMount(ctx: PlayContext, man: string, horse: string, rule?: string): void {
  const stance = stanceOf(ctx, horse)
  const h = ctx.state.units[horse]
  const unit = ctx.state.units[man]
  if (stance === null || h === undefined || unit === undefined) return
  takeHorse(ctx, man, horse)
  setPlace(ctx.state, horse, null, 'removed')
  setFacing(ctx.state, h, null)
  setPlace(ctx.state, man, stance.front, 'map')
  setFacing(ctx.state, unit, stance.heading)
  transformUnit(runOf(ctx), man, { type: 'transform', form: 'mounted', ...ruleField(rule) })
  memoryOf<MountMemory>(ctx, MOUNTING, { ridden: {}, pending: {} }).ridden[man] = horse
  const leading = peekMemory<LeadMemory>(ctx, LEADING)
  if (leading !== undefined)
    for (const [leader, horses] of Object.entries(leading.led))
      if (horses.includes(horse)) leading.led[leader] = horses.filter((x) => x !== horse)
  note(ctx, `${man} mounts ${horse} in ${stance.front}`, rule)
}

/** The rider on foot in `hex`, the horse he rode left where his counter stood. */
function completeDismount(ctx: PlayContext, rider: string, hex: string, rule?: string): void {
  const unit = ctx.state.units[rider]
  const stance = stanceOf(ctx, rider)
  const horse = horseOf(ctx, rider)
  if (unit === undefined || stance === null || ctx.state.units[horse] === undefined) return
  transformUnit(runOf(ctx), rider, { type: 'transform', form: 'dismounted', ...ruleField(rule) })
  setPlace(ctx.state, rider, hex, 'map')
  setPlace(ctx.state, horse, stance.front, 'map')
  setFacing(ctx.state, ctx.state.units[horse]!, stance.heading)
  note(ctx, `${rider} dismounts into ${hex}, leaving ${horse} in ${stance.front}`, rule)
}

/** Movement points after the change: what is left, times the first factor that holds, down. */
function pointsAfter(
  ctx: Ctx,
  cases: Mounting['afterMounting'],
  id: string,
  left: number,
  where: string,
): number {
  const factor = caseFor(ctx, cases, id, where)?.factor ?? 1
  return Math.floor(Math.max(0, left) * factor + 1e-9)
}

function performChange(
  ctx: PlayContext,
  frame: Frame,
  settings: Mounting,
  action: Action,
  kind: 'mount' | 'dismount',
): ActionOutcome {
  const id = stringArg(action, 'unit')
  const target = stringArg(action, kind === 'mount' ? 'horse' : 'hex')
  const rule = settings.rule
  const why =
    kind === 'mount'
      ? whyNotMount(ctx, frame, settings, id, target)
      : whyNotDismount(ctx, frame, settings, id, target)
  if (why !== null) return reject(why, rule)
  const price = priceOf(ctx, settings, id) as { cost: number } | { turns: number }
  const horse = kind === 'mount' ? target : horseOf(ctx, id)
  const hex = kind === 'mount' ? (ctx.state.units[id]?.hex as string) : target
  setActing(frame, id)
  if ('turns' in price) {
    const pending: PendingMount = { kind, horse, hex, turns: price.turns, done: 0 }
    memoryOf<MountMemory>(ctx, MOUNTING, { ridden: {}, pending: {} }).pending[id] = pending
    const unit = ctx.state.units[id]!
    unit.ended = 'activation'
    const what = kind === 'mount' ? `mount ${horse}` : `dismount into ${hex}`
    const turns = price.turns === 1 ? 'this turn' : `${price.turns} turns`
    const text = `${id} begins to ${what}: it takes ${turns} doing nothing else`
    note(ctx, text, rule)
    return { text }
  }
  const f = movementFacts(ctx, frame)
  const left = moverOf(ctx, frame, f, id).budget - price.cost
  const activity = activityOf(ctx, id)
  activity.mp += price.cost
  activity.moved = true
  const after =
    kind === 'mount'
      ? pointsAfter(ctx, settings.afterMounting, id, left, 'mounting.afterMounting')
      : pointsAfter(ctx, settings.afterDismounting, id, left, 'mounting.afterDismounting')
  if (kind === 'mount') completeMount(ctx, id, horse, rule)
  else completeDismount(ctx, id, hex, rule)
  writeBook(frame).allowance[id] = activity.mp + after
  const text = `${id} ${kind}s (${price.cost} MP): ${left} movement points left become ${after}`
  note(ctx, text, rule)
  return { text }
}

export function performMount(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
  checkArgs(action, ['unit', 'horse'])
  const settings = mountingOf(ctx, frame)
  if (settings === undefined) return reject('nobody may mount a horse in this phase')
  return performChange(ctx, frame, settings, action, 'mount')
}

export function performDismount(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
  checkArgs(action, ['unit', 'hex'])
  const settings = mountingOf(ctx, frame)
  if (settings === undefined) return reject('nobody may dismount in this phase')
  return performChange(ctx, frame, settings, action, 'dismount')
}

/** Why a pending change can no longer be made; null while it holds. */
function brokenOff(ctx: PlayContext, id: string, p: PendingMount): string | null {
  const unit = ctx.state.units[id]
  if (unit?.location !== 'map' || !statusCanAct(ctx.loaded, unit.status))
    return `${id} can no longer act`
  const a = peekActivity(ctx, id)
  if (a !== undefined && (a.moved || a.mp > 0 || a.turned > 0 || a.fired || a.attacked))
    return `${id} did something else this turn`
  if (p.kind === 'mount') {
    const led = leaderOf(ctx, p.horse)
    if (unit.hex !== p.hex || !isLooseHorse(ctx, p.horse) || (led !== null && led !== id))
      return `${p.horse} is no longer beside him`
    if (!flanksOf(ctx, p.horse).includes(p.hex)) return `${p.horse} is no longer beside him`
    return whyNotTake(ctx, unit.side, p.horse)
  }
  const footType = formType(ctx, id, 'dismounted')
  if (footType === undefined || !isTwoHex(ctx.loaded, unit.type)) return `${id} is not mounted`
  if (!flankHexes(ctx, hexesOf(ctx, id)).includes(p.hex) || unitsCovering(ctx, p.hex).length > 0)
    return `${p.hex} is no longer free beside him`
  if (!mayStand(ctx, footType, p.hex)) return `${id} may not stand in ${p.hex}`
  return null
}

/**
 * The mounting phase: the pending changes of the side whose turn it is are counted, and those
 * whose last turn this is take effect; those broken off are given up.
 */
export const mountingProcedure = defineProcedure<Record<string, never>>()({
  name: 'mounting',
  steps: {
    start(ctx, f) {
      const side = runningActivation(ctx)?.side ?? ctx.state.clock.activeSide
      const memory = peekMemory<MountMemory>(ctx, MOUNTING)
      const movement = firstPhaseOf(ctx, 'movement')
      const rule =
        (movement === undefined
          ? undefined
          : phaseSettings(ctx, movement.id, 'movement').mounting?.rule) ??
        phaseOf(ctx, f.frame.phase ?? '').rule
      if (memory === undefined) return { kind: 'done' }
      for (const id of Object.keys(memory.pending).sort()) {
        const p = memory.pending[id] as PendingMount
        if (ctx.state.units[id]?.side !== side) continue
        const broken = brokenOff(ctx, id, p)
        if (broken !== null) {
          delete memory.pending[id]
          note(
            ctx,
            `${id} gives up ${p.kind === 'mount' ? 'mounting' : 'dismounting'}: ${broken}`,
            rule,
          )
          continue
        }
        p.done += 1
        if (p.done < p.turns) {
          note(
            ctx,
            `${id} goes on ${p.kind === 'mount' ? 'mounting' : 'dismounting'} (turn ${p.done} of ${p.turns})`,
            rule,
          )
          continue
        }
        delete memory.pending[id]
        if (p.kind === 'mount') completeMount(ctx, id, p.horse, rule)
        else completeDismount(ctx, id, p.hex, rule)
      }
      return { kind: 'done' }
    },
  },
})
