/**
 * Where a piece can go this leg: a cheapest-first search over hexes (Dijkstra) with the step
 * rules of steps.ts. The search state is the hex together with the enemies whose influence the
 * path has entered, since that memory closes hexes further on (a unit exempt from stopping may
 * not enter a second hex of the same enemy); for every other piece it stays empty or ends the
 * path, so the search is effectively over hexes alone.
 *
 * The search runs on hex numbers (Board.indexOf): the cheapest cost of each hex with an empty
 * memory is a typed array, steps are read from the board's neighbour table and the terrain
 * costs kept per slot, and what entering a hex means (entryInto) is worked out once per hex.
 * Only a path with a memory of enemies falls back to keys made of text.
 */
import type { Board } from '../../state/board'
import { NEIGHBOR_SLOTS } from '../../state/board'
import { slotCosts, stepCostAt } from '../terrain-costs'
import type { Facts } from './facts'
import type { Mover } from './movers'
import type { Entry } from './steps'
import { canEndIn, entryInto, leavingCost, stepWith } from './steps'

export interface Reached {
  hex: string
  cost: number
  /**
   * Hexes entered, in order, the destination last: the same list each time it is read, frozen,
   * since the moves listed hold it and a move played is trusted to follow it (moves.ts).
   */
  path: readonly string[]
  /** The piece must stop there (it entered enemy influence). */
  stop: boolean
}

/**
 * The labels of a search (a hex reached by some path, with its cost and memory), kept column by
 * column in typed arrays rather than as an object each: a search makes hundreds. A label's number
 * is its push order, which settles ties between equal costs (the first pushed comes out first),
 * so results are stable. Label 0 is the root: where the piece starts.
 */
class Labels {
  count = 0
  /** Hex number; -1 while off the map. */
  at = new Int32Array(256)
  cost = new Float64Array(256)
  /** The label this one stepped from; -1 for the root. */
  prev = new Int32Array(256)
  /** The piece must stop there. */
  stop = new Uint8Array(256)
  /** Enemies whose influence the path entered (most often the shared empty list). */
  touched: (readonly string[])[] = []

  add(at: number, cost: number, prev: number, stop: boolean, touched: readonly string[]): number {
    const n = this.count++
    if (n === this.at.length) this.grow()
    this.at[n] = at
    this.cost[n] = cost
    this.prev[n] = prev
    this.stop[n] = stop ? 1 : 0
    this.touched[n] = touched
    return n
  }

  private grow(): void {
    const size = this.at.length * 2
    this.at = widened(this.at, new Int32Array(size))
    this.cost = widened(this.cost, new Float64Array(size))
    this.prev = widened(this.prev, new Int32Array(size))
    this.stop = widened(this.stop, new Uint8Array(size))
  }
}

/** `into` (a longer array of the same kind) with `from` copied to its start. */
function widened<T extends Int32Array | Float64Array | Uint8Array>(from: T, into: T): T {
  into.set(from)
  return into
}

/** A binary heap of label numbers by cost, then label number (push order). */
class Heap {
  private items = new Int32Array(256)
  size = 0
  constructor(private readonly labels: Labels) {}

  push(label: number): void {
    if (this.size === this.items.length)
      this.items = widened(this.items, new Int32Array(this.items.length * 2))
    const items = this.items
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      const above = items[parent] as number
      if (!this.less(label, above)) break
      items[i] = above
      i = parent
    }
    items[i] = label
  }

  pop(): number {
    const items = this.items
    const top = items[0] as number
    const last = items[--this.size] as number
    const size = this.size
    if (size > 0) {
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        if (l >= size) break
        const r = l + 1
        let m = l
        if (r < size && this.less(items[r] as number, items[l] as number)) m = r
        if (!this.less(items[m] as number, last)) break
        items[i] = items[m] as number
        i = m
      }
      items[i] = last
    }
    return top
  }

  private less(x: number, y: number): boolean {
    const cost = this.labels.cost
    const cx = cost[x] as number
    const cy = cost[y] as number
    return cx < cy || (cx === cy && x < y)
  }
}

const NOTHING_TOUCHED: ReadonlySet<string> = new Set()

/**
 * Entering a hex from a path with no enemies in its memory, as the common step needs it:
 * refused, or its extra cost, whether the piece must stop and whose influence it enters. Gives
 * what stepWith gives for such a step (steps.ts has the rules; this only reads its Entry).
 */
interface PlainEntry {
  ok: boolean
  extra: number
  stop: boolean
  touched: readonly string[]
}

const NO_ONE: readonly string[] = []
const REFUSED: PlainEntry = Object.freeze({ ok: false, extra: 0, stop: false, touched: NO_ONE })
/** Entered at no extra cost, without a stop or an enemy's influence: most hexes. */
const FREE: PlainEntry = Object.freeze({ ok: true, extra: 0, stop: false, touched: NO_ONE })

function plainEntry(f: Facts, m: Mover, e: Entry): PlainEntry {
  if (e.kind === 'no') return REFUSED
  if (e.kind === 'leader')
    return e.remains === 0 ? FREE : { ok: true, extra: e.remains, stop: false, touched: NO_ONE }
  if (f.settings.enemyInfluence?.sameEnemyOnce === true && e.influence.some((x) => m.memory.has(x)))
    return REFUSED
  let extra = e.remains
  if (e.fits === false) {
    if (e.passRefused !== null || e.stopRefused !== null) return REFUSED
    for (const p of e.passing) extra += p.cost
  }
  return extra === 0 && !e.stop && e.influence.length === 0
    ? FREE
    : { ok: true, extra, stop: e.stop, touched: e.influence }
}

/**
 * Where the pieces of a listing alike in everything entering an empty hex reads (entryInto with
 * no unit in the hex, then plainEntry) keep what each empty hex gives them: their side, whether
 * a leader, the bans, out of command, exempt, counting for stacking, and no memory of enemies
 * that could close a hex (steps.ts, entryInto, reads nothing else of the piece when the hex is
 * empty). Null for a piece that must work out its own.
 */
function sharedPlains(f: Facts, m: Mover, size: number): (PlainEntry | undefined)[] | null {
  if (m.memory.size > 0 && f.settings.enemyInfluence?.sameEnemyOnce === true) return null
  // Alone in a hex, a piece fits any limit of one or more; under a limit of none, it depends.
  if (m.counts && f.limit !== null && f.limit < 1) return null
  const key =
    `plain|${m.side}|${m.leader}|${m.approachBan !== null}|${(m.standardBan ?? null) !== null}|` +
    `${m.outOfCommand}|${m.exempt}|${m.counts}`
  let found = f.shared.get(key) as (PlainEntry | undefined)[] | undefined
  if (found === undefined) {
    found = new Array<PlainEntry | undefined>(size)
    f.shared.set(key, found)
  }
  return found
}

/** Every hex the piece may end this leg in (its own hex excepted), by the cheapest path. */
export function reachable(f: Facts, m: Mover): Map<string, Reached> {
  const out = new Map<string, Reached>()
  if (m.budget <= 0) return out
  const board = f.board
  const loaded = f.ctx.loaded
  const table = board.neighborTable
  const size = table.length / NEIGHBOR_SLOTS
  const start = m.start === null ? -1 : board.indexOf(m.start)
  // Cheapest cost found per hex with an empty memory; other memories by text key.
  const best = new Float64Array(size).fill(Infinity)
  const bestTouched = new Map<string, number>()
  const bestOffMap = 0
  const entries = new Array<Entry | undefined>(size)
  const entryAt = (i: number): Entry => {
    let found = entries[i]
    if (found === undefined) {
      found = entryInto(f, m, board.labelAt(i))
      entries[i] = found
    }
    return found
  }
  const plains = new Array<PlainEntry | undefined>(size)
  const shared = sharedPlains(f, m, size)
  const plainAt = (i: number): PlainEntry => {
    let found = plains[i]
    if (found === undefined) {
      const empty = shared !== null && f.unitsAt(board.labelAt(i)).length === 0
      found = empty ? shared[i] : undefined
      if (found === undefined) {
        found = plainEntry(f, m, entryAt(i))
        if (empty) shared[i] = found
      }
      plains[i] = found
    }
    return found
  }
  // The hex number of the step being weighed, so its entry is found without the label.
  let stepping = -1
  const entryOf = (): Entry => entryAt(stepping)
  const bestOf = (at: number, touched: readonly string[]): number =>
    touched.length === 0
      ? at < 0
        ? bestOffMap
        : (best[at] as number)
      : (bestTouched.get(`${at}|${touched.join(',')}`) ?? Infinity)
  const reached = new Uint8Array(size)
  const labels = new Labels()
  const heap = new Heap(labels)
  const push = (
    from: number,
    to: number,
    cost: number,
    stepTouched: readonly string[],
    stop: boolean,
  ): void => {
    const known = labels.touched[from] as readonly string[]
    const union = stepTouched.length === 0 ? known : [...new Set([...known, ...stepTouched])].sort()
    if (union.length === 0) {
      if ((best[to] as number) <= cost) return
      best[to] = cost
    } else {
      const key = `${to}|${union.join(',')}`
      if ((bestTouched.get(key) ?? Infinity) <= cost) return
      bestTouched.set(key, cost)
    }
    heap.push(labels.add(to, cost, from, stop, union))
  }
  heap.push(labels.add(start, 0, -1, false, NO_ONE))
  if (start >= 0) best[start] = 0
  const entryHexes = m.entries.map((h) => board.indexOf(h))
  const costAt = slotCosts(loaded, m.moveClass)
  while (heap.size > 0) {
    const label = heap.pop()
    const at = labels.at[label] as number
    const labelCost = labels.cost[label] as number
    const labelTouched = labels.touched[label] as readonly string[]
    if (bestOf(at, labelTouched) < labelCost) continue
    if (label !== 0 && at >= 0 && at !== start && reached[at] === 0) {
      const hex = board.labelAt(at)
      if (canEndIn(f, m, hex)) {
        reached[at] = 1
        out.set(hex, new ReachedHex(hex, labelCost, labels.stop[label] === 1, labels, label, board))
      }
    }
    if (labels.stop[label] === 1) continue
    const from = at < 0 ? null : board.labelAt(at)
    if (at >= 0 && !m.retired && labelTouched.length === 0) {
      // The common step: on the map, nothing remembered, the rules of the hex entered kept.
      const leaving = leavingCost(f, m, from)
      for (let k = at * NEIGHBOR_SLOTS; k < (at + 1) * NEIGHBOR_SLOTS; k++) {
        const to = table[k] as number
        if (to < 0) break
        const terrain = costAt(k)
        if (terrain === null) continue
        const e = plainAt(to)
        if (!e.ok) continue
        const cost = labelCost + terrain + leaving + e.extra
        if (cost > m.budget) continue
        push(label, to, cost, e.touched, e.stop)
      }
      continue
    }
    const touched = labelTouched.length === 0 ? NOTHING_TOUCHED : new Set(labelTouched)
    const count = at < 0 ? entryHexes.length : NEIGHBOR_SLOTS
    for (let k = 0; k < count; k++) {
      const to = at < 0 ? (entryHexes[k] as number) : (table[at * NEIGHBOR_SLOTS + k] as number)
      if (to < 0) {
        if (at < 0) continue
        break
      }
      const terrain = at < 0 ? null : (stepCostAt(loaded, at, to, m.moveClass) ?? null)
      stepping = to
      const step = stepWith(f, m, from, board.labelAt(to), terrain, touched, entryOf)
      if (!step.ok) continue
      const cost = labelCost + step.cost
      if (cost > m.budget) continue
      push(label, to, cost, step.touched, step.stop)
    }
  }
  return out
}

/** A hex reached; its path is spelt out only when asked for (a policy draws one move of many). */
class ReachedHex implements Reached {
  private spelt: readonly string[] | undefined
  constructor(
    readonly hex: string,
    readonly cost: number,
    readonly stop: boolean,
    private readonly labels: Labels,
    private readonly label: number,
    private readonly board: Board,
  ) {}
  get path(): readonly string[] {
    this.spelt ??= Object.freeze(pathOf(this.labels, this.label, this.board))
    return this.spelt
  }
}

function pathOf(labels: Labels, label: number, board: Board): string[] {
  const out: string[] = []
  // The root label is where the piece starts (its hex, or off the map): not a hex entered.
  for (let at = label; at > 0; at = labels.prev[at] as number)
    out.push(board.labelAt(labels.at[at] as number))
  return out.reverse()
}
