/**
 * The player's decisions during a pursuit: which command pursues, whether it
 * pursues after a high roll, the share roll adjusted by the leader's charisma, which units go,
 * whether the leader rides along, and which fled units are cut down.
 */
import type { Action } from '../../state/actions'
import { booleanArg, checkArgs, numberArg, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import { flowOf } from '../driver'
import type { PlayContext } from '../procedure'
import type { PursuitData } from './pursuit'
import { eligible, fixCount, inTouch, killChoices, killFled, leave, settingsOf } from './pursuit'

/** Takes the answer to a pursuit prompt. */
export function pursuitAct(ctx: PlayContext, d: PursuitData, action: Action): string {
  const settings = settingsOf(ctx)
  const rule = settings.rule
  switch (d.step) {
    case 'choose': {
      checkArgs(action, ['command'])
      const command = stringArg(action, 'command')
      if (!d.candidates.includes(command))
        return reject(`the pursuit is made by one of ${d.candidates.join(', ')}`, rule)
      d.command = command
      d.step = 'check'
      return `${command} is the pursuing command`
    }
    case 'decide':
      checkArgs(action, [])
      if (action.type === 'pursue') {
        d.step = 'share'
        return `${d.command ?? ''} pursues`
      }
      flowOf(ctx.state).standards[d.fled] = null
      d.step = 'kill'
      return `${d.command ?? ''} does not pursue: the standard of ${d.fled} leaves the field`
    case 'adjust': {
      checkArgs(action, ['by'])
      const by = numberArg(action, 'by') ?? 0
      const charisma = inTouch(ctx, d.command as string).charisma
      if (![0, charisma, -charisma].includes(by))
        return reject(
          `the share roll may move by the leader's charisma (${charisma}), its negative, or 0`,
          rule,
        )
      fixCount(ctx, settings, d, by)
      return `share roll adjusted by ${by}`
    }
    case 'pick': {
      checkArgs(action, ['unit'])
      const unit = stringArg(action, 'unit')
      if (!eligible(ctx, settings, d.command as string).includes(unit) || d.chosen.includes(unit))
        return reject(
          `${unit} cannot join the pursuit: it must be a unit of ${d.command ?? ''} on the map that may pursue`,
          rule,
        )
      d.chosen.push(unit)
      return `${unit} joins the pursuit`
    }
    case 'join': {
      checkArgs(action, ['join'])
      const join =
        booleanArg(action, 'join') ?? reject('"leader-joins" needs "join": true or false')
      leave(ctx, settings, d, join)
      return join ? 'the leader rides with the pursuit' : 'the leader stays'
    }
    case 'kill': {
      checkArgs(action, ['unit'])
      const unit = stringArg(action, 'unit')
      if (!killChoices(ctx, d).includes(unit))
        return reject(`the pursuit may cut down ${killChoices(ctx, d).join(', ')}`, rule)
      killFled(ctx, d, unit)
      return `the pursuit cuts down ${unit}`
    }
    default:
      return reject('no pursuit decision is pending')
  }
}

/** Every answer the pursuit's open prompt allows. */
export function pursuitLegal(ctx: PlayContext, d: PursuitData): Action[] {
  const settings = settingsOf(ctx)
  switch (d.step) {
    case 'choose':
      return d.candidates.map((command) => ({ type: 'choose-pursuer', command }))
    case 'decide':
      return [{ type: 'pursue' }, { type: 'decline' }]
    case 'adjust': {
      const charisma = inTouch(ctx, d.command as string).charisma
      return [...new Set([0, charisma, -charisma])].map((by) => ({ type: 'adjust-share', by }))
    }
    case 'pick':
      return eligible(ctx, settings, d.command as string)
        .filter((u) => !d.chosen.includes(u))
        .map((unit) => ({ type: 'pursue-with', unit }))
    case 'join':
      return [
        { type: 'leader-joins', join: true },
        { type: 'leader-joins', join: false },
      ]
    case 'kill':
      return killChoices(ctx, d).map((unit) => ({ type: 'eliminate-fled', unit }))
    default:
      return []
  }
}
