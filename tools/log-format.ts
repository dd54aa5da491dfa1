/**
 * The game log as text for the terminal: each action's line, then every resolution it made
 * (dice, each modifier with its value and rule, the table, column and result) and every change
 * (the effects' own sentences), and the state a game has reached. A person reads it, so ids are
 * put in words (`namesOf`, as the editor's play view does); the engine's text stays as recorded.
 */
import type { GameState, LoadedScenario, LogEntry, Names, UnitState } from '../src/runtime'
import { actionText, boardOf, recordLines, stateHash } from '../src/runtime'

const rule = (r: string | undefined): string => (r === undefined ? '' : ` [${r}]`)

export { recordLines }

/**
 * An action's log entry: its line (the action in words, by whom, and the engine's sentence), its
 * resolutions, what changed and what is left to do.
 */
export function entryLines(entry: LogEntry, number: number, names: Names): string[] {
  const side = entry.action.side === undefined ? '' : ` (${names.side(entry.action.side)})`
  const head = number === 0 ? 'start' : `${number}. ${actionText(entry.action, names)}${side}`
  const lines = [`${head}: ${names.text(entry.text)}`]
  for (const record of entry.records)
    lines.push(...recordLines(record).map((l) => `    ${names.text(l)}`))
  for (const effect of entry.effects)
    lines.push(`    - ${names.text(effect.text)}${rule(effect.rule)}`)
  for (const p of entry.pending) {
    const who = p.units.length ? p.units.map(names.unit) : p.sides.map(names.side)
    lines.push(`    pending: ${p.effect.type} for ${who.join(', ')} (from ${names.text(p.source)})`)
  }
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

/** The open decision in words; its kind, rule and the action types that answer it as they are. */
export function promptLine(prompt: NonNullable<GameSummary['prompt']>, names: Names): string {
  return `${names.side(prompt.side)} must ${names.text(prompt.text, prompt.actions)} (${prompt.kind}${prompt.rule === undefined ? '' : `, rule ${prompt.rule}`}; answered by ${prompt.actions.join(', ')})`
}

export function summaryLines(loaded: LoadedScenario, summary: GameSummary, names: Names): string[] {
  const labels = new Map((loaded.rules.ruleset.tracks ?? []).map((t) => [t.id, t.label]))
  const lines = [`after ${summary.actions} action${summary.actions === 1 ? '' : 's'}:`]
  lines.push(`  prompt: ${summary.prompt === null ? 'none' : promptLine(summary.prompt, names)}`)
  lines.push(`  to act: ${summary.toAct === null ? 'nobody' : names.side(summary.toAct)}`)
  for (const [side, tracks] of Object.entries(summary.tracks)) {
    const shown = Object.entries(tracks).map(([t, v]) => `${labels.get(t) ?? t} ${v}`)
    lines.push(`  ${names.side(side)}: ${shown.join(', ') || 'no tracks'}`)
  }
  if (summary.units.length === 0) lines.push('  units changed: none')
  else {
    lines.push('  units changed:')
    for (const u of summary.units)
      lines.push(`    ${names.unit(u.unit)}: ${u.changes.map((c) => names.text(c)).join('; ')}`)
  }
  const o = summary.outcome
  const winners = o?.winners.map((w) => names.side(w)) ?? []
  const reason = o === null ? '' : names.text(o.reason)
  lines.push(
    `  outcome: ${o === null ? 'none yet' : o.draw ? `draw (${reason})` : `${winners.join(', ')} win${winners.length === 1 ? 's' : ''} (${reason})`}`,
  )
  lines.push(`  state hash: ${summary.hash}`)
  return lines
}
