/**
 * What `npm run soak` prints at the end: a table per scenario (games, draws, lengths, failures
 * and the wins of each side under its name from the scenario), and the command that plays a
 * failing game again on its own.
 */
import type { LoadedScenario } from '../src/runtime'
import { count } from './soak-progress'
import type { SoakGame } from './soak-worker'

export interface ScenarioTally {
  /** The scenario as the command line named it (an id or a file), for the reproduce command. */
  target: string
  id: string
  sides: { id: string; name: string }[]
  games: number
  wins: Map<string, number>
  draws: number
  totalActions: number
  longest: number
  /** The failing games, in the order they ended. */
  failures: SoakGame[]
}

export function newTally(target: string, loaded: LoadedScenario): ScenarioTally {
  const sides = loaded.scenario.sides.map((s) => ({ id: s.id, name: s.name }))
  return {
    target,
    id: loaded.scenario.id,
    sides,
    games: 0,
    wins: new Map(sides.map((s) => [s.id, 0])),
    draws: 0,
    totalActions: 0,
    longest: 0,
    failures: [],
  }
}

export function addGame(tally: ScenarioTally, game: SoakGame): void {
  tally.games += 1
  tally.totalActions += game.actions
  tally.longest = Math.max(tally.longest, game.actions)
  if (game.draw) tally.draws += 1
  for (const w of game.winners) tally.wins.set(w, (tally.wins.get(w) ?? 0) + 1)
  if (game.failure !== undefined) tally.failures.push(game)
}

function winsText(tally: ScenarioTally): string {
  const named = new Map(tally.sides.map((s) => [s.id, s.name]))
  return [...tally.wins].map(([side, n]) => `${named.get(side) ?? side} ${count(n)}`).join(', ')
}

/** The closing table, one row per scenario (and a total row when there are several). */
export function summaryTable(tallies: readonly ScenarioTally[]): string[] {
  const head = ['scenario', 'games', 'draws', 'mean length', 'max length', 'failures', 'wins']
  const row = (t: ScenarioTally): string[] => [
    t.id,
    count(t.games),
    count(t.draws),
    t.games === 0 ? '—' : (t.totalActions / t.games).toFixed(1),
    count(t.longest),
    count(t.failures.length),
    winsText(t),
  ]
  const rows = tallies.map(row)
  if (tallies.length > 1) {
    const games = tallies.reduce((s, t) => s + t.games, 0)
    const actions = tallies.reduce((s, t) => s + t.totalActions, 0)
    rows.push([
      'all',
      count(games),
      count(tallies.reduce((s, t) => s + t.draws, 0)),
      games === 0 ? '—' : (actions / games).toFixed(1),
      count(Math.max(...tallies.map((t) => t.longest))),
      count(tallies.reduce((s, t) => s + t.failures.length, 0)),
      '',
    ])
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  // Names left, numbers right; the wins, of varying width, come last so the numbers line up.
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) =>
        i === 0 || i === cells.length - 1
          ? c.padEnd(i === cells.length - 1 ? 0 : (widths[i] ?? 0))
          : c.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd()
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)]
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`
}

/** The options a game depends on, to repeat in a command that plays it again. */
export interface ReproduceOptions {
  content?: readonly string[]
  variants: readonly string[]
  options: readonly string[]
  maxActions: number
  defaultMaxActions: number
}

/** `npm run soak -- --scenario <target> --seed <seed> --games 1 --workers 1 …`. */
export function reproduceCommand(target: string, seed: number, o: ReproduceOptions): string {
  const words = ['--scenario', target, '--seed', String(seed), '--games', '1', '--workers', '1']
  if (o.maxActions !== o.defaultMaxActions) words.push('--max-actions', String(o.maxActions))
  for (const v of o.variants) words.push('--variant', v)
  for (const v of o.options) words.push('--option', v)
  for (const c of o.content ?? []) words.push('--content', c)
  return `npm run soak -- ${words.map(shellWord).join(' ')}`
}

/** `npm run cli -- play <target> --actions <file>`: the saved failing game, with its log. */
export function playCommand(
  target: string,
  file: string,
  content: readonly string[] | undefined,
): string {
  const words = ['play', target, '--actions', file]
  for (const c of content ?? []) words.push('--content', c)
  return `npm run cli -- ${words.map(shellWord).join(' ')}`
}
