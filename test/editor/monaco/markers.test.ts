import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { documentOf, problemsToMarkers, rangeAt } from '../../../src/editor/monaco/markers'
import { parseJsonDocument, type Problem } from '../../../src/runtime/content'

const PATH = 'content/maps/sample-ford.json'
const TEXT = readFileSync(PATH, 'utf8')

const problem = (over: Partial<Problem>): Problem => ({
  file: PATH,
  line: 0,
  column: 0,
  pointer: '',
  message: 'something is wrong',
  severity: 'error',
  ...over,
})

/** Line and column of the first occurrence of `needle`, 1-based. */
function find(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle)
  const before = text.slice(0, at).split('\n')
  return { line: before.length, column: before[before.length - 1]!.length + 1 }
}

describe('problems as markers', () => {
  it('keeps only the problems of the file and maps severities', () => {
    const at = find(TEXT, '"sample-ford"')
    const markers = problemsToMarkers(
      [
        problem({ ...at, pointer: '/id', message: 'bad id' }),
        problem({ file: 'content/maps/other.json', line: 1, column: 1 }),
        problem({ ...at, pointer: '/id', severity: 'warning', message: 'odd id' }),
      ],
      PATH,
      TEXT,
    )
    expect(markers).toHaveLength(2)
    expect(markers[0]).toMatchObject({
      startLineNumber: at.line,
      startColumn: at.column,
      endLineNumber: at.line,
      endColumn: at.column + '"sample-ford"'.length,
      message: 'bad id',
      severity: 'error',
      source: '/id',
    })
    expect(markers[1]!.severity).toBe('warning')
  })

  it('locates a problem given only a pointer (line 0) in the current text', () => {
    const [m] = problemsToMarkers([problem({ pointer: '/grid/columns' })], PATH, TEXT)
    const at = find(TEXT, '16,')
    expect(m).toMatchObject({ startLineNumber: at.line, startColumn: at.column })
    expect(m!.endColumn).toBe(at.column + 2)
  })

  it('shows the whole-file pointer as "/"', () => {
    const [m] = problemsToMarkers([problem({ pointer: '', line: 1, column: 1 })], PATH, TEXT)
    expect(m!.source).toBe('/')
    // An object starts at 1:1: one bracket is underlined, not the whole file.
    expect(m).toMatchObject({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 })
  })

  it('underlines a syntax error where the parser stopped', () => {
    const broken = TEXT.replace('"schemaVersion": 1,', '"schemaVersion": 1')
    const r = parseJsonDocument(PATH, broken)
    expect(r.ok).toBe(false)
    const syntax = r.ok ? [] : r.problems
    const [m] = problemsToMarkers(syntax, PATH, broken)
    const at = find(broken, '"name"')
    expect(m).toMatchObject({ startLineNumber: at.line, startColumn: at.column })
    expect(m!.message).toMatch(/","/)
  })

  it('clamps a stale place past the end of a shorter text instead of failing', () => {
    const r = rangeAt(documentOf('x.json', '{}'), { line: 40, column: 3 })
    expect(r.startLineNumber).toBe(1)
    expect(r.startColumn).toBeLessThanOrEqual(3)
  })

  it('selects a field name when the place is on the key', () => {
    const at = find(TEXT, '"defaultTerrain"')
    const r = rangeAt(documentOf(PATH, TEXT), at)
    expect(r.endColumn - r.startColumn).toBe('"defaultTerrain"'.length)
  })
})
