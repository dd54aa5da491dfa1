/**
 * Saved games among the content validated are replayed: a game that does not reach the state it
 * was saved in is an error at the first action that parts from it (with the hash saved after
 * each action), else at its final hash. A refused action is an error at that action.
 */
import { libraryOfReport, locate } from '../library'
import type { ContentFile, Problem, ValidationReport } from '../library'
import type { EngineChecks } from '../library/engine-checks'
import type { SavedGame } from '../generated/content-types'
import { replayGame } from '../play/game'
import { NOT_REPLAYED, finalHashMismatch } from '../state/replay'

export function savedGameProblems(report: ValidationReport, engine: EngineChecks): Problem[] {
  const saves = report.files.filter((f) => f.format === 'saved-game' && f.valid)
  if (saves.length === 0) return []
  const failed = new Set(report.problems.filter((p) => p.severity === 'error').map((p) => p.file))
  const library = libraryOfReport(report, engine)
  const problems: Problem[] = []
  for (const file of saves) {
    if (failed.has(file.doc.file)) continue
    const at = (pointer: string, message: string): Problem => ({
      file: file.doc.file,
      ...locate(file.doc, pointer),
      pointer,
      message,
      severity: 'error',
    })
    const save = file.doc.value as SavedGame
    const hashes = save.stateHashes
    if (hashes !== undefined && hashes.length !== save.actions.length) {
      problems.push(
        at(
          '/stateHashes',
          `"stateHashes" must hold one hash for each action, but it has ${hashes.length} for ${save.actions.length} actions`,
        ),
      )
      continue
    }
    const loaded = library.scenario(save.scenario, {
      variants: save.variants ?? [],
      options: booleanOptions(save.options),
    })
    if (!loaded.ok) {
      const why = loaded.problems[0]?.message ?? 'it has problems'
      problems.push(
        at('/scenario', `the game cannot be replayed: its scenario does not load (${why})`),
      )
      continue
    }
    problems.push(...replayProblems(file, save, loaded.value, at))
  }
  return problems
}

function replayProblems(
  file: ContentFile,
  save: SavedGame,
  loaded: Parameters<typeof replayGame>[0],
  at: (pointer: string, message: string) => Problem,
): Problem[] {
  const replayed = replayGame(loaded, file.doc.value)
  if (!replayed.ok) {
    const { actionIndex, message, diverged } = replayed.error
    const lead = diverged ? NOT_REPLAYED : 'the game cannot be replayed'
    return [at(actionIndex === null ? '' : `/actions/${actionIndex}`, `${lead}: ${message}`)]
  }
  if (replayed.hashMatches !== false) return []
  const why = finalHashMismatch(
    save.actions.length,
    replayed.hash,
    save.stateHash ?? '',
    save.stateHashes !== undefined,
  )
  return [at('/stateHash', `${NOT_REPLAYED}: ${why}`)]
}

/** The optional rules a game was saved with, as the loader takes them (on or off). */
function booleanOptions(options: SavedGame['options']): Record<string, boolean> {
  const out: Record<string, boolean> = {}
  for (const [id, value] of Object.entries(options ?? {}))
    if (typeof value === 'boolean') out[id] = value
  return out
}
