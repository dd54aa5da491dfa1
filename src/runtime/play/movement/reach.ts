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

interface Label {
  /** Hex number; -1 while off the map. */
  at: number
  cost: number
  touched: readonly string[]
  stop: boolean
  prev: Label | null
  /** Push order: among equal costs, the first pushed comes out first. */
  seq: number
}

/** A binary heap of labels by cost, then push order (stable results). */
class Heap {
  private items: Label[] = []
  private seq = 0
  get size(): number {
    return this.items.length
  }
  push(label: Label): void {
    const items = this.items
    label.seq = this.seq++
    items.push(label)
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!less(items[i] as Label, items[parent] as Label)) break
      ;[items[i], items[parent]] = [items[parent] as Label, items[i] as Label]
      i = parent
    }
  }
  pop(): Label {
    const items = this.items
    const top = items[0] as Label
    const last = items.pop() as Label
    if (items.length > 0) {
      items[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < items.length && less(items[l] as Label, items[m] as Label)) m = l
        if (r < items.length && less(items[r] as Label, items[m] as Label)) m = r
        if (m === i) break
        ;[items[i], items[m]] = [items[m] as Label, items[i] as Label]
        i = m
      }
    }
    return top
  }
}

function less(x: Label, y: Label): boolean {
  return x.cost < y.cost || (x.cost === y.cost && x.seq < y.seq)
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
  if (e.kind === 'leader') return FREE
  if (f.settings.enemyInfluence?.sameEnemyOnce === true && e.influence.some((x) => m.memory.has(x)))
    return REFUSED
  let extra = 0
  if (e.fits === false) {
    if (e.passRefused !== null || e.stopRefused !== null) return REFUSED
    for (const p of e.passing) extra += p.cost
  }
  return extra === 0 && !e.stop && e.influence.length === 0
    ? FREE
    : { ok: true, extra, stop: e.stop, touched: e.influence }
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
  const plainAt = (i: number): PlainEntry => {
    let found = plains[i]
    if (found === undefined) {
      found = plainEntry(f, m, entryAt(i))
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
  const heap = new Heap()
  const root: Label = { at: start, cost: 0, touched: [], stop: false, prev: null, seq: 0 }
  heap.push(root)
  if (start >= 0) best[start] = 0
  const entryHexes = m.entries.map((h) => board.indexOf(h))
  const costAt = slotCosts(loaded, m.moveClass)
  while (heap.size > 0) {
    const label = heap.pop()
    const at = label.at
    if (bestOf(at, label.touched) < label.cost) continue
    if (label !== root && at >= 0 && at !== start && reached[at] === 0) {
      const hex = board.labelAt(at)
      if (canEndIn(f, m, hex)) {
        reached[at] = 1
        out.set(hex, reachedBy(hex, label, board.labelAt))
      }
    }
    if (label.stop) continue
    const from = at < 0 ? null : board.labelAt(at)
    if (at >= 0 && !m.retired && label.touched.length === 0) {
      // The common step: on the map, nothing remembered, the rules of the hex entered kept.
      const leaving = leavingCost(f, m, from)
      for (let k = at * NEIGHBOR_SLOTS; k < (at + 1) * NEIGHBOR_SLOTS; k++) {
        const to = table[k] as number
        if (to < 0) break
        const terrain = costAt(k)
        if (terrain === null) continue
        const e = plainAt(to)
        if (!e.ok) continue
        const cost = label.cost + terrain + leaving + e.extra
        if (cost > m.budget) continue
        push(heap, label, to, cost, e.touched, e.stop, best, bestTouched)
      }
      continue
    }
    const touched = label.touched.length === 0 ? NOTHING_TOUCHED : new Set(label.touched)
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
      const cost = label.cost + step.cost
      if (cost > m.budget) continue
      push(heap, label, to, cost, step.touched, step.stop, best, bestTouched)
    }
  }
  return out
}

/** Pushes the step into `to` unless a path with the same memory got there as cheaply. */
function push(
  heap: Heap,
  label: Label,
  to: number,
  cost: number,
  stepTouched: readonly string[],
  stop: boolean,
  best: Float64Array,
  bestTouched: Map<string, number>,
): void {
  const union =
    stepTouched.length === 0
      ? label.touched
      : [...new Set([...label.touched, ...stepTouched])].sort()
  if (union.length === 0) {
    if ((best[to] as number) <= cost) return
    best[to] = cost
  } else {
    const key = `${to}|${union.join(',')}`
    if ((bestTouched.get(key) ?? Infinity) <= cost) return
    bestTouched.set(key, cost)
  }
  heap.push({ at: to, cost, touched: union, stop, prev: label, seq: 0 })
}

/** A hex reached; its path is spelt out only when asked for (a policy draws one move of many). */
class ReachedHex implements Reached {
  private spelt: readonly string[] | undefined
  constructor(
    readonly hex: string,
    readonly cost: number,
    readonly stop: boolean,
    private readonly label: Label,
    private readonly labelAt: (i: number) => string,
  ) {}
  get path(): readonly string[] {
    this.spelt ??= Object.freeze(pathOf(this.labelAt, this.label))
    return this.spelt
  }
}

function reachedBy(hex: string, label: Label, labelAt: (i: number) => string): Reached {
  return new ReachedHex(hex, label.cost, label.stop, label, labelAt)
}

function pathOf(labelAt: (i: number) => string, label: Label): string[] {
  const out: string[] = []
  // The root label is where the piece starts (its hex, or off the map): not a hex entered.
  for (let at: Label | null = label; at !== null && at.prev !== null; at = at.prev)
    out.push(labelAt(at.at))
  return out.reverse()
}
