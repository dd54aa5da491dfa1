/**
 * The progress of `npm run soak`: on a terminal one line redrawn in place; in a log (CI, a test,
 * a file) a plain line every tenth of the run or every ten seconds, whichever comes first, since
 * carriage returns make a log unreadable. Small enough not to need a progress-bar library.
 */

/** Where the progress goes: process.stderr, or a stand-in in tests. */
export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): boolean
}

const REDRAW_MS = 100
const LOG_EVERY_MS = 10_000
/** The time left is worked out from the games of about the last minute. */
const ETA_WINDOW_MS = 60_000

/** `45 s`, `7 min 05 s`, `2 h 03 min`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`
}

/** A count with thousands separators, as the tables print them. */
export function count(n: number): string {
  return n.toLocaleString('en-US')
}

/** Games per second with three significant figures (`0.412`, `9.38`, `123`). */
export function rate(games: number, seconds: number): string {
  if (seconds <= 0) return '0'
  const r = games / seconds
  return r >= 100 ? count(Math.round(r)) : r.toPrecision(3)
}

/**
 * `1,234/5,000 games, 9.38 games/s, ETA 6 min 55 s, 0 failures`: the rate since the start, the
 * time left from `etaSeconds` (`?` while it is unknown).
 */
export function progressLine(
  done: number,
  total: number,
  failures: number,
  seconds: number,
  etaSeconds: number | undefined,
): string {
  const eta = done >= total ? '0 s' : etaSeconds === undefined ? '?' : formatDuration(etaSeconds)
  return `${count(done)}/${count(total)} games, ${rate(done, seconds)} games/s, ETA ${eta}, ${count(failures)} failure${failures === 1 ? '' : 's'}`
}

export class Progress {
  private readonly started: number
  private lastDraw = -Infinity
  private lastLogged: number
  private nextMark: number
  private readonly step: number
  private drawn = false
  private done = 0
  private failures = 0
  /**
   * When games ended, from the first game on: the workers' start (loading the content) and the
   * engine's first, unoptimised games would otherwise make the time left far too long.
   */
  private readonly recent: { t: number; done: number }[] = []

  constructor(
    private readonly total: number,
    private readonly stream: ProgressStream,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now()
    this.lastLogged = this.started
    this.step = Math.max(1, Math.ceil(total / 10))
    this.nextMark = this.step
  }

  /** Seconds since the progress began. */
  elapsed(): number {
    return (this.now() - this.started) / 1000
  }

  update(done: number, failures: number): void {
    this.done = done
    this.failures = failures
    const t = this.now()
    this.recent.push({ t, done })
    while (this.recent.length > 2 && (this.recent[1]?.t ?? t) <= t - ETA_WINDOW_MS)
      this.recent.shift()
    if (this.stream.isTTY === true) {
      if (t - this.lastDraw >= REDRAW_MS || done >= this.total) this.redraw(t)
    } else if (done >= this.nextMark || done >= this.total || t - this.lastLogged >= LOG_EVERY_MS) {
      while (this.nextMark <= done) this.nextMark += this.step
      this.lastLogged = t
      this.stream.write(`${this.line()}\n`)
    }
  }

  /** A message of its own (e.g. that the run is stopping), without breaking the redrawn line. */
  note(text: string): void {
    this.clear()
    this.stream.write(`${text}\n`)
    if (this.stream.isTTY === true) this.redraw(this.now())
  }

  /** Takes the redrawn line away, before the closing table is printed. */
  clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[2K')
    this.drawn = false
  }

  /** Seconds left at the pace of the recent games, once that pace is known. */
  private eta(): number | undefined {
    const since = this.recent[0]
    if (since === undefined) return undefined
    const games = this.done - since.done
    const ms = this.now() - since.t
    return games < 1 || ms < 1000 ? undefined : ((this.total - this.done) * ms) / games / 1000
  }

  private line(): string {
    return `soak: ${progressLine(this.done, this.total, this.failures, this.elapsed(), this.eta())}`
  }

  private redraw(t: number): void {
    this.lastDraw = t
    const width = this.stream.columns ?? 0
    const line = this.line()
    // A line wider than the terminal wraps, and \r would then redraw only its last row.
    this.stream.write(`\r\x1b[2K${width > 1 ? line.slice(0, width - 1) : line}`)
    this.drawn = true
  }
}
