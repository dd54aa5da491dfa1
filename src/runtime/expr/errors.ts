/**
 * A problem found in an expression, located by 0-based character offsets into the expression
 * source (`end` exclusive) so a caller can map it onto the line and column of the JSON string
 * that holds the expression.
 */
export type ExprError = {
  readonly message: string
  readonly start: number
  readonly end: number
}

/**
 * Thrown by `CompiledExpr.evaluate` when the data does not fit the expression (missing field,
 * division by zero, a host function failing). It is an expected outcome for content, so it
 * carries a designer-readable message and the span of the sub-expression that failed.
 */
export class ExprEvaluationError extends Error implements ExprError {
  readonly start: number
  readonly end: number
  /** The whole expression source, so a log line can quote the failing part. */
  readonly source: string

  constructor(message: string, start: number, end: number, source: string) {
    super(message)
    this.name = 'ExprEvaluationError'
    this.start = start
    this.end = end
    this.source = source
  }
}

/** Thrown by `createEnvironment` when the host or ruleset declares something unusable. */
export class ExprEnvironmentError extends Error {
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`invalid expression environment: ${problems.join('; ')}`)
    this.name = 'ExprEnvironmentError'
    this.problems = problems
  }
}

/** "column 12", or "line 2, column 3" when the expression spans several lines (1-based). */
export function describePosition(source: string, offset: number): string {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  const column = offset - lineStart + 1
  return line === 1 ? `column ${column}` : `line ${line}, column ${column}`
}

/** The source text of a span, shortened so messages stay one readable line. */
export function excerpt(source: string, start: number, end: number, max = 40): string {
  const text = source.slice(start, end).replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
