/**
 * Procedures with typed frames: a procedure names its steps as the keys of one object, so the
 * compiler knows the union of them (a step moved to with `go` must be one), and reads its frame
 * data as its own interface, through state/json-data.ts like every procedure. A frame found on
 * a step the procedure does not have is refused with the procedure's name, instead of running a
 * step by accident.
 *
 *   export const myProcedure = defineProcedure<MyData>()({
 *     name: 'my-mechanic',
 *     steps: {
 *       start(ctx, f) { f.data.count = 0; f.go('ask'); return AGAIN },
 *       ask(ctx, f) { return { kind: 'prompt', prompt: { … } } },
 *     },
 *     act(ctx, f, action) { … f.go('start') … },
 *   })
 */
import type { Action } from '../state/actions'
import { reject } from '../state/failure'
import type { Frame, Prompt } from '../state/flow-types'
import { frameData } from '../state/json-data'
import type { LegalGroup, Outcome, PlayContext, Procedure } from './procedure'

/** The frame as a procedure defined here sees it. */
export interface StepFrame<D, S extends string> {
  /** The frame itself, for what takes a plain frame (its id, its phase, reaction windows). */
  readonly frame: Frame
  /** Its data, typed (the same object the frame keeps). */
  readonly data: D
  /** The step it is on. */
  readonly step: S
  /** Moves the frame to another of the procedure's steps. */
  go(step: S): void
}

export type StepHandler<D, S extends string> = (ctx: PlayContext, f: StepFrame<D, S>) => Outcome

export interface ProcedureDefinition<D, S extends string> {
  /** The procedure's id, as refusals name it. */
  readonly name: string
  /** The action types its prompts accept. */
  readonly actions?: readonly string[]
  /** The settings it reads (see Procedure.settings). */
  readonly settings?: readonly string[]
  /** What each step does; a frame starts on `start`. */
  readonly steps: { readonly [K in S]: StepHandler<D, S> } & {
    readonly start: StepHandler<D, S>
  }
  act?(ctx: PlayContext, f: StepFrame<D, S>, action: Action): string
  legal?(ctx: PlayContext, f: StepFrame<D, S>, prompt: Prompt): Action[]
  legalGroups?(ctx: PlayContext, f: StepFrame<D, S>, prompt: Prompt): LegalGroup[]
}

/** The outcome of a step that moved the frame on: run it again. */
export const AGAIN: Outcome = { kind: 'again' }

/**
 * A procedure from its steps: `defineProcedure<Data>()({...})` (two calls, so that the data
 * type is given and the steps' names are inferred).
 */
export function defineProcedure<D>() {
  return <S extends string>(definition: ProcedureDefinition<D, S>): Procedure => {
    const steps = definition.steps as Readonly<Record<string, StepHandler<D, S>>>
    const view = (frame: Frame): StepFrame<D, S> => {
      if (!Object.hasOwn(steps, frame.step))
        return reject(`${definition.name}: unknown step "${frame.step}"`)
      return {
        frame,
        data: frameData<D>(frame),
        step: frame.step as S,
        go: (step) => {
          frame.step = step
        },
      }
    }
    const { act, legal, legalGroups } = definition
    return {
      ...(definition.actions === undefined ? {} : { actions: definition.actions }),
      ...(definition.settings === undefined ? {} : { settings: definition.settings }),
      run(ctx, frame) {
        const f = view(frame)
        return (steps[f.step] as StepHandler<D, S>)(ctx, f)
      },
      ...(act === undefined ? {} : { act: (ctx, frame, action) => act(ctx, view(frame), action) }),
      ...(legal === undefined
        ? {}
        : { legal: (ctx, frame, prompt) => legal(ctx, view(frame), prompt) }),
      ...(legalGroups === undefined
        ? {}
        : { legalGroups: (ctx, frame, prompt) => legalGroups(ctx, view(frame), prompt) }),
    }
  }
}
