/**
 * `npm run types` / `npm run types:check`: the generator of src/runtime/generated/
 * (tools/generate-types-program.ts, which tests also run in-process) on the process's arguments
 * and streams.
 */
import { processIo } from './cli-io'
import { runGenerateTypes } from './generate-types-program'

process.exitCode = await runGenerateTypes(process.argv.slice(2), processIo)
