import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import { bundledSources } from '../bundled-content'
import { validateContent, type ValidationReport } from '../../runtime'

export interface ContentEntry {
  path: string
  id: string
  format: string
  name: string
  description: string
  problems: number
}

/** The bundled content and its validation report, computed once on start. */
export const useContentStore = defineStore('content', () => {
  const report = shallowRef<ValidationReport>(validateContent(bundledSources()))
  const entries = computed<ContentEntry[]>(() =>
    report.value.files.map((f) => {
      const value = (f.doc.value ?? {}) as Record<string, unknown>
      const text = (k: string) => (typeof value[k] === 'string' ? (value[k] as string) : '')
      return {
        path: f.path,
        id: text('id') || f.name,
        format: f.format ?? 'unknown',
        name: text('name') || text('label') || f.name,
        description: text('description'),
        problems: report.value.problems.filter((p) => p.file === f.path && p.severity === 'error')
          .length,
      }
    }),
  )
  const problems = computed(() => report.value.problems)
  return { entries, problems }
})
