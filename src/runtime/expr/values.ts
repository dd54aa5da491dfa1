/** Runtime helpers shared by the compiled closures and the built-in functions. */

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value's kind in a sentence, matching describeType: "a number", "a list". */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
    case 'function':
      return `a ${typeof value}`
    case 'object':
      return 'an object'
    default:
      return `a ${typeof value} value`
  }
}

/** Structural equality on plain JSON-like data: what a designer means by `==` on lists. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const keysA = Object.keys(a)
  if (keysA.length !== Object.keys(b).length) return false
  for (const key of keysA) {
    if (!Object.hasOwn(b, key)) return false
    if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false
  }
  return true
}

/** Number of characters as a designer counts them (code points, not UTF-16 units). */
export function stringLength(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

/** The same sentence for a static and a runtime operand mistake; `a`, `b` are descriptions. */
export function arithmeticMessage(operator: string, a: string, b: string): string {
  switch (operator) {
    case '+':
      return `cannot add ${a} and ${b}`
    case '-':
      return `cannot subtract ${b} from ${a}`
    case '*':
      return `cannot multiply ${a} by ${b}`
    case '/':
      return `cannot divide ${a} by ${b}`
    default:
      return `cannot take the remainder of ${a} divided by ${b}`
  }
}
