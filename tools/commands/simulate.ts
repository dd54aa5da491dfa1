/**
 * `simulate <scenario> --games N [--seed s] [--policy random|greedy]`: plays whole games with
 * computer policies and counts who won, the draws and the games left unfinished.
 */
import { join, resolve } from 'node:path'
import type { Action, GameState, Names, PlayoutResult, Policy } from '../../src/runtime'
import {
  isPolicyName,
  namedPolicy,
  namesOf,
  playout,
  POLICY_NAMES,
  saveGame,
  stateHash,
} from '../../src/runtime'
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

function policyOf(name: string): Policy {
  if (!isPolicyName(name))
    throw new UsageError(`no policy "${name}": choose ${POLICY_NAMES.join(' or ')}`)
  return namedPolicy(name)
}

/** The policy name of each side: `greedy` for all, or per side: `franks=greedy,emirate=random`. */
function policyNames(value: unknown, sides: readonly string[]): Record<string, string> {
  const text = listOption(value).join(',') || 'random'
  if (!text.includes('=')) return Object.fromEntries(sides.map((s) => [s, text]))
  const out: Record<string, string> = {}
  for (const pair of text.split(',')) {
    const [side, name] = pair.split('=') as [string, string | undefined]
    if (!sides.includes(side))
      throw new UsageError(
        `--policy names side "${side}", which the scenario does not have (${sides.join(', ')})`,
      )
    out[side] = name ?? ''
  }
  const missing = sides.filter((s) => out[s] === undefined)
  if (missing.length > 0) throw new UsageError(`--policy gives no policy for ${missing.join(', ')}`)
  return out
}

function policies(names: Record<string, string>): Policy | Record<string, Policy> {
  const distinct = [...new Set(Object.values(names))]
  if (distinct.length === 1) return policyOf(distinct[0] as string)
  return Object.fromEntries(Object.entries(names).map(([side, name]) => [side, policyOf(name)]))
}

interface PolicyRecord {
  policy: string
  sides: string[]
  won: number
  lost: number
  drawn: number
  /** Won, lost or drawn: the games that reached a result. */
  decided: number
  unfinished: number
  /** Won of decided, 0 to 1. */
  winRate: number
}

/**
 * When the sides play different policies: how each policy fared, its games won of the games
 * decided (a draw is decided, and not won); games left unfinished are counted apart.
 */
function byPolicy(
  names: Record<string, string>,
  played: readonly { winners: string[]; losers: string[]; draw: boolean; decided: boolean }[],
): PolicyRecord[] {
  const distinct = [...new Set(Object.values(names))]
  if (distinct.length < 2) return []
  return distinct.map((policy) => {
    const sides = Object.keys(names).filter((s) => names[s] === policy)
    const mine = (list: readonly string[]) => list.some((s) => sides.includes(s))
    const record = { policy, sides, won: 0, lost: 0, drawn: 0, decided: 0, unfinished: 0 }
    for (const p of played) {
      if (!p.decided) record.unfinished += 1
      else {
        record.decided += 1
        if (p.draw) record.drawn += 1
        else if (mine(p.winners)) record.won += 1
        else if (mine(p.losers)) record.lost += 1
      }
    }
    return { ...record, winRate: record.decided === 0 ? 0 : record.won / record.decided }
  })
}

/**
 * How a game ended, by ids for --json and in words (`names`) for a person. A stop stays as the
 * engine said it: it names the action to play again.
 */
function verdict(result: PlayoutResult, names?: Names): string {
  const o = result.outcome
  const side = names?.side ?? ((id: string) => id)
  const reason = o === null ? '' : (names?.text(o.reason) ?? o.reason)
  if (o !== null)
    return o.draw ? `draw (${reason})` : `${o.winners.map(side).join(', ')} won (${reason})`
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
  const names = policyNames(
    options.policy,
    loaded.scenario.sides.map((s) => s.id),
  )
  const chosen = policies(names)
  const words = namesOf(loaded)
  const wins: Record<string, number> = Object.fromEntries(
    loaded.scenario.sides.map((s) => [s.id, 0]),
  )
  const tally = { draws: 0, unfinished: 0, stopped: 0 }
  const played: {
    seed: number
    actions: number
    result: string
    winners: string[]
    losers: string[]
    draw: boolean
    decided: boolean
  }[] = []
  for (let g = 0; g < games; g++) {
    const gameSeed = (seed + g) % 0x100000000
    // A game to save keeps the hash of the state after each action, taken as it is played.
    const stateHashes: string[] = []
    const observe =
      options.saveGames === undefined
        ? undefined
        : (state: GameState, action: Action | null) => {
            if (action !== null) stateHashes.push(stateHash(state))
          }
    const result = playout(loaded, gameSeed, chosen, maxActions, observe)
    if (options.saveGames !== undefined) {
      // Each game as a saved game: `play --actions <file>` shows its log, up to a stop.
      const dir = resolve(io.cwd, String(options.saveGames))
      const save = saveGame(loaded, { seed: gameSeed }, result.actions, result.state, {
        stateHashes,
      })
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
      losers: o?.losers ?? [],
      draw: o?.draw ?? false,
      decided: o !== null,
    })
    // Each game's line as it ends: a long run shows its progress.
    if (options.json !== true)
      io.log(
        `game ${g + 1} (seed ${gameSeed}): ${verdict(result, words)} after ${result.actions.length} action${result.actions.length === 1 ? '' : 's'}`,
      )
  }
  const policyRecords = byPolicy(names, played)
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
          ...(policyRecords.length === 0 ? {} : { byPolicy: policyRecords }),
          played: played.map((p) => ({
            seed: p.seed,
            actions: p.actions,
            result: p.result,
            winners: p.winners,
          })),
        },
        null,
        2,
      ),
    )
    failure()
    return code
  }
  const sideName = words.side
  const won = Object.entries(wins)
    .map(([side, n]) => `${sideName(side)} ${n}`)
    .join(', ')
  io.log(
    `${games} game${games === 1 ? '' : 's'}: wins ${won}; draws ${tally.draws}; unfinished ${tally.unfinished} (limit ${maxActions} actions); stopped ${tally.stopped}`,
  )
  for (const r of policyRecords)
    io.log(
      `${r.policy} (${r.sides.map(sideName).join(', ')}): won ${r.won} of ${r.decided} decided game${r.decided === 1 ? '' : 's'} (${(100 * r.winRate).toFixed(1)}%), drew ${r.drawn}, lost ${r.lost}; unfinished ${r.unfinished}`,
    )
  io.log(`actions per game: ${played.map((p) => p.actions).join(' ')} (mean ${mean.toFixed(1)})`)
  failure()
  return code
}
