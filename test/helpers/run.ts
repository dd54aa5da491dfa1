import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from './fixtures'

/** Runs a binary of node_modules/.bin in `cwd`; its exit code and everything it printed. */
export function runBin(
  bin: string,
  args: string[],
  cwd = projectRoot,
): { code: number; stdout: string; stderr: string } {
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
