/** Part 5 of the seeded random playouts of every bundled scenario (see harness.ts). */
import { playoutSuite } from './harness'

playoutSuite(5, 8)
