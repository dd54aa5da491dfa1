/**
 * The activation chain (sequence.structure "activations"): there are no turns; a side takes a
 * free activation (a command, the army, a standard, or a pass), tries to continue, and the
 * opponent may seize. Procedure "game" decides who activates what next; procedure "activation"
 * runs the phases of one activation.
 */
import { didYouMean } from '../../content/suggest'
import type { ActivationKind } from '../../generated/content-types'
import { effectApplies } from '../../rules'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { expireMarkers } from '../../state/clock'
import { reject, rejectFailure, ruleField } from '../../state/failure'
import type { ActivationState, Frame, UnitActivity } from '../../state/flow-types'
import { activationVariables } from '../../state/resolve-action'
import { phaseContext } from '../../state/variables'
import { blankActivity } from '../activity'
import { flowOf } from '../driver'
import { commandsInPlay, isLeader, leaderOnMap, nextSide, onMap } from '../forces'
import { enemiesNextTo, influenceMap } from '../influence'
import type { PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { checkVictory, endOfScenario } from '../victory'
import { activationChoiceProblem } from '../extras/eligibility'
import { fromJson, toJson, toJsonObject } from '../../state/json-data'

/** Who activates next, as far as it is known (a continuation names the kind and commands). */
export interface NextActivation {
  side: string
  free: boolean
  seized?: boolean
  kind?: string
  commands?: string[]
}

interface GameData {
  next: NextActivation
}

interface ActivationData {
  side: string
  kind: string
  commands: string[]
  free: boolean
  seized: boolean
  phase: number
  /** Set by the continuation phase: who goes next. */
  next?: NextActivation
}

export function activationKinds(ctx: PlayContext): ActivationKind[] {
  return (ctx.loaded.rules.ruleset.sequence.activation?.kinds ?? []).filter(
    (k) => k.option === undefined || ctx.state.options[k.option] === true,
  )
}

export function kindById(ctx: PlayContext, id: string): ActivationKind {
  const kinds = activationKinds(ctx)
  return (
    kinds.find((k) => k.id === id) ??
    reject(
      `there is no activation kind "${id}"${didYouMean(
        id,
        kinds.map((k) => k.id),
      )}`,
    )
  )
}

/** Whether `kind` may be chosen for `command` (undefined for kinds without one). */
function kindAllowed(
  ctx: PlayContext,
  kind: ActivationKind,
  side: string,
  command: string | undefined,
  free: boolean,
): string | null {
  if (kind.freeOnly === true && !free)
    return `a ${kind.label.toLowerCase()} is only possible as a free activation`
  const extra = activationChoiceProblem(ctx, kind, side, command, free)
  if (extra !== null) return extra
  if (kind.when !== undefined) {
    const variables = activationVariables(ctx.loaded, ctx.state, {
      type: 'activate',
      side,
      ...(command === undefined ? {} : { command }),
      kind: kind.id,
      free,
    })
    const ok = effectApplies(
      ctx.loaded.rules,
      'activation',
      kind.when,
      variables,
      `activation kind "${kind.id}", when`,
    )
    if (!ok.ok) return rejectFailure(ok.error)
    if (!ok.value) return `the conditions for a ${kind.label.toLowerCase()} are not met`
  }
  return null
}

/** The commands a side may name for a kind of activation, and why others are refused. */
export function commandChoices(
  ctx: PlayContext,
  kind: ActivationKind,
  side: string,
  free: boolean,
): string[] {
  switch (kind.scope) {
    case 'command':
      // A command without a leader on the map moves only in a free activation.
      return commandsInPlay(ctx.loaded, ctx.state, side).filter(
        (c) => free || leaderOnMap(ctx.loaded, ctx.state, c) !== null,
      )
    case 'standard': {
      const standards = flowOf(ctx.state).standards
      return commandsInPlay(ctx.loaded, ctx.state, side).filter(
        (c) => Object.hasOwn(standards, c) && standards[c] !== null,
      )
    }
    case 'side':
    case 'pass':
      return []
  }
}

/** The actions that choose a free activation. */
function choiceActions(ctx: PlayContext, side: string): Action[] {
  const actions: Action[] = []
  for (const kind of activationKinds(ctx)) {
    if (kind.scope === 'pass') {
      if (activationChoiceProblem(ctx, kind, side, undefined, true) === null)
        actions.push({ type: 'pass' })
      continue
    }
    if (kind.scope === 'side') {
      if (kindAllowed(ctx, kind, side, undefined, true) === null)
        actions.push({ type: 'activate', kind: kind.id })
      continue
    }
    for (const command of commandChoices(ctx, kind, side, true)) {
      if (kindAllowed(ctx, kind, side, command, true) === null)
        actions.push({ type: 'activate', kind: kind.id, command })
    }
  }
  return actions
}

/** Reads an activate action: the kind and the commands it activates; refuses what the rules forbid. */
export function readActivation(
  ctx: PlayContext,
  action: Action,
  side: string,
  free: boolean,
): { kind: string; commands: string[] } {
  checkArgs(action, ['kind', 'command'])
  const kind = kindById(ctx, stringArg(action, 'kind'))
  const found = activationOf(ctx, kind, stringArg(action, 'command', true), side, free)
  if (!found.ok) return reject(found.message, found.rule)
  return { kind: found.kind, commands: found.commands }
}

/**
 * What an activation of `kind` (for `command`, when the kind takes one) would activate for
 * `side`, or why the rules do not allow it: asked, never thrown, so a list of legal actions
 * can ask it of each candidate.
 */
export function activationOf(
  ctx: PlayContext,
  kind: ActivationKind,
  command: string | undefined,
  side: string,
  free: boolean,
): { ok: true; kind: string; commands: string[] } | { ok: false; message: string; rule?: string } {
  const no = (message: string, rule?: string) => ({
    ok: false as const,
    message,
    ...ruleField(rule),
  })
  if (kind.scope === 'pass') return no('to pass, use the "pass" action')
  const problem = kindAllowed(ctx, kind, side, command, free)
  if (problem !== null) return no(problem, kind.rule)
  if (kind.scope === 'side') {
    if (command !== undefined)
      return no(`a ${kind.label.toLowerCase()} activates every command: leave out "command"`)
    return { ok: true, kind: kind.id, commands: commandsInPlay(ctx.loaded, ctx.state, side) }
  }
  if (command === undefined)
    return no(`a ${kind.label.toLowerCase()} needs "command": the command to activate`)
  const allowed = commandChoices(ctx, kind, side, free)
  if (!allowed.includes(command)) {
    const mine = commandsInPlay(ctx.loaded, ctx.state, side)
    if (!mine.includes(command))
      return no(`${side} has no command "${command}" in play${didYouMean(command, mine)}`)
    return no(`command "${command}" cannot take a ${kind.label.toLowerCase()} now`, kind.rule)
  }
  return { ok: true, kind: kind.id, commands: [command] }
}

export const gameProcedure = defineProcedure<GameData>()({
  name: 'game',
  actions: ['activate', 'pass'],
  steps: {
    start(ctx, f) {
      const first = ctx.loaded.scenario.setup?.firstSide ?? ctx.loaded.scenario.sides[0]?.id ?? ''
      f.data.next = { side: first, free: true }
      f.go('next')
      return { kind: 'push', frame: { proc: 'setup-game' } }
    },
    next(ctx, f) {
      const next = f.data.next
      if (next.kind === undefined) {
        return {
          kind: 'prompt',
          prompt: {
            side: next.side,
            kind: 'activation-choice',
            text: 'choose a free activation: a command, a standard, or pass',
            actions: ['activate', 'pass'],
            ...ruleField(activationKinds(ctx).find((k) => k.scope === 'command')?.rule),
          },
        }
      }
      f.go('after')
      const activation: ActivationData = {
        side: next.side,
        kind: next.kind,
        commands: next.commands ?? [],
        free: next.free,
        seized: next.seized === true,
        phase: 0,
      }
      return {
        kind: 'push',
        frame: { proc: 'activation', data: toJsonObject(activation) },
      }
    },
    after(ctx, f) {
      const d = f.data
      const returned = fromJson<NextActivation | null>(f.frame.returned)
      const side = d.next.side
      const limit = ctx.loaded.scenario.setup?.activations
      if (
        limit !== undefined &&
        ctx.state.clock.activation >= limit &&
        ctx.state.outcome === null
      ) {
        endAtNightfall(ctx, limit)
        return { kind: 'done' }
      }
      d.next = returned ?? { side: nextSide(ctx.loaded, side), free: true }
      f.go('next')
      return AGAIN
    },
  },
  act(ctx, f, action) {
    const d = f.data
    if (action.type === 'pass') {
      checkArgs(action, [])
      const pass = activationKinds(ctx).find((k) => k.scope === 'pass')
      const problem =
        pass === undefined ? null : activationChoiceProblem(ctx, pass, d.next.side, undefined, true)
      if (problem !== null) return reject(problem, pass?.rule)
      d.next = { ...d.next, kind: pass?.id ?? 'pass', commands: [] }
      return `${d.next.side} passes its free activation`
    }
    const chosen = readActivation(ctx, action, d.next.side, true)
    d.next = { ...d.next, ...chosen }
    const kind = kindById(ctx, chosen.kind)
    return `${d.next.side}: free activation, ${kind.label.toLowerCase()}${chosen.commands.length === 1 ? ` of ${chosen.commands[0] as string}` : ''}`
  },
  legal(ctx, f) {
    return choiceActions(ctx, f.data.next.side)
  },
})

/**
 * What every unit on the map (either side) is next to as an activation begins. Only units that
 * begin near the enemy get a record now; the others get a blank one when they first do
 * something (activityOf), which reads the same.
 */
export function startingActivity(ctx: PlayContext): Record<string, UnitActivity> {
  const units: Record<string, UnitActivity> = {}
  for (const id of onMap(ctx.state)) {
    if (isLeader(ctx.loaded, id)) continue
    const unit = ctx.state.units[id]
    if (unit === undefined || unit.hex === null) continue
    const startAdjacent = influenceMap(ctx, unit.side).get(unit.hex) ?? []
    const startNextTo = enemiesNextTo(ctx, unit.side, unit.hex)
    if (startAdjacent.length === 0 && startNextTo.length === 0) continue
    units[id] = { ...blankActivity(), startAdjacent: [...startAdjacent], startNextTo }
  }
  return units
}

function startActivation(ctx: PlayContext, d: ActivationData): void {
  const flow = flowOf(ctx.state)
  ctx.state.clock.activation += 1
  const activation: ActivationState = {
    number: ctx.state.clock.activation,
    side: d.side,
    kind: d.kind,
    commands: d.commands,
    free: d.free,
    seized: d.seized,
    units: startingActivity(ctx),
  }
  flow.activation = activation
  const kind = kindById(ctx, d.kind)
  const how = d.seized ? 'seized' : d.free ? 'free' : 'continued'
  const what = d.commands.length === 1 ? ` of ${d.commands[0] as string}` : ''
  ctx.applied.push({
    kind: 'note',
    text: `activation ${activation.number}: ${d.side}, ${kind.label.toLowerCase()}${what} (${how})`,
    ...(kind.rule === undefined ? {} : { rule: kind.rule }),
  })
}

export const activationProcedure = defineProcedure<ActivationData>()({
  name: 'activation',
  steps: {
    start(ctx, f) {
      startActivation(ctx, f.data)
      f.go('phases')
      return AGAIN
    },
    phases(ctx, f) {
      const d = f.data
      const kind = kindById(ctx, d.kind)
      const phases = kind.phases ?? []
      while (d.phase < phases.length) {
        const id = phases[d.phase] as string
        d.phase += 1
        const phase = ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === id)
        if (phase === undefined)
          return reject(
            `activation kind "${kind.id}" names phase "${id}", which the sequence of play does not have`,
          )
        if (phase.when !== undefined) {
          // Phase conditions are checked (rules/expression-sites.ts) in the phase context.
          const runs = effectApplies(
            ctx.loaded.rules,
            'phase',
            phase.when,
            phaseContext(ctx.loaded, ctx.state, d.side, phase.id, 0),
            `phase "${id}", when`,
          )
          if (!runs.ok) return rejectFailure(runs.error)
          if (!runs.value) continue
        }
        return { kind: 'push', frame: { proc: phase.mechanic, phase: phase.id } }
      }
      f.go('end')
      return AGAIN
    },
    end(ctx, f) {
      const d = f.data
      expireMarkers(ctx.loaded, ctx.state, 'end-of-activation', ctx.applied)
      checkVictory(ctx, 'activation-end')
      flowOf(ctx.state).activation = null
      return { kind: 'done', value: toJson(d.next ?? null) }
    },
  },
})

/** The scenario's last activation is over: the game-end conditions decide, else a draw. */
function endAtNightfall(ctx: PlayContext, limit: number): void {
  ctx.applied.push({ kind: 'note', text: `activation ${limit}, the scenario's last, is over` })
  endOfScenario(ctx, `${limit} activations`)
}

/** Sets who activates after the running activation (the continuation phase decides it). */
export function setNextActivation(ctx: PlayContext, next: NextActivation): void {
  const flow = flowOf(ctx.state)
  for (let i = flow.stack.length - 1; i >= 0; i--) {
    const frame = flow.stack[i] as Frame
    if (frame.proc === 'activation') {
      frame.data.next = toJson(next)
      return
    }
  }
  reject('there is no activation running to continue from')
}
