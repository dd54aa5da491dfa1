/** `legal <scenario> [--actions <file>]`: the open prompt and every action that answers it now. */
import { legalActions } from '../../src/runtime/play'
import { promptLine, summarize } from '../log-format'
import { refusalLine } from './play'
import type { GameOptions } from '../session'
import { openGame } from '../session'

export function runLegal(scenario: string, options: GameOptions & { json?: boolean }): number {
  const session = openGame(scenario, options, false)
  if (session.refusal !== undefined) {
    console.error(`hexwright: ${refusalLine(session.refusal)}`)
    return 1
  }
  const summary = summarize(session.loaded, session.initial, session.state)
  const actions = legalActions(session.loaded, session.state)
  if (options.json === true) {
    console.log(
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
    console.log(o === null ? 'the game waits for no decision' : `the game is over: ${o.reason}`)
    return 0
  }
  console.log(`prompt: ${promptLine(summary.prompt)}`)
  console.log(`${actions.length} legal action${actions.length === 1 ? '' : 's'}:`)
  for (const action of actions) console.log(`  ${JSON.stringify(action)}`)
  return 0
}
