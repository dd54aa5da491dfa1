/**
 * Golden games: for fixed seeds of every bundled scenario, the actions a random playout takes,
 * the final state hash and a hash of the whole game log, as recorded before a refactor. A
 * refactor of the engine must play the same games to the same end with the same log; only a
 * deliberate rule fix records them again (`npm run golden -- --record`), in a commit of its own
 * that says why.
 *
 * The record is `test/golden/games.json` (one line per game: seed, number of actions and the
 * three hashes) and `test/golden/actions/<scenario>.json.gz` (every game's action list, so a
 * failing game can be told where it first went another way).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate'
import type { Action, GameState, LoadedScenario, LogEntry } from '../src/runtime'
import { canonicalJson, hashText, playout, randomLegal, stateHash } from '../src/runtime'

/** The seeds recorded for every scenario. */
export const GOLDEN_SEEDS: readonly number[] = Array.from({ length: 50 }, (_, i) => i + 1)

/** The longest game a golden playout may take. */
export const GOLDEN_MAX_ACTIONS = 5000

export interface GoldenGame {
  seed: number
  /** How many actions the game took. */
  actions: number
  /** Hash of the action list as canonical JSON. */
  actionsHash: string
  /** stateHash of the final state. */
  stateHash: string
  /** Hash of every log entry (the start's first) as canonical JSON. */
  logHash: string
  /** The outcome in words: "<side>+<side> won", "draw" or "none". */
  outcome: string
}

/** What was played, with the action list itself (kept apart from the summary). */
export interface PlayedGame extends GoldenGame {
  actionList: Action[]
  /** Why the playout stopped early, when it did. */
  stopped?: string
}

export type GoldenRecord = Record<string, GoldenGame[]>

export const GOLDEN_DIR = join(import.meta.dirname, '..', 'test', 'golden')
const SUMMARY = join(GOLDEN_DIR, 'games.json')
const actionsFile = (scenario: string): string => join(GOLDEN_DIR, 'actions', `${scenario}.json.gz`)

/**
 * Plays the golden game of `seed`: `randomLegal` for every side, the log hashed entry by entry.
 * `check` is told of every state reached (the random playouts' invariants go there).
 */
export function playGolden(
  loaded: LoadedScenario,
  seed: number,
  check?: (
    state: GameState,
    step: number,
    action: Action | null,
    entries: readonly LogEntry[],
  ) => void,
): PlayedGame {
  const entries: string[] = []
  let step = 0
  const game = playout(loaded, seed, randomLegal, GOLDEN_MAX_ACTIONS, (state, action, log) => {
    // As saved: a field left undefined counts as absent, as it is in a saved game.
    for (const entry of log) entries.push(canonicalJson(entry, true))
    check?.(state, step, action, log)
    step += 1
  })
  const outcome = game.outcome
  return {
    seed,
    actions: game.actions.length,
    actionsHash: hashText(canonicalJson(game.actions)),
    stateHash: stateHash(game.state),
    logHash: hashText(entries.join('\n')),
    outcome:
      outcome === null ? 'none' : outcome.draw ? 'draw' : `${[...outcome.winners].join('+')} won`,
    actionList: game.actions,
    ...(game.stopped === undefined ? {} : { stopped: game.stopped }),
  }
}

export function readGoldenRecord(): GoldenRecord {
  return JSON.parse(readFileSync(SUMMARY, 'utf8')) as GoldenRecord
}

/** The recorded action lists of a scenario's golden games, by seed. */
export function readGoldenActions(scenario: string): Map<number, Action[]> {
  const file = actionsFile(scenario)
  if (!existsSync(file)) return new Map()
  const lists = JSON.parse(strFromU8(gunzipSync(readFileSync(file)))) as Record<string, Action[]>
  return new Map(Object.entries(lists).map(([seed, list]) => [Number(seed), list]))
}

/** Where two action lists first differ, in words, or null when they are the same. */
export function firstDifference(
  expected: readonly Action[],
  played: readonly Action[],
): string | null {
  const n = Math.max(expected.length, played.length)
  for (let i = 0; i < n; i++) {
    const a = expected[i]
    const b = played[i]
    const ja = a === undefined ? 'the end of the game' : canonicalJson(a)
    const jb = b === undefined ? 'the end of the game' : canonicalJson(b)
    if (ja !== jb) return `action ${i + 1}: recorded ${ja}, played ${jb}`
  }
  return null
}

/** Writes the record of every scenario's golden games. */
export function writeGoldenRecord(played: ReadonlyMap<string, PlayedGame[]>): void {
  mkdirSync(join(GOLDEN_DIR, 'actions'), { recursive: true })
  const summary: GoldenRecord = {}
  for (const [scenario, games] of [...played].sort(([a], [b]) => a.localeCompare(b))) {
    summary[scenario] = games.map(({ actionList: _list, stopped: _stopped, ...game }) => game)
    const lists = Object.fromEntries(games.map((g) => [String(g.seed), g.actionList]))
    writeFileSync(
      actionsFile(scenario),
      gzipSync(strToU8(JSON.stringify(lists)), { level: 9, mtime: 0 }),
    )
  }
  // One game per line: a re-recording shows in a diff as the games that changed.
  const lines = Object.entries(summary).map(
    ([scenario, games]) =>
      `  ${JSON.stringify(scenario)}: [\n${games.map((g) => `    ${JSON.stringify(g)}`).join(',\n')}\n  ]`,
  )
  writeFileSync(SUMMARY, `{\n${lines.join(',\n')}\n}\n`)
}
