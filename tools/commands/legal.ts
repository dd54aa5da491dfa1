/** `legal <scenario> [--actions <file>]`: the open prompt and every action that answers it now. */
import { actionText, legalActions, namesOf } from '../../src/runtime'
import type { CommandIo } from '../cli-io'
import { promptLine, summarize } from '../log-format'
import { refusalLine } from './play'
import type { GameOptions } from '../session'
import { openGame } from '../session'

export function runLegal(
  scenario: string,
  options: GameOptions & { json?: boolean },
  io: CommandIo,
): number {
  const session = openGame(scenario, options, false, io.cwd)
  if (session.refusal !== undefined) {
    io.error(`hexwright: ${refusalLine(session.refusal, namesOf(session.loaded))}`)
    return 1
  }
  const summary = summarize(session.loaded, session.initial, session.state)
  const actions = legalActions(session.loaded, session.state)
  if (options.json === true) {
    io.log(
      JSON.stringify(
        { prompt: summary.prompt, outcome: summary.outcome, actions, hash: summary.hash },
        null,
        2,
      ),
    )
    return 0
  }
  if (summary.prompt === null) {
    const o = summary.outcome
    io.log(
      o === null
        ? 'the game waits for no decision'
        : `the game is over: ${namesOf(session.loaded).text(o.reason)}`,
    )
    return 0
  }
  const names = namesOf(session.loaded)
  io.log(`prompt: ${promptLine(summary.prompt, names)}`)
  io.log(`${actions.length} legal action${actions.length === 1 ? '' : 's'}:`)
  // Each answer in words, then as the JSON an actions file takes.
  for (const action of actions) io.log(`  ${actionText(action, names)}: ${JSON.stringify(action)}`)
  return 0
}
