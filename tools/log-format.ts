/**
 * The game log as text for the terminal: each action's line, then every resolution it made
 * (dice, each modifier with its value and rule, the table, column and result) and every change
 * (the effects' own sentences), and the state a game has reached.
 */
import type { LoadedScenario, LogEntry, ResolutionRecord } from '../src/runtime'
import { rules } from '../src/runtime'
import type { TermRecord } from '../src/runtime/rules'
import { boardOf, stateHash } from '../src/runtime/state'
import type { GameState, UnitState } from '../src/runtime/state'

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
  if (record.row !== undefined) more.push(`row ${rules.formatBand(record.row.band)}`)
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

/** An action's log entry: its line, its resolutions, what changed and what is left to do. */
export function entryLines(entry: LogEntry, number: number): string[] {
  const action = { ...entry.action }
  const side = action.side === undefined ? '' : ` (${action.side})`
  delete action.side
  const head = number === 0 ? 'start' : `${number}. ${JSON.stringify(action)}${side}`
  const lines = [`${head}: ${entry.text}`]
  for (const record of entry.records) lines.push(...recordLines(record).map((l) => `    ${l}`))
  for (const effect of entry.effects) lines.push(`    - ${effect.text}${rule(effect.rule)}`)
  for (const p of entry.pending)
    lines.push(
      `    pending: ${p.effect.type} for ${p.units.join(', ') || p.sides.join(', ')} (from ${p.source})`,
    )
  return lines
}

export interface UnitChange {
  unit: string
  changes: string[]
}

function place(loaded: LoadedScenario, unit: UnitState): string {
  if (unit.location !== 'map' || unit.hex === null)
    return unit.location === 'removed' ? 'out of play' : 'off the map'
  return unit.facing === null
    ? unit.hex
    : `${unit.hex} facing ${boardOf(loaded).facingName(unit.facing)}`
}

/** What changed on each unit between two states of a game. */
export function unitChanges(loaded: LoadedScenario, from: GameState, to: GameState): UnitChange[] {
  const out: UnitChange[] = []
  for (const [id, now] of Object.entries(to.units)) {
    const was = from.units[id]
    if (was === undefined) continue
    const changes: string[] = []
    const a = place(loaded, was)
    const b = place(loaded, now)
    if (a !== b) changes.push(`${a} → ${b}`)
    if (was.status !== now.status) changes.push(`${was.status} → ${now.status}`)
    const markers = new Set([...Object.keys(was.markers), ...Object.keys(now.markers)])
    for (const m of [...markers].sort()) {
      const x = was.markers[m] ?? 0
      const y = now.markers[m] ?? 0
      if (x !== y) changes.push(`marker ${m} ${x} → ${y}`)
    }
    if (changes.length > 0) out.push({ unit: id, changes })
  }
  return out
}

export interface GameSummary {
  actions: number
  prompt: { side: string; kind: string; text: string; rule?: string; actions: string[] } | null
  /** Whose decision it is now; null once the game is over or waits for nobody. */
  toAct: string | null
  /** Each side's tracks (flight points…), by side then track id. */
  tracks: Record<string, Record<string, number>>
  units: UnitChange[]
  outcome: GameState['outcome']
  hash: string
}

export function summarize(
  loaded: LoadedScenario,
  initial: GameState,
  state: GameState,
): GameSummary {
  const prompt = state.flow?.prompt ?? null
  return {
    actions: state.actionCount,
    prompt:
      prompt === null
        ? null
        : {
            side: prompt.side,
            kind: prompt.kind,
            text: prompt.text,
            ...(prompt.rule === undefined ? {} : { rule: prompt.rule }),
            actions: prompt.actions,
          },
    toAct: prompt?.side ?? null,
    tracks: Object.fromEntries(Object.entries(state.sides).map(([id, s]) => [id, { ...s.tracks }])),
    units: unitChanges(loaded, initial, state),
    outcome: state.outcome,
    hash: stateHash(state),
  }
}

export function promptLine(prompt: NonNullable<GameSummary['prompt']>): string {
  return `${prompt.side} must ${prompt.text} (${prompt.kind}${prompt.rule === undefined ? '' : `, rule ${prompt.rule}`}; answered by ${prompt.actions.join(', ')})`
}

export function summaryLines(loaded: LoadedScenario, summary: GameSummary): string[] {
  const labels = new Map((loaded.rules.ruleset.tracks ?? []).map((t) => [t.id, t.label]))
  const lines = [`after ${summary.actions} action${summary.actions === 1 ? '' : 's'}:`]
  lines.push(`  prompt: ${summary.prompt === null ? 'none' : promptLine(summary.prompt)}`)
  lines.push(`  to act: ${summary.toAct ?? 'nobody'}`)
  for (const [side, tracks] of Object.entries(summary.tracks)) {
    const shown = Object.entries(tracks).map(([t, v]) => `${labels.get(t) ?? t} ${v}`)
    lines.push(`  ${side}: ${shown.join(', ') || 'no tracks'}`)
  }
  if (summary.units.length === 0) lines.push('  units changed: none')
  else {
    lines.push('  units changed:')
    for (const u of summary.units) lines.push(`    ${u.unit}: ${u.changes.join('; ')}`)
  }
  const o = summary.outcome
  lines.push(
    `  outcome: ${o === null ? 'none yet' : o.draw ? `draw (${o.reason})` : `${o.winners.join(', ')} win${o.winners.length === 1 ? 's' : ''} (${o.reason})`}`,
  )
  lines.push(`  state hash: ${summary.hash}`)
  return lines
}
