/**
 * The worker pool of `npm run soak`: the run cut into batches of seeds, handed to piscina's
 * worker threads (tools/soak-worker.ts) two per worker, each game tallied as a worker posts it.
 * Ctrl-C (or SIGTERM) lets the games being played end and stops; a second one, later, stops at
 * once.
 */
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { MessageChannel } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { LoadedScenario } from '../src/runtime'
import type { ProgressStream } from './soak-progress'
import { Progress } from './soak-progress'
import type { ScenarioTally } from './soak-report'
import { addGame, newTally } from './soak-report'
import type { ScenarioSource, SoakGame, SoakTask, SoakWorkerData } from './soak-worker'
import { seedAt } from './soak-worker'

/** A batch is at most this many games: enough that messages cost nothing beside the games. */
const MAX_BATCH = 25
/** A second Ctrl-C within this time is the same keypress relayed by npm and tsx. */
const SIGNAL_ECHO_MS = 1000

/** What the pool plays: `games` seeds from `seed` on, of each scenario. */
export interface PoolPlan {
  sources: ScenarioSource[]
  loaded: LoadedScenario[]
  games: number
  seed: number
  workers: number
  maxActions: number
}

type Batch = Omit<SoakTask, 'port'>

/**
 * The batches of the run, scenario by scenario. Their size shrinks as the run nears its end
 * (a quarter of each worker's share of what is left, at most MAX_BATCH), so no worker is left
 * with a long batch while the others wait.
 */
function* batchesOf(plan: PoolPlan, threads: number): Generator<Batch> {
  let left = plan.games * plan.sources.length
  for (const [scenario, source] of plan.sources.entries()) {
    let next = 0
    while (next < plan.games) {
      const size = Math.min(MAX_BATCH, Math.max(1, Math.ceil(left / (threads * 4))))
      const n = Math.min(size, plan.games - next)
      yield {
        scenario,
        source,
        firstSeed: seedAt(plan.seed, next),
        count: n,
        maxActions: plan.maxActions,
      }
      next += n
      left -= n
    }
  }
}

/** Runs one batch; `onGame` hears of each game as it ends. Settles once every game is heard. */
async function runBatch(
  pool: Piscina,
  batch: Batch,
  onGame: (game: SoakGame) => void,
): Promise<void> {
  const { port1, port2 } = new MessageChannel()
  let heard = 0
  let expected = Infinity
  let allHeard: () => void = () => {}
  const everyGame = new Promise<void>((resolve) => (allHeard = resolve))
  port1.on('message', (game: SoakGame) => {
    heard += 1
    onGame(game)
    if (heard >= expected) allHeard()
  })
  try {
    const task: SoakTask = { ...batch, port: port2 }
    // The games come on the port and the count with the task's answer: two channels, so the
    // last games may arrive after the answer.
    expected = (await pool.run(task, { transferList: [port2] })) as number
    if (heard < expected) await everyGame
  } finally {
    port1.close()
  }
}

export interface RunResult {
  tallies: ScenarioTally[]
  seconds: number
  interrupted: boolean
  /** Why the pool itself failed (a worker that died), if it did. */
  broken?: string
}

/**
 * The Node options of the workers. The worker is TypeScript: under `npm run soak` tsx's hooks
 * come with process.execArgv, which workers inherit; a host that compiles TypeScript its own way
 * (Vitest, running soak in-process) gets tsx's loader added for them.
 */
function workerExecArgv(): string[] {
  const tsx = createRequire(import.meta.url).resolve('tsx')
  // `--import tsx`, or the loader's path as tsx itself passes it.
  const loaded = process.execArgv.some((a) => /(^|[/\\])tsx($|[/\\])/.test(a))
  return loaded ? process.execArgv : [...process.execArgv, '--import', pathToFileURL(tsx).href]
}

/** Plays the plan on the worker pool; the progress goes to `progressStream`. */
export async function runPool(plan: PoolPlan, progressStream: ProgressStream): Promise<RunResult> {
  const total = plan.games * plan.sources.length
  const threads = Math.min(plan.workers, total)
  const tallies = plan.sources.map((s, i) => newTally(s.target, plan.loaded[i] as LoadedScenario))
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const workerData: SoakWorkerData = { stop }
  const pool = new Piscina({
    filename: new URL('./soak-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Infinity,
    workerData,
    execArgv: workerExecArgv(),
  })
  const progress = new Progress(total, progressStream)
  let done = 0
  let failures = 0
  const onGame = (game: SoakGame): void => {
    done += 1
    if (game.failure !== undefined) failures += 1
    addGame(tallies[game.scenario] as ScenarioTally, game)
    progress.update(done, failures)
  }

  let stopping = false
  let forced = false
  let broken: string | undefined
  let firstSignal: number | undefined
  const onSignal = (): void => {
    const now = Date.now()
    if (firstSignal === undefined) {
      firstSignal = now
      stopping = true
      Atomics.store(stop, 0, 1)
      progress.note('soak: stopping after the games being played (Ctrl-C again to stop at once)')
    } else if (now - firstSignal > SIGNAL_ECHO_MS && !forced) {
      forced = true
      void pool.destroy()
    }
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  const batches = batchesOf(plan, threads)
  const inFlight = new Set<Promise<void>>()
  // Two batches per worker, so a worker never waits for the next one to be handed out.
  const launch = (): void => {
    while (!stopping && inFlight.size < threads * 2) {
      const next = batches.next()
      if (next.done === true) return
      const running: Promise<void> = runBatch(pool, next.value, onGame)
        .catch((error: unknown) => {
          if (forced) return
          broken ??= error instanceof Error ? error.message : String(error)
          stopping = true
          Atomics.store(stop, 0, 1)
        })
        .finally(() => {
          inFlight.delete(running)
          launch()
        })
      inFlight.add(running)
    }
  }
  launch()
  while (inFlight.size > 0) await Promise.race(inFlight)
  const seconds = progress.elapsed()
  progress.clear()
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  if (!forced) await pool.destroy()
  return {
    tallies,
    seconds,
    interrupted: firstSignal !== undefined,
    ...(broken === undefined ? {} : { broken }),
  }
}
