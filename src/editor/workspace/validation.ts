/**
 * Validation of the whole workspace with the CLI's own `validateContent`: in a worker in the
 * browser, in-process where workers are missing (component tests), there without the test games.
 * Requests made while one runs collapse into one more run with the latest files.
 */
import type { Problem, SourceText } from '../../runtime'

export interface Validator {
  validate(sources: SourceText[]): Promise<Problem[]>
  dispose(): void
}

/** Loads the validator's code on first use, so the page that never uses it never downloads it. */
export function inProcessValidator(): Validator {
  return {
    // On the page's own thread the test games (seconds of play) would freeze it: the worker
    // makes them.
    validate: async (sources) =>
      (await import('../../runtime')).validateContent(sources, { testGames: false }).problems,
    dispose: () => {},
  }
}

export function workerValidator(): Validator {
  const worker = new Worker(new URL('./validation.worker.ts', import.meta.url), { type: 'module' })
  let next = 0
  const waiting = new Map<number, { resolve: (p: Problem[]) => void; reject: (e: Error) => void }>()
  worker.onmessage = (e: MessageEvent<{ id: number; problems?: Problem[]; error?: string }>) => {
    const w = waiting.get(e.data.id)
    waiting.delete(e.data.id)
    if (!w) return
    if (e.data.problems) w.resolve(e.data.problems)
    else w.reject(new Error(e.data.error ?? 'validation failed'))
  }
  return {
    validate(sources) {
      const id = ++next
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        worker.postMessage({ id, sources })
      })
    },
    dispose: () => worker.terminate(),
  }
}

export function defaultValidator(): Validator {
  return typeof Worker === 'function' && typeof window !== 'undefined'
    ? workerValidator()
    : inProcessValidator()
}

/** Run at most one validation at a time; calls during a run schedule one more at its end. */
export function serialValidation(
  validator: Validator,
  sources: () => SourceText[],
  onResult: (problems: Problem[], validated: SourceText[]) => void,
  onError: (message: string) => void,
): { request: () => void; requested: () => boolean; idle: () => Promise<void> } {
  let running: Promise<void> | null = null
  let again = false
  let asked = false
  const run = (): Promise<void> => {
    const validated = sources()
    return validator
      .validate(validated)
      .then(
        (problems) => onResult(problems, validated),
        (e: unknown) => onError(e instanceof Error ? e.message : String(e)),
      )
      .then(() => {
        if (again) {
          again = false
          running = run()
          return running
        }
        running = null
      })
  }
  return {
    request() {
      asked = true
      if (running) again = true
      else running = run()
    },
    requested: () => asked,
    idle: async () => {
      while (running) await running
    },
  }
}
