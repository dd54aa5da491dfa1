/**
 * A resolution record as lines of text, one fact a line: the table, odds or differential and
 * column, every column shift and modifier with its value and rule (a term that held but was not
 * counted says why), the dice, the modified roll, the row and the result. The CLI prints them
 * and the playtest view shows them in the game log and the odds panel.
 */
import { formatBand } from './bands'
import type { TermRecord } from './modifiers'
import type { ResolutionRecord } from './resolution-record'

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`)
const rule = (r: string | undefined): string => (r === undefined ? '' : ` [${r}]`)

/** A modifier term: label, value, rule; a term that held but was not counted says why. */
function termLine(kind: string, term: TermRecord): string | null {
  if (term.value === null) return null
  const each =
    term.each === undefined ? '' : ` (${term.each.aggregate} of ${term.each.values.join(', ')})`
  const why = term.applied ? '' : ` — not counted: ${term.reason ?? 'superseded'}`
  return `${kind} ${term.label}: ${signed(term.value)}${each}${rule(term.rule)}${why}`
}

/** Everything a resolution record says, one fact a line. */
export function recordLines(record: ResolutionRecord): string[] {
  const r = record.resolution
  const lines: string[] = [`${r.label} (${r.id})${rule(r.rule)}`]
  const more: string[] = []
  if (record.table !== undefined)
    more.push(
      `table ${record.table.label} (${record.table.id})${rule(record.table.caseRule ?? record.table.rule)}`,
    )
  if (record.automatic !== undefined) more.push(`automatic result${rule(record.automatic.rule)}`)
  if (record.odds !== undefined) {
    const o = record.odds
    more.push(
      o.ok
        ? `odds ${o.attack} to ${o.defense} (rounded for the ${o.rounding}): column ${o.base.label ?? o.base.id}${o.belowLowest === true ? ' (below the lowest, read there)' : ''}`
        : `odds ${o.attack} to ${o.defense}: ${o.message}`,
    )
  }
  if (record.differential !== undefined)
    more.push(
      `differential ${record.differential.value}: column ${record.differential.base.label ?? record.differential.base.id}`,
    )
  for (const term of record.columnShifts?.terms ?? []) {
    const line = termLine('column shift', term)
    if (line !== null) more.push(line)
  }
  if (record.column !== undefined) {
    const c = record.column
    const shift =
      c.shift === 0
        ? ''
        : ` (from ${c.base.label ?? c.base.id}, shift ${signed(c.shift)}${c.clamped ? ', stopped at the edge' : ''})`
    more.push(`column ${c.label ?? c.id}${shift}`)
  }
  if (record.scale !== undefined) more.push(`roll scale ${record.scale}`)
  if (record.dice !== undefined) {
    const faces = record.dice.faces.length > 1 ? ` (faces ${record.dice.faces.join(' ')})` : ''
    more.push(`roll ${record.dice.notation}: ${record.dice.natural}${faces}`)
  }
  for (const term of record.rollModifiers?.terms ?? []) {
    const line = termLine('modifier', term)
    if (line !== null) more.push(line)
  }
  const roll = record.roll
  if (roll !== undefined && (roll.modifiers !== 0 || roll.final !== roll.natural)) {
    const clamp = roll.clamped === undefined ? '' : ` (${roll.clamped.note})`
    const read = roll.final === roll.modified ? '' : `, read as ${roll.final}`
    more.push(
      `modified roll ${roll.natural} ${signed(roll.modifiers)} = ${roll.modified}${read}${clamp}`,
    )
  }
  if (record.row !== undefined) more.push(`row ${formatBand(record.row.band)}`)
  if (record.check !== undefined) {
    const c = record.check
    const natural = c.natural === undefined ? '' : ` (natural ${c.natural})`
    const against = roll === undefined ? '' : `${roll.final} `
    const outcome = record.outcome === undefined ? '' : `: ${record.outcome}`
    more.push(`check ${against}${c.compare} ${c.target}${outcome}${natural}`)
  } else if (record.outcome !== undefined) more.push(`outcome: ${record.outcome}`)
  for (const code of record.codes)
    more.push(
      `result ${code.code} (${code.label})${rule(code.rule)}${code.case === undefined ? '' : ` — case ${code.case.label ?? code.case.index + 1}`}`,
    )
  if (record.value !== undefined) more.push(`result ${record.value}`)
  if (
    (record.status === 'not-allowed' || record.status === 'error') &&
    record.message !== undefined
  )
    more.push(`${record.status}: ${record.message}`)
  return [...lines, ...more.map((l) => `  ${l}`)]
}
