/** Part 4 of the golden games of every bundled scenario (see harness.ts). */
import { goldenSuite } from './harness'

goldenSuite(4, 6)
