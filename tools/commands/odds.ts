/**
 * `odds <scenario> --resolution <id> --attackers a,b --defenders c …`: the exact chance of each
 * result of a resolution in the state reached, by counting the dice's face combinations, with
 * the table, column and every modifier that goes into it.
 */
import type {
  Action,
  GameState,
  LoadedScenario,
  Names,
  ResolutionDistribution,
} from '../../src/runtime'
import { namesOf, recordLines, WHAT_IF_ARGUMENTS, whatIfOdds } from '../../src/runtime'
import type { CommandIo } from '../cli-io'
import type { GameOptions } from '../session'
import { openGame, UsageError } from '../session'
import { refusalLine } from './play'

/** Options the odds command reads itself; every other `--name value` is an argument of the resolution. */
export const ODDS_OPTIONS = [
  'variant',
  'option',
  'content',
  'actions',
  'seed',
  'dice',
  'resolution',
  'json',
  'help',
]

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/**
 * `--name value` pairs of the command line that the command does not read itself, with their
 * text as typed (the option parser would turn a hex label like 0405 into a number).
 */
export function contextArguments(argv: readonly string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (!arg.startsWith('--') || arg === '--') continue
    const eq = arg.indexOf('=')
    const name = camel(arg.slice(2, eq === -1 ? undefined : eq))
    let value: string | true = true
    if (eq !== -1) value = arg.slice(eq + 1)
    else if (i + 1 < argv.length && !(argv[i + 1] as string).startsWith('--'))
      value = argv[++i] as string
    if (!ODDS_OPTIONS.includes(name)) out[name] = value
  }
  return out
}

/**
 * The argument typed as the runtime's what-if forms type it: lists (`--attackers a,b`), per-unit
 * flags (`--charging` for every unit, `--charging a,b` for those, `--charging false`), true or
 * false, numbers; anything else (a unit id, a weapon, a hex label) as typed.
 */
function typed(name: string, value: string | true): unknown {
  const text = value === true ? 'true' : value
  const split = () =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
  const kind = Object.hasOwn(WHAT_IF_ARGUMENTS, name) ? WHAT_IF_ARGUMENTS[name]?.kind : undefined
  if (kind === 'units') {
    if (value === true) throw new UsageError(`--${name} needs unit ids, e.g. --${name} a,b`)
    return split()
  }
  if (kind === 'unit-flags') return text === 'true' ? true : text === 'false' ? false : split()
  if (kind === 'boolean') {
    if (text !== 'true' && text !== 'false')
      throw new UsageError(`--${name} is true or false, not "${text}"`)
    return text === 'true'
  }
  if (kind === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(text))
      throw new UsageError(`--${name} needs a number, not "${text}"`)
    return Number(text)
  }
  if (value === true) throw new UsageError(`--${name} needs a value`)
  return text
}

/** The resolve-shaped description of the odds asked for. */
export function oddsRequest(resolution: string, args: Record<string, string | true>): Action {
  const action: Action = { type: 'resolve', resolution }
  for (const [name, value] of Object.entries(args)) action[name] = typed(name, value)
  return action
}

export interface Odds {
  resolution: string
  who: string
  distribution: ResolutionDistribution
}

/** The exact distribution of a resolution described like a `resolve` action, in `state`. */
export function computeOdds(loaded: LoadedScenario, state: GameState, request: Action): Odds {
  const found = whatIfOdds(loaded, state, request)
  if (!found.ok)
    throw new UsageError(
      `${found.message}${found.rule === undefined ? '' : ` (rule ${found.rule})`}`,
    )
  return { resolution: found.resolution, who: found.who, distribution: found.distribution }
}

/** 0,1,2,5 as "0–2, 5". */
function runs(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const parts: string[] = []
  let start = sorted[0]
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i] as number
    const next = sorted[i + 1]
    if (next !== v + 1) {
      parts.push(start === v ? `${v}` : `${start}–${v}`)
      start = next
    }
  }
  return parts.join(', ')
}

export function oddsLines(odds: Odds, names: Names): string[] {
  const d = odds.distribution
  const lines = recordLines(d.record).map((l) => names.text(l))
  lines[0] = `${lines[0] ?? ''}: ${names.text(odds.who)}`
  const mods = d.record.rollModifiers
  if (mods !== undefined && mods.terms.length > 0)
    lines.push(`  modifiers in all: ${mods.total >= 0 ? '+' : ''}${mods.total}`)
  lines.push(
    d.dice === undefined
      ? 'no roll: the result is certain'
      : `results over the ${d.dice.outcomes} equally likely rolls of ${d.dice.notation}:`,
  )
  const width = Math.max(...d.outcomes.map((o) => o.key.length))
  for (const o of d.outcomes) {
    const fraction = `${o.numerator}/${o.denominator}`
    const percent = `${(o.probability * 100).toFixed(2)}%`
    const naturals = o.naturals.length === 0 ? '' : `  natural ${runs(o.naturals)}`
    lines.push(
      `  ${o.key.padEnd(width)}  ${fraction.padStart(7)}  ${percent.padStart(7)}${naturals}${o.message === undefined ? '' : `  (${names.text(o.message)})`}`,
    )
  }
  return lines
}

export function runOdds(
  scenario: string,
  options: GameOptions & { json?: boolean; resolution?: unknown },
  argv: readonly string[],
  io: CommandIo,
): number {
  if (options.resolution === undefined || options.resolution === true)
    throw new UsageError('odds needs --resolution <id>: the resolution to weigh (shock, fire…)')
  const request = oddsRequest(String(options.resolution), contextArguments(argv))
  const session = openGame(scenario, options, false, io.cwd)
  if (session.refusal !== undefined) {
    io.error(`hexwright: ${refusalLine(session.refusal, namesOf(session.loaded))}`)
    return 1
  }
  const odds = computeOdds(session.loaded, session.state, request)
  if (options.json === true) {
    const d = odds.distribution
    io.log(
      JSON.stringify(
        {
          request,
          who: odds.who,
          beforeRoll: d.record,
          dice: d.dice ?? null,
          outcomes: d.outcomes,
        },
        null,
        2,
      ),
    )
  } else for (const line of oddsLines(odds, namesOf(session.loaded))) io.log(line)
  return 0
}
