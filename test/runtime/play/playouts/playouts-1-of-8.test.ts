/** Part 1 of the seeded random playouts of every bundled scenario (see harness.ts). */
import { playoutSuite } from './harness'

playoutSuite(1, 8)
