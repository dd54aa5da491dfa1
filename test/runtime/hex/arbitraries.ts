/** Shared fast-check arbitraries for the hex tests. */
import { fc } from '@fast-check/vitest'
import type { Cube, GridSpec, OffsetParity, Orientation } from '../../../src/runtime/hex'
import { cube } from '../../../src/runtime/hex'

export const orientationArb: fc.Arbitrary<Orientation> = fc.constantFrom('flat', 'pointy')
export const parityArb: fc.Arbitrary<OffsetParity> = fc.constantFrom('odd', 'even')

export function cubeArb(range = 40): fc.Arbitrary<Cube> {
  return fc
    .tuple(fc.integer({ min: -range, max: range }), fc.integer({ min: -range, max: range }))
    .map(([q, r]) => cube(q, r))
}

export function gridArb(maxColumns = 999, maxRows = 999): fc.Arbitrary<GridSpec> {
  return fc.record({
    orientation: orientationArb,
    offset: parityArb,
    columns: fc.integer({ min: 1, max: maxColumns }),
    rows: fc.integer({ min: 1, max: maxRows }),
  })
}
