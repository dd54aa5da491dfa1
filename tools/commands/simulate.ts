/**
 * `simulate <scenario> --games N [--seed s] [--policy random|greedy]`: plays whole games with
 * computer policies and counts who won, the draws and the games left unfinished.
 */
import { join, resolve } from 'node:path'
import { saveGame } from '../../src/runtime'
import { greedy, playout, randomLegal } from '../../src/runtime/play/ai'
import type { Policy, PlayoutResult } from '../../src/runtime/play/ai'
import type { CommandIo } from '../cli-io'
import type { GameOptions } from '../session'
import {
  countOption,
  listOption,
  loadScenario,
  UsageError,
  wholeNumber,
  writeOutput,
} from '../session'

export interface SimulateOptions extends GameOptions {
  games?: unknown
  policy?: unknown
  maxActions?: unknown
  saveGames?: unknown
  json?: boolean
}

const POLICIES: Record<string, () => Policy> = { random: () => randomLegal, greedy }

function policyOf(name: string): Policy {
  const make = POLICIES[name]
  if (make === undefined)
    throw new UsageError(`no policy "${name}": choose ${Object.keys(POLICIES).join(' or ')}`)
  return make()
}

/** `greedy`, or per side: `franks=greedy,emirate=random`. */
function policies(value: unknown, sides: readonly string[]): Policy | Record<string, Policy> {
  const text = listOption(value).join(',') || 'random'
  if (!text.includes('=')) return policyOf(text)
  const out: Record<string, Policy> = {}
  for (const pair of text.split(',')) {
    const [side, name] = pair.split('=') as [string, string | undefined]
    if (!sides.includes(side))
      throw new UsageError(
        `--policy names side "${side}", which the scenario does not have (${sides.join(', ')})`,
      )
    out[side] = policyOf(name ?? '')
  }
  const missing = sides.filter((s) => out[s] === undefined)
  if (missing.length > 0) throw new UsageError(`--policy gives no policy for ${missing.join(', ')}`)
  return out
}

function verdict(result: PlayoutResult): string {
  const o = result.outcome
  if (o !== null) return o.draw ? `draw (${o.reason})` : `${o.winners.join(', ')} won (${o.reason})`
  return result.stopped === undefined ? 'unfinished' : `stopped: ${result.stopped}`
}

export function runSimulate(scenario: string, options: SimulateOptions, io: CommandIo): number {
  if (options.games === undefined)
    throw new UsageError('simulate needs --games N: how many games to play')
  const games = countOption(options.games, '--games', 1, 100_000)
  const seed =
    options.seed === undefined ? 1 : wholeNumber(String(options.seed), '--seed', 0xffffffff)
  const maxActions = countOption(options.maxActions, '--max-actions', 500, 1_000_000)
  const loaded = loadScenario(scenario, options, undefined, io.cwd)
  const chosen = policies(
    options.policy,
    loaded.scenario.sides.map((s) => s.id),
  )
  const wins: Record<string, number> = Object.fromEntries(
    loaded.scenario.sides.map((s) => [s.id, 0]),
  )
  const tally = { draws: 0, unfinished: 0, stopped: 0 }
  const played: { seed: number; actions: number; result: string; winners: string[] }[] = []
  for (let g = 0; g < games; g++) {
    const gameSeed = (seed + g) % 0x100000000
    const result = playout(loaded, gameSeed, chosen, maxActions)
    if (options.saveGames !== undefined) {
      // Each game as a saved game: `play --actions <file>` shows its log, up to a stop.
      const dir = resolve(io.cwd, String(options.saveGames))
      const save = saveGame(loaded, { seed: gameSeed }, result.actions, result.state)
      const text = `${JSON.stringify(save, null, 2)}\n`
      writeOutput(join(dir, `game-${gameSeed}.json`), text, io.cwd, true)
    }
    const o = result.outcome
    if (o === null) tally[result.stopped === undefined ? 'unfinished' : 'stopped'] += 1
    else if (o.draw) tally.draws += 1
    else for (const w of o.winners) wins[w] = (wins[w] ?? 0) + 1
    played.push({
      seed: gameSeed,
      actions: result.actions.length,
      result: verdict(result),
      winners: o?.winners ?? [],
    })
  }
  const total = played.reduce((s, p) => s + p.actions, 0)
  const mean = games === 0 ? 0 : total / games
  // A game that stopped met a fault of the engine or the content: that is a failure, exit 1.
  const code = tally.stopped > 0 ? 1 : 0
  const failure = (): void => {
    if (code === 0) return
    const first = played.find((p) => p.result.startsWith('stopped'))
    io.error(
      `hexwright: ${tally.stopped} of ${games} game${games === 1 ? '' : 's'} stopped before ${games === 1 ? 'it was' : 'they were'} decided${first === undefined ? '' : `, the first with seed ${first.seed}`}`,
    )
  }
  if (options.json === true) {
    io.log(
      JSON.stringify(
        {
          scenario: loaded.scenario.id,
          games,
          maxActions,
          wins,
          ...tally,
          meanActions: mean,
          played,
        },
        null,
        2,
      ),
    )
    failure()
    return code
  }
  for (const [i, p] of played.entries())
    io.log(
      `game ${i + 1} (seed ${p.seed}): ${p.result} after ${p.actions} action${p.actions === 1 ? '' : 's'}`,
    )
  const won = Object.entries(wins)
    .map(([side, n]) => `${side} ${n}`)
    .join(', ')
  io.log(
    `${games} game${games === 1 ? '' : 's'}: wins ${won}; draws ${tally.draws}; unfinished ${tally.unfinished} (limit ${maxActions} actions); stopped ${tally.stopped}`,
  )
  io.log(`actions per game: ${played.map((p) => p.actions).join(' ')} (mean ${mean.toFixed(1)})`)
  failure()
  return code
}
