/**
 * `npm run soak -- [--games N] [--scenario id…] [--variant id] [--workers n] [--seed s]`: the
 * entry of tools/soak-program.ts (which tests also run in-process) on the process's arguments
 * and streams; the progress goes to stderr, redrawn in place on a terminal. Exits 1 on any
 * failing game, 130 when stopped by Ctrl-C.
 */
import { endQuietlyOnClosedPipe, processIo } from './cli-io'
import { runSoak } from './soak-program'

endQuietlyOnClosedPipe()
process.exitCode = await runSoak(process.argv.slice(2), processIo, { progress: process.stderr })
