/**
 * The order `npm test` starts its files in, so that both workers stay busy to the end. Vitest's
 * own order (by project name, then the largest file first when it has no timings, which a fresh
 * clone never has) starts the longest runs last: the type check, the lint and the golden games
 * are small files. Here the browser tests come first (one file; the browser mostly waits, so the
 * other worker runs beside it), then the runtime's long files, then every other file of a
 * project largest first, the editor's many short files last to fill the end.
 */
import { relative } from 'node:path'
import type { TestSpecification } from 'vitest/node'
import { BaseSequencer } from 'vitest/node'

/** Projects in the order they start. */
const PROJECTS = ['browser', 'runtime', 'editor-isolated', 'editor']

/** Files known to run long (tens of seconds each), longest first, by path prefix. */
const LONG = [
  'test/tools/typecheck.test.ts',
  'test/tools/lint.test.ts',
  'test/tools/cli-process.test.ts',
  'test/tools/format.test.ts',
  'test/runtime/play/playouts/',
  'test/runtime/play/golden/',
  'test/tools/bench-baseline.test.ts',
]

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const root = this.ctx.config.root
    const project = (s: TestSpecification): number => {
      const i = PROJECTS.indexOf(s.project.name)
      return i < 0 ? PROJECTS.length : i
    }
    const long = (s: TestSpecification): number => {
      const path = relative(root, s.moduleId).split('\\').join('/')
      const i = LONG.findIndex((prefix) => path.startsWith(prefix))
      return i < 0 ? LONG.length : i
    }
    // Stable: within a project and rank, Vitest's order (timings when it has them, else size).
    return [...sorted].sort((a, b) => project(a) - project(b) || long(a) - long(b))
  }
}
