/**
 * Window-level wiring of the scenario view: keys that turn and remove the selected unit, and the
 * test hook the end-to-end run drives (it goes through the same calls as drag and drop).
 */
import type { ScenarioEditor } from './useScenarioEditor'

export interface ScenarioTestHook {
  placeUnit(typeId: string, hexId: string, sideId?: string, commandId?: string): string | undefined
  select(unitId: string | null): void
  rotate(steps: number): boolean
}

declare global {
  interface Window {
    __hexwrightScenario?: ScenarioTestHook
  }
}

function typingInField(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null
  if (!t || typeof t.closest !== 'function') return false
  if (t.closest('.monaco-editor')) return true
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || t.isContentEditable
}

const CLOCKWISE = new Set([']', 'e', 'E', 'ArrowRight'])
const ANTICLOCKWISE = new Set(['[', 'q', 'Q', 'ArrowLeft'])

/** Turn or remove the selected unit from the keyboard; each key press is one edit. */
export function scenarioKey(ed: ScenarioEditor, e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || typingInField(e)) return false
  if (e.key === 'Escape') {
    ed.armed.value = null
    ed.picking.value = null
    ed.select(null)
    return true
  }
  if (!ed.selection.unit) return false
  if (CLOCKWISE.has(e.key)) return (ed.rotate(1), true)
  if (ANTICLOCKWISE.has(e.key)) return (ed.rotate(-1), true)
  if (e.key === 'Delete') return (ed.deleteUnit(ed.selection.unit), true)
  return false
}

/**
 * Listens in the capture phase so a handled key (an arrow turning a unit) does not also reach
 * the map, whose keyboard handler would pan it.
 */
export function installScenarioKeys(ed: ScenarioEditor): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (!scenarioKey(ed, e)) return
    e.preventDefault()
    e.stopPropagation()
  }
  window.addEventListener('keydown', onKey, { capture: true })
  return () => window.removeEventListener('keydown', onKey, { capture: true })
}

/** The unit a located problem points into (`/sides/1/units/4/facing` → that unit's id). */
export function unitAtPointer(ed: ScenarioEditor, pointer: string | undefined): string | undefined {
  const m = /^\/sides\/(\d+)\/(?:reinforcements\/(\d+)\/)?units\/(\d+)(?:\/|$)/.exec(pointer ?? '')
  if (!m) return undefined
  const side = ed.scenario.value?.sides[Number(m[1])]
  const units = m[2] === undefined ? side?.units : side?.reinforcements?.[Number(m[2])]?.units
  return units?.[Number(m[3])]?.id
}

export function installTestHook(ed: ScenarioEditor): () => void {
  const hook: ScenarioTestHook = {
    placeUnit: (typeId, hexId, sideId, commandId) => {
      if (sideId) ed.selection.side = sideId
      if (sideId || commandId) ed.selection.command = commandId ?? ''
      // The same path as a drop of a palette type on a hex.
      return ed.drop(hexId, { kind: 'type', id: typeId }) ?? undefined
    },
    select: (unitId) => ed.select(unitId),
    rotate: (steps) => ed.rotate(steps),
  }
  window.__hexwrightScenario = hook
  return () => {
    if (window.__hexwrightScenario === hook) delete window.__hexwrightScenario
  }
}
