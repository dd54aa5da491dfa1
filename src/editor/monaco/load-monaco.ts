/**
 * Loads Monaco once, on the first opening of the JSON view, and configures it for our content:
 * local workers (no CDN, works offline), every schema registered, and Monaco's own diagnostics
 * off because our validator is the authority (see configureJson).
 */
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker'
import type { DiagnosticsOptions } from 'monaco-editor/languages/features/json/register'
import type * as Lean from './monaco-lean'
import { schemaEntries } from './schema-association'

export type MonacoModule = typeof Lean
export type Monaco = MonacoModule['monaco']

const schemaFiles = import.meta.glob('/schemas/*.schema.json', {
  eager: true,
  import: 'default',
})

let loading: Promise<MonacoModule> | undefined

export function loadMonaco(): Promise<MonacoModule> {
  if (!loading) {
    ;(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
      getWorker: (_id: string, label: string) =>
        label === 'json' ? new JsonWorker() : new EditorWorker(),
    }
    loading = import('./monaco-lean').then((m) => {
      configureJson(m)
      return m
    })
    // A failed load (offline chunk, old tab after a deploy) may be retried by reopening the view.
    loading.catch(() => (loading = undefined))
  }
  return loading
}

/**
 * Completion and hover come from the schemas' descriptions. Validation stays with AJV: Monaco's
 * JSON service knows only part of JSON Schema 2020-12 and none of our cross-file checks, so it
 * would disagree with the CLI, and syntax errors would be reported twice in two wordings.
 */
function configureJson({ jsonDefaults }: MonacoModule): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: false,
    allowComments: false,
    enableSchemaRequest: false,
    schemaRequest: 'ignore',
    schemaValidation: 'ignore',
    // Our entries are plain schema objects; Monaco's type is a narrower JSON Schema subset.
    schemas: schemaEntries(schemaFiles) as DiagnosticsOptions['schemas'],
  })
  jsonDefaults.setModeConfiguration({
    ...jsonDefaults.modeConfiguration,
    diagnostics: false,
  })
}
