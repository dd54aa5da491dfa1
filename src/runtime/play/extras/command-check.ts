/**
 * The command-check phase (mechanic "command-check"): first the shield wall decision for the
 * activated command, where the rules have one; then pursuers of the activated commands come back,
 * every activated unit outside its leader's command range (after the chain) — every unit of a
 * command with no leader on the map among them — is marked out of command for the activation, and
 * an army activation stops the pieces that cannot take part; last, each activated engaged unit
 * stays or declares that it disengages.
 */
import type { Action } from '../../state/actions'
import { booleanArg, checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import { runningActivation } from '../activity'
import { unitsInCommand } from '../command-range'
import { leaderOnMap } from '../forces'
import type { PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { restrictArmy } from './army'
import {
  activatedUnitsOnMap,
  commandUnitsOnMap,
  extrasSettings,
  promptRule,
  setMarker,
} from './common'
import { declareDisengage, engagedDecisions, stayEngaged } from './engaged'
import { pursuitReturn } from './pursuit-return'
import { changeShieldWall, shieldWallChanges } from './shield-wall'

/** Marks the activated units out of command; returns their ids. */
export function markOutOfCommand(ctx: PlayContext): string[] {
  const settings = extrasSettings(ctx).commandCheck
  const activation = runningActivation(ctx)
  if (settings === undefined || activation === null) return []
  const out: string[] = []
  for (const command of activation.commands) {
    const leader = leaderOnMap(ctx.loaded, ctx.state, command)
    const inCommand = unitsInCommand(ctx, command, leader)
    for (const id of commandUnitsOnMap(ctx, command)) {
      if (inCommand.has(id)) continue
      setMarker(ctx, id, settings.marker, 'add', settings.rule)
      out.push(id)
    }
  }
  return out
}

function activeSide(ctx: PlayContext): string {
  return runningActivation(ctx)?.side ?? ''
}

export const commandCheckProcedure = defineProcedure<Record<string, never>>()({
  name: 'command-check',
  actions: ['shield-wall', 'decline', 'stay', 'disengage'],
  steps: {
    start(ctx, f) {
      const changes = shieldWallChanges(ctx)
      if (changes.form.length === 0 && changes.leave.length === 0) {
        f.go('check')
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side: activeSide(ctx),
          kind: 'shield-wall',
          text: 'form or leave shield wall with every eligible unit of the activated command, or leave things as they are ("decline")',
          actions: ['shield-wall', 'decline'],
          ...promptRule(ctx, extrasSettings(ctx).shieldWall?.rule, f.frame),
        },
      }
    },
    check(ctx, f) {
      const forced = pursuitReturn(ctx)
      const out = new Set(markOutOfCommand(ctx))
      const marker = extrasSettings(ctx).commandCheck?.marker
      if (marker !== undefined)
        for (const id of forced)
          if (!out.has(id))
            setMarker(ctx, id, marker, 'add', extrasSettings(ctx).battleFlight?.pursuit?.rule)
      restrictArmy(ctx)
      f.go('engaged')
      return AGAIN
    },
    engaged(ctx) {
      // Engaged units with nothing to choose stay where they are.
      for (const choice of engagedDecisions(ctx, activatedUnitsOnMap(ctx))) {
        if (choice.disengage || choice.facings.length > 1) {
          return {
            kind: 'prompt',
            prompt: {
              side: activeSide(ctx),
              kind: 'engaged',
              text: `engaged unit ${choice.unit}: stay (facing its engaged enemies) or disengage`,
              actions: ['stay', 'disengage'],
              ...(extrasSettings(ctx).engaged?.rule === undefined
                ? {}
                : { rule: extrasSettings(ctx).engaged?.rule }),
            },
          }
        }
        stayEngaged(ctx, choice.unit, choice.facings[0] as number)
      }
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    if (f.step === 'engaged') return actEngaged(ctx, action)
    f.go('check')
    if (action.type === 'decline') {
      checkArgs(action, [])
      return 'no change to shield walls'
    }
    if (action.type !== 'shield-wall') return reject('form or leave the shield wall, or "decline"')
    checkArgs(action, ['form'])
    const form = booleanArg(action, 'form')
    if (form === undefined)
      return reject('"shield-wall" needs "form": true to form it, false to leave it')
    const rule = extrasSettings(ctx).shieldWall?.rule
    const changed = changeShieldWall(ctx, form)
    if (changed.length === 0)
      return reject(
        form
          ? 'no unit of the activated command can form a shield wall now (it must be of an eligible type and in good order)'
          : 'no unit of the activated command is in a shield wall',
        rule,
      )
    return `${form ? 'shield wall formed by' : 'shield wall left by'} ${changed.join(', ')}`
  },
  legal(ctx, f) {
    if (f.step === 'engaged') {
      const choice = engagedDecisions(ctx, activatedUnitsOnMap(ctx))[0]
      if (choice === undefined) return []
      const actions: Action[] = []
      const board = boardOf(ctx.loaded)
      if (choice.stay)
        for (const facing of choice.facings)
          actions.push({ type: 'stay', unit: choice.unit, facing: board.facingName(facing) })
      if (choice.disengage) actions.push({ type: 'disengage', unit: choice.unit })
      return actions
    }
    const changes = shieldWallChanges(ctx)
    const actions: Action[] = [{ type: 'decline' }]
    if (changes.form.length > 0) actions.push({ type: 'shield-wall', form: true })
    if (changes.leave.length > 0) actions.push({ type: 'shield-wall', form: false })
    return actions
  },
})

function actEngaged(ctx: PlayContext, action: Action): string {
  const choice = engagedDecisions(ctx, activatedUnitsOnMap(ctx))[0]
  if (choice === undefined) return reject('no engaged unit has a choice to make')
  const rule = extrasSettings(ctx).engaged?.rule
  checkArgs(action, action.type === 'stay' ? ['unit', 'facing'] : ['unit'])
  const unit = stringArg(action, 'unit')
  if (unit !== choice.unit) return reject(`decide for engaged unit ${choice.unit} first`, rule)
  if (action.type === 'disengage') {
    if (!choice.disengage)
      return reject(`${unit} cannot disengage: it must be in good order and in command`, rule)
    declareDisengage(ctx, unit)
    return `${unit} will disengage`
  }
  if (action.type !== 'stay') return reject('an engaged unit either stays or disengages', rule)
  if (!choice.stay) return reject(`${unit} cannot shock, so it must disengage`, rule)
  const board = boardOf(ctx.loaded)
  const named = stringArg(action, 'facing', true)
  const found = named === undefined ? null : board.facingFromName(named)
  if (found !== null && !found.ok) return reject(found.message, rule)
  const facing = found?.clock ?? (choice.facings.length === 1 ? choice.facings[0] : undefined)
  if (facing === undefined || facing === null || !choice.facings.includes(facing))
    return reject(
      `${unit} stays facing as many of its engaged enemies as it can: ${choice.facings.map((f) => board.facingName(f)).join(' or ')}`,
      rule,
    )
  stayEngaged(ctx, unit, facing)
  return `${unit} stays engaged`
}
