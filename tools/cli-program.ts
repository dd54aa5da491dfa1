/**
 * The Hexwright command line as a function: `runCli(argv, io)` parses the arguments, runs the
 * command and returns the exit code, writing only to `io`. tools/cli.ts (`npm run cli`) runs it
 * on the process's streams; tests run it in-process, where starting a process per command
 * would cost seconds each. Each command lives in tools/commands/. User mistakes end with a clear
 * message and exit 1, never a stack trace; anything else is an internal error, exit 2.
 */
import { cac } from 'cac'
import type { CliIo } from './cli-io'
import { commandIo, withCacOutput } from './cli-io'
import { runLegal } from './commands/legal'
import { runOdds } from './commands/odds'
import { runPlay } from './commands/play'
import { runSimulate } from './commands/simulate'
import { runValidate } from './commands/validate'
import { CONTENT_HELP } from './content-stack'
import { reportFailure, UsageError } from './session'

/** Options every game command takes: which scenario, rules and dice, and the actions so far. */
function gameOptions<T extends ReturnType<ReturnType<typeof cac>['command']>>(command: T): T {
  return command
    .option('--variant <id>', 'Apply a variant after the scenario’s own (repeatable)')
    .option('--option <name=on|off>', 'Switch an optional rule on or off (repeatable)')
    .option('--content <dir>', CONTENT_HELP)
    .option('--seed <n>', 'Seeded dice')
    .option('--dice <faces>', 'Forced dice: the faces to read, in order, e.g. 3,0,7')
    .option('--json', 'Print JSON instead of text')
}

export interface RunCliOptions {
  /** The folder relative paths are read from (default: the process's working directory). */
  cwd?: string
}

/**
 * Runs the command line `argv` (the arguments after the program's name) and resolves with its
 * exit code. A new parser per run: cac keeps the parsed arguments on its instance.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  options: RunCliOptions = {},
): Promise<number> {
  const out = commandIo(io, options.cwd ?? process.cwd())
  let code = 0
  const cli = cac('hexwright')
  cli
    .command('validate [...paths]', 'Validate content files (default: content/)')
    .option('--content <dir>', CONTENT_HELP)
    .example('npm run cli -- validate')
    .example('npm run cli -- validate content/scenarios/sample-skirmish.json')
    .example('npm run cli -- validate my-mod/')
    .action((paths: string[], o: { content?: unknown }) => {
      code = runValidate(paths, out, o)
    })
  gameOptions(cli.command('play <scenario>', 'Play a list of actions and print the game log'))
    .option('--actions <file>', 'A JSON list of actions, or a saved game')
    .option('--save <file>', 'Write the game played as a saved game')
    .example('npm run cli -- play sample-skirmish --actions moves.json --dice 3,0,7')
    .action((scenario: string, o) => {
      code = runPlay(scenario, o, out)
    })
  gameOptions(cli.command('legal <scenario>', 'List the legal actions in the state reached'))
    .option('--actions <file>', 'Actions to play first (a JSON list, or a saved game)')
    .example('npm run cli -- legal sample-skirmish --actions moves.json --seed 7')
    .action((scenario: string, o) => {
      code = runLegal(scenario, o, out)
    })
  gameOptions(cli.command('odds <scenario>', 'Exact odds of a resolution in the state reached'))
    .option('--actions <file>', 'Actions to play first (a JSON list, or a saved game)')
    .option(
      '--resolution <id>',
      'The resolution to weigh; its participants follow as --attackers a,b …',
    )
    .allowUnknownOptions()
    .example('npm run cli -- odds sample-skirmish --resolution shock --attackers a --defenders b')
    .action((scenario: string, o) => {
      code = runOdds(scenario, o, argv, out)
    })
  gameOptions(cli.command('simulate <scenario>', 'Play whole games with computer policies'))
    .option('--games <n>', 'Games to play')
    .option('--policy <name>', 'random or greedy, or per side: a=greedy,b=random (default: random)')
    .option('--max-actions <n>', 'Stop a game after this many actions (default: 500)')
    .option('--save-games <dir>', 'Write each game as a saved game, game-<seed>.json')
    .example('npm run cli -- simulate sample-skirmish --games 20 --seed 1 --policy greedy')
    .action((scenario: string, o) => {
      code = runSimulate(scenario, o, out)
    })
  cli.help()

  try {
    // cac reads a whole process.argv: the node binary and the script come first.
    withCacOutput(out, () => cli.parse(['node', 'hexwright', ...argv], { run: false }))
    if (!cli.matchedCommand) {
      if (cli.args.length > 0) throw new UsageError(`unknown command "${cli.args[0]}" (see --help)`)
      if (!cli.options.help) withCacOutput(out, () => cli.outputHelp())
    } else {
      await cli.runMatchedCommand()
    }
    return code
  } catch (error) {
    return reportFailure(error, 'hexwright', out)
  }
}
