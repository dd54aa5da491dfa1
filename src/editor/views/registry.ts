/**
 * The views a file can be opened in, by format. Visual views load on demand, so the first paint
 * carries none of Leaflet, Monaco or the table grid.
 */
import { defineAsyncComponent, type Component } from 'vue'

type Loader = () => Promise<{ default: Component }>

export interface ViewDef {
  id: string
  label: string
  /** Formats this view edits; '*' for every file. */
  formats: readonly string[] | '*'
  component: Component
  /** Fetches the view's code; the component calls it too, so an early call only starts sooner. */
  load: Loader
  /** A file opens in its main view; views of one facet (result codes) wait to be chosen. */
  secondary?: boolean
  /**
   * Shows before the workspace library has loaded (it reads no ruleset through `content()`, or
   * waits for `libraryReady` itself); the other views are held until then.
   */
  early?: boolean
}

// One promise per view: the component's own load then resolves with the preload (preloadView)
// instead of starting again and waiting for the chunk's stylesheet a second time.
const lazy = (load: Loader): Pick<ViewDef, 'component' | 'load'> => {
  let loading: ReturnType<Loader> | undefined
  const once: Loader = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined
      throw e
    }))
  return { component: defineAsyncComponent(once), load: once }
}

export const VIEWS: readonly ViewDef[] = [
  {
    id: 'overview',
    label: 'Overview',
    formats: '*',
    ...lazy(() => import('./OverviewView.vue')),
  },
  // A map of bundled rules paints from the build's terrain charts (workspace/terrain-cache.ts).
  {
    id: 'map',
    label: 'Map',
    formats: ['map'],
    early: true,
    ...lazy(() => import('./MapView.vue')),
  },
  {
    id: 'scenario',
    label: 'Scenario',
    formats: ['scenario'],
    ...lazy(() => import('./ScenarioView.vue')),
  },
  {
    id: 'play',
    label: 'Play',
    formats: ['scenario', 'saved-game'],
    ...lazy(() => import('./PlayView.vue')),
  },
  {
    id: 'units',
    label: 'Units',
    formats: ['unit-set'],
    ...lazy(() => import('./UnitsView.vue')),
  },
  {
    id: 'counters',
    label: 'Counter sheet',
    formats: ['unit-set', 'scenario'],
    ...lazy(() => import('./CounterSheetView.vue')),
  },
  {
    id: 'table',
    label: 'Table',
    formats: ['table', 'modifier-list'],
    ...lazy(() => import('./TableView.vue')),
  },
  {
    id: 'diff',
    label: 'Changes from base',
    formats: ['variant'],
    ...lazy(() => import('./VariantView.vue')),
  },
  {
    id: 'sequence',
    label: 'Sequence of play',
    formats: ['ruleset', 'variant'],
    ...lazy(() => import('./SequenceView.vue')),
    secondary: true,
  },
  {
    id: 'results',
    label: 'Result codes',
    formats: ['ruleset', 'variant'],
    ...lazy(() => import('../tables/ResultsView.vue')),
    secondary: true,
  },
  { id: 'json', label: 'JSON', formats: '*', ...lazy(() => import('./JsonView.vue')) },
]

/**
 * Start fetching a view's code before the workspace is ready (a reload or a link straight to a
 * map): the download then overlaps the content's instead of following it.
 */
export function preloadView(id: string): void {
  void VIEWS.find((v) => v.id === id)
    ?.load()
    .catch(() => {})
}

export function viewsFor(format: string): ViewDef[] {
  return VIEWS.filter((v) => v.formats === '*' || v.formats.includes(format))
}

/** The view a file opens in by default: its visual editor when it has one. */
export function defaultView(format: string): string {
  const list = viewsFor(format)
  return (list.find((v) => v.id !== 'overview' && v.id !== 'json' && !v.secondary) ?? list[0]!).id
}
