/**
 * The validator's problems as Monaco markers, and the range a located place covers. The same
 * range serves the squiggle under a problem and the selection made by click-to-locate, so the
 * panel and the editor always point at the same characters.
 */
import { findNodeAtOffset } from 'jsonc-parser'
import type { JsonDocument, Problem } from '../../runtime'
import { locate, parseJsonDocument } from '../../runtime'

/** Monaco-shaped, 1-based, end exclusive; severity kept as our word (the adapter maps it). */
export interface MarkerData {
  startLineNumber: number
  startColumn: number
  endLineNumber: number
  endColumn: number
  message: string
  severity: Problem['severity']
  /** Shown after the message in Monaco's hover, so the pointer is one copy away. */
  source: string
}

export interface Place {
  line?: number
  column?: number
  pointer?: string
}

export type Range = Pick<
  MarkerData,
  'startLineNumber' | 'startColumn' | 'endLineNumber' | 'endColumn'
>

/** Parse once per text: markers and navigation both ask after every keystroke. */
let lastDoc: JsonDocument | undefined
export function documentOf(path: string, text: string): JsonDocument {
  if (lastDoc?.file !== path || lastDoc.text !== text) lastDoc = parseJsonDocument(path, text).doc
  return lastDoc
}

function offsetOf(doc: JsonDocument, line: number, column: number): number {
  const start = doc.lineStarts[Math.min(Math.max(line, 1), doc.lineStarts.length) - 1] ?? 0
  return Math.min(start + Math.max(column, 1) - 1, doc.text.length)
}

function positionOf(doc: JsonDocument, offset: number): { line: number; column: number } {
  let line = 0
  while (line + 1 < doc.lineStarts.length && (doc.lineStarts[line + 1] ?? Infinity) <= offset)
    line++
  return { line: line + 1, column: offset - (doc.lineStarts[line] ?? 0) + 1 }
}

/**
 * Where a place starts: its line:column when the validator gave one (line 0 means "not
 * located"), else the value its JSON pointer names in the current text.
 */
export function startOf(doc: JsonDocument, place: Place): { line: number; column: number } {
  if (place.line && place.line > 0) return { line: place.line, column: place.column ?? 1 }
  if (place.pointer !== undefined && doc.tree) return locate(doc, place.pointer)
  return { line: 1, column: 1 }
}

/**
 * The range of the token that starts at a place: a whole string, number or literal (a field
 * name included), one bracket for an object or list, one character when the text is broken
 * there, and an empty range at the very end of the file.
 */
export function rangeAt(doc: JsonDocument, place: Place): Range {
  const start = startOf(doc, place)
  const from = offsetOf(doc, start.line, start.column)
  const node = doc.tree ? findNodeAtOffset(doc.tree, from, false) : undefined
  let to = Math.min(from + 1, doc.text.length)
  if (node && node.offset === from && node.type !== 'object' && node.type !== 'array')
    to = from + node.length
  // A break or a line's end is not a character worth underlining: stay on the place itself.
  if (to === from + 1 && /[\r\n]/.test(doc.text.charAt(from))) to = from
  // Positions come back from offsets, so a stale line:column past the end is clamped.
  const begin = positionOf(doc, from)
  const end = positionOf(doc, to)
  return {
    startLineNumber: begin.line,
    startColumn: begin.column,
    endLineNumber: end.line,
    endColumn: end.column,
  }
}

/** The markers for one file: its problems, each over the token it names. */
export function problemsToMarkers(
  problems: readonly Problem[],
  path: string,
  text: string,
): MarkerData[] {
  const mine = problems.filter((p) => p.file === path)
  if (mine.length === 0) return []
  const doc = documentOf(path, text)
  return mine.map((p) => ({
    ...rangeAt(doc, p),
    message: p.message,
    severity: p.severity,
    source: p.pointer === '' ? '/' : p.pointer,
  }))
}
