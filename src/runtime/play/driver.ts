/**
 * The driver: runs the stack of procedures until the game needs a player, and hands a player's
 * action to the procedure whose prompt it answers. Everything happens on the reducer's draft,
 * so a refusal anywhere leaves the game as it was.
 */
import type { Json } from '../content/overlay/types'
import { didYouMean } from '../content/suggest'
import type { Action } from '../state/actions'
import { reject } from '../state/failure'
import type { GameState } from '../state/game-state'
import type { ActivationState, Frame, FlowState, Prompt } from '../state/flow-types'
import type { NewFrame, PlayContext, Procedure, Procedures } from './procedure'

/** More automatic steps than this between two decisions means a procedure loops. */
export const MAX_STEPS = 100_000

export function flowOf(state: GameState): FlowState {
  return state.flow ?? reject('this game is not being played under its sequence of play')
}

export function procedureOf(procedures: Procedures, id: string): Procedure {
  return Object.hasOwn(procedures, id)
    ? (procedures[id] as Procedure)
    : reject(`the engine has no procedure "${id}"${didYouMean(id, Object.keys(procedures))}`)
}

export function pushFrame(flow: FlowState, frame: NewFrame): Frame {
  const made: Frame = {
    id: flow.nextId,
    proc: frame.proc,
    phase: frame.phase ?? null,
    step: frame.step ?? 'start',
    data: frame.data ?? {},
  }
  flow.nextId += 1
  flow.stack.push(made)
  return made
}

/** The nearest frame of procedure `proc` below the top (the activation a phase belongs to…). */
export function findFrame(flow: FlowState, proc: string): Frame | undefined {
  for (let i = flow.stack.length - 1; i >= 0; i--) {
    const frame = flow.stack[i] as Frame
    if (frame.proc === proc) return frame
  }
  return undefined
}

/**
 * Runs the top procedures until one asks a player, the stack empties or the game ends. A
 * procedure that keeps going without ever asking or ending is refused with its name.
 */
export function advance(ctx: PlayContext, procedures: Procedures): void {
  const flow = flowOf(ctx.state)
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    if (ctx.state.outcome !== null) {
      flow.stack = []
      flow.prompt = null
      return
    }
    const top = flow.stack[flow.stack.length - 1]
    if (top === undefined) {
      flow.prompt = null
      return
    }
    const outcome = procedureOf(procedures, top.proc).run(ctx, top)
    switch (outcome.kind) {
      case 'prompt':
        flow.prompt = { ...outcome.prompt, frame: top.id }
        return
      case 'push':
        pushFrame(flow, outcome.frame)
        break
      case 'done': {
        flow.stack.pop()
        const below = flow.stack[flow.stack.length - 1]
        if (below !== undefined) below.returned = (outcome.value ?? null) as Json
        break
      }
      case 'again':
        break
    }
  }
  const top = flow.stack[flow.stack.length - 1]
  reject(
    `procedure "${top?.proc ?? '?'}" (step "${top?.step ?? '?'}") ran ${MAX_STEPS} steps without asking a player: it loops`,
  )
}

/** The frame whose prompt is open, checked against the action that claims to answer it. */
export function answering(flow: FlowState, action: Action): { frame: Frame; prompt: Prompt } {
  const prompt = flow.prompt
  if (prompt === null) return reject('the game is over: it waits for no decision')
  const frame = flow.stack[flow.stack.length - 1]
  if (frame === undefined || frame.id !== prompt.frame)
    return reject('the game lost track of the decision it asked for')
  if (!prompt.actions.includes(action.type)) {
    const expected = prompt.actions.map((a) => `"${a}"`).join(', ')
    return reject(
      `${prompt.side} must now ${prompt.text}: "${action.type}" does not answer that (expected ${expected})`,
    )
  }
  if (action.side !== undefined && action.side !== prompt.side) {
    return reject(
      `it is ${prompt.side}'s decision now (${prompt.text}), not ${action.side}'s`,
      prompt.rule,
    )
  }
  return { frame, prompt }
}

/** The running activation's frame data; refused when none runs. */
export function currentActivation(ctx: Pick<PlayContext, 'state'>): ActivationState {
  return flowOf(ctx.state).activation ?? reject('no activation is running')
}
