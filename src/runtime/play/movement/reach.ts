/**
 * Where a piece can go this leg: a cheapest-first search over hexes (Dijkstra) with the step
 * rules of steps.ts. The search state is the hex together with the enemies whose influence the
 * path has entered, since that memory closes hexes further on (a unit exempt from stopping may
 * not enter a second hex of the same enemy); for every other piece it stays empty or ends the
 * path, so the search is effectively over hexes alone.
 */
import type { Facts } from './facts'
import type { Mover } from './movers'
import { canEndIn, checkStep } from './steps'

export interface Reached {
  hex: string
  cost: number
  /** Hexes entered, in order, the destination last. */
  path: string[]
  /** The piece must stop there (it entered enemy influence). */
  stop: boolean
}

interface Label {
  hex: string | null
  cost: number
  touched: readonly string[]
  stop: boolean
  prev: Label | null
}

/** A binary heap of labels by cost (ties: first pushed first, for stable results). */
class Heap {
  private items: { label: Label; seq: number }[] = []
  private seq = 0
  get size(): number {
    return this.items.length
  }
  push(label: Label): void {
    const items = this.items
    items.push({ label, seq: this.seq++ })
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.less(i, parent)) break
      ;[items[i], items[parent]] = [items[parent]!, items[i]!]
      i = parent
    }
  }
  pop(): Label {
    const items = this.items
    const top = items[0]!.label
    const last = items.pop()!
    if (items.length > 0) {
      items[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < items.length && this.less(l, m)) m = l
        if (r < items.length && this.less(r, m)) m = r
        if (m === i) break
        ;[items[i], items[m]] = [items[m]!, items[i]!]
        i = m
      }
    }
    return top
  }
  private less(a: number, b: number): boolean {
    const x = this.items[a]!
    const y = this.items[b]!
    return x.label.cost < y.label.cost || (x.label.cost === y.label.cost && x.seq < y.seq)
  }
}

function pathOf(label: Label): string[] {
  const out: string[] = []
  // The root label is where the piece starts (its hex, or off the map): not a hex entered.
  for (let at: Label | null = label; at !== null && at.prev !== null; at = at.prev)
    out.push(at.hex as string)
  return out.reverse()
}

const NOTHING_TOUCHED: ReadonlySet<string> = new Set()

/** Every hex the piece may end this leg in (its own hex excepted), by the cheapest path. */
export function reachable(f: Facts, m: Mover): Map<string, Reached> {
  const out = new Map<string, Reached>()
  if (m.budget <= 0) return out
  const best = new Map<string, number>()
  const heap = new Heap()
  const root: Label = { hex: m.start, cost: 0, touched: [], stop: false, prev: null }
  heap.push(root)
  best.set(`${m.start ?? ''}|`, 0)
  while (heap.size > 0) {
    const label = heap.pop()
    const key = `${label.hex ?? ''}|${label.touched.join(',')}`
    if ((best.get(key) ?? Infinity) < label.cost) continue
    if (label !== root && label.hex !== null && label.hex !== m.start) {
      const seen = out.get(label.hex)
      if (seen === undefined && canEndIn(f, m, label.hex))
        out.set(label.hex, {
          hex: label.hex,
          cost: label.cost,
          path: pathOf(label),
          stop: label.stop,
        })
    }
    if (label.stop) continue
    const next = label.hex === null ? m.entries : f.board.neighbors(label.hex)
    const touched = label.touched.length === 0 ? NOTHING_TOUCHED : new Set(label.touched)
    for (const to of next) {
      const step = checkStep(f, m, label.hex, to, touched, true)
      if (!step.ok) continue
      const cost = label.cost + step.cost
      if (cost > m.budget) continue
      const union =
        step.touched.length === 0
          ? label.touched
          : [...new Set([...label.touched, ...step.touched])].sort()
      const k = union.length === 0 ? `${to}|` : `${to}|${union.join(',')}`
      if ((best.get(k) ?? Infinity) <= cost) continue
      best.set(k, cost)
      heap.push({ hex: to, cost, touched: union, stop: step.stop, prev: label })
    }
  }
  return out
}
