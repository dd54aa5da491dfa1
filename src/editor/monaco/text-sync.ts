/**
 * Keeping Monaco's model and the workspace store in step without replacing the whole text:
 * a change made elsewhere (a visual view, undo) becomes one edit over the range that differs, so
 * the cursor, the selection, folding and scroll position in the JSON view survive it.
 */

/** Replace `oldText.slice(start, end)` with `text`. Offsets are UTF-16 code units. */
export interface TextEdit {
  start: number
  end: number
  text: string
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff

/**
 * The smallest single edit (common prefix and suffix kept) that turns `oldText` into `newText`,
 * or null when they are equal. Never cuts a surrogate pair or a CRLF in two: Monaco would
 * otherwise see half a character or half a line break.
 */
export function minimalEdit(oldText: string, newText: string): TextEdit | null {
  if (oldText === newText) return null
  const max = Math.min(oldText.length, newText.length)
  let prefix = 0
  while (prefix < max && oldText.charCodeAt(prefix) === newText.charCodeAt(prefix)) prefix++
  while (prefix > 0 && splitsPair(oldText, prefix)) prefix--
  while (prefix > 0 && splitsPair(newText, prefix)) prefix--
  let suffix = 0
  const room = max - prefix
  while (
    suffix < room &&
    oldText.charCodeAt(oldText.length - 1 - suffix) ===
      newText.charCodeAt(newText.length - 1 - suffix)
  )
    suffix++
  while (suffix > 0 && splitsPair(oldText, oldText.length - suffix)) suffix--
  while (suffix > 0 && splitsPair(newText, newText.length - suffix)) suffix--
  return {
    start: prefix,
    end: oldText.length - suffix,
    text: newText.slice(prefix, newText.length - suffix),
  }
}

/** True when a cut at `at` would separate a surrogate pair or a CR from its LF. */
function splitsPair(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false
  const before = text.charCodeAt(at - 1)
  const after = text.charCodeAt(at)
  return (isHighSurrogate(before) && isLowSurrogate(after)) || (before === 13 && after === 10)
}

export function applyEdit(text: string, edit: TextEdit | null): string {
  return edit ? text.slice(0, edit.start) + edit.text + text.slice(edit.end) : text
}
