/**
 * The file side of the play commands: find and load a scenario (by id or by file), read an
 * actions file (a JSON array of actions or a saved game), choose the dice, and replay the
 * actions from the start of the game. Everything a user can get wrong ends in a UsageError or
 * a ContentError, which the CLI prints without a stack trace.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import type {
  Action,
  DiceChoice,
  GameState,
  LoadedScenario,
  LogEntry,
  Problem,
  SavedGame,
} from '../src/runtime'
import { content, migrateSavedGame, playAction, startGame } from '../src/runtime'
import type { CommandIo } from './cli-io'
import { contentRootOf, displayPath, readSource } from './content-files'
import { contentRoots, stackLibrary } from './content-stack'

import { ContentError, UsageError } from './cli-errors'

export { ContentError, UsageError } from './cli-errors'

/**
 * Writes `text` to `path` (absolute), making its folder when `makeFolder`; a path that cannot
 * be written (a missing folder, a folder in the way, no permission) is the user's to fix.
 */
export function writeOutput(path: string, text: string, cwd: string, makeFolder = false): void {
  try {
    if (makeFolder) mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT'
        ? 'its folder does not exist'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'a file stands where a folder of its path should be'
            : code === 'EACCES' || code === 'EPERM'
              ? 'permission denied'
              : error instanceof Error
                ? error.message
                : String(error)
    throw new UsageError(`cannot write ${displayPath(path, cwd)}: ${why}`)
  }
}

/** A command-line value given once or several times, as a list. */
export function listOption(value: unknown): string[] {
  if (value === undefined || value === false) return []
  const values = Array.isArray(value) ? value : [value]
  return values.map((v) => String(v))
}

export interface GameOptions {
  variant?: unknown
  option?: unknown
  content?: unknown
  actions?: unknown
  seed?: unknown
  dice?: unknown
}

/** `name=on|off` pairs from --option. */
function optionValues(value: unknown): Record<string, boolean> {
  const pairs: [string, boolean][] = []
  for (const pair of listOption(value)) {
    const match = /^([^=]+)=(on|off|true|false)$/.exec(pair)
    if (match === null) throw new UsageError(`--option takes name=on or name=off, not "${pair}"`)
    pairs.push([match[1] as string, match[2] === 'on' || match[2] === 'true'])
  }
  // Own keys whatever the name: assigning "__proto__" would set the prototype and drop the
  // option unseen, where the loader refuses every name the ruleset does not declare.
  return Object.fromEntries(pairs)
}

/** The optional rules a saved game was played with (on/off switches only). */
function savedOptions(save: SavedGame | undefined): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(save?.options ?? {}).filter(
      (e): e is [string, boolean] => typeof e[1] === 'boolean',
    ),
  )
}

/**
 * The stack of content roots and the scenario id a scenario argument names (an id, or a
 * scenario file, whose content root then comes last); a relative path is relative to `cwd`.
 */
function scenarioTarget(
  arg: string,
  contentOption: unknown,
  cwd: string,
): { roots: string[]; id: string } {
  const folders = listOption(contentOption)
  if (arg.toLowerCase().endsWith('.json') || arg.includes('/')) {
    const path = resolve(cwd, arg)
    if (!existsSync(path) || !statSync(path).isFile())
      throw new UsageError(`no such scenario file: ${arg}`)
    const root = contentRootOf(path)
    if (root === undefined)
      throw new UsageError(`${arg} is not inside a content folder (one holding scenarios/, maps/…)`)
    return {
      roots: contentRoots(folders, cwd, [root]),
      id: basename(arg).replace(/\.json$/i, ''),
    }
  }
  return { roots: contentRoots(folders, cwd), id: arg }
}

/**
 * Loads the scenario with its variants and options; refuses content with problems. Relative
 * paths (a scenario file, --content) are relative to `cwd`.
 */
export function loadScenario(
  arg: string,
  options: GameOptions,
  save?: SavedGame,
  cwd = process.cwd(),
): LoadedScenario {
  const { roots, id } = scenarioTarget(arg, options.content, cwd)
  if (save !== undefined && save.scenario !== id)
    throw new UsageError(`the saved game is a game of scenario "${save.scenario}", not "${id}"`)
  let variants = listOption(options.variant)
  if (save !== undefined) {
    const saved = save.variants ?? []
    if (variants.length === 0) variants = saved
    else if (variants.join('\n') !== saved.join('\n'))
      throw new UsageError(
        `the saved game was played with ${saved.length === 0 ? 'no variants' : `variants ${saved.join(', ')}`}, not ${variants.join(', ')}`,
      )
  }
  const loaded = stackLibrary(roots, cwd).library.scenario(id, {
    variants,
    options: { ...savedOptions(save), ...optionValues(options.option) },
  })
  if (!loaded.ok) throw new ContentError(loaded.problems)
  return loaded.value
}

/** A problem as `file:line:column: message (at /pointer)`, or just the message when it has no file. */
export function problemLine(problem: Problem): string {
  return problem.file === '' ? problem.message : content.formatProblem(problem)
}

/**
 * What a command-line program prints for an error that ended it, and its exit code: the user's
 * mistakes (a usage error, an option cac refuses, content that does not load) one line each
 * with exit 1; anything else an internal error, exit 2, with its stack only under
 * HEXWRIGHT_DEBUG.
 */
export function reportFailure(error: unknown, program: string, io: CommandIo): 1 | 2 {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof ContentError) {
    for (const problem of error.problems) io.error(problemLine(problem))
    io.error(`${program}: ${message}`)
    return 1
  }
  const refusedByCac =
    error instanceof Error &&
    (error.name === 'CACError' || /Unknown option|missing required/i.test(message))
  if (error instanceof UsageError || refusedByCac) {
    io.error(`${program}: ${message}`)
    return 1
  }
  io.error(`${program}: internal error: ${message}`)
  if (process.env.HEXWRIGHT_DEBUG && error instanceof Error) io.error(String(error.stack))
  return 2
}

/** The actions of an actions file, and the saved game when the file is one. */
export function readActions(
  path: string,
  cwd = process.cwd(),
): { actions: Action[]; save?: SavedGame } {
  const absolute = resolve(cwd, path)
  if (!existsSync(absolute) || !statSync(absolute).isFile())
    throw new UsageError(`no such actions file: ${path}`)
  const file = displayPath(absolute, cwd)
  const source = readSource(absolute, cwd)
  // The bytes that are not UTF-8 are refused as a content file's are, at the first of them.
  const undecodable = source.invalidUtf8 && content.checkFile(source).problems
  if (undecodable) throw new ContentError(undecodable, `${file} is not a valid actions file`)
  const parsed = content.parseJsonDocument(file, source.text)
  if (!parsed.ok) throw new ContentError(parsed.problems, `${file} is not a valid actions file`)
  const value = parsed.doc.value
  if (Array.isArray(value)) {
    value.forEach((action, i) => {
      const type = (action as { type?: unknown } | null)?.type
      if (
        action === null ||
        typeof action !== 'object' ||
        Array.isArray(action) ||
        typeof type !== 'string'
      )
        throw new ContentError(
          [
            located(
              parsed.doc,
              `/${i}`,
              `action ${i + 1} must be an object with a "type", like {"type": "pass"}`,
            ),
          ],
          `${file} is not a valid actions file`,
        )
    })
    return { actions: value as Action[] }
  }
  const migrated = migrateSavedGame(value)
  if (!migrated.ok)
    throw new UsageError(`${file}: neither a list of actions nor a saved game (${migrated.error})`)
  return { actions: migrated.save.actions as Action[], save: migrated.save }
}

function located(doc: content.JsonDocument, pointer: string, message: string): Problem {
  const at = content.locate(doc, pointer)
  return { file: doc.file, line: at.line, column: at.column, pointer, message, severity: 'error' }
}

/** A count option: a whole number from 1 to `max`, or `fallback` when the option is absent. */
export function countOption(value: unknown, what: string, fallback: number, max: number): number {
  if (value === undefined) return fallback
  const text = String(value)
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw new UsageError(
      `${what} must be a whole number from 1 to ${max.toLocaleString('en-US')}, not "${text}"`,
    )
  return Number(text)
}

export function wholeNumber(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) > max)
    throw new UsageError(`${what} must be a whole number from 0 to ${max}, not "${text}"`)
  return Number(text)
}

/**
 * The dice from --seed or --dice (forced faces, comma-separated), else the saved game's, else
 * `fallback`; null when none is given and there is no fallback.
 */
export function diceOption(
  options: GameOptions,
  save?: SavedGame,
  fallback?: DiceChoice,
): DiceChoice | null {
  if (options.seed !== undefined && options.dice !== undefined)
    throw new UsageError('give either --seed or --dice, not both')
  if (options.seed !== undefined) {
    return { seed: wholeNumber(String(options.seed), '--seed', 0xffffffff) }
  }
  if (options.dice !== undefined) {
    const text = String(options.dice)
    const faces = text
      .split(',')
      .filter((f) => f.trim() !== '')
      .map((f) => wholeNumber(f, 'each --dice face'))
    return { forced: faces }
  }
  if (save !== undefined)
    return save.dice.kind === 'seeded' ? { seed: save.dice.seed } : { forced: save.dice.values }
  return fallback ?? null
}

export function describeDice(dice: DiceChoice): string {
  return 'seed' in dice ? `seed ${dice.seed}` : `forced ${dice.forced.join(',') || '(none)'}`
}

export interface Refusal {
  /** 1-based number of the refused action in the file. */
  number: number
  action: Action
  message: string
  /** The rule that forbids it, when the engine names one. */
  rule?: string
  /** The rule of the decision the game was waiting for. */
  promptRule?: string
}

export interface Session {
  loaded: LoadedScenario
  dice: DiceChoice
  initial: GameState
  /** The start of the game's entry, then one per action applied. */
  entries: LogEntry[]
  state: GameState
  /** The actions applied (all of them, unless one was refused). */
  applied: Action[]
  refusal?: Refusal
}

/** Starts the game and applies the actions until one is refused. */
export function runSession(
  loaded: LoadedScenario,
  dice: DiceChoice,
  actions: readonly Action[],
): Session {
  let started
  try {
    started = startGame(loaded, dice)
  } catch (error) {
    throw new UsageError(
      `the game cannot start: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const session: Session = {
    loaded,
    dice,
    initial: started.state,
    entries: [started.entry],
    state: started.state,
    applied: [],
  }
  for (const [i, action] of actions.entries()) {
    const result = playAction(loaded, session.state, action)
    if (!result.ok) {
      const { rule } = result.error
      const promptRule = session.state.flow?.prompt?.rule
      session.refusal = {
        number: i + 1,
        action,
        message: result.error.message,
        ...(rule === undefined ? {} : { rule }),
        ...(promptRule === undefined ? {} : { promptRule }),
      }
      break
    }
    session.state = result.state
    session.entries.push(...result.entries)
    session.applied.push(action)
  }
  return session
}

/** Loads the scenario and replays the --actions file (if any) with the dice chosen. */
export function openGame(
  scenario: string,
  options: GameOptions,
  diceRequired: boolean,
  cwd = process.cwd(),
): Session & { save?: SavedGame } {
  const file = options.actions === undefined ? undefined : readActions(String(options.actions), cwd)
  const loaded = loadScenario(scenario, options, file?.save, cwd)
  const needDice = diceRequired || (file !== undefined && file.actions.length > 0)
  const dice = diceOption(options, file?.save, needDice ? undefined : { seed: 0 })
  if (dice === null)
    throw new UsageError(
      diceRequired
        ? 'give the dice: --seed <n> for seeded dice, or --dice 3,0,7 for the faces to read'
        : 'replaying actions needs the dice: give --seed <n> or --dice 3,0,7',
    )
  const session = runSession(loaded, dice, file?.actions ?? [])
  return { ...session, ...(file?.save === undefined ? {} : { save: file.save }) }
}
