/**
 * The fire reactions of the side not activated (see ../reactions.ts):
 * - `react:fire:fired-upon` — return fire: a unit fired upon shoots back at the firer when the
 *   firer is within its own range and the shot did not come through a sector it cannot answer
 *   from; the return shot is rolled together with the shot it answers.
 * - `react:fire:enter-frontal-hex` — reaction fire: an enemy entering a hex next to the unit, in
 *   its frontal sectors, by a kind of entry that allows it, is fired at the moment it arrives;
 *   how many units may fire at one entry and how often a unit may react come from the settings.
 * Each asks the owner which eligible unit fires, or to decline. Fire at every step of a move
 * (`react:fire:move-step`) is in ./move-step.ts and shares the answers' reading.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject, ruleField } from '../../state/failure'
import { activityOf, peekActivity } from '../activity'
import { combatUnitsIn } from '../forces'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import { defineProcedure } from '../define-procedure'
import type { ReactionEvent } from '../reactions'
import { fireSettings } from './settings'
import { activeSideOf, attachReturnFire, shotFrame } from './shot-procedure'
import type { Shot } from './shots'
import { checkShot, weaponsOf } from './shots'
import { sectorSeen } from './sight'

interface ReactionData {
  reaction: string
  event: ReactionEvent
  /** Units that already fired at this entry. */
  fired?: string[]
  /** A reaction shot chosen and waiting to be fired. */
  shot?: Shot
}

/** Every shot the answering units could make: one per unit and usable weapon. */
export function choicesOf(shots: readonly Shot[], allWeapons: (id: string) => number): Action[] {
  return shots.map((s) =>
    allWeapons(s.firer) > 1
      ? { type: 'fire', unit: s.firer, target: s.target, weapon: s.weapon }
      : { type: 'fire', unit: s.firer, target: s.target },
  )
}

/** Reads a fire answer and finds it among the eligible shots. */
function chosenShot(action: Action, eligible: readonly Shot[], rule: string | undefined): Shot {
  checkArgs(action, ['unit', 'target', 'weapon'])
  const unit = stringArg(action, 'unit')
  const target = stringArg(action, 'target')
  const weapon = stringArg(action, 'weapon', true)
  const found = eligible.find(
    (s) => s.firer === unit && s.target === target && (weapon === undefined || s.weapon === weapon),
  )
  if (found !== undefined) return found
  const firers = [...new Set(eligible.map((s) => s.firer))]
  return reject(
    firers.includes(unit)
      ? `unit ${unit} cannot fire that shot now: it may fire at ${eligible.find((s) => s.firer === unit)?.target ?? '?'}`
      : `unit ${unit} may not fire now (${firers.length === 0 ? 'no unit may' : `only ${firers.join(', ')} may`})`,
    rule,
  )
}

// ---------------------------------------------------------------- return fire

function returnShots(ctx: PlayContext, event: ReactionEvent): Shot[] {
  if (event.trigger !== 'fired-upon') return []
  const settings = fireSettings(ctx.loaded.rules).returnFire
  const active = activeSideOf(ctx)
  const firer = ctx.state.units[event.firer]
  if (firer?.hex == null) return []
  const out: Shot[] = []
  for (const id of event.targets) {
    const unit = ctx.state.units[id]
    if (unit?.hex == null || unit.side === active) continue
    if (settings.unitFlag !== undefined && unitFlags(ctx, id)[settings.unitFlag] !== true) continue
    if (
      unit.facing !== null &&
      settings.notFromSectors.includes(
        sectorSeen(ctx, fireSettings(ctx.loaded.rules), unit.hex, unit.facing, firer.hex),
      )
    )
      continue
    for (const weapon of weaponsOf(ctx, id)) {
      const check = checkShot(ctx, id, event.firer, 'return', weapon.id)
      if (check.ok) out.push(check.shot)
    }
  }
  return out
}

export const returnFireProcedure = defineProcedure<ReactionData>()({
  name: 'react:fire:fired-upon',
  actions: ['fire', 'decline'],
  steps: {
    start(ctx, f) {
      const shots = returnShots(ctx, f.data.event)
      const first = shots[0]
      if (first === undefined) return { kind: 'done' }
      const rule = fireSettings(ctx.loaded.rules).returnFire.rule
      return {
        kind: 'prompt',
        prompt: {
          side: ctx.state.units[first.firer]?.side ?? '',
          kind: 'return-fire',
          text: `return fire at ${first.target} with ${[...new Set(shots.map((s) => s.firer))].join(' or ')}, or decline`,
          actions: ['fire', 'decline'],
          ...ruleField(rule),
        },
      }
    },
    end() {
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    f.go('end')
    if (action.type === 'decline') {
      checkArgs(action, [])
      return 'no return fire'
    }
    const rule = fireSettings(ctx.loaded.rules).returnFire.rule
    const shot = chosenShot(action, returnShots(ctx, d.event), rule)
    activityOf(ctx, shot.firer).reactions.push(d.reaction)
    attachReturnFire(ctx, shot)
    const text = `${shot.firer} returns fire at ${shot.target}`
    ctx.applied.push({ kind: 'note', text, ...ruleField(rule) })
    return text
  },
  legal(ctx, f) {
    const shots = returnShots(ctx, f.data.event)
    return [...choicesOf(shots, (id) => weaponsOf(ctx, id).length), { type: 'decline' }]
  },
})

// -------------------------------------------------------------- reaction fire

/** Ids of every reaction of the sequence that is fire at a unit entering a frontal hex. */
function entryReactionIds(ctx: PlayContext): Set<string> {
  const ids = new Set<string>()
  for (const phase of ctx.loaded.rules.ruleset.sequence.phases)
    for (const r of phase.reactions ?? [])
      if (r.mechanic === 'fire' && r.trigger === 'enter-frontal-hex') ids.add(r.id)
  return ids
}

function reactionShots(ctx: PlayContext, d: ReactionData): Shot[] {
  const event = d.event
  if (event.trigger !== 'enter-frontal-hex' && event.trigger !== 'enter-hex') return []
  const fire = fireSettings(ctx.loaded.rules)
  const settings = fire.reaction
  if (!settings.triggeredBy.includes(event.by)) return []
  const fired = d.fired ?? []
  if (fired.length >= settings.reactorsPerEntry) return []
  const mover = ctx.state.units[event.unit]
  // Reaction fire stops the moment the unit is no longer in the hex it entered.
  if (mover?.location !== 'map' || mover.hex !== event.hex) return []
  const board = boardOf(ctx.loaded)
  if (
    settings.onlyIntoEmptyHex &&
    combatUnitsIn(ctx.loaded, ctx.state, event.hex).some(
      (id) => id !== event.unit && ctx.state.units[id]?.side === mover.side,
    )
  )
    return []
  const active = activeSideOf(ctx)
  const entryIds = entryReactionIds(ctx)
  const form = fire.active.firingForm
  const out: Shot[] = []
  for (const id of board
    .neighbors(event.hex)
    .flatMap((h) => combatUnitsIn(ctx.loaded, ctx.state, h))) {
    const unit = ctx.state.units[id]
    if (unit?.hex == null || unit.facing === null) continue
    if (unit.side === mover.side || unit.side === active || fired.includes(id)) continue
    if (!settings.sectors.includes(sectorSeen(ctx, fire, unit.hex, unit.facing, event.hex)))
      continue
    // A unit still in its travelling form (limbered guns) cannot react.
    const forms = ctx.loaded.rules.unitTypes.get(unit.type)?.forms ?? {}
    if (form !== undefined && Object.hasOwn(forms, form)) continue
    const once =
      settings.oncePerActivationFlag !== undefined &&
      unitFlags(ctx, id)[settings.oncePerActivationFlag] === true
    if (once && (peekActivity(ctx, id)?.reactions ?? []).some((r) => entryIds.has(r))) continue
    for (const weapon of weaponsOf(ctx, id)) {
      const check = checkShot(ctx, id, event.unit, 'reaction', weapon.id)
      if (check.ok) out.push(check.shot)
    }
  }
  return out
}

export const reactionFireProcedure = defineProcedure<ReactionData>()({
  name: 'react:fire:enter-frontal-hex',
  actions: ['fire', 'decline'],
  steps: {
    start(ctx, f) {
      const shots = reactionShots(ctx, f.data)
      const first = shots[0]
      if (first === undefined) return { kind: 'done' }
      const rule = fireSettings(ctx.loaded.rules).reaction.rule
      const who = [...new Set(shots.map((s) => s.firer))].join(', ')
      const where = ctx.state.units[first.target]?.hex ?? '?'
      return {
        kind: 'prompt',
        prompt: {
          side: ctx.state.units[first.firer]?.side ?? '',
          kind: 'reaction-fire',
          text: `${first.target} entered ${where}: fire at it with ${who}, or decline`,
          actions: ['fire', 'decline'],
          ...ruleField(rule),
        },
      }
    },
    shoot(_ctx, f) {
      const shot = f.data.shot as Shot
      delete f.data.shot
      f.go('start')
      return { kind: 'push', frame: shotFrame(shot) }
    },
    end() {
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    if (action.type === 'decline') {
      checkArgs(action, [])
      f.go('end')
      return 'no reaction fire'
    }
    const rule = fireSettings(ctx.loaded.rules).reaction.rule
    const shot = chosenShot(action, reactionShots(ctx, d), rule)
    activityOf(ctx, shot.firer).reactions.push(d.reaction)
    d.fired = [...(d.fired ?? []), shot.firer]
    d.shot = shot
    f.go('shoot')
    const text = `${shot.firer} fires at ${shot.target} as it enters ${ctx.state.units[shot.target]?.hex ?? '?'}`
    ctx.applied.push({ kind: 'note', text, ...ruleField(rule) })
    return text
  },
  legal(ctx, f) {
    const shots = reactionShots(ctx, f.data)
    return [...choicesOf(shots, (id) => weaponsOf(ctx, id).length), { type: 'decline' }]
  },
})
