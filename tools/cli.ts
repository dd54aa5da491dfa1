/**
 * The Hexwright command line. `npm run cli -- <command>`; `npm run cli -- --help` lists commands.
 * The program itself is tools/cli-program.ts, which tests also run in-process; this entry gives
 * it the process's arguments and streams and exits with its code.
 */
import { endQuietlyOnClosedPipe, processIo } from './cli-io'
import { runCli } from './cli-program'

endQuietlyOnClosedPipe()
process.exitCode = await runCli(process.argv.slice(2), processIo)
