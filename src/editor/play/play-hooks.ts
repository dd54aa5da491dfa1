/**
 * `window.__hexwrightPlay` for end-to-end tests: the game's state hash, the open decision, where
 * a unit stands and what it may do, so a test clicks the right hex and checks what happened
 * without reading the canvas.
 */
import type { Action } from '../../runtime'
import { stateHash } from '../../runtime'
import type { PlayBoard } from './usePlayBoard'
import type { Playtest } from './usePlaytest'

export interface PlayTestHook {
  hash(): string | null
  prompt(): { side: string; kind: string; text: string } | null
  hexOf(unit: string): string | null
  /** Units that may act in the open decision. */
  acting(): string[]
  /** Selects the unit and returns what it may do. */
  options(unit: string): PlayBoard['options']['value']
  actions(): Action[]
  /** The answers the decision panel shows as buttons, in their order. */
  answers(): Action[]
  cursor(): number
  length(): number
}

declare global {
  interface Window {
    __hexwrightPlay?: PlayTestHook
  }
}

export function installPlayTestHook(pt: Playtest, board: PlayBoard): () => void {
  const hook: PlayTestHook = {
    hash: () => (pt.state.value ? stateHash(pt.state.value) : null),
    prompt: () => {
      const p = pt.prompt.value
      return p ? { side: p.side, kind: p.kind, text: p.text } : null
    },
    hexOf: (unit) => pt.state.value?.units[unit]?.hex ?? null,
    acting: () => [...pt.actingUnits.value],
    options: (unit) => {
      pt.selected.value = unit
      return board.options.value as never
    },
    actions: () => [...(pt.session.value?.actions ?? [])],
    answers: () => [...pt.generalActions.value],
    cursor: () => pt.session.value?.cursor ?? 0,
    length: () => pt.session.value?.length ?? 0,
  }
  window.__hexwrightPlay = hook
  return () => {
    if (window.__hexwrightPlay === hook) delete window.__hexwrightPlay
  }
}
