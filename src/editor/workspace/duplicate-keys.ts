/**
 * Whether a text JSON.parse accepted holds an object with the same key twice. JSON.parse keeps
 * the last one silently, so the workspace must still report it; this scan lets it use the
 * native parser for the common case and keep the slower located parse (jsonc-parser's tree, some
 * twenty times slower on a cold page) for the texts that have a problem to show.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c

/** The end (index of the closing quote) of the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  for (;;) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) return i
    i += c === BACKSLASH ? 2 : 1
  }
}

/** Only for valid JSON: a text JSON.parse has accepted. */
export function hasDuplicateKey(text: string): boolean {
  // One entry per open container: the keys seen so far in an object, null for an array.
  const stack: Array<Set<string> | null> = []
  let expectKey = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      const keys = stack[stack.length - 1]
      if (expectKey && keys) {
        const raw = text.slice(i + 1, end)
        // "a" and "\u0061" are the same key once read.
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw
        if (keys.has(key)) return true
        keys.add(key)
        expectKey = false
      }
      i = end
    } else if (c === OPEN_OBJECT) {
      stack.push(new Set())
      expectKey = true
    } else if (c === OPEN_ARRAY) {
      stack.push(null)
      expectKey = false
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop()
      expectKey = false
    } else if (c === COMMA) {
      expectKey = stack[stack.length - 1] != null
    }
  }
  return false
}
