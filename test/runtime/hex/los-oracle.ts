/**
 * Independent reference for lineWalk, following the algorithm in the design brief:
 * classify every hex within distance 1 of the sampled lerp line against the segment
 * with integer cross products (×3 axial coordinates put corners on integer points),
 * keep contacts inside the segment, and order them by their parameter along it.
 * Ordering uses exact fractions (BigInt), so the oracle is exact too.
 */
import type { Cube, LineStep } from '../../../src/runtime/hex'
import { cube, cubeKey, cubeLerp, cubeRound, distance, hexesWithin } from '../../../src/runtime/hex'

const CORNERS: readonly [number, number][] = [
  [2, -1],
  [1, 1],
  [-1, 2],
  [-2, 1],
  [-1, -1],
  [1, -2],
]
const EDGE_NEIGHBORS: readonly [number, number][] = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
]

/** A fraction n / d with d > 0. */
interface Frac {
  n: bigint
  d: bigint
}

function frac(n: bigint, d: bigint): Frac {
  return d < 0n ? { n: -n, d: -d } : { n, d }
}
function compare(a: Frac, b: Frac): number {
  const x = a.n * b.d - b.n * a.d
  return x < 0n ? -1 : x > 0n ? 1 : 0
}
function add(a: Frac, b: Frac): Frac {
  return frac(a.n * b.d + b.n * a.d, a.d * b.d)
}

interface Contact {
  key: string
  /** Parameter range along the segment, t = 0 at a and 1 at b. */
  from: Frac
  to: Frac
  step: LineStep
}

export function oracleLineWalk(a: Cube, b: Cube): LineStep[] {
  if (a.q === b.q && a.r === b.r) return [{ kind: 'hex', hex: a }]
  const n = distance(a, b)
  const candidates = new Map<string, Cube>()
  for (let i = 0; i <= n; i++) {
    for (const h of hexesWithin(cubeRound(cubeLerp(a, b, i / n)), 1)) candidates.set(cubeKey(h), h)
  }
  const Aq = BigInt(3 * a.q)
  const Ar = BigInt(3 * a.r)
  const Dq = BigInt(3 * (b.q - a.q))
  const Dr = BigInt(3 * (b.r - a.r))
  const dd = Dq * Dq + Dr * Dr
  // Parameter of a point known to be on the line: projection onto D (any inner product
  // gives the same value for points on the line).
  const param = (pq: Frac, pr: Frac): Frac => {
    const num = add(frac((pq.n - Aq * pq.d) * Dq, pq.d), frac((pr.n - Ar * pr.d) * Dr, pr.d))
    return frac(num.n, num.d * dd)
  }
  const contacts = new Map<string, Contact>()
  for (const h of candidates.values()) {
    const pts = CORNERS.map(([oq, or]) => [BigInt(3 * h.q + oq), BigInt(3 * h.r + or)] as const)
    const cross = pts.map(([pq, pr]) => Dq * (pr - Ar) - Dr * (pq - Aq))
    const neg = cross.some((c) => c < 0n)
    const pos = cross.some((c) => c > 0n)
    const zeros = cross.flatMap((c, k) => (c === 0n ? [k] : []))
    if (neg && pos) {
      // Interior crossing: the chord's ends are where the line meets the boundary.
      const ts: Frac[] = []
      for (let k = 0; k < 6; k++) {
        const k1 = (k + 1) % 6
        const c0 = cross[k] as bigint
        const c1 = cross[k1] as bigint
        const [p0q, p0r] = pts[k] as readonly [bigint, bigint]
        const [p1q, p1r] = pts[k1] as readonly [bigint, bigint]
        if (c0 === 0n) ts.push(param(frac(p0q, 1n), frac(p0r, 1n)))
        else if ((c0 < 0n && c1 > 0n) || (c0 > 0n && c1 < 0n)) {
          const den = c1 - c0
          ts.push(param(frac(c1 * p0q - c0 * p1q, den), frac(c1 * p0r - c0 * p1r, den)))
        }
      }
      ts.sort(compare)
      const from = ts[0] as Frac
      const to = ts[ts.length - 1] as Frac
      if (compare(to, frac(0n, 1n)) > 0 && compare(from, frac(1n, 1n)) < 0) {
        contacts.set(`h${cubeKey(h)}`, {
          key: `h${cubeKey(h)}`,
          from,
          to,
          step: { kind: 'hex', hex: h },
        })
      }
    } else if (zeros.length === 2) {
      const [k0, k1] = zeros as [number, number]
      const k = k1 === (k0 + 1) % 6 ? k0 : k1
      const [eq, er] = EDGE_NEIGHBORS[k] as [number, number]
      const other = cube(h.q + eq, h.r + er)
      const hLeft = neg
      const left = hLeft ? h : other
      const right = hLeft ? other : h
      const [p0q, p0r] = pts[k0] as readonly [bigint, bigint]
      const [p1q, p1r] = pts[k1] as readonly [bigint, bigint]
      const ta = param(frac(p0q, 1n), frac(p0r, 1n))
      const tb = param(frac(p1q, 1n), frac(p1r, 1n))
      const [from, to] = compare(ta, tb) < 0 ? [ta, tb] : [tb, ta]
      const key = `s${cubeKey(left)}|${cubeKey(right)}`
      if (compare(from, frac(0n, 1n)) >= 0 && compare(to, frac(1n, 1n)) <= 0) {
        contacts.set(key, { key, from, to, step: { kind: 'spine', left, right } })
      }
    } else if (zeros.length === 1) {
      const k = zeros[0] as number
      const [pq, pr] = pts[k] as readonly [bigint, bigint]
      const t = param(frac(pq, 1n), frac(pr, 1n))
      const key = `v${cubeKey(h)}`
      if (compare(t, frac(0n, 1n)) > 0 && compare(t, frac(1n, 1n)) < 0) {
        contacts.set(key, {
          key,
          from: t,
          to: t,
          step: { kind: 'vertex', hex: h, side: neg ? 'left' : 'right' },
        })
      }
    }
  }
  // Contacts overlap at most at their ends, so ordering by midpoint orders them.
  return [...contacts.values()]
    .sort((x, y) => compare(add(x.from, x.to), add(y.from, y.to)))
    .map((c) => c.step)
}
