/** Part 6 of the golden games of every bundled scenario (see harness.ts). */
import { goldenSuite } from './harness'

goldenSuite(6, 6)
