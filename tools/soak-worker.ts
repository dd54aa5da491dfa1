/**
 * A worker of `npm run soak` (tools/soak.ts): plays a run of seeds of one scenario with
 * `checkedGame` (invariants after every action, the replay to the same hash) and posts each game
 * on the task's port as soon as it ends, so the progress bar moves within a batch. The content
 * is read and validated once per worker (`contentLibrary` keeps it), the scenario loaded once.
 */
import type { MessagePort } from 'node:worker_threads'
import { workerData } from 'piscina'
import type { Action, LoadedScenario } from '../src/runtime'
import { checkedGame } from './playout-checks'
import type { GameOptions } from './session'
import { loadScenario } from './session'

/** How a scenario is loaded, as the command line gave it. */
export interface ScenarioSource {
  /** A scenario id or a scenario file. */
  target: string
  options: Pick<GameOptions, 'content' | 'variant' | 'option'>
  /** The folder the target and --content are relative to (default: the process's). */
  cwd?: string
}

/** One batch: `count` games of one scenario from `firstSeed` on. */
export interface SoakTask {
  /** The scenario's place in the run, echoed in every game so the main process need not look it up. */
  scenario: number
  source: ScenarioSource
  firstSeed: number
  count: number
  maxActions: number
  /** Receives a SoakGame per game played. */
  port: MessagePort
}

/** One game played, as the main process tallies it. */
export interface SoakGame {
  scenario: number
  seed: number
  actions: number
  winners: string[]
  draw: boolean
  failure?: string
  /** The failing game's actions, to save it (sound games do not send theirs). */
  actionList?: Action[]
}

/** What every worker is given when it starts. */
export interface SoakWorkerData {
  /** Non-zero once the run is stopping (Ctrl-C): the worker ends its batch after the game it plays. */
  stop: Int32Array
}

/** The seeds wrap past 2³²−1 as the dice seeds do. */
export function seedAt(first: number, index: number): number {
  return (first + index) % 0x100000000
}

const loadedScenarios = new Map<string, LoadedScenario>()

function scenarioOf(source: ScenarioSource): LoadedScenario {
  const key = JSON.stringify(source)
  let loaded = loadedScenarios.get(key)
  if (loaded === undefined) {
    loaded = loadScenario(source.target, source.options, undefined, source.cwd)
    loadedScenarios.set(key, loaded)
  }
  return loaded
}

/** Plays the batch; resolves with the number of games played (fewer when the run is stopping). */
export default function playBatch(task: SoakTask): number {
  const { stop } = workerData as SoakWorkerData
  const loaded = scenarioOf(task.source)
  let played = 0
  // The main process closes the port once it has every game this returns the count of.
  for (let i = 0; i < task.count && Atomics.load(stop, 0) === 0; i++) {
    const seed = seedAt(task.firstSeed, i)
    const game = checkedGame(loaded, seed, { replay: true, maxActions: task.maxActions })
    const result: SoakGame = {
      scenario: task.scenario,
      seed,
      actions: game.actions,
      winners: game.winners,
      draw: game.draw,
      ...(game.failure === undefined ? {} : { failure: game.failure, actionList: game.actionList }),
    }
    task.port.postMessage(result)
    played += 1
  }
  return played
}
