import { describe, expect, it } from 'vitest'
import {
  apply,
  fitCalibration,
  gridToImage,
  imageToGrid,
  solveTwoHexes,
} from '../../../src/editor/map/calibration'
import { MapGeometry } from '../../../src/editor/map/map-geometry'
import { gridMap } from './fixtures'

describe('underlay calibration', () => {
  const cal = {
    origin: { x: 143.5, y: 88.25 },
    hexSize: 41.2,
    rotation: -3.5,
    aspect: 1.04,
  }

  it('maps image → grid as the inverse of grid → image', () => {
    const p = { x: 310, y: -42 }
    const back = apply(imageToGrid(cal), apply(gridToImage(cal), p))
    expect(back.x).toBeCloseTo(p.x, 9)
    expect(back.y).toBeCloseTo(p.y, 9)
  })

  it('puts the first hex centre on the origin and scales hexes to hexSize', () => {
    const geo = new MapGeometry(gridMap('flat', 'odd').grid)
    const m = gridToImage({ ...cal, rotation: 0, aspect: 1 }, geo.size)
    expect(apply(m, geo.center('0101')!)).toEqual(cal.origin)
    const next = apply(m, geo.center('0201')!)
    expect(Math.hypot(next.x - cal.origin.x, next.y - cal.origin.y)).toBeCloseTo(
      cal.hexSize * Math.sqrt(3),
      6,
    )
  })

  it('solves the calibration back from two hex centres clicked on the image', () => {
    const geo = new MapGeometry(gridMap('pointy', 'even').grid)
    const g1 = geo.center('0203')!
    const g2 = geo.center('1108')!
    const m = gridToImage(cal, geo.size)
    const solved = solveTwoHexes(g1, apply(m, g1), g2, apply(m, g2), cal.aspect, geo.size)
    expect(solved.hexSize).toBeCloseTo(cal.hexSize, 2)
    expect(solved.rotation).toBeCloseTo(cal.rotation, 2)
    expect(solved.origin.x).toBeCloseTo(cal.origin.x, 1)
    expect(solved.origin.y).toBeCloseTo(cal.origin.y, 1)
  })

  it('refuses two identical points', () => {
    const p = { x: 1, y: 1 }
    expect(() => solveTwoHexes(p, p, { x: 5, y: 5 }, p)).toThrow(/two different/)
  })

  it('fits a new scan around the whole grid', () => {
    const geo = new MapGeometry(gridMap('flat', 'odd').grid)
    const c = fitCalibration(geo.bounds, 1000, 800, geo.size)
    const m = gridToImage(c, geo.size)
    const tl = apply(m, { x: geo.bounds.minX, y: geo.bounds.minY })
    const br = apply(m, { x: geo.bounds.maxX, y: geo.bounds.maxY })
    expect(tl.x).toBeCloseTo(0, 0)
    expect(tl.y).toBeCloseTo(0, 0)
    expect(br.x).toBeLessThanOrEqual(1000.5)
    expect(br.y).toBeLessThanOrEqual(800.5)
  })
})
