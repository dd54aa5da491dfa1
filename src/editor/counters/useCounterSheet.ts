/**
 * The counters of the open file (a unit set or a scenario) for the sheet view, and the
 * print-and-play export. The PDF code and pdf-lib load only when the export is asked for.
 */
import { computed, ref, type Ref } from 'vue'
import type { Scenario, UnitSet } from '../../runtime'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import { idOfPath } from '../workspace/files'
import { rulesetForScenario, rulesetForUnitSet, type RulesetLookup } from './content-lookup'
import { counterSvg, svgDataUrl, wideCounterSvg, type CounterInput } from './counter-svg'
import { COUNTER_SIZES, PAPERS, pixelsAt } from './print-layout'
import { scenarioEntries, unitSetEntries, type SheetEntry } from './sheet-entries'

export function useCounterSheet(path: Ref<string>) {
  const ws = useWorkspaceStore()
  const parsed = computed(() => ws.parsed(path.value))
  const missing = computed(() => parsed.value === undefined)
  const broken = computed(() => !missing.value && parsed.value?.value === undefined)
  const format = computed(() => parsed.value?.format)

  const sheet = computed<{ lookup: RulesetLookup; entries: SheetEntry[]; unknown: string[] }>(
    () => {
      const v = parsed.value?.value
      if (!v || typeof v !== 'object') return { lookup: {}, entries: [], unknown: [] }
      const lib = ws.content()
      if (format.value === 'scenario') {
        const scenario = v as Scenario
        const lookup = rulesetForScenario(lib, scenario)
        if (!lookup.ruleset) return { lookup, entries: [], unknown: [] }
        return { lookup, ...scenarioEntries(lookup.ruleset, scenario) }
      }
      const set = v as UnitSet
      const lookup = rulesetForUnitSet(lib, set)
      return { lookup, entries: unitSetEntries(lookup.ruleset ?? {}, set), unknown: [] }
    },
  )
  const groups = computed(() => {
    const out: { name: string; entries: SheetEntry[] }[] = []
    for (const e of sheet.value.entries) {
      const g = out.find((x) => x.name === e.group)
      if (g) g.entries.push(e)
      else out.push({ name: e.group, entries: [e] })
    }
    return out
  })

  /**
   * One face as SVG: a wide counter's front end on the right, as seen from above; printed, its
   * back has it on the left, so that after the sheet is turned over the two ends agree.
   */
  const faceSvg = (e: SheetEntry, face: CounterInput, px?: number, printedBack = false) =>
    e.wide
      ? wideCounterSvg(face, { size: px, front: printedBack ? 'left' : 'right' })
      : counterSvg(face, { size: px })

  /** Images drawn once per change of the file, not on every render. */
  const urls = computed(
    () =>
      new Map(
        sheet.value.entries.map((e) => [
          e.key,
          { front: svgDataUrl(faceSvg(e, e.front)), back: svgDataUrl(faceSvg(e, e.back)) },
        ]),
      ),
  )

  /** Counter size: a preset id, or 'custom' with customMm. */
  const sizeId = ref<string>(COUNTER_SIZES[1]!.id)
  const customMm = ref(16)
  const sizeMm = computed(() =>
    sizeId.value === 'custom'
      ? customMm.value
      : (COUNTER_SIZES.find((s) => s.id === sizeId.value)?.mm ?? 15.875),
  )
  const paperId = ref(PAPERS[0]!.id)
  const exporting = ref(false)
  const exportError = ref<string | null>(null)

  async function exportPdf(): Promise<void> {
    if (exporting.value || sheet.value.entries.length === 0) return
    exporting.value = true
    exportError.value = null
    try {
      const { buildCountersPdf, canvasRasterize, downloadBytes } = await import('./print-pdf')
      const px = pixelsAt(sizeMm.value)
      const counters = sheet.value.entries.map((e) => ({
        front: faceSvg(e, e.front, px),
        back: faceSvg(e, e.back, px, true),
        ...(e.wide ? { wide: true } : {}),
      }))
      const paper = PAPERS.find((p) => p.id === paperId.value) ?? PAPERS[0]!
      const name = idOfPath(path.value)
      const bytes = await buildCountersPdf(
        counters,
        { paper, sizeMm: sizeMm.value, title: `${name} counters` },
        canvasRasterize,
      )
      downloadBytes(bytes, `${name}-counters.pdf`, 'application/pdf')
    } catch (e) {
      exportError.value = `The PDF could not be made: ${e instanceof Error ? e.message : String(e)}`
    } finally {
      exporting.value = false
    }
  }

  return {
    missing,
    broken,
    format,
    sheet,
    groups,
    urls,
    sizeId,
    customMm,
    sizeMm,
    paperId,
    exporting,
    exportError,
    exportPdf,
  }
}
