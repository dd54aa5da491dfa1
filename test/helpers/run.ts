import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { CliIo } from '../../tools/cli-io'
import { projectRoot } from './fixtures'

/** What a program printed and its exit code. */
export interface Ran {
  code: number
  stdout: string
  stderr: string
}

/** Runs a binary of node_modules/.bin in `cwd`; its exit code and everything it printed. */
export function runBin(bin: string, args: string[], cwd = projectRoot): Ran {
  try {
    const stdout = execFileSync(join(projectRoot, 'node_modules/.bin', bin), args, {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
    })
    return { code: 0, stdout, stderr: '' }
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string }
    return { code: e.status, stdout: e.stdout, stderr: e.stderr }
  }
}

/** Streams that keep what a program writes, for the programs run in-process. */
function collector(): { io: CliIo; ran: (code: number) => Ran } {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  }
  return { io, ran: (code) => ({ code, stdout, stderr }) }
}

/**
 * `npm run cli -- <args>` run in `cwd`, in this process: the same program as the bin
 * (tools/cli.ts only hands it the process's streams), without a process start-up and a content
 * load per command. test/tools/cli-process.test.ts checks the real process.
 */
export async function runCliHere(args: string[], cwd = projectRoot): Promise<Ran> {
  // Imported when first used: the tests that only run binaries need not load the runtime.
  const { runCli } = await import('../../tools/cli-program')
  const { io, ran } = collector()
  return ran(await runCli(args, io, { cwd }))
}

/** `npm run soak -- <args>` run in `cwd`, in this process (its workers are threads anyway). */
export async function runSoakHere(args: string[], cwd = projectRoot): Promise<Ran> {
  const { runSoak } = await import('../../tools/soak-program')
  const { io, ran } = collector()
  return ran(await runSoak(args, io, { cwd }))
}
