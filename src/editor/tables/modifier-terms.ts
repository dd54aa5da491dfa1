/**
 * A modifier list's terms as rows of fields, and the edits of one field. Pure, like the grid
 * model, so the rules for what a typed value becomes are tested without a browser.
 */
import type { ValueEdit } from '../workspace/json-edit'
import { signed } from './cell-value'
import type { EditResult } from './table-edits'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export type TermField =
  | 'id'
  | 'label'
  | 'value'
  | 'when'
  | 'group'
  | 'each'
  | 'as'
  | 'aggregate'
  | 'once'
  | 'rule'
  | 'note'

export const TERM_FIELDS: ReadonlyArray<{ key: TermField; label: string; wide?: boolean }> = [
  { key: 'id', label: 'Id' },
  { key: 'label', label: 'Label', wide: true },
  { key: 'value', label: 'Value or expression', wide: true },
  { key: 'when', label: 'Applies when', wide: true },
  { key: 'group', label: 'Group' },
  { key: 'each', label: 'For each' },
  { key: 'as', label: 'As' },
  { key: 'aggregate', label: 'Combine' },
  { key: 'once', label: 'Once' },
  { key: 'rule', label: 'Rule' },
  { key: 'note', label: 'Note', wide: true },
]

export function termsOf(list: unknown): Obj[] {
  return isObj(list) && Array.isArray(list.terms) ? list.terms.map((t) => (isObj(t) ? t : {})) : []
}

export function groupsOf(list: unknown): string[] {
  return isObj(list) && Array.isArray(list.groups)
    ? list.groups.filter(isObj).map((g) => String(g.id))
    : []
}

export function fieldText(term: Obj, key: TermField): string {
  const v = term[key]
  if (v === undefined || v === null) return ''
  if (key === 'value' && typeof v === 'number') return signed(v)
  return typeof v === 'string' ? v : JSON.stringify(v)
}

/** Sentences about what is wrong with a term, for inline marks. */
export function termProblems(term: Obj, groups: readonly string[]): Map<TermField, string> {
  const out = new Map<TermField, string>()
  if (typeof term.id !== 'string' || term.id === '') out.set('id', 'A term needs an id.')
  if (typeof term.label !== 'string' || term.label === '') out.set('label', 'A term needs a label.')
  const v = term.value
  if (typeof v !== 'number' && (typeof v !== 'string' || v.trim() === ''))
    out.set('value', 'The value is a number or an expression.')
  if (typeof term.group === 'string' && !groups.includes(term.group))
    out.set(
      'group',
      `There is no group "${term.group}" in this list (it has ${groups.join(', ') || 'none'}).`,
    )
  if ((term.as !== undefined || term.aggregate !== undefined) && term.each === undefined)
    out.set('each', '"As" and "combine" only mean something with "for each".')
  return out
}

/** The edit that sets one field of term i from typed text (empty removes an optional field). */
export function termFieldEdit(
  list: unknown,
  i: number,
  key: TermField,
  text: string | boolean,
): EditResult {
  const term = termsOf(list)[i]
  if (!term) return { ok: false, message: 'There is no such term.' }
  const pointer = `/terms/${i}/${key}`
  const name = `${typeof term.id === 'string' ? term.id : `term ${i + 1}`} ${key}`
  let value: unknown
  if (key === 'once') value = text === true ? true : undefined
  else {
    const t = String(text).trim()
    if (t === '' && (key === 'id' || key === 'label' || key === 'value'))
      return { ok: false, message: `The ${key} of a term cannot be empty.` }
    if (key === 'value') value = /^[+-]?\d+(\.\d+)?$/.test(t) ? Number(t) : t
    else value = t === '' ? undefined : t
  }
  const edits: ValueEdit[] = [{ pointer, value }]
  return {
    ok: true,
    edits,
    label: value === undefined ? `Clear ${name}` : `Set ${name} to ${String(value)}`,
  }
}

export function addTermEdit(list: unknown, id: string): EditResult {
  const k = id.trim()
  if (!/^[a-z0-9][a-z0-9-]*$/.test(k))
    return { ok: false, message: 'Give the new term an id such as "uphill" (lower case, dashes).' }
  if (termsOf(list).some((t) => t.id === k))
    return { ok: false, message: `There is already a term "${k}".` }
  return {
    ok: true,
    edits: [{ pointer: '/terms/-', value: { id: k, label: k, value: 0 } }],
    label: `Add term ${k}`,
  }
}

export function removeTermEdit(list: unknown, i: number): EditResult {
  const term = termsOf(list)[i]
  if (!term) return { ok: false, message: 'Select a term first.' }
  return {
    ok: true,
    edits: [{ pointer: `/terms/${i}`, value: undefined }],
    label: `Remove term ${String(term.id)}`,
  }
}
