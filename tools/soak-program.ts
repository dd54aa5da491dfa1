/**
 * `npm run soak -- [--games N] [--scenario id…] [--variant id] [--workers n] [--seed s]` as a
 * function, `runSoak(argv, io)`: plays thousands of seeded random games on a pool of worker
 * threads (piscina), each checked as the test suite checks its playouts
 * (tools/playout-checks.ts: the invariants after every action, the actions replayed from the
 * seed to the same state hash). Prints the progress, then a table per scenario and, for each
 * failing game, its seed, what went wrong, the command that plays it again, and the game saved
 * for `npm run cli -- play`. Resolves with the exit code: 1 on any failure. tools/soak.ts runs
 * it on the process's streams; tests run it in-process.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { cac } from 'cac'
import type { LoadedScenario } from '../src/runtime'
import { saveGame } from '../src/runtime'
import type { CliIo, CommandIo } from './cli-io'
import { commandIo, withCacOutput } from './cli-io'
import { displayPath } from './content-files'
import { BUNDLED_CONTENT, CONTENT_HELP, contentRoots, stackLibrary } from './content-stack'
import type { GameOptions } from './session'
import {
  countOption,
  listOption,
  loadScenario,
  reportFailure,
  runSession,
  UsageError,
  wholeNumber,
} from './session'
import type { PoolPlan, RunResult } from './soak-pool'
import { runPool } from './soak-pool'
import type { ProgressStream } from './soak-progress'
import { count, formatDuration, rate } from './soak-progress'
import { playCommand, reproduceCommand, summaryTable } from './soak-report'
import type { SoakGame } from './soak-worker'
import { seedAt } from './soak-worker'

const DEFAULT_GAMES = 1000
const DEFAULT_SEED = 1
const DEFAULT_MAX_ACTIONS = 5000
const DEFAULT_FAILURES_DIR = 'soak-failures'
/** Failing games listed and saved per scenario; past this only their seeds are printed. */
const LISTED_FAILURES = 20

interface SoakOptions extends GameOptions {
  games?: unknown
  scenario?: unknown
  workers?: unknown
  maxActions?: unknown
  failures?: unknown
}

interface Plan extends PoolPlan {
  failuresDir: string
  content?: string[]
  variants: string[]
  options: string[]
}

/** One text value: refuses a repeated option and an option given without its value. */
function single(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined
  if (Array.isArray(value)) throw new UsageError(`${what} is given more than once`)
  if (typeof value === 'boolean') throw new UsageError(`${what} needs a value`)
  return String(value)
}

/** The run the options ask for; relative paths are relative to `cwd`. */
function planOf(o: SoakOptions, cwd: string): Plan {
  const games = countOption(o.games, '--games', DEFAULT_GAMES, 10_000_000)
  const workers = countOption(o.workers, '--workers', availableParallelism(), 256)
  const maxActions = countOption(o.maxActions, '--max-actions', DEFAULT_MAX_ACTIONS, 1_000_000)
  const seedText = single(o.seed, '--seed')
  const seed = seedText === undefined ? DEFAULT_SEED : wholeNumber(seedText, '--seed', 0xffffffff)
  const folders = listOption(o.content)
  const failuresDir = single(o.failures, '--failures') ?? DEFAULT_FAILURES_DIR
  const variants = listOption(o.variant)
  const options = listOption(o.option)
  const roots = contentRoots(folders, cwd)
  const { stack, library } = stackLibrary(roots, cwd)
  const store = library.report.store
  // With --content, the scenarios of those folders; the bundled ones are their base.
  const known = store
    .ids(['scenario'])
    .filter(
      (id) =>
        folders.length === 0 ||
        stack.rootOf.get(store.get(['scenario'], id)?.doc.file ?? '') !== BUNDLED_CONTENT,
    )
    .sort()
  const root = roots[roots.length - 1] ?? BUNDLED_CONTENT
  const asked = listOption(o.scenario)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '')
  const targets = [...new Set(asked.length > 0 ? asked : known)]
  if (targets.length === 0) throw new UsageError(`${displayPath(root, cwd)} holds no scenario`)
  for (const t of targets) {
    const isFile = t.toLowerCase().endsWith('.json') || t.includes('/')
    if (!isFile && !known.includes(t))
      throw new UsageError(
        `no scenario "${t}" in ${displayPath(root, cwd)} (there are ${known.join(', ') || 'none'})`,
      )
  }
  const gameOptions = {
    ...(folders.length === 0 ? {} : { content: folders }),
    variant: variants,
    option: options,
  }
  // The workers read the target and --content from the same folder as this run.
  const sources = targets.map((target) => ({ target, options: gameOptions, cwd }))
  const loaded = sources.map((s) => loadScenario(s.target, s.options, undefined, cwd))
  return {
    sources,
    loaded,
    games,
    seed,
    workers,
    maxActions,
    failuresDir: resolve(cwd, failuresDir),
    ...(folders.length === 0 ? {} : { content: folders }),
    variants,
    options,
  }
}

/** Saves a failing game for `npm run cli -- play`; its path, or why it could not be saved. */
function saveFailure(
  plan: Plan,
  scenario: number,
  game: SoakGame,
  cwd: string,
): { file?: string; why?: string } {
  const loaded = plan.loaded[scenario] as LoadedScenario
  try {
    // Replayed here rather than sent by the worker: a failing game is rare, its final state large.
    const session = runSession(loaded, { seed: game.seed }, game.actionList ?? [])
    const save = saveGame(loaded, { seed: game.seed }, session.applied, session.state, {
      name: `${loaded.scenario.name}: soak failure, seed ${game.seed}`,
      savedAt: new Date().toISOString(),
    })
    // saveGame finds the variants beyond the scenario's own in the ruleset's chain, which does
    // not list those given at load time: without them `play` would replay another game.
    if (plan.variants.length > 0 && (save.variants ?? []).length === 0)
      save.variants = [...plan.variants]
    mkdirSync(plan.failuresDir, { recursive: true })
    const file = join(plan.failuresDir, `${loaded.scenario.id}-seed-${game.seed}.json`)
    writeFileSync(file, `${JSON.stringify(save, null, 2)}\n`)
    return { file: displayPath(file, cwd) }
  } catch (error) {
    return { why: error instanceof Error ? error.message : String(error) }
  }
}

function report(plan: Plan, result: RunResult, io: CommandIo): void {
  const played = result.tallies.reduce((s, t) => s + t.games, 0)
  const total = plan.games * plan.sources.length
  io.log('')
  for (const line of summaryTable(result.tallies)) io.log(line)
  io.log('')
  const threads = Math.min(plan.workers, total)
  io.log(
    `${count(played)} game${played === 1 ? '' : 's'} in ${result.seconds < 60 ? `${result.seconds.toFixed(1)} s` : formatDuration(result.seconds)}: ${rate(played, result.seconds)} games/s on ${threads} worker${threads === 1 ? '' : 's'}`,
  )
  if (result.interrupted)
    io.log(`interrupted: ${count(played)} of ${count(total)} games were played`)
  const failing = result.tallies.reduce((s, t) => s + t.failures.length, 0)
  if (failing > 0) {
    io.log('')
    io.log(`${count(failing)} failing game${failing === 1 ? '' : 's'}:`)
  }
  const again = {
    ...(plan.content === undefined ? {} : { content: plan.content }),
    variants: plan.variants,
    options: plan.options,
    maxActions: plan.maxActions,
    defaultMaxActions: DEFAULT_MAX_ACTIONS,
  }
  for (const [scenario, tally] of result.tallies.entries()) {
    const sorted = [...tally.failures].sort((a, b) => a.seed - b.seed)
    for (const game of sorted.slice(0, LISTED_FAILURES)) {
      io.log(`  ${tally.id}, seed ${game.seed}: ${game.failure ?? ''}`)
      io.log(`    reproduce: ${reproduceCommand(tally.target, game.seed, again)}`)
      const saved = saveFailure(plan, scenario, game, io.cwd)
      io.log(
        saved.file === undefined
          ? `    not saved: ${saved.why ?? ''}`
          : `    saved: ${saved.file} (${playCommand(tally.target, saved.file, plan.content)})`,
      )
    }
    const rest = sorted.slice(LISTED_FAILURES)
    if (rest.length > 0)
      io.log(
        `  ${tally.id}: ${count(rest.length)} more failing game${rest.length === 1 ? '' : 's'}, seeds ${rest
          .slice(0, 50)
          .map((g) => g.seed)
          .join(', ')}${rest.length > 50 ? ', …' : ''}`,
      )
  }
  if (result.broken !== undefined) io.log(`soak: a worker failed: ${result.broken}`)
}

async function soak(o: SoakOptions, io: CommandIo, progress: ProgressStream): Promise<number> {
  const plan = planOf(o, io.cwd)
  const total = plan.games * plan.sources.length
  const threads = Math.min(plan.workers, total)
  const last = seedAt(plan.seed, plan.games - 1)
  io.log(
    `soak: ${plan.loaded.map((l) => l.scenario.id).join(', ')}: ${count(plan.games)} game${plan.games === 1 ? '' : 's'} each (seeds ${plan.seed}${plan.games === 1 ? '' : `–${last}`}) on ${threads} worker${threads === 1 ? '' : 's'}; each game checked after every action and replayed to its hash`,
  )
  const result = await runPool(plan, progress)
  report(plan, result, io)
  const failed = result.tallies.some((t) => t.failures.length > 0) || result.broken !== undefined
  return failed ? 1 : result.interrupted ? 130 : 0
}

export interface RunSoakOptions {
  /** The folder relative paths are read from (default: the process's working directory). */
  cwd?: string
  /**
   * Where the progress goes: the bin gives process.stderr, a terminal or not; by default plain
   * lines on `io.stderr`, as in a log.
   */
  progress?: ProgressStream
}

/**
 * Runs soak with the arguments `argv` (those after the program's name) and resolves with its
 * exit code. A new parser per run: cac keeps the parsed arguments on its instance.
 */
export async function runSoak(
  argv: readonly string[],
  cliIo: CliIo,
  options: RunSoakOptions = {},
): Promise<number> {
  const io = commandIo(cliIo, options.cwd ?? process.cwd())
  const progress: ProgressStream = options.progress ?? {
    write: (text) => {
      cliIo.stderr(text)
      return true
    },
  }
  let code = 0
  const cli = cac('npm run soak --')
  cli
    // Ids after --scenario (`--scenario a b`) come as arguments: they are scenarios too.
    .command(
      '[...scenarios]',
      'Play seeded random games of each scenario on worker threads, checking every game',
    )
    .usage('[--games N] [--scenario id…] [--variant id] [--workers n] [--seed s]')
    .option('--games <n>', `Games per scenario (default: ${DEFAULT_GAMES})`)
    .option(
      '--scenario <id>',
      'Scenario ids or files: --scenario a b, --scenario a,b or --scenario a --scenario b (default: every scenario of the content folder)',
    )
    .option('--variant <id>', 'Apply a variant after the scenario’s own (repeatable)')
    .option('--option <name=on|off>', 'Switch an optional rule on or off (repeatable)')
    .option('--content <dir>', CONTENT_HELP)
    .option(
      '--workers <n>',
      `Worker threads (default: the cores available, ${availableParallelism()} here)`,
    )
    .option(
      '--seed <s>',
      `First seed: each scenario plays seeds s, s+1, … (default: ${DEFAULT_SEED})`,
    )
    .option(
      '--max-actions <n>',
      `A game not decided after this many actions fails (default: ${DEFAULT_MAX_ACTIONS})`,
    )
    .option(
      '--failures <dir>',
      `Folder for the failing games, saved for npm run cli -- play (default: ${DEFAULT_FAILURES_DIR})`,
    )
    .example('  npm run soak -- --scenario sample-skirmish --games 200 --workers 2')
    .example('  npm run soak -- --scenario arsuf-1191 --seed 123 --games 1 --workers 1')
    .action(async (more: string[], o: SoakOptions) => {
      const scenario = [...listOption(o.scenario), ...more]
      code = await soak(scenario.length > 0 ? { ...o, scenario } : o, io, progress)
    })
  cli.help((sections) => [
    {
      body: 'Plays seeded random games of each scenario on worker threads; each game is checked after every action and replayed from its seed to its state hash.',
    },
    // cac's sections for a program with subcommands mean nothing here: soak has none.
    ...sections
      .filter((s) => s.title !== 'Commands' && s.title?.startsWith('For more') !== true)
      .slice(1),
    {
      title: 'Exit status',
      body: '  0 when every game passed, 1 on a failing game or a mistake in the options, 130 when stopped by Ctrl-C',
    },
  ])

  try {
    // cac reads a whole process.argv: the node binary and the script come first.
    withCacOutput(io, () => cli.parse(['node', 'soak', ...argv], { run: false }))
    if (cli.options.help !== true) await cli.runMatchedCommand()
    return code
  } catch (error) {
    return reportFailure(error, 'soak', io)
  }
}
