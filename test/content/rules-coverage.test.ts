/**
 * Every numbered section of the Men of Iron Tri-Pack rules (seed 004) is named by at least one
 * test: the name given to an it/test/describe call somewhere under test/ mentions the section
 * number as a whole number ("12.3" but not inside "112.3" or "12.35"). The names are read with the
 * TypeScript parser, so a section number in a comment or an assertion does not count.
 */
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { listFiles } from '../helpers/files'

const range = (major: number, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${major}.${from + i}`)

/** The numbered sections of the Tri-Pack manual, in its order. */
const SECTIONS = [
  '1.0',
  ...range(2, 1, 6),
  '3.0',
  '4.0',
  ...range(5, 0, 5),
  ...range(6, 1, 4),
  ...range(7, 1, 6),
  '8.0',
  '9.0',
  '10.0',
  ...range(11, 1, 4),
  ...range(12, 1, 5),
  ...range(13, 0, 9),
  ...range(14, 1, 9),
  '15.1',
  '15.2',
  ...range(16, 1, 9),
]

const TEST_CALLS = new Set(['it', 'test', 'describe'])

/** The identifier a call's callee starts from: `it`, `it.each(rows)`, `describe.skip`… */
function rootName(callee: ts.Expression): string | null {
  let at: ts.Expression = callee
  for (;;) {
    if (ts.isIdentifier(at)) return at.text
    if (ts.isPropertyAccessExpression(at)) at = at.expression
    else if (ts.isCallExpression(at)) at = at.expression
    else return null
  }
}

/** The text of a name argument: string literals, templates (their fixed parts) and `+` chains. */
function nameText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => ` ${s.literal.text}`)].join('')
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = nameText(node.left)
    const right = nameText(node.right)
    return left === null && right === null ? null : `${left ?? ''} ${right ?? ''}`
  }
  if (ts.isParenthesizedExpression(node)) return nameText(node.expression)
  return null
}

/** The names of every it/test/describe call in a test file. */
export function testNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const names: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const root = rootName(node.expression)
      // `it.each(rows)(name, fn)`: the name is the argument of the outer call, never of `each`.
      const isEach =
        ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'each'
      if (root !== null && TEST_CALLS.has(root) && !isEach) {
        const name = nameText(node.arguments[0] as ts.Expression)
        if (name !== null) names.push(name)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

/** Whether a name mentions the section as a whole number. */
export function namesSection(name: string, section: string): boolean {
  const escaped = section.replace('.', '\\.')
  return new RegExp(`(?<![\\d.])${escaped}(?!\\d)`).test(name)
}

describe('rules coverage: every section of the Tri-Pack rules is named by a test', () => {
  const files = listFiles('test', '.test.ts')
  const names = files.flatMap(testNames)

  it('reads the names of the test calls, and a section only as a whole number', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(names).toContain(
      'rules coverage: every section of the Tri-Pack rules is named by a test',
    )
    expect(namesSection('12.3-2A angle of attack', '12.3')).toBe(true)
    expect(namesSection('see 12.35', '12.3')).toBe(false)
    expect(namesSection('see 112.3', '12.3')).toBe(false)
    expect(namesSection('rule 12.1, 12.3', '2.1')).toBe(false)
    expect(namesSection('16.7 ambush', '16.7')).toBe(true)
  })

  it('every numbered section of the manual is named by at least one test', () => {
    const unnamed = SECTIONS.filter((section) => !names.some((n) => namesSection(n, section)))
    expect(unnamed, `sections no test names: ${unnamed.join(', ')}`).toEqual([])
  })
})
