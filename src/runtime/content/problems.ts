/** One thing wrong with a content file, located where the designer can find and fix it. */
export interface Problem {
  /** File as shown to the user. */
  file: string
  /** 1-based line and column of the offending text. */
  line: number
  column: number
  /** JSON pointer to the offending value ('' for the whole file). */
  pointer: string
  /** A sentence a designer understands, without a trailing full stop. */
  message: string
  severity: 'error' | 'warning'
}

/**
 * The CLI's one-line form: `file:line:column: message (at /json/pointer)`. The whole document's
 * pointer is the empty string, which reads as nothing; it is shown as `/`, the top level.
 */
export function formatProblem(p: Problem): string {
  const where = ` (at ${p.pointer === '' ? '/' : p.pointer})`
  const level = p.severity === 'warning' ? 'warning: ' : ''
  return `${p.file}:${p.line}:${p.column}: ${level}${p.message}${where}`
}

export function compareProblems(a: Problem, b: Problem): number {
  return (
    a.file.localeCompare(b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    a.message.localeCompare(b.message)
  )
}
