/**
 * The Hexwright command line. `npm run cli -- <command>`; `npm run cli -- --help` lists commands.
 * Each command lives in tools/commands/. User mistakes end with a clear message and exit 1,
 * never a stack trace.
 */
import { cac } from 'cac'
import { runLegal } from './commands/legal'
import { runOdds } from './commands/odds'
import { runPlay } from './commands/play'
import { runSimulate } from './commands/simulate'
import { runValidate } from './commands/validate'
import { ContentError, problemLine, UsageError } from './session'

/** Options every game command takes: which scenario, rules and dice, and the actions so far. */
function gameOptions<T extends ReturnType<ReturnType<typeof cac>['command']>>(command: T): T {
  return command
    .option('--variant <id>', 'Apply a variant after the scenario’s own (repeatable)')
    .option('--option <name=on|off>', 'Switch an optional rule on or off (repeatable)')
    .option('--content <dir>', 'Content folder to load the scenario from (default: content)')
    .option('--seed <n>', 'Seeded dice')
    .option('--dice <faces>', 'Forced dice: the faces to read, in order, e.g. 3,0,7')
    .option('--json', 'Print JSON instead of text')
}

const cli = cac('hexwright')
cli
  .command('validate [...paths]', 'Validate content files (default: content/)')
  .example('npm run cli -- validate')
  .example('npm run cli -- validate content/scenarios/sample-skirmish.json')
  .action((paths: string[]) => {
    process.exitCode = runValidate(paths)
  })
gameOptions(cli.command('play <scenario>', 'Play a list of actions and print the game log'))
  .option('--actions <file>', 'A JSON list of actions, or a saved game')
  .option('--save <file>', 'Write the game played as a saved game')
  .example('npm run cli -- play sample-skirmish --actions moves.json --dice 3,0,7')
  .action((scenario: string, options) => {
    process.exitCode = runPlay(scenario, options)
  })
gameOptions(cli.command('legal <scenario>', 'List the legal actions in the state reached'))
  .option('--actions <file>', 'Actions to play first (a JSON list, or a saved game)')
  .example('npm run cli -- legal sample-skirmish --actions moves.json --seed 7')
  .action((scenario: string, options) => {
    process.exitCode = runLegal(scenario, options)
  })
gameOptions(cli.command('odds <scenario>', 'Exact odds of a resolution in the state reached'))
  .option('--actions <file>', 'Actions to play first (a JSON list, or a saved game)')
  .option(
    '--resolution <id>',
    'The resolution to weigh; its participants follow as --attackers a,b …',
  )
  .allowUnknownOptions()
  .example('npm run cli -- odds sample-skirmish --resolution shock --attackers a --defenders b')
  .action((scenario: string, options) => {
    process.exitCode = runOdds(scenario, options, process.argv.slice(2))
  })
gameOptions(cli.command('simulate <scenario>', 'Play whole games with computer policies'))
  .option('--games <n>', 'Games to play')
  .option('--policy <name>', 'random or greedy, or per side: a=greedy,b=random (default: random)')
  .option('--max-actions <n>', 'Stop a game after this many actions (default: 500)')
  .option('--save-games <dir>', 'Write each game as a saved game, game-<seed>.json')
  .example('npm run cli -- simulate sample-skirmish --games 20 --seed 1 --policy greedy')
  .action((scenario: string, options) => {
    process.exitCode = runSimulate(scenario, options)
  })
cli.help()

try {
  cli.parse(process.argv, { run: false })
  if (!cli.matchedCommand) {
    if (cli.args.length > 0) throw new UsageError(`unknown command "${cli.args[0]}" (see --help)`)
    if (!cli.options.help) cli.outputHelp()
  } else {
    await cli.runMatchedCommand()
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof ContentError) {
    for (const problem of error.problems) console.error(problemLine(problem))
    console.error(`hexwright: ${message}`)
    process.exitCode = 1
  } else if (error instanceof UsageError || /Unknown option|missing required/i.test(message)) {
    console.error(`hexwright: ${message}`)
    process.exitCode = 1
  } else {
    console.error(`hexwright: internal error: ${message}`)
    if (process.env.HEXWRIGHT_DEBUG && error instanceof Error) console.error(error.stack)
    process.exitCode = 2
  }
}
