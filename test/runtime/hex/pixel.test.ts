import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Point } from '../../../src/runtime/hex'
import {
  clockUnitVector,
  cube,
  hexCorner,
  hexCorners,
  hexToPixel,
  hexsideEndpoints,
  neighborAtClock,
  pixelToHex,
  sideClock,
  vertexClock,
} from '../../../src/runtime/hex'
import { cubeArb, orientationArb } from './arbitraries'

const S3 = Math.sqrt(3)

function close(p: Point, x: number, y: number) {
  expect(p.x).toBeCloseTo(x, 9)
  expect(p.y).toBeCloseTo(y, 9)
}

describe('hexToPixel', () => {
  it('places centres with y growing downward', () => {
    close(hexToPixel(cube(0, 0), 10, 'flat'), 0, 0)
    close(hexToPixel(cube(1, 0), 10, 'flat'), 15, 5 * S3)
    close(hexToPixel(cube(0, 1), 10, 'flat'), 0, 10 * S3)
    close(hexToPixel(cube(0, -1), 10, 'flat'), 0, -10 * S3) // north is up
    close(hexToPixel(cube(1, 0), 10, 'pointy'), 10 * S3, 0)
    close(hexToPixel(cube(0, 1), 10, 'pointy'), 5 * S3, 15)
  })
})

describe('pixelToHex', () => {
  test.prop([cubeArb(500), orientationArb, fc.double({ min: 1, max: 100, noNaN: true })])(
    'inverts hexToPixel at centres',
    (h, o, size) => {
      expect(pixelToHex(hexToPixel(h, size, o), size, o)).toEqual(h)
    },
  )

  test.prop([
    cubeArb(200),
    orientationArb,
    fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    fc.double({ min: 0, max: 0.86, noNaN: true }),
  ])('finds the hex of any point inside its inscribed circle', (h, o, angle, fraction) => {
    const size = 20
    const c = hexToPixel(h, size, o)
    // The inscribed circle has radius size·√3/2 ≈ 0.866·size.
    const p = {
      x: c.x + Math.cos(angle) * fraction * size,
      y: c.y + Math.sin(angle) * fraction * size,
    }
    expect(pixelToHex(p, size, o)).toEqual(h)
  })

  it('puts a point on a corner into one of the three hexes meeting there', () => {
    const corner = hexCorner(cube(0, 0), 3, 10, 'flat')
    const h = pixelToHex(corner, 10, 'flat')
    expect([cube(0, 0), cube(1, -1), cube(1, 0)]).toContainEqual(h)
  })
})

describe('hexCorners', () => {
  test.prop([cubeArb(), orientationArb])(
    'lists six corners clockwise from the lowest clock position',
    (h, o) => {
      const size = 12
      const c = hexToPixel(h, size, o)
      const corners = hexCorners(h, size, o)
      expect(corners).toHaveLength(6)
      corners.forEach((p, k) => {
        expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(size, 9)
        const u = clockUnitVector(vertexClock(k, o))
        close(p, c.x + size * u.x, c.y + size * u.y)
        const next = corners[(k + 1) % 6]!
        // With y down, a positive cross product is a clockwise turn on screen.
        expect((p.x - c.x) * (next.y - c.y) - (p.y - c.y) * (next.x - c.x)).toBeGreaterThan(0)
        close(hexCorner(h, vertexClock(k, o), size, o), p.x, p.y)
      })
    },
  )

  it('starts at the north-east corner of a flat-top hex and the north corner of a pointy-top hex', () => {
    close(hexCorners(cube(0, 0), 10, 'flat')[0]!, 5, -5 * S3)
    close(hexCorners(cube(0, 0), 10, 'flat')[1]!, 10, 0)
    close(hexCorners(cube(0, 0), 10, 'pointy')[0]!, 0, -10)
    expect(() => hexCorner(cube(0, 0), 0, 10, 'flat')).toThrow(/not a corner/)
  })
})

describe('hexsideEndpoints', () => {
  test.prop([cubeArb(), orientationArb, fc.integer({ min: 0, max: 5 })])(
    'is the same segment seen from both hexes',
    (h, o, i) => {
      const size = 9
      const clock = sideClock(i, o)
      const [a, b] = hexsideEndpoints(h, clock, size, o)
      const [c, d] = hexsideEndpoints(neighborAtClock(h, clock), clock + 6, size, o)
      close(a, d.x, d.y)
      close(b, c.x, c.y)
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(size, 9)
    },
  )

  it('runs clockwise between the corners either side of the side', () => {
    const [a, b] = hexsideEndpoints(cube(0, 0), 0, 10, 'flat')
    close(a, -5, -5 * S3)
    close(b, 5, -5 * S3)
    expect(() => hexsideEndpoints(cube(0, 0), 0, 10, 'pointy')).toThrow(/not a side/)
  })
})
