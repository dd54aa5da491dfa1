/** The errors a command ends with when the user can fix the cause: printed without a stack, exit 1. */
import type { Problem } from '../src/runtime'

/** A mistake in the command line or in a file the user gave: one message, exit 1. */
export class UsageError extends Error {}

/** Content that does not load: the located problems, exit 1. */
export class ContentError extends Error {
  readonly problems: readonly Problem[]
  /** What cannot be used, e.g. "the content does not load". */
  readonly what: string
  constructor(problems: readonly Problem[], what = 'the content does not load') {
    super(`${what} (${problems.length} problem${problems.length === 1 ? '' : 's'})`)
    this.problems = problems
    this.what = what
  }
}
