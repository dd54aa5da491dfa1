/**
 * The dynamic check: a scenario that passed every static check is started on a fixed seed and
 * played for a few hundred random legal actions. Whatever stops that game before it is decided
 * (the game does not start, nothing is legal, the engine refuses an action it listed or fails
 * while listing) is an error on the scenario, with the engine's message, which names the
 * resolution, table or expression at fault, and the seed and action count to replay it.
 */
import type { EngineProblem, TestGameTexts } from '../library/engine-checks'
import type { LoadedScenario } from '../rules/loaded'
import { randomLegal } from '../play/ai/policy'
import { playout } from '../play/ai/playout'
import { hashText } from '../state/hash'
import type { ExpressionFault } from '../state/failure'
import { findExpressionSites } from '../rules/expression-sites'
import { chosenOptions } from '../library/scenario-checks'
import { extraVariants } from '../state/replay'

/** The seed and length of the test game: enough to reach combat, a loss check, a continuation. */
export const TEST_GAME = { seed: 1, actions: 250 } as const

/**
 * Answers by what they depend on: the editor validates after every edit, mostly of one file,
 * and most edits (a new map, a table of another ruleset) change nothing a given game reads.
 */
const answers = new Map<string, readonly EngineProblem[]>()
const KEPT = 64
/** The hash of a resolved ruleset's or a map's data, once per object (scenarios share them). */
const dataHashes = new WeakMap<object, string>()

function dataHash(value: object): string {
  let hash = dataHashes.get(value)
  if (hash === undefined) {
    hash = hashText(JSON.stringify(value))
    dataHashes.set(value, hash)
  }
  return hash
}

/**
 * The test game's problems, played again only when something the game reads changed: the
 * scenario's text, its rules as resolved (the ruleset with its variants, and the unit types,
 * tables and modifier lists they include), its map, its optional rules or the content flags.
 */
export function testGameOf(
  loaded: LoadedScenario,
  texts: TestGameTexts,
  contentFlags = '',
): readonly EngineProblem[] {
  const key = [
    dataHash(loaded.rules.ruleset),
    dataHash(loaded.map.map),
    hashText(texts.scenario),
    JSON.stringify(loaded.options),
    contentFlags,
  ].join(':')
  let found = answers.get(key)
  if (found === undefined) {
    found = testGameProblems(loaded, contentFlags)
    if (answers.size >= KEPT) answers.delete(answers.keys().next().value as string)
    answers.set(key, found)
  }
  return found
}

export function testGameProblems(loaded: LoadedScenario, contentFlags = ''): EngineProblem[] {
  const { seed, actions } = TEST_GAME
  const what = `a test game (seed ${seed}, random legal actions)`
  let result: ReturnType<typeof playout>
  try {
    result = playout(loaded, seed, randomLegal, actions)
  } catch (error) {
    // The setup (drawing counters, placing units) runs outside the playout's own guard.
    const message = error instanceof Error ? error.message : String(error)
    return [{ pointer: '', message: `${what} cannot start: ${message}`, severity: 'error' }]
  }
  const { stopped } = result
  const played = result.actions.length
  if (stopped === undefined) return []
  const after = played === 0 ? 'at its first decision' : `after ${played} actions`
  const cause = causeOf(loaded, result.stoppedBy)
  return [
    {
      pointer: '',
      message: `${what} stops ${after}: ${stopped}; play the same game with \`${replayCommand(loaded, seed, contentFlags)}\``,
      severity: 'error',
      ...(cause === undefined ? {} : { cause }),
    },
  ]
}

/**
 * The command that plays the test game again: with the variants and optional rules the scenario
 * was loaded with, beyond its own, and `contentFlags`, the caller's `--content` folders (the
 * loaded scenario does not know where its files came from: the CLI validating a mod does).
 */
export function replayCommand(loaded: LoadedScenario, seed: number, contentFlags = ''): string {
  const own = chosenOptions(loaded.rules.ruleset, loaded.scenario)
  const words = [`npm run cli -- simulate ${loaded.scenario.id}`]
  if (contentFlags !== '') words.push(contentFlags)
  for (const variant of extraVariants(loaded)) words.push(`--variant ${variant}`)
  for (const [option, on] of Object.entries(loaded.options))
    if (own[option] !== on) words.push(`--option ${option}=${on ? 'on' : 'off'}`)
  words.push(`--games 1 --seed ${seed}`)
  return words.join(' ')
}

/** Where in the rules the expression that failed is written (its first place, if several). */
function causeOf(
  loaded: LoadedScenario,
  fault: ExpressionFault | undefined,
): EngineProblem['cause'] {
  if (fault === undefined) return undefined
  const site = findExpressionSites(loaded.rules.ruleset).sites.find(
    (s) => s.source === fault.source,
  )
  if (site === undefined) return undefined
  return {
    pointer: site.pointer,
    ...(fault.start === undefined ? {} : { start: fault.start }),
    ...(fault.end === undefined ? {} : { end: fault.end }),
  }
}
