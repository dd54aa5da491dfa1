/**
 * Continuation and seizure (sequence.activation.continuation and .seizure): after an
 * activation the active side names its next activation or passes; before the roll the opponent
 * may try to seize the initiative (by a die roll against a leader's rating, or by playing a
 * seizure counter, which the active side may negate); then the continuation check decides.
 */
import { rollDice } from '../../dice'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject, rejectRoll, ruleField } from '../../state/failure'
import { runResolution } from '../../state/resolve-action'
import { currentActivation, flowOf } from '../driver'
import { commandsInPlay, leaderOnMap, nextSide } from '../forces'
import type { PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { activationKinds, activationOf, kindById, readActivation, setNextActivation } from './chain'
import { reset, rollArgs, rollingLeader } from './continuation-roll'

interface ContinuationData {
  kind?: string
  commands?: string[]
  /** A seizure attempt in progress: the command named and the counter played (counters model). */
  seize?: { command: string; counter?: string }
}

type ContinuationStep = 'start' | 'seizure' | 'negation' | 'seizure-roll' | 'roll' | 'done'

function continueChoices(ctx: PlayContext, side: string): Action[] {
  const activation = currentActivation(ctx)
  const actions: Action[] = [{ type: 'pass' }]
  for (const kind of activationKinds(ctx)) {
    if (kind.freeOnly === true || kind.scope === 'pass' || kind.scope === 'standard') continue
    if (followProblem(ctx, kind.id, activation.kind) !== null) continue
    if (kind.scope === 'side') {
      actions.push({ type: 'continue', kind: kind.id })
      continue
    }
    for (const command of commandsInPlay(ctx.loaded, ctx.state, side)) {
      if (leaderOnMap(ctx.loaded, ctx.state, command) === null) continue
      if (repeatProblem(ctx, side, command, activation) !== null) continue
      actions.push({ type: 'continue', kind: kind.id, command })
    }
  }
  return actions.filter((a) => a.type === 'pass' || allowed(ctx, a, side))
}

/** Whether the rules allow the continuation `action` lists (asked of the activation rules). */
function allowed(ctx: PlayContext, action: Action, side: string): boolean {
  const kind = kindById(ctx, String(action.kind))
  const command = typeof action.command === 'string' ? action.command : undefined
  return activationOf(ctx, kind, command, side, false).ok
}

/** Why a continuation may not name `kind` after an activation of kind `previous`, or null. */
function followProblem(ctx: PlayContext, kind: string, previous: string): string | null {
  const after = ctx.loaded.rules.ruleset.mechanics?.activation?.continuation?.onlyAfter ?? {}
  const allowed = Object.hasOwn(after, kind) ? after[kind] : undefined
  if (allowed === undefined || allowed.includes(previous)) return null
  const label = (id: string) => {
    const text = kindById(ctx, id).label.toLowerCase()
    return `${/^[aeiou]/.test(text) ? 'an' : 'a'} ${text}`
  }
  return `${label(kind)} can only follow ${allowed.map(label).join(' or ')}, not ${label(previous)}`
}

function repeatProblem(
  ctx: PlayContext,
  side: string,
  command: string,
  previous: { kind: string; commands: readonly string[] },
): string | null {
  // Only the command of a command activation is barred; after an army or a standard any will do.
  if (kindById(ctx, previous.kind).scope !== 'command') return null
  if (!previous.commands.includes(command)) return null
  const rule =
    ctx.loaded.rules.ruleset.sequence.activation?.continuation?.repeatSame ?? 'if-only-one'
  if (rule === 'always') return null
  if (rule === 'if-only-one' && commandsInPlay(ctx.loaded, ctx.state, side).length === 1)
    return null
  return `command "${command}" has just been activated: continue with another one`
}

function seizureModel(ctx: PlayContext): 'none' | 'die-roll' | 'counters' {
  return ctx.loaded.rules.ruleset.sequence.activation?.seizure?.model ?? 'none'
}

/** The rule of seizing the initiative (sequence.activation.seizure.rule). */
function seizureRule(ctx: PlayContext): string | undefined {
  return ctx.loaded.rules.ruleset.sequence.activation?.seizure?.rule
}

/** The rule of continuing an activation (sequence.activation.continuation.rule). */
function continuationRule(ctx: PlayContext): string | undefined {
  return ctx.loaded.rules.ruleset.sequence.activation?.continuation?.rule
}

function counterById(ctx: PlayContext, id: string) {
  const counters = ctx.loaded.rules.ruleset.sequence.activation?.seizure?.counters ?? []
  return counters.find((c) => c.id === id)
}

function handHas(ctx: PlayContext, side: string, effect: string): string[] {
  return (flowOf(ctx.state).sides[side]?.hand ?? []).filter(
    (id) => counterById(ctx, id)?.effect === effect,
  )
}

function seizeCommands(ctx: PlayContext, side: string): string[] {
  return commandsInPlay(ctx.loaded, ctx.state, side).filter(
    (c) => leaderOnMap(ctx.loaded, ctx.state, c) !== null,
  )
}

function seized(ctx: PlayContext, side: string, command: string): void {
  const kind = activationKinds(ctx).find((k) => k.scope === 'command')
  setNextActivation(ctx, {
    side,
    free: false,
    seized: true,
    ...(kind === undefined ? {} : { kind: kind.id }),
    commands: [command],
  })
}

/** The side whose activation it is and the other one, who may seize. */
function sidesOf(ctx: PlayContext): { side: string; opponent: string } {
  const side = currentActivation(ctx).side
  return { side, opponent: nextSide(ctx.loaded, side) }
}

export const continuationProcedure = defineProcedure<ContinuationData>()({
  name: 'continuation',
  actions: ['continue', 'pass', 'seize', 'negate', 'decline'],
  steps: {
    start(ctx) {
      const { side } = sidesOf(ctx)
      const rule = ctx.loaded.rules.ruleset.sequence.activation?.continuation?.rule
      return {
        kind: 'prompt',
        prompt: {
          side,
          kind: 'continuation',
          text: 'name the next activation, or pass',
          actions: ['continue', 'pass'],
          ...ruleField(rule),
        },
      }
    },
    seizure(ctx, f) {
      const { opponent } = sidesOf(ctx)
      const model = seizureModel(ctx)
      const unable = seizeCommands(ctx, opponent).length === 0
      if (
        model === 'none' ||
        unable ||
        (model === 'counters' && handHas(ctx, opponent, 'seize').length === 0)
      ) {
        f.go('roll')
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side: opponent,
          kind: 'seizure',
          text: 'try to seize the initiative, or decline',
          actions: ['seize', 'decline'],
          ...ruleField(seizureRule(ctx)),
        },
      }
    },
    negation(ctx, f) {
      const { side } = sidesOf(ctx)
      if (handHas(ctx, side, 'negate').length === 0) {
        f.go('seizure-roll')
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side,
          kind: 'negation',
          text: 'negate the seizure attempt, or let it be rolled',
          actions: ['negate', 'decline'],
          ...ruleField(seizureRule(ctx)),
        },
      }
    },
    'seizure-roll'(ctx, f) {
      const { side, opponent } = sidesOf(ctx)
      counterSeizure(ctx, f.data, side, opponent)
      return { kind: 'done' }
    },
    roll(ctx, f) {
      const { side, opponent } = sidesOf(ctx)
      continuationRoll(ctx, f.data, side, opponent)
      return { kind: 'done' }
    },
    done: () => ({ kind: 'done' }),
  },
  act(ctx, f, action) {
    const activation = currentActivation(ctx)
    const { side, opponent } = sidesOf(ctx)
    const d = f.data
    switch (f.step) {
      case 'start': {
        if (action.type === 'pass') {
          checkArgs(action, [])
          reset(ctx, side, 'pass')
          setNextActivation(ctx, { side: opponent, free: true })
          f.go('done')
          return `${side} passes: ${opponent} has a free activation`
        }
        const kindId =
          stringArg(action, 'kind', true) ??
          activationKinds(ctx).find((k) => k.scope === 'command')?.id ??
          ''
        const chosen = readActivation(ctx, { ...action, kind: kindId }, side, false)
        const kind = kindById(ctx, chosen.kind)
        const follow = followProblem(ctx, kind.id, activation.kind)
        if (follow !== null) reject(follow, continuationRule(ctx))
        if (kind.scope === 'command') {
          const command = chosen.commands[0] as string
          if (leaderOnMap(ctx.loaded, ctx.state, command) === null)
            reject(
              `command "${command}" has no leader on the map to roll for it`,
              continuationRule(ctx),
            )
          const problem = repeatProblem(ctx, side, command, activation)
          if (problem !== null) reject(problem, continuationRule(ctx))
        }
        d.kind = chosen.kind
        d.commands = chosen.commands
        f.go('seizure')
        return `${side} tries to continue with ${kind.label.toLowerCase()}${chosen.commands.length === 1 ? ` of ${chosen.commands[0] as string}` : ''}`
      }
      case 'seizure': {
        if (action.type === 'decline') {
          checkArgs(action, [])
          f.go('roll')
          return `${opponent} does not try to seize`
        }
        if (action.type !== 'seize') return reject(`${opponent} may seize or decline now`)
        return trySeize(ctx, f, action, side, opponent)
      }
      case 'negation': {
        if (action.type === 'decline') {
          checkArgs(action, [])
          f.go('seizure-roll')
          return `${side} does not negate`
        }
        checkArgs(action, ['counter'])
        const counter = stringArg(action, 'counter', true) ?? handHas(ctx, side, 'negate')[0] ?? ''
        discard(ctx, side, counter, 'negate')
        // The opportunity counter left its owner's hand when it was played (trySeize).
        delete d.seize
        // No seizure roll is made, so it is no seizure attempt: the penalties stand (inventory Q15).
        f.go('roll')
        return `${side} negates the seizure: both counters are discarded and the continuation roll goes ahead`
      }
      default:
        return reject(`continuation: no decision is pending at step "${f.step}"`)
    }
  },
  legal(ctx, f, prompt) {
    const { side } = sidesOf(ctx)
    switch (f.step) {
      case 'start':
        return continueChoices(ctx, side)
      case 'seizure': {
        const opponent = prompt.side
        const commands = seizeCommands(ctx, opponent)
        const base: Action[] = [{ type: 'decline' }]
        if (seizureModel(ctx) === 'die-roll')
          return [...base, ...commands.map((command) => ({ type: 'seize', command }))]
        const counters = [...new Set(handHas(ctx, opponent, 'seize'))]
        return [
          ...base,
          ...counters.flatMap((counter) =>
            commands.map((command) => ({ type: 'seize', command, counter })),
          ),
        ]
      }
      case 'negation':
        return [
          { type: 'decline' },
          ...[...new Set(handHas(ctx, side, 'negate'))].map((counter) => ({
            type: 'negate',
            counter,
          })),
        ]
      default:
        return []
    }
  },
})

function discard(ctx: PlayContext, side: string, counter: string, effect: string): void {
  const hand = flowOf(ctx.state).sides[side]?.hand ?? []
  const at = hand.indexOf(counter)
  if (at === -1 || counterById(ctx, counter)?.effect !== effect)
    reject(`${side} holds no "${counter}" counter to play`)
  hand.splice(at, 1)
}

function trySeize(
  ctx: PlayContext,
  f: StepFrame<ContinuationData, ContinuationStep>,
  action: Action,
  side: string,
  opponent: string,
): string {
  const d = f.data
  const model = seizureModel(ctx)
  checkArgs(action, model === 'counters' ? ['command', 'counter'] : ['command'])
  const command = stringArg(action, 'command')
  if (!seizeCommands(ctx, opponent).includes(command))
    reject(
      `${opponent} cannot seize with command "${command}": it needs a leader on the map`,
      seizureRule(ctx),
    )
  if (model === 'counters') {
    const counter = stringArg(action, 'counter')
    discard(ctx, opponent, counter, 'seize')
    d.seize = { command, counter }
    f.go('negation')
    return `${opponent} plays a seizure counter (${counter}) for command ${command}`
  }
  // Die-roll seizure: the named leader rolls against his rating.
  const kind = activationKinds(ctx).find((k) => k.scope === 'command')
  const resolution = ctx.loaded.rules.ruleset.sequence.activation?.seizure?.resolution
  if (kind === undefined || resolution === undefined)
    return reject('the ruleset names no seizure check')
  const leader = leaderOnMap(ctx.loaded, ctx.state, command)
  const { record, text } = runResolution(
    ctx,
    rollArgs(ctx, resolution, opponent, kind, [command], leader),
  )
  ctx.records.push(record)
  reset(ctx, side, 'seizure-attempt')
  if (record.outcome === 'success') seized(ctx, opponent, command)
  else setNextActivation(ctx, { side, free: true })
  f.go('done')
  return `${text}: ${record.outcome === 'success' ? `${opponent} seizes the initiative` : `${side} gets a free activation`}`
}

function counterSeizure(
  ctx: PlayContext,
  d: ContinuationData,
  side: string,
  opponent: string,
): void {
  const attempt = d.seize ?? reject('no seizure attempt to roll for')
  const counter = counterById(ctx, attempt.counter ?? '')
  const spec = ctx.loaded.rules.ruleset.dice[0]
  if (counter?.range === undefined || spec === undefined)
    return reject(`seizure counter "${attempt.counter ?? ''}" prints no roll range`)
  const rolled = rollDice(ctx.state.dice, spec)
  if (!rolled.ok) return rejectRoll(`seizure roll: ${rolled.error}`, rolled.failure)
  ctx.state.dice = rolled.source
  const roll = rolled.roll.total
  const within =
    (counter.range.min === undefined || roll >= counter.range.min) &&
    (counter.range.max === undefined || roll <= counter.range.max)
  reset(ctx, side, 'seizure-attempt')
  ctx.applied.push({
    kind: 'note',
    text: `seizure roll ${roll} against ${counter.range.min ?? ''}–${counter.range.max ?? ''}: ${within ? `${opponent} seizes with ${attempt.command}` : `failed, ${side} gets a free activation`}`,
    ...ruleField(counter.rule ?? seizureRule(ctx)),
  })
  if (within) seized(ctx, opponent, attempt.command)
  else setNextActivation(ctx, { side, free: true })
}

function continuationRoll(
  ctx: PlayContext,
  d: ContinuationData,
  side: string,
  opponent: string,
): void {
  const kind = kindById(ctx, d.kind ?? '')
  const commands = d.commands ?? []
  const resolution =
    kind.continuation ?? ctx.loaded.rules.ruleset.sequence.activation?.continuation?.resolution
  if (resolution === undefined) {
    setNextActivation(ctx, { side, free: false, kind: kind.id, commands })
    return
  }
  const flow = flowOf(ctx.state).sides[side]
  const args = rollArgs(
    ctx,
    resolution,
    side,
    kind,
    commands,
    rollingLeader(ctx, kind, side, commands),
  )
  const { record, text } = runResolution(ctx, args)
  ctx.records.push(record)
  ctx.applied.push({ kind: 'note', text })
  if (flow !== undefined) {
    flow.attempts += 1
    if (args.singleCommand === true) flow.singleCommand = true
  }
  if (record.outcome === 'success') {
    if (flow !== undefined) flow.successes += 1
    setNextActivation(ctx, { side, free: false, kind: kind.id, commands })
  } else {
    reset(ctx, side, 'failure')
    setNextActivation(ctx, { side: opponent, free: true })
  }
}
