/**
 * The views a file can be opened in, by format. Visual views load on demand, so the first paint
 * carries none of Leaflet, Monaco or the table grid.
 */
import { defineAsyncComponent, type Component } from 'vue'

export interface ViewDef {
  id: string
  label: string
  /** Formats this view edits; '*' for every file. */
  formats: readonly string[] | '*'
  component: Component
  /** A file opens in its main view; views of one facet (result codes) wait to be chosen. */
  secondary?: boolean
}

const lazy = (load: () => Promise<{ default: Component }>) => defineAsyncComponent(load)

export const VIEWS: readonly ViewDef[] = [
  {
    id: 'overview',
    label: 'Overview',
    formats: '*',
    component: lazy(() => import('./OverviewView.vue')),
  },
  { id: 'map', label: 'Map', formats: ['map'], component: lazy(() => import('./MapView.vue')) },
  {
    id: 'scenario',
    label: 'Scenario',
    formats: ['scenario'],
    component: lazy(() => import('./ScenarioView.vue')),
  },
  {
    id: 'play',
    label: 'Play',
    formats: ['scenario', 'saved-game'],
    component: lazy(() => import('./PlayView.vue')),
  },
  {
    id: 'units',
    label: 'Units',
    formats: ['unit-set'],
    component: lazy(() => import('./UnitsView.vue')),
  },
  {
    id: 'counters',
    label: 'Counter sheet',
    formats: ['unit-set', 'scenario'],
    component: lazy(() => import('./CounterSheetView.vue')),
  },
  {
    id: 'table',
    label: 'Table',
    formats: ['table', 'modifier-list'],
    component: lazy(() => import('./TableView.vue')),
  },
  {
    id: 'diff',
    label: 'Changes from base',
    formats: ['variant'],
    component: lazy(() => import('./VariantView.vue')),
  },
  {
    id: 'results',
    label: 'Result codes',
    formats: ['ruleset', 'variant'],
    component: lazy(() => import('../tables/ResultsView.vue')),
    secondary: true,
  },
  { id: 'json', label: 'JSON', formats: '*', component: lazy(() => import('./JsonView.vue')) },
]

export function viewsFor(format: string): ViewDef[] {
  return VIEWS.filter((v) => v.formats === '*' || v.formats.includes(format))
}

/** The view a file opens in by default: its visual editor when it has one. */
export function defaultView(format: string): string {
  const list = viewsFor(format)
  return (list.find((v) => v.id !== 'overview' && v.id !== 'json' && !v.secondary) ?? list[0]!).id
}
