/**
 * The game log as text for the terminal: each action's line, then every resolution it made
 * (dice, each modifier with its value and rule, the table, column and result) and every change
 * (the effects' own sentences), and the state a game has reached.
 */
import type { LoadedScenario, LogEntry } from '../src/runtime'
import { recordLines } from '../src/runtime/rules'
import { boardOf, stateHash } from '../src/runtime/state'
import type { GameState, UnitState } from '../src/runtime/state'

const rule = (r: string | undefined): string => (r === undefined ? '' : ` [${r}]`)

export { recordLines }

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
