/**
 * `play <scenario> --actions <file> (--seed n | --dice …)`: plays the actions from the start of
 * the game and prints the log (every roll, modifier, table, result and change) and the state
 * reached. A refused action stops the game: exit 1 with the action's number and the rule.
 */
import { resolve } from 'node:path'
import type { Names } from '../../src/runtime'
import {
  actionText,
  describeRecord,
  finalHashMismatch,
  namesOf,
  NOT_REPLAYED,
  replayGame,
  saveGame,
  stateHashesOf,
} from '../../src/runtime'
import type { CommandIo } from '../cli-io'
import { entryLines, summarize, summaryLines } from '../log-format'
import type { GameOptions, Refusal, Session } from '../session'
import { describeDice, openGame, UsageError, writeOutput } from '../session'

export interface PlayOptions extends GameOptions {
  json?: boolean
  save?: unknown
}

/**
 * A refused action of an action file, in words: the action by the names of what it moves, and
 * the engine's reason with its ids put in names; the rule it cites, or the rule of the decision
 * the game waits on.
 */
export function refusalLine(refusal: Refusal, names: Names): string {
  const rule =
    refusal.rule !== undefined
      ? ` (rule ${refusal.rule})`
      : refusal.promptRule !== undefined
        ? ` (the decision asked for is under rule ${refusal.promptRule})`
        : ''
  return `action ${refusal.number} (${actionText(refusal.action, names)}) is not allowed: ${names.text(refusal.message)}${rule}`
}

function header(session: Session): string {
  const { loaded } = session
  return `${loaded.scenario.name} (${loaded.scenario.id}) under ${loaded.rules.ruleset.chain.join(' > ')}, dice ${describeDice(session.dice)}`
}

export function runPlay(scenario: string, options: PlayOptions, io: CommandIo): number {
  if (options.actions === undefined)
    throw new UsageError('play needs --actions <file>: a JSON list of actions or a saved game')
  const session = openGame(scenario, options, true, io.cwd)
  const summary = summarize(session.loaded, session.initial, session.state)
  // A saved game replayed with its own dice must reach its saved state; other dice make
  // another game, which has no saved state to compare with.
  const ownDice = options.seed === undefined && options.dice === undefined
  const savedHash = session.save?.stateHash
  const hashMatches =
    savedHash === undefined || session.refusal !== undefined || !ownDice
      ? undefined
      : savedHash === summary.hash
  // With a hash saved after each action, every one is checked: the first that parts from the
  // game saved is named, even when the game ends in the saved state after all.
  const replayed =
    hashMatches === undefined || session.save?.stateHashes === undefined
      ? undefined
      : replayGame(session.loaded, session.save)
  const parted = replayed !== undefined && !replayed.ok ? replayed.error.message : undefined
  // A game that does not replay is not saved again: that would give a changed file a new hash.
  // Nor is one an action of which was refused: the save would hold only the actions before it,
  // and written over the file it came from, the rest would be lost.
  if (
    options.save !== undefined &&
    session.refusal === undefined &&
    hashMatches !== false &&
    parted === undefined
  ) {
    const stateHashes = stateHashesOf(session.loaded, session.dice, session.applied) ?? undefined
    const save = saveGame(session.loaded, session.dice, session.applied, session.state, {
      ...(stateHashes === undefined ? {} : { stateHashes }),
    })
    writeOutput(resolve(io.cwd, String(options.save)), `${JSON.stringify(save, null, 2)}\n`, io.cwd)
  }
  if (options.json === true) {
    const out = {
      scenario: session.loaded.scenario.id,
      rulesets: session.loaded.rules.ruleset.chain,
      dice: session.dice,
      entries: session.entries.map((e) => ({
        ...e,
        records: e.records.map((r) => ({ ...r, line: describeRecord(r) })),
      })),
      final: summary,
      ...(hashMatches === undefined ? {} : { savedHashMatches: hashMatches }),
      ...(session.refusal === undefined ? {} : { refused: session.refusal }),
    }
    io.log(JSON.stringify(out, null, 2))
  } else {
    io.log(header(session))
    const names = namesOf(session.loaded)
    session.entries.forEach((entry, i) => {
      for (const line of entryLines(entry, i, names)) io.log(line)
    })
    for (const line of summaryLines(session.loaded, summary, names)) io.log(line)
    if (hashMatches !== undefined)
      io.log(
        hashMatches && parted === undefined
          ? '  the state hash matches the saved game'
          : '  the state hash differs from the saved game: the replay did not reproduce it',
      )
  }
  if (session.refusal !== undefined) {
    io.error(`hexwright: ${refusalLine(session.refusal, namesOf(session.loaded))}`)
    return 1
  }
  if (hashMatches === false || (replayed !== undefined && parted !== undefined)) {
    const why =
      parted ??
      finalHashMismatch(
        session.applied.length,
        summary.hash,
        savedHash ?? '',
        replayed !== undefined,
      )
    io.error(`hexwright: ${NOT_REPLAYED}: ${why}`)
    return 1
  }
  return 0
}
