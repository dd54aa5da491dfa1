/**
 * Where a computer move is worked out: in a Web Worker in the browser, so the page stays smooth
 * while the greedy policy weighs a decision (a second or more on a large battle), or on the
 * calling thread where workers are missing (Node, the component tests). Both run the runtime's
 * `chooseMove`, so a move is the same wherever it is worked out.
 *
 * The worker keeps the scenario it loaded last: it gets the workspace's sources once per loaded
 * scenario (the request names it by a number), then only the state and the generator.
 */
import type {
  GameState,
  LoadedScenario,
  PolicyChoice,
  PolicyName,
  RngState,
  SourceText,
} from '../../runtime'
import { chooseMove, extraVariants } from '../../runtime'

export interface MoveRequest {
  loaded: LoadedScenario
  policy: PolicyName
  state: GameState
  rng: RngState
}

/**
 * Works out computer moves. `choose` answers at once on the calling thread, or later (a
 * promise); `cancel` drops the move being worked out, whose answer then never comes.
 */
export interface MoveChooser {
  choose(request: MoveRequest): PolicyChoice | null | Promise<PolicyChoice | null>
  cancel(): void
  dispose(): void
}

/** A chooser whose answers always come later. */
export interface WorkerChooser extends MoveChooser {
  choose(request: MoveRequest): Promise<PolicyChoice | null>
}

export function inProcessChooser(): MoveChooser {
  return {
    choose: (r) => chooseMove(r.loaded, r.policy, r.state, r.rng),
    cancel: () => {},
    dispose: () => {},
  }
}

/** The scenario as the worker loads it again: the workspace's files, its id, variants, options. */
export interface ScenarioSpec {
  key: number
  sources?: SourceText[]
  scenario: string
  variants: string[]
  options: Record<string, boolean>
}

export interface WorkerRequest {
  id: number
  scenario: ScenarioSpec
  policy: PolicyName
  state: GameState
  rng: RngState
}

export type WorkerAnswer =
  | { id: number; choice: PolicyChoice | null }
  | { id: number; error: string }
  /** The worker has not got the scenario's sources (it was started anew): send them. */
  | { id: number; needsSources: true }

type Load = (sources: SourceText[]) => {
  scenario(
    id: string,
    opts: { variants: string[]; options: Record<string, boolean> },
  ): { ok: true; value: LoadedScenario } | { ok: false; problems: { message: string }[] }
}

/** The worker's side: answers requests, keeping the scenario last loaded. */
export function moveWorkerHandler(load: Load): (request: WorkerRequest) => WorkerAnswer {
  let kept: { key: number; loaded: LoadedScenario } | null = null
  return (request) => {
    const { id, scenario: spec } = request
    try {
      if (kept?.key !== spec.key) {
        if (spec.sources === undefined) return { id, needsSources: true }
        const r = load(spec.sources).scenario(spec.scenario, {
          variants: spec.variants,
          options: spec.options,
        })
        if (!r.ok)
          return { id, error: `the scenario does not load: ${r.problems[0]?.message ?? ''}` }
        kept = { key: spec.key, loaded: r.value }
      }
      return { id, choice: chooseMove(kept.loaded, request.policy, request.state, request.rng) }
    } catch (e) {
      return { id, error: e instanceof Error ? e.message : String(e) }
    }
  }
}

/** What a worker needs of `Worker`: the tests give a fake one. */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void
  onmessage: ((e: MessageEvent<WorkerAnswer>) => void) | null
  terminate(): void
}

/**
 * A chooser that works moves out in a worker made by `spawn`. A cancelled move's worker is
 * stopped (its work is thrown away) and a new one started for the next move; the scenario's
 * sources, read by `sources` when a worker first needs them, go with the first request.
 */
export function workerChooser(spawn: () => WorkerLike, sources: () => SourceText[]): WorkerChooser {
  let worker: WorkerLike | null = null
  let next = 0
  const keys = new WeakMap<LoadedScenario, number>()
  let pending: {
    id: number
    request: WorkerRequest
    resolve: (c: PolicyChoice | null) => void
    reject: (e: Error) => void
  } | null = null

  const keyOf = (loaded: LoadedScenario): number => {
    let key = keys.get(loaded)
    if (key === undefined) keys.set(loaded, (key = ++next))
    return key
  }
  const started = (): WorkerLike => {
    if (worker !== null) return worker
    const w = spawn()
    w.onmessage = (e) => {
      const answer = e.data
      const p = pending
      if (p === null || p.id !== answer.id) return
      if ('needsSources' in answer) {
        p.request = { ...p.request, scenario: { ...p.request.scenario, sources: sources() } }
        w.postMessage(p.request)
        return
      }
      pending = null
      if ('error' in answer) p.reject(new Error(answer.error))
      else p.resolve(answer.choice)
    }
    worker = w
    return w
  }
  const stop = (): void => {
    worker?.terminate()
    worker = null
  }
  return {
    choose(r) {
      // One move at a time: a move still being worked out is no longer wanted.
      if (pending !== null) {
        pending = null
        stop()
      }
      const loaded = r.loaded
      const request: WorkerRequest = {
        id: ++next,
        scenario: {
          key: keyOf(loaded),
          scenario: loaded.scenario.id,
          variants: extraVariants(loaded),
          options: { ...loaded.options },
        },
        policy: r.policy,
        state: r.state,
        rng: r.rng,
      }
      return new Promise((resolve, reject) => {
        pending = { id: request.id, request, resolve, reject }
        started().postMessage(request)
      })
    },
    cancel() {
      if (pending === null) return
      pending = null
      stop()
    },
    dispose() {
      pending = null
      stop()
    },
  }
}

/** In the browser a worker; elsewhere (Node, the component tests) the calling thread. */
export function defaultChooser(sources?: () => SourceText[]): MoveChooser {
  if (sources === undefined || typeof Worker !== 'function' || typeof window === 'undefined')
    return inProcessChooser()
  return workerChooser(
    () =>
      new Worker(new URL('./ai.worker.ts', import.meta.url), {
        type: 'module',
      }) as unknown as WorkerLike,
    sources,
  )
}
