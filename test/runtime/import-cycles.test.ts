/**
 * No module of src/ or tools/ reaches itself through its own imports (issue 13: a cycle makes the
 * order modules load in decide what a module sees, and makes a part impossible to take apart).
 * Imports of types alone are left aside: they are erased before anything runs.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { listFiles } from '../helpers/files'
import { projectRoot } from '../helpers/fixtures'
import { relativeImports, resolveModule } from '../helpers/imports'

const roots = ['src', 'tools'].map((r) => join(projectRoot, r))
const files = roots
  .flatMap((r) => listFiles(r, '.ts'))
  .filter((f) => !f.includes(join('src', 'runtime', 'generated')))

/** The modules a file imports for their values (type-only imports are erased). */
function valueImports(text: string): string[] {
  return relativeImports(text)
    .filter((i) => !i.typeOnly)
    .map((i) => i.spec)
}

/** The strongly connected groups of more than one module (Tarjan), each sorted. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  let counter = 0
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter)
    counter += 1
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      for (;;) {
        const w = stack.pop() as string
        onStack.delete(w)
        group.push(w)
        if (w === v) break
      }
      if (group.length > 1) groups.push(group.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return groups
}

describe('import cycles', () => {
  test('the scan tells imports of values from imports of types', () => {
    const text = [
      "import { a } from './a'",
      "import type { B } from './b'",
      "import { type C, type D } from './c'",
      "import { type E, f } from './e'",
      "export { g } from './g'",
      "export type { H } from './h'",
      "const i = await import('./i')",
      "import './j'",
      "import { k } from 'vue'",
    ].join('\n')
    expect(valueImports(text)).toEqual(['./a', './e', './g', './i', './j'])
  })

  test('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(cycles(graph)).toEqual([['a', 'b', 'c']])
  })

  test('no module of src/ or tools/ imports itself through others', () => {
    expect(files.length).toBeGreaterThan(200)
    const graph = new Map<string, string[]>()
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const targets = valueImports(text)
        .map((spec) => resolveModule(file, spec))
        .filter((t): t is string => t !== undefined)
      graph.set(file, targets)
    }
    const found = cycles(graph).map((group) => group.map((f) => relative(projectRoot, f)))
    expect(found).toEqual([])
  })
})
