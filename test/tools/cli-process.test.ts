/**
 * The command line as real processes, as a user starts them: the other CLI tests run the same
 * programs in-process (runCli, runSoak), so these few spawns check only what a process adds —
 * the bin entries and npm scripts, exit codes, what reaches stdout and stderr, soak's pool of
 * worker threads loading TypeScript, and Ctrl-C. Each spawn checks as much as it can: a
 * process start-up with the content load costs seconds.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/fixtures'
import type { Ran } from '../helpers/run'
import { tableRow } from './soak-table'

const tsx = join(projectRoot, 'node_modules/.bin/tsx')
const scratch = mkdtempSync(join(tmpdir(), 'hexwright-process-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A program started in the project; everything it printed, on stderr too when it exits 0. */
function spawnIn(command: string, args: string[]): Ran {
  const result = spawnSync(command, args, { cwd: projectRoot, encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

/** A line of a stack trace, as Node prints them. */
const STACK = /\n\s+at .*:\d+:\d+/

// Each case starts tsx, a pool of workers and their content loads: on a busy 2-core machine
// that alone can take most of the default minute.
describe('the command-line processes', { timeout: 180_000 }, () => {
  it('npm run cli: a user mistake is one line on stderr, exit 1, no stack trace', () => {
    // Through npm as a user types it (--silent keeps npm's own banner and error report out).
    const result = spawnIn('npm', ['run', '--silent', 'cli', '--', 'play', 'sample-skirmish'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'hexwright: play needs --actions <file>: a JSON list of actions or a saved game\n',
    )
  })

  it('npm run soak on 2 workers, every game failing with --max-actions 3: exit 1, each seed with its reproduce command; the saved game replays in tsx tools/cli.ts with exit 0', () => {
    const dir = join(scratch, 'failures')
    const result = spawnIn(tsx, [
      'tools/soak.ts',
      ...['--scenario', 'sample-skirmish', '--games', '2', '--workers', '2', '--seed', '40'],
      ...['--max-actions', '3', '--failures', dir],
    ])
    expect(result.stderr).not.toMatch(STACK)
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('sample-skirmish: 2 games each (seeds 40–41) on 2 workers;')
    expect(result.stdout).toMatch(/^2 games in [\d.]+ s: [\d.]+ games\/s on 2 workers$/m)
    // Not a terminal: plain progress lines, no carriage returns.
    expect(result.stderr).toContain('soak: 2/2 games,')
    expect(result.stderr).not.toContain('\r')
    const row = tableRow(result.stdout, 'sample-skirmish')
    expect(row[1]).toBe('2')
    expect(row[5]).toBe('2')
    expect(result.stdout).toContain('2 failing games:')
    for (const seed of [40, 41]) {
      expect(result.stdout).toContain(
        `sample-skirmish, seed ${seed}: the game was not decided after 3 actions`,
      )
      expect(result.stdout).toContain(
        `reproduce: npm run soak -- --scenario sample-skirmish --seed ${seed} --games 1 --workers 1 --max-actions 3`,
      )
    }
    expect(readdirSync(dir).sort()).toEqual([
      'sample-skirmish-seed-40.json',
      'sample-skirmish-seed-41.json',
    ])
    // The saved game replays in `play`: its three actions, then the state reached.
    const saved = join(dir, 'sample-skirmish-seed-40.json')
    expect(result.stdout).toContain(`npm run cli -- play sample-skirmish --actions ${saved}`)
    const played = spawnIn(tsx, ['tools/cli.ts', 'play', 'sample-skirmish', '--actions', saved])
    expect(played.stderr).toBe('')
    expect(played.code).toBe(0)
    expect(played.stdout).toMatch(/^after 3 actions:/m)
  })

  it('npm run soak stopped with Ctrl-C ends the games being played, prints the table of those played and exits 130', async () => {
    const child = spawn(
      tsx,
      ['tools/soak.ts', '--scenario', 'sample-skirmish', '--games', '500', '--workers', '1'],
      { cwd: projectRoot },
    )
    let stdout = ''
    let stderr = ''
    let interrupted = false
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
      // Interrupted once, at the first progress line (a game is in; the worker is then in the
      // middle of the next): on a busy machine that is after game 1, on a fast one ten seconds
      // in. A second Ctrl-C would stop at once.
      if (!interrupted && /soak: [\d,]+\/500 games/.test(stderr)) {
        interrupted = true
        child.kill('SIGINT')
      }
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(130)
    expect(stderr).toContain('soak: stopping after the games being played')
    const played = Number(tableRow(stdout, 'sample-skirmish')[1])
    expect(played).toBeGreaterThanOrEqual(1)
    expect(played).toBeLessThan(500)
    expect(stdout).toContain(`interrupted: ${played} of 500 games were played`)
  })
})
