/**
 * The side-by-side table of `npm run bench -- --baseline <ref>`: each case's figure on the
 * baseline and on the working tree, over the rounds each ran, their ratio and how much the
 * rounds spread, and the goals of the speed issue checked on the current figures.
 */
import type { EditorFigure } from './editor'
import type { BenchResult } from './harness'

/** Goals later speed-ups are claimed against, by case name. */
interface Goal {
  /** Games/s at least this many times the baseline's. */
  speedup?: number
  /** Best µs/op at most this. */
  maxUs?: number
  /** A ratio row's best ratio at most this. */
  maxRatio?: number
}

export const GOALS: Readonly<Record<string, Goal>> = {
  'playout: arsuf-1191': { speedup: 3 },
  'playout: ascalon-1099': { speedup: 3 },
  'moves: one unit 64×48': { maxUs: 300 },
  'moves: legalActions 64×48': { maxUs: 3000 },
  'shock tables ÷ hand-written': { maxRatio: 10 },
}

/** How a case's rounds become one figure: best time, games per second, or a ratio of cases. */
type Kind = 'time' | 'games' | 'ratio'

export interface ComparedRow {
  name: string
  status: 'compared' | 'new' | 'gone' | 'skipped'
  kind: Kind
  /** Best µs/op over the rounds, games/s over all games of all rounds, or the best ratio. */
  baseline?: number
  current?: number
  /** Baseline over current, as "times faster" (games/s the other way up; ratios: times smaller). */
  speedup?: number
  /** (max − min) / min of the figure round by round. */
  spread: { baseline?: number; current?: number }
  goal?: { text: string; met: boolean }
}

const kindOf = (r: BenchResult): Kind =>
  r.ratio ? 'ratio' : r.figures?.games !== undefined ? 'games' : 'time'

/** The case's figure in one round: what the spread is taken over. */
function roundFigure(r: BenchResult, kind: Kind): number {
  if (kind === 'ratio') return r.ratio?.best ?? NaN
  return kind === 'games' ? r.opsPerSec : r.bestUsPerOp
}

/** Whole games are compared on all games played (the same seeds each round), not the best. */
function figure(rounds: readonly BenchResult[], kind: Kind): number {
  if (kind === 'games') {
    const games = rounds.reduce((n, r) => n + r.iterations, 0)
    return (games * 1000) / rounds.reduce((ms, r) => ms + r.totalMs, 0)
  }
  return Math.min(...rounds.map((r) => roundFigure(r, kind)))
}

function spread(rounds: readonly BenchResult[], kind: Kind): number | undefined {
  if (rounds.length < 2) return undefined
  const xs = rounds.map((r) => roundFigure(r, kind))
  return (Math.max(...xs) - Math.min(...xs)) / Math.min(...xs)
}

function goalOf(row: ComparedRow): ComparedRow['goal'] {
  const goal = GOALS[row.name]
  if (!goal || row.current === undefined) return undefined
  if (goal.speedup !== undefined)
    return row.speedup === undefined
      ? undefined
      : { text: `≥ ${goal.speedup}× the baseline`, met: row.speedup >= goal.speedup }
  if (goal.maxUs !== undefined)
    return { text: `≤ ${goal.maxUs / 1000} ms`, met: row.current <= goal.maxUs }
  if (goal.maxRatio !== undefined)
    return { text: `≤ ${goal.maxRatio}×`, met: row.current <= goal.maxRatio }
  return undefined
}

/** Rows in the current tree's order, then the cases only the baseline has. */
export function compareRounds(
  baseline: readonly (readonly BenchResult[])[],
  current: readonly (readonly BenchResult[])[],
): ComparedRow[] {
  const measured = (runs: readonly (readonly BenchResult[])[], name: string) =>
    runs.flatMap((results) => results.filter((r) => r.name === name && r.skipped !== true))
  const names = [...new Set([...current, ...baseline].flatMap((rs) => rs.map((r) => r.name)))]
  return names.map((name) => {
    const b = measured(baseline, name)
    const c = measured(current, name)
    const kind = kindOf(c[0] ?? b[0] ?? ({ figures: {} } as BenchResult))
    const row: ComparedRow = {
      name,
      kind,
      status: b.length && c.length ? 'compared' : c.length ? 'new' : b.length ? 'gone' : 'skipped',
      spread: { baseline: spread(b, kind), current: spread(c, kind) },
    }
    if (b.length) row.baseline = figure(b, kind)
    if (c.length) row.current = figure(c, kind)
    if (row.baseline !== undefined && row.current !== undefined)
      row.speedup = kind === 'games' ? row.current / row.baseline : row.baseline / row.current
    row.goal = goalOf(row)
    return row
  })
}

const significant = (n: number): string =>
  n >= 100
    ? Math.round(n).toLocaleString('en-US')
    : n >= 10
      ? n.toFixed(1)
      : n >= 1
        ? n.toFixed(2)
        : n.toFixed(3)

function value(row: ComparedRow, n: number | undefined): string {
  if (n === undefined) return '—'
  if (row.kind === 'games') return `${significant(n)} games/s`
  if (row.kind === 'ratio') return `${significant(n)}×`
  return `${significant(n)} µs`
}

function speedText(row: ComparedRow): string {
  if (row.status !== 'compared') return row.status
  const s = row.speedup ?? NaN
  const better = row.kind === 'ratio' ? 'smaller' : 'faster'
  const worse = row.kind === 'ratio' ? 'larger' : 'slower'
  // Within half a percent, either word would overstate what three significant figures show.
  if (Math.abs(s - 1) < 0.005) return '1.00× (same)'
  return s >= 1 ? `${significant(s)}× ${better}` : `${significant(1 / s)}× ${worse}`
}

const percent = (x: number | undefined): string =>
  x === undefined ? '—' : `${Math.round(x * 100)}%`

export function formatComparison(rows: readonly ComparedRow[]): string {
  const header = ['case', 'baseline', 'current', 'baseline ÷ current', 'spread b; c', 'goal']
  const lines = rows.map((r) => [
    r.name,
    value(r, r.baseline),
    value(r, r.current),
    speedText(r),
    r.status === 'compared' ? `${percent(r.spread.baseline)}; ${percent(r.spread.current)}` : '',
    r.goal ? `${r.goal.text}: ${r.goal.met ? 'met' : 'MISSED'}` : '',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)))
  // Names and goals read left to right; figures line up on the right.
  const cell = (text: string, i: number): string =>
    i === 0 || i === 5 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0)
  const line = (l: readonly string[]) => l.map(cell).join('  ').trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(line)].join('\n')
}

/** The editor's figures of both trees, measured by the current tree's code, side by side. */
export function formatEditorComparison(
  baseline: readonly EditorFigure[],
  current: readonly EditorFigure[],
): string {
  const shown = (f: EditorFigure | undefined) =>
    f ? `${f.value.toFixed(f.value < 100 ? 1 : 0)} ${f.unit}` : '—'
  const names = [...new Set([...current, ...baseline].map((f) => f.name))]
  const rows = names.map((name) => {
    const b = baseline.find((f) => f.name === name)
    const c = current.find((f) => f.name === name)
    const ratio = b && c ? b.value / c.value : undefined
    return [
      name,
      shown(b),
      shown(c),
      ratio === undefined ? '' : `${significant(ratio)}×`,
      c ? `< ${c.goal} ${c.unit}: ${c.value < c.goal ? 'met' : 'MISSED'}` : '',
    ]
  })
  const header = ['editor figure', 'baseline', 'current', 'baseline ÷ current', 'goal (current)']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)))
  const cell = (text: string, i: number): string =>
    i === 0 || i === 4 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0)
  const line = (l: readonly string[]) => l.map(cell).join('  ').trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}
