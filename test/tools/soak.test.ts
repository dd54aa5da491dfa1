/**
 * `npm run soak` as a user runs it, in-process (runSoak, what tools/soak.ts runs; its workers
 * are threads that load TypeScript through tsx): a small run ends in a table that accounts for
 * every game; bad arguments end in one line, exit 1, no stack trace. cli-process.test.ts runs
 * the real process: two workers, failing games with the commands that play them again, Ctrl-C.
 */
import { describe, expect, it } from 'vitest'
import { Progress, progressLine } from '../../tools/soak-progress'
import { runSoakHere } from '../helpers/run'
import { tableRow } from './soak-table'

// The run starts a worker thread that loads tsx, the runtime and the content before its games:
// on a busy 2-core machine that alone can take most of the default minute.
describe('npm run soak', { timeout: 180_000 }, () => {
  it('plays 4 games of sample-skirmish: every game is a win or a draw in the table, exit 0', async () => {
    const result = await runSoakHere([
      '--scenario',
      'sample-skirmish',
      '--games',
      '4',
      '--workers',
      '1',
    ])
    expect(result.stderr).not.toMatch(/error|at .*\.ts:\d+/i)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('sample-skirmish: 4 games each (seeds 1–4) on 1 worker;')
    expect(result.stdout).toMatch(
      /^scenario +games +draws +mean length +max length +failures +wins$/m,
    )
    const [, games, draws, mean, longest, failures, wins] = tableRow(
      result.stdout,
      'sample-skirmish',
    )
    expect(games).toBe('4')
    expect(failures).toBe('0')
    expect(Number(mean)).toBeGreaterThan(0)
    expect(Number(longest)).toBeGreaterThanOrEqual(Number(mean))
    // The sides by their names in the scenario, not their ids.
    const won = /^Frankish column (\d+), The Emir's host (\d+)$/.exec(wins ?? '')
    expect(won, wins).not.toBeNull()
    expect(Number(won?.[1]) + Number(won?.[2]) + Number(draws)).toBe(4)
    expect(result.stdout).toMatch(/^4 games in [\d.]+ s: [\d.]+ games\/s on 1 worker$/m)
    // Not a terminal: plain progress lines, no carriage returns.
    expect(result.stderr).toContain('soak: 4/4 games,')
    expect(result.stderr).not.toContain('\r')
  })

  it.each([
    [['--games', '0'], 'soak: --games must be a whole number from 1 to 10,000,000, not "0"'],
    [['--workers', 'abc'], 'soak: --workers must be a whole number from 1 to 256, not "abc"'],
    [['--seed', '1.5'], 'soak: --seed must be a whole number from 0 to 4294967295, not "1.5"'],
    [['--frobnicate'], 'soak: Unknown option `--frobnicate`'],
    [['--games'], 'soak: option `--games <n>` value is missing'],
    [['--content', 'no-such-folder'], 'soak: no such content folder: no-such-folder'],
  ])('refuses %j in one line, exit 1', async (args, message) => {
    const result = await runSoakHere(args)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`${message}\n`)
  })

  it('refuses an unknown scenario in one line naming the scenarios there are', async () => {
    const result = await runSoakHere([
      '--scenario',
      'sample-skirmish,no-such-battle',
      '--games',
      '1',
    ])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'soak: no scenario "no-such-battle" in content (there are agincourt-1415, arsuf-1191, ascalon-1099, croisades-ambush-at-the-well, croisades-battle-for-the-grove, croisades-charge-in-the-olive-grove, sample-skirmish, tewkesbury-1471)\n',
    )
  })

  it('takes the ids written after --scenario, as the usage line shows them', async () => {
    // Refused before any game is played: the unknown id proves the second id was read.
    const result = await runSoakHere([
      '--scenario',
      'sample-skirmish',
      'no-such-battle',
      '--games',
      '1',
    ])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^soak: no scenario "no-such-battle" in content /)
  })

  it('prints its help, with the exit status, and exits 0', async () => {
    const result = await runSoakHere(['--help'])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('--max-actions <n>')
    expect(result.stdout).toContain(
      'Exit status:\n  0 when every game passed, 1 on a failing game or a mistake in the options, 130 when stopped by Ctrl-C\n',
    )
  })
})

describe('the progress of soak', () => {
  function stream(isTTY: boolean): {
    isTTY: boolean
    columns: number
    text: string
    write(t: string): boolean
  } {
    return {
      isTTY,
      columns: 80,
      text: '',
      write(t: string): boolean {
        this.text += t
        return true
      },
    }
  }

  it('says the games done, the rate, the time left and the failures', () => {
    expect(progressLine(1234, 5000, 0, 131.6, 415)).toBe(
      '1,234/5,000 games, 9.38 games/s, ETA 6 min 55 s, 0 failures',
    )
    expect(progressLine(3, 10, 1, 2, undefined)).toBe('3/10 games, 1.50 games/s, ETA ?, 1 failure')
    expect(progressLine(10, 10, 0, 4000, undefined)).toBe(
      '10/10 games, 0.00250 games/s, ETA 0 s, 0 failures',
    )
  })

  it('in a log, prints a line every tenth of the run or every ten seconds; the time left leaves out the start-up', () => {
    let now = 0
    const out = stream(false)
    const progress = new Progress(20, out, () => now)
    now = 10_000 // the workers took ten seconds to start
    progress.update(1, 0)
    for (let done = 2; done <= 4; done++) {
      now += 500
      progress.update(done, 0)
    }
    expect(out.text.split('\n')).toEqual([
      // Ten seconds without a line: one now, although the first tenth is not done.
      'soak: 1/20 games, 0.100 games/s, ETA ?, 0 failures',
      'soak: 2/20 games, 0.190 games/s, ETA ?, 0 failures',
      'soak: 4/20 games, 0.348 games/s, ETA 8 s, 0 failures',
      '',
    ])
  })

  it('on a terminal, redraws one line in place and clears it before the table', () => {
    let now = 0
    const out = stream(true)
    const progress = new Progress(4, out, () => now)
    for (let done = 1; done <= 4; done++) {
      now += 1000
      progress.update(done, done === 3 ? 1 : 0)
    }
    progress.clear()
    expect(out.text.startsWith('\r\x1b[2Ksoak: 1/4 games, 1.00 games/s, ETA ?, 0 failures')).toBe(
      true,
    )
    expect(out.text).toContain('\r\x1b[2Ksoak: 4/4 games, 1.00 games/s, ETA 0 s, 0 failures')
    expect(out.text.endsWith('\r\x1b[2K')).toBe(true)
    expect(out.text).not.toContain('\n')
  })
})
