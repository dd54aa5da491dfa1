/**
 * Edits made in a visual view land in the file's text, not in a re-serialised copy: only the
 * changed value is rewritten, so the rest of the file keeps the designer's formatting and a
 * diff shows just what changed.
 */
import { parseTree, type Node } from 'jsonc-parser'
// Not the runtime/content index, which would bring the schema validators into the first download.
import { parsePointer } from '../../runtime'

/** Set the value at `pointer` (created if missing); `undefined` removes it. `/-` appends. */
export interface ValueEdit {
  pointer: string
  value: unknown
}

/** JSON on one line when it fits in `width`, otherwise one entry per line. */
export function printJson(value: unknown, indent = '', width = 100): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null'
  const flat = inline(value)
  if (indent.length + flat.length <= width) return flat
  const inner = indent + '  '
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => inner + printJson(v, inner, width)).join(',\n')}\n${indent}]`
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  )
  if (entries.length === 0) return '{}'
  const body = entries.map(
    ([k, v]) => `${inner}${JSON.stringify(k)}: ${printJson(v, inner, width)}`,
  )
  return `{\n${body.join(',\n')}\n${indent}}`
}

/** One line, with a space after each comma and colon as people write it. */
function inline(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  )
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')}}`
}

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1
  const m = /^[ \t]*/.exec(text.slice(start, offset))
  return m ? m[0] : ''
}

function childNodes(node: Node): Node[] {
  return node.children ?? []
}

/** The value node of a property, or the element itself. */
function valueOf(child: Node, parent: Node): Node | undefined {
  return parent.type === 'object' ? child.children?.[1] : child
}

function findChild(parent: Node, seg: string): Node | undefined {
  if (parent.type === 'object')
    return childNodes(parent).find((p) => p.children?.[0]?.value === seg)
  if (parent.type === 'array') return seg === '-' ? undefined : childNodes(parent)[Number(seg)]
  return undefined
}

const splice = (text: string, from: number, to: number, insert: string) =>
  text.slice(0, from) + insert + text.slice(to)

function remove(text: string, parent: Node, child: Node): string {
  const kids = childNodes(parent)
  const i = kids.indexOf(child)
  const next = kids[i + 1]
  const prev = kids[i - 1]
  if (next) return splice(text, child.offset, next.offset, '')
  if (prev) return splice(text, prev.offset + prev.length, child.offset + child.length, '')
  return splice(text, parent.offset + 1, parent.offset + parent.length - 1, '')
}

function insert(text: string, parent: Node, seg: string, value: unknown): string {
  const kids = childNodes(parent)
  const parentIndent = lineIndent(text, parent.offset)
  const first = kids[0]
  const multiline = first ? text.slice(parent.offset, first.offset).includes('\n') : false
  const indent = first && multiline ? lineIndent(text, first.offset) : parentIndent + '  '
  const entry = (ind: string) =>
    (parent.type === 'object' ? JSON.stringify(seg) + ': ' : '') + printJson(value, ind)
  if (!first) {
    const oneLine = entry('')
    const body =
      parentIndent.length + oneLine.length + 2 <= 100
        ? oneLine
        : `\n${indent}${entry(indent)}\n${parentIndent}`
    return splice(text, parent.offset + 1, parent.offset + parent.length - 1, body)
  }
  const sep = multiline ? `,\n${indent}` : ', '
  const index = parent.type === 'array' && seg !== '-' ? Number(seg) : kids.length
  const before = kids[index]
  if (before) return splice(text, before.offset, before.offset, entry(indent) + sep)
  const last = kids[kids.length - 1]!
  const end = last.offset + last.length
  return splice(text, end, end, sep + entry(indent))
}

function applyOne(text: string, edit: ValueEdit): string {
  const segments = parsePointer(edit.pointer)
  if (segments.length === 0) return edit.value === undefined ? text : printJson(edit.value) + '\n'
  const tree = parseTree(text)
  if (!tree) throw new Error('the file is not valid JSON')
  let parent = tree
  for (let d = 0; d < segments.length; d++) {
    const seg = segments[d]!
    const child = findChild(parent, seg)
    const target = child && valueOf(child, parent)
    const last = d === segments.length - 1
    if (!child || !target) {
      if (edit.value === undefined) return text
      if (parent.type !== 'object' && parent.type !== 'array')
        throw new Error(`cannot set ${edit.pointer}: ${seg} is inside a ${parent.type}`)
      return insert(text, parent, seg, setIn(undefined, segments.slice(d + 1), edit.value))
    }
    if (last) {
      if (edit.value === undefined) return remove(text, parent, child)
      return splice(
        text,
        target.offset,
        target.offset + target.length,
        printJson(edit.value, lineIndent(text, child.offset)),
      )
    }
    parent = target
  }
  return text
}

/**
 * Apply edits in order. Many edits under one parent (a brush stroke over forty hexes) rewrite
 * that parent once rather than re-parsing the text forty times.
 */
export function applyValueEdits(text: string, edits: readonly ValueEdit[]): string {
  if (edits.length <= 4) return edits.reduce(applyOne, text)
  const parent = commonParent(edits.map((e) => e.pointer))
  const value = JSON.parse(text) as unknown
  const before = getAt(value, parsePointer(parent))
  let sub: unknown = before === undefined ? {} : before
  const depth = parsePointer(parent).length
  for (const e of edits) sub = setIn(sub, parsePointer(e.pointer).slice(depth), e.value)
  return applyOne(text, { pointer: parent, value: sub })
}

function commonParent(pointers: string[]): string {
  const lists = pointers.map((p) => parsePointer(p).slice(0, -1))
  const first = lists[0] ?? []
  let n = first.length
  for (const l of lists) {
    let i = 0
    while (i < n && i < l.length && l[i] === first[i]) i++
    n = i
  }
  return first
    .slice(0, n)
    .map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('')
}

export function getAt(value: unknown, segments: readonly string[]): unknown {
  let v = value
  for (const s of segments) {
    if (v === null || typeof v !== 'object') return undefined
    v = Array.isArray(v) ? v[s === '-' ? v.length : Number(s)] : (v as Record<string, unknown>)[s]
  }
  return v
}

/** A copy of `target` with the value at `segments` set (undefined removes it). */
export function setIn(target: unknown, segments: readonly string[], value: unknown): unknown {
  if (segments.length === 0) return value
  const [head, ...rest] = segments as [string, ...string[]]
  if (target === undefined && head === '-') target = []
  if (Array.isArray(target)) {
    const copy = target.slice()
    const i = head === '-' ? copy.length : Number(head)
    const next = setIn(copy[i], rest, value)
    if (next === undefined && rest.length === 0) copy.splice(i, 1)
    else copy[i] = next
    return copy
  }
  const obj = { ...((target ?? {}) as Record<string, unknown>) }
  const next = setIn(obj[head], rest, value)
  if (next === undefined) delete obj[head]
  else obj[head] = next
  return obj
}
