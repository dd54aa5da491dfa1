/**
 * `npm run bench -- --baseline <ref>`: HEAD and the working tree timed side by side on one
 * quick case, with the temporary worktree gone afterwards; a ref naming no commit fails on one
 * line. The pure parts (the children's output, the lockfile test, the table's rows) are checked
 * without running anything.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockContained, parseReport } from '../../tools/bench/baseline'
import { compareRounds } from '../../tools/bench/compare'
import type { BenchResult } from '../../tools/bench/harness'
import { projectRoot } from '../helpers/fixtures'
import { runBin } from '../helpers/run'

const worktrees = (): string[] =>
  execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: projectRoot, encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.startsWith('worktree '))

const timed = (name: string, bestUsPerOp: number, extra: Partial<BenchResult> = {}) => ({
  name,
  iterations: 4,
  totalMs: 1000,
  usPerOp: bestUsPerOp,
  opsPerSec: 4,
  bestUsPerOp,
  notes: '',
  ...extra,
})

describe('npm run bench -- --baseline', () => {
  it('times HEAD and the working tree side by side, then removes its worktree', () => {
    const args = ['--baseline', 'HEAD', '--only', 'expr: comparison', '--rounds', '1']
    const tsx = join(projectRoot, 'node_modules/.bin/tsx')
    const run = spawnSync(tsx, ['tools/bench.ts', ...args], { cwd: projectRoot, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    // Its own worktree: another bench may run alongside with one of its own.
    const dir = /temporary worktree in (\S+)/.exec(run.stderr)?.[1]
    expect(dir).toBeDefined()
    const lines = run.stdout.split('\n')
    expect(lines.find((l) => l.startsWith('case '))).toMatch(
      /^case\s+baseline\s+current\s+baseline ÷ current/,
    )
    // Two timings within half a percent of each other read as "1.00× (same)".
    expect(lines.find((l) => l.startsWith('expr: comparison'))).toMatch(
      /[\d.]+ µs\s+[\d.]+ µs\s+([\d.]+× (faster|slower)|1\.00× \(same\))/,
    )
    expect(worktrees()).not.toContain(`worktree ${dir}`)
    expect(existsSync(dir!)).toBe(false)
  }, 300_000)

  it('says on one line that a ref names no commit, and exits 1', () => {
    const run = runBin('tsx', ['tools/bench.ts', '--baseline', 'no-such-ref-anywhere'])
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      'bench failed: --baseline "no-such-ref-anywhere" is not a commit of this repository',
    ])
  }, 60_000)

  it('reads the JSON a child printed after other lines', () => {
    const json = JSON.stringify({ results: [timed('a', 1)] }, null, 2)
    expect(parseReport(`a warning\n{ not json\n${json}\n`)?.results[0]?.name).toBe('a')
    expect(parseReport('no json at all')).toBeNull()
  })

  it('links node_modules when the baseline installs nothing the working tree lacks', () => {
    const lock = (packages: Record<string, string>) =>
      JSON.stringify({
        packages: Object.fromEntries(
          Object.entries(packages).map(([k, v]) => [k, { version: v, integrity: `sha-${v}` }]),
        ),
      })
    const current = lock({ '': '1', 'node_modules/a': '1.0.0', 'node_modules/b': '2.0.0' })
    expect(lockContained(lock({ 'node_modules/a': '1.0.0' }), current)).toBe(true)
    expect(lockContained(lock({ 'node_modules/a': '0.9.0' }), current)).toBe(false)
    expect(lockContained(lock({ 'node_modules/c': '1.0.0' }), current)).toBe(false)
  })

  it('compares best times, games per second over every game, new and gone cases, and goals', () => {
    const games = (name: string, totalMs: number) =>
      timed(name, totalMs * 250, { totalMs, opsPerSec: 4000 / totalMs, figures: { games: 4 } })
    const rows = compareRounds(
      [
        [timed('moves: one unit 64×48', 900), games('playout: arsuf-1191', 1200), timed('old', 1)],
        [timed('moves: one unit 64×48', 800), games('playout: arsuf-1191', 1300)],
      ],
      [
        [timed('moves: one unit 64×48', 300), games('playout: arsuf-1191', 400), timed('new', 1)],
        [timed('moves: one unit 64×48', 250), games('playout: arsuf-1191', 400)],
      ],
    )
    const row = (name: string) => rows.find((r) => r.name === name)
    expect(row('moves: one unit 64×48')).toMatchObject({
      baseline: 800,
      current: 250,
      speedup: 3.2,
      goal: { met: true },
    })
    expect(row('moves: one unit 64×48')?.spread.baseline).toBeCloseTo(0.125)
    // 8 games in 2.5 s against 8 in 0.8 s.
    expect(row('playout: arsuf-1191')?.baseline).toBeCloseTo(3.2)
    expect(row('playout: arsuf-1191')?.speedup).toBeCloseTo(3.125)
    expect(row('playout: arsuf-1191')?.goal).toEqual({ text: '≥ 3× the baseline', met: true })
    expect(row('new')?.status).toBe('new')
    expect(row('old')?.status).toBe('gone')
  })
})
