/** Timing for `npm run bench`: warm-up, batch calibration, and the printed table. */

/** A benchmark case: `run` is one operation; it is called many times in a tight loop. */
export interface BenchCase {
  name: string
  notes: string
  run: () => unknown
  /**
   * For operations of a second or so (whole games): run `warmup` times untimed, then exactly
   * `iterations` times, each timed alone, instead of calibrated batches.
   */
  fixed?: { warmup: number; iterations: number }
  /** Notes written once the case is measured, from its result (rates derived from the time). */
  describe?: (result: BenchResult) => { notes: string; figures?: Record<string, number> }
}

/** A row comparing two measured cases: how many times slower `of` is than `to`. */
export interface RatioCase {
  name: string
  ratio: { of: string; to: string; label: string }
}

/** A case that cannot run on the bundled content, with the reason shown in the table. */
export interface SkippedCase {
  name: string
  skipped: string
}

export type AnyCase = BenchCase | SkippedCase | RatioCase

export interface BenchResult {
  name: string
  iterations: number
  totalMs: number
  /** Mean over all measured iterations. */
  usPerOp: number
  opsPerSec: number
  /** The fastest batch: the least disturbed by other load on the machine and by GC. */
  bestUsPerOp: number
  notes: string
  skipped?: true
  /** Ratio rows: `of` time over `to` time, on the means and on the best batches. */
  ratio?: { mean: number; best: number }
  /** Further figures a case derives from its timing (actions per second…), for --json. */
  figures?: Record<string, number>
}

export interface MeasureOptions {
  /** Time spent running the case before measuring, so the JIT has optimised it. */
  warmupMs: number
  /** Measured time to aim for; the run stops at the first batch boundary past it. */
  targetMs: number
}

/** A failure the runner reports as one line, without a stack trace. */
export class BenchError extends Error {}

// Results go somewhere observable, so the optimiser cannot drop the work.
let sink: unknown

function batch(run: () => unknown, n: number): number {
  const start = performance.now()
  for (let i = 0; i < n; i++) sink = run()
  return performance.now() - start
}

/** Warm-up grows batches until one takes at least this long, so the clock is read rarely. */
const BATCH_MS = 10

function result(c: BenchCase, iterations: number, totalMs: number, bestUsPerOp: number) {
  const measured: BenchResult = {
    name: c.name,
    iterations,
    totalMs,
    usPerOp: (totalMs * 1000) / iterations,
    opsPerSec: (iterations * 1000) / totalMs,
    bestUsPerOp,
    notes: c.notes,
  }
  if (sink === measure) console.log('') // never true; keeps `sink` live
  return c.describe === undefined ? measured : { ...measured, ...c.describe(measured) }
}

function measureFixed(c: BenchCase, warmup: number, iterations: number): BenchResult {
  for (let i = 0; i < warmup; i++) sink = c.run()
  let totalMs = 0
  let bestMs = Infinity
  for (let i = 0; i < iterations; i++) {
    const ms = batch(c.run, 1)
    totalMs += ms
    bestMs = Math.min(bestMs, ms)
  }
  return result(c, iterations, totalMs, bestMs * 1000)
}

export function measure(c: BenchCase, options: MeasureOptions): BenchResult {
  if (c.fixed !== undefined) return measureFixed(c, c.fixed.warmup, c.fixed.iterations)
  let n = 1
  let warm = 0
  while (warm < options.warmupMs) {
    const ms = batch(c.run, n)
    warm += ms
    if (ms < BATCH_MS) n *= 2
  }
  let iterations = 0
  let totalMs = 0
  let bestMs = Infinity
  while (totalMs < options.targetMs) {
    const ms = batch(c.run, n)
    totalMs += ms
    iterations += n
    bestMs = Math.min(bestMs, ms)
  }
  return result(c, iterations, totalMs, (bestMs * 1000) / n)
}

export function skippedResult(c: SkippedCase): BenchResult {
  return {
    name: c.name,
    iterations: 0,
    totalMs: 0,
    usPerOp: 0,
    opsPerSec: 0,
    bestUsPerOp: 0,
    notes: `skipped: ${c.skipped}`,
    skipped: true,
  }
}

/** A ratio row from the results measured before it; skipped when either case did not run. */
export function ratioResult(c: RatioCase, done: readonly BenchResult[]): BenchResult {
  const find = (name: string) => done.find((r) => r.name === name && r.skipped !== true)
  const of = find(c.ratio.of)
  const to = find(c.ratio.to)
  if (of === undefined || to === undefined)
    return skippedResult({ name: c.name, skipped: `needs "${c.ratio.of}" and "${c.ratio.to}"` })
  const mean = of.usPerOp / to.usPerOp
  const best = of.bestUsPerOp / to.bestUsPerOp
  return {
    name: c.name,
    iterations: 0,
    totalMs: 0,
    usPerOp: 0,
    opsPerSec: 0,
    bestUsPerOp: 0,
    ratio: { mean, best },
    notes: `${c.ratio.label} = ${times(best)} (best µs/op; ${times(mean)} on the means)`,
  }
}

const grouped = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** Three significant figures, for per-operation times from nanoseconds to milliseconds. */
const significant = (n: number): string =>
  n >= 100 ? grouped(n) : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3)

const times = (ratio: number): string => `${ratio >= 10 ? grouped(ratio) : ratio.toFixed(1)}×`

export function formatTable(results: readonly BenchResult[]): string {
  const header = ['case', 'iterations', 'total ms', 'µs/op', 'ops/s', 'best µs/op', 'notes']
  const rows = results.map((r) =>
    r.skipped
      ? [r.name, '—', '—', '—', '—', '—', r.notes]
      : r.ratio
        ? [r.name, '—', '—', times(r.ratio.mean), '—', times(r.ratio.best), r.notes]
        : [
            r.name,
            grouped(r.iterations),
            grouped(r.totalMs),
            significant(r.usPerOp),
            r.opsPerSec >= 100 ? grouped(r.opsPerSec) : significant(r.opsPerSec),
            significant(r.bestUsPerOp),
            r.notes,
          ],
  )
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  // Names and notes read left to right; figures line up on the right.
  const cell = (text: string, i: number): string =>
    i === 0 || i === header.length - 1 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0)
  const line = (row: readonly string[]): string => row.map(cell).join('  ').trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [line(header), rule, ...rows.map(line)].join('\n')
}
