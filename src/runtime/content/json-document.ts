/**
 * A content file as written: its text, the parse tree that maps every value back to an offset,
 * and the parsed value. Every problem we report names a line:column in the text, so the tree is
 * kept alongside the value.
 */
import {
  getLocation,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser'
import type { Problem } from './problems'

export interface JsonDocument {
  /** Path as shown to the user (relative to the project or the content folder). */
  file: string
  text: string
  tree: Node | undefined
  value: unknown
  lineStarts: number[]
}

export type ParseResult =
  { ok: true; doc: JsonDocument } | { ok: false; doc: JsonDocument; problems: Problem[] }

const parseMessages: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'this is not a valid number',
  PropertyNameExpected: 'expected a field name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the field name',
  CommaExpected: 'expected "," between items',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the list',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'this text is not closed with a double quote',
  UnexpectedEndOfNumber: 'this number is cut short',
  InvalidUnicode: 'invalid \\u escape in text',
  InvalidEscapeCharacter: 'invalid escape character in text (use \\\\ for a backslash)',
  InvalidCharacter: 'invalid character in text (line breaks and tabs must be written \\n and \\t)',
}

function computeLineStarts(text: string): number[] {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) starts.push(i + 1)
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++
      starts.push(i + 1)
    }
  }
  return starts
}

/** 1-based line and column of an offset. */
export function positionAt(
  doc: Pick<JsonDocument, 'lineStarts'>,
  offset: number,
): { line: number; column: number } {
  const starts = doc.lineStarts
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] ?? 0) <= offset) lo = mid
    else hi = mid - 1
  }
  return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 }
}

/**
 * How deep lists and objects may nest. The parser and every pass after it recurse once per
 * level, so a file nested thousands deep would exhaust the stack; real content nests a dozen.
 */
export const MAX_JSON_DEPTH = 256

/**
 * The offset of the bracket that opens level `MAX_JSON_DEPTH + 1`, if the text nests that deep.
 * A plain scan (brackets inside strings skipped), made before anything recurses over the text.
 */
function tooDeepAt(text: string): number | undefined {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash: the next character is escaped
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) return i
    } else if (c === 93 || c === 125) depth--
  }
  return undefined
}

export function parseJsonDocument(file: string, text: string): ParseResult {
  const errors: ParseError[] = []
  // A byte-order mark is invisible in editors; accept it rather than report an "unexpected character" at 1:1.
  const body = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text
  const deep = tooDeepAt(body)
  if (deep !== undefined) {
    const doc: JsonDocument = {
      file,
      text,
      tree: undefined,
      value: undefined,
      lineStarts: computeLineStarts(text),
    }
    const message = `the JSON nests deeper than ${MAX_JSON_DEPTH} levels of lists and objects here; no content needs that many`
    return {
      ok: false,
      doc,
      problems: [{ file, ...positionAt(doc, deep), pointer: '', message, severity: 'error' }],
    }
  }
  const tree = parseTree(body, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  })
  const lineStarts = computeLineStarts(text)
  const doc: JsonDocument = { file, text, tree, value: undefined, lineStarts }
  // After the first syntax error the parser's further complaints are mostly echoes of it.
  const problems: Problem[] = []
  const first = errors[0]
  if (first) {
    const code = printParseErrorCode(first.error)
    const endsEarly = errors.some((e) => e.offset >= body.trimEnd().length)
    const message =
      (parseMessages[code] ?? code) +
      (endsEarly ? ': the file ends too early, is it cut short?' : '')
    const offset = Math.min(first.offset, text.length)
    // The value being written where the parser stopped, so the editor can show where in the data it is.
    const pointer = joinPointer(getLocation(body, offset).path)
    problems.push({ file, ...positionAt(doc, offset), pointer, message, severity: 'error' })
  }
  if (body.trim() === '') {
    problems.push({
      file,
      line: 1,
      column: 1,
      pointer: '',
      message: 'the file is empty',
      severity: 'error',
    })
  }
  if (problems.length > 0) return { ok: false, doc, problems }
  // JSON.parse keeps "__proto__" as an ordinary key; the tree's own value builder would not.
  doc.value = JSON.parse(body)
  problems.push(...duplicateKeyProblems(doc))
  return problems.length > 0 ? { ok: false, doc, problems } : { ok: true, doc }
}

/** JSON.parse silently keeps the last of two equal keys; a designer almost never means that. */
function duplicateKeyProblems(doc: JsonDocument): Problem[] {
  const problems: Problem[] = []
  const visit = (node: Node, pointer: string): void => {
    if (node.type === 'object') {
      const seen = new Set<string>()
      for (const prop of node.children ?? []) {
        const keyNode = prop.children?.[0]
        const key = String(keyNode?.value)
        if (seen.has(key) && keyNode) {
          problems.push({
            file: doc.file,
            ...positionAt(doc, keyNode.offset),
            pointer: `${pointer}/${escapePointerSegment(key)}`,
            message: `field "${key}" appears twice in this object; only the last one would count`,
            severity: 'error',
          })
        }
        seen.add(key)
        const valueNode = prop.children?.[1]
        if (valueNode) visit(valueNode, `${pointer}/${escapePointerSegment(key)}`)
      }
    } else if (node.type === 'array') {
      node.children?.forEach((child, i) => visit(child, `${pointer}/${i}`))
    }
  }
  if (doc.tree) visit(doc.tree, '')
  return problems
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

export function joinPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + escapePointerSegment(String(s))).join('')
}

/** The tree node at a JSON pointer, or the deepest existing ancestor when the pointer runs past the data. */
export function nodeAtPointer(
  doc: JsonDocument,
  pointer: string,
): { node: Node | undefined; exact: boolean } {
  let node = doc.tree
  for (const segment of parsePointer(pointer)) {
    if (!node) return { node: undefined, exact: false }
    let next: Node | undefined
    if (node.type === 'object') {
      next = node.children?.find((p) => p.children?.[0]?.value === segment)?.children?.[1]
    } else if (node.type === 'array' && /^\d+$/.test(segment)) {
      next = node.children?.[Number(segment)]
    }
    if (!next) return { node, exact: false }
    node = next
  }
  return { node, exact: true }
}

/** Position of the value at a pointer; with `key`, of the field name that holds it (for unknown fields). */
/** An error at `pointer` of the document, located by line and column. */
export function errorAt(doc: JsonDocument, pointer: string, message: string): Problem {
  return { file: doc.file, ...locate(doc, pointer), pointer, message, severity: 'error' }
}

export function locate(
  doc: JsonDocument,
  pointer: string,
  options: { key?: boolean } = {},
): { line: number; column: number } {
  const { node } = nodeAtPointer(doc, pointer)
  if (!node) return { line: 1, column: 1 }
  if (options.key && node.parent?.type === 'property') {
    const keyNode = node.parent.children?.[0]
    if (keyNode) return positionAt(doc, keyNode.offset)
  }
  return positionAt(doc, node.offset)
}

/**
 * Position of a character inside a string value: `index` counts characters of the decoded string
 * (what an expression parser sees); escapes in the file shift the column, so map through them.
 */
export function locateInString(
  doc: JsonDocument,
  pointer: string,
  index: number,
): { line: number; column: number } {
  const { node } = nodeAtPointer(doc, pointer)
  if (!node || node.type !== 'string')
    return node ? positionAt(doc, node.offset) : { line: 1, column: 1 }
  let raw = node.offset + 1
  let decoded = 0
  while (decoded < index && raw < node.offset + node.length - 1) {
    if (doc.text[raw] === '\\') raw += doc.text[raw + 1] === 'u' ? 6 : 2
    else raw += 1
    decoded++
  }
  return positionAt(doc, raw)
}
