/**
 * Checks that need more than one file. Each file is checked in the context of the ruleset in
 * force for it (its own, the one it names, or a scenario's ruleset with its variants and
 * overlay), so a reference to a terrain, a unit type or a status is checked against the names
 * that ruleset really defines, and every problem is reported in the file that holds it.
 */
import type {
  HexMap,
  SavedGame,
  Scenario,
  Table,
  ModifierList,
  VariantOverlay,
} from '../generated/content-types'
import type { ContentFile, ContentStore } from '../content/content-store'
import { locate, locateInString } from '../content/json-document'
import type { EngineChecks, EngineProblem } from './engine-checks'
import {
  chosenOptions,
  preparedRules,
  scenarioRulesFor,
  setupFootprintProblems,
  setupStackingProblems,
} from './scenario-checks'
import { hexLabelProblem, loadMap, numberingProblem } from '../content/load-map'
import type { LoadedMap } from '../rules/loaded'
import type { Problem } from '../content/problems'
import {
  referenceProblems,
  type RatingDeclaration,
  type ReferenceScope,
} from '../content/references'
import {
  createRulesetResolver,
  problemAtOrigin,
  visibleProblems,
  type ResolvedWithOrigins,
  type RulesetResolver,
} from '../content/resolve-ruleset'
import { rulesetVocabulary, withLocal, type Vocabulary } from '../content/vocabulary'
import { locateOrigin } from '../content/overlay'
import { semanticProblems } from './semantic-checks'
import { parameterProblems } from '../content/parameter-checks'
import { didYouMean } from '../content/suggest'
import { rulesProblems } from './rules-checks'

export interface CrossCheckContext {
  store: ContentStore
  resolver: RulesetResolver
}

function problem(file: ContentFile, pointer: string, message: string): Problem {
  return { file: file.doc.file, ...locate(file.doc, pointer), pointer, message, severity: 'error' }
}

/** The ruleset in force for a scenario: its ruleset, the variants it lists, then its own overlay. */
export function scenarioRules(
  ctx: CrossCheckContext,
  file: ContentFile,
  extraVariants: readonly string[] = [],
): { value?: ResolvedWithOrigins; problems: Problem[] } {
  const scenario = file.doc.value as Scenario
  const base = ctx.resolver(scenario.ruleset)
  if (!base.ok) return { problems: visibleProblems(base.problems) }
  let current = base.value
  const problems: Problem[] = []
  const variants = [...(scenario.variants ?? []), ...extraVariants]
  for (const [i, id] of variants.entries()) {
    const vFile = ctx.store.get(['variant'], id)
    if (!vFile) {
      if (i >= (scenario.variants ?? []).length) {
        problems.push({
          file: file.doc.file,
          line: 1,
          column: 1,
          pointer: '',
          message: `unknown variant "${id}"${didYouMean(id, ctx.store.ids(['variant']))}`,
          severity: 'error',
        })
      }
      return { problems }
    }
    const variant = vFile.doc.value as VariantOverlay
    if (current.ruleset.chain.includes(id)) {
      const pointer = i < (scenario.variants ?? []).length ? `/variants/${i}` : ''
      problems.push(
        problem(
          file,
          pointer,
          `variant "${id}" is applied already: the scenario plays "${current.ruleset.chain.join(' → ')}"`,
        ),
      )
      return { problems }
    }
    if (!current.ruleset.chain.includes(variant.base)) {
      const pointer = i < (scenario.variants ?? []).length ? `/variants/${i}` : ''
      problems.push(
        problem(
          file,
          pointer,
          `variant "${id}" changes "${variant.base}", which is not part of "${current.ruleset.chain.join(' → ')}"`,
        ),
      )
      return { problems }
    }
    const next = ctx.resolver.layer(current, variant, vFile, '')
    if (!next.ok) return { problems: [...problems, ...visibleProblems(next.problems)] }
    current = {
      ...next.value,
      ruleset: { ...next.value.ruleset, chain: [...current.ruleset.chain, id] },
    }
  }
  // The layers below are made from the indexed rules, which do not hold the chain: it is put
  // back at the end, so the variants a scenario was loaded with stay known (a saved game names
  // them).
  const chain = current.ruleset.chain
  if (scenario.overlay) {
    const next = ctx.resolver.layer(current, scenario.overlay, file, '/overlay')
    if (!next.ok) return { problems: [...problems, ...visibleProblems(next.problems)] }
    current = next.value
  }
  if (scenario.victory) {
    // Written at /victory of the scenario, so the patch's origin is the file's top level.
    const next = ctx.resolver.layer(
      current,
      { patch: { victory: victoryPatch(scenario.victory) } },
      file,
      '',
      '',
    )
    if (!next.ok) return { problems: [...problems, ...visibleProblems(next.problems)] }
    current = next.value
  }
  return { value: { ...current, ruleset: { ...current.ruleset, chain } }, problems }
}

/** A scenario's victory section as a merge patch: a condition it writes whole replaces the ruleset's. */
function victoryPatch(victory: NonNullable<Scenario['victory']>): Record<string, unknown> {
  const { notes: _notes, conditions, ...rest } = victory
  if (conditions === undefined) return rest
  return {
    ...rest,
    conditions: conditions.map((c) => ('$delete' in c ? c : { ...c, $replace: true })),
  }
}

function mapOf(ctx: CrossCheckContext, id: string): LoadedMap | undefined {
  const f = ctx.store.get(['map'], id)
  return f ? loadMap(f.doc.value as HexMap) : undefined
}

function hexScope(map: LoadedMap | undefined): ReferenceScope['hex'] {
  if (!map || numberingProblem(map)) return undefined
  return (label) => hexLabelProblem(map, label)
}

/** A ruleset's names, leaving unchecked the kinds a broken file may have been meant to supply. */
function vocabularyWithGaps(r: ResolvedWithOrigins): Vocabulary {
  const v = rulesetVocabulary(r.ruleset)
  for (const kind of r.incomplete) v.delete(kind)
  return v
}

/** The engine's problems with a ruleset, each in the file that wrote what it points at. */
function rulesetEngineProblems(
  store: ContentStore,
  r: ResolvedWithOrigins,
  engine: EngineChecks,
): Problem[] {
  return engine.ruleset(r.ruleset).map((p) => ({
    ...problemAtOrigin(store, locateOrigin(r.indexed.index, p.pointer), p.message),
    severity: p.severity,
  }))
}

/**
 * Problems the engine finds in a scenario as written. The loader sets them aside when a game
 * is started with variants of its own, and asks the engine again about the rules it will use.
 */
export const scenarioEngineProblems = new WeakSet<Problem>()

export function engineProblemsIn(file: ContentFile, found: readonly EngineProblem[]): Problem[] {
  return found.map((p) => {
    const located: Problem = { ...problem(file, p.pointer, p.message), severity: p.severity }
    scenarioEngineProblems.add(located)
    return located
  })
}

/**
 * An engine problem of a scenario again at its cause, in the file that wrote it (the expression of
 * a modifier list, a resolution…), so the designer sees it where the fix goes.
 */
function causeProblems(
  store: ContentStore,
  rules: ResolvedWithOrigins,
  scenario: Scenario,
  found: readonly EngineProblem[],
): Problem[] {
  return found.flatMap((p) => {
    if (p.cause === undefined) return []
    const origin = locateOrigin(rules.indexed.index, p.cause.pointer)
    const located: Problem = {
      ...problemAtOrigin(store, origin, `in ${scenario.name}, ${p.message}`),
      severity: p.severity,
    }
    const file = store.files.find((f) => f.doc.file === origin.file)
    if (file && p.cause.start !== undefined)
      Object.assign(located, locateInString(file.doc, origin.pointer, p.cause.start))
    scenarioEngineProblems.add(located)
    return [located]
  })
}

/**
 * The variants built on ruleset `id`, directly or through other variants, that nothing builds
 * on in turn: the complete games a base ruleset is part of.
 */
function builtOn(store: ContentStore, id: string): { id: string; name: string }[] {
  const variants = store.files.filter((f) => f.valid && f.format === 'variant')
  const baseOf = new Map<string, string>()
  const names = new Map<string, string>()
  for (const f of variants) {
    const v = f.doc.value as { id?: unknown; base?: unknown; name?: unknown }
    if (typeof v.id !== 'string' || typeof v.base !== 'string') continue
    baseOf.set(v.id, v.base)
    names.set(v.id, typeof v.name === 'string' ? v.name : v.id)
  }
  const bases = new Set(baseOf.values())
  const reaches = (from: string): boolean => {
    const seen = new Set<string>()
    for (let at = baseOf.get(from); at !== undefined && !seen.has(at); at = baseOf.get(at)) {
      if (at === id) return true
      seen.add(at)
    }
    return false
  }
  return [...baseOf.keys()]
    .filter((v) => !bases.has(v) && reaches(v))
    .map((v) => ({ id: v, name: names.get(v) ?? v }))
}

export function crossFileProblems(store: ContentStore, engine?: EngineChecks): Problem[] {
  const ctx: CrossCheckContext = { store, resolver: createRulesetResolver(store) }
  const problems: Problem[] = []
  const vocabularies = new Map<string, Vocabulary | undefined>()
  const rulesChecked = new Set<string>()

  const ratingsOf = (rulesetId: string): ReadonlyMap<string, RatingDeclaration> | undefined => {
    const r = ctx.resolver(rulesetId)
    return r.ok ? new Map((r.value.ruleset.ratings ?? []).map((d) => [d.key, d])) : undefined
  }
  const vocabularyOf = (rulesetId: string): Vocabulary | undefined => {
    if (!vocabularies.has(rulesetId)) {
      const r = ctx.resolver(rulesetId)
      vocabularies.set(rulesetId, r.ok ? vocabularyWithGaps(r.value) : undefined)
      if (!r.ok) problems.push(...visibleProblems(r.problems))
      else if (!rulesChecked.has(rulesetId) && r.value.incomplete.size === 0) {
        rulesChecked.add(rulesetId)
        problems.push(...rulesProblems(store, r.value))
        if (engine !== undefined) problems.push(...rulesetEngineProblems(store, r.value, engine))
      }
    }
    return vocabularies.get(rulesetId)
  }

  for (const file of store.files) {
    if (!file.valid || !file.format) continue
    const value = file.doc.value as Record<string, unknown>
    switch (file.format) {
      case 'ruleset':
      case 'variant': {
        const vocabulary = vocabularyOf(String(value.id))
        const derived = builtOn(store, String(value.id)).map((d) => ({
          name: d.name,
          vocabulary: vocabularyOf(d.id),
        }))
        problems.push(
          ...referenceProblems(
            file,
            { vocabulary, ratings: ratingsOf(String(value.id)), derived },
            store,
          ),
        )
        break
      }
      case 'unit-set': {
        const rulesetId = String(value.ruleset)
        problems.push(
          ...referenceProblems(
            file,
            { vocabulary: vocabularyOf(rulesetId), ratings: ratingsOf(rulesetId) },
            store,
          ),
        )
        break
      }
      case 'table': {
        const t = value as unknown as Table
        const local = {
          rowScale: 'rowScales' in t ? (t.rowScales ?? []).map((s) => s.id) : [],
          tableColumn:
            'columns' in t && Array.isArray(t.columns)
              ? t.columns.map((c) => (typeof c === 'string' ? c : c.id))
              : [],
        }
        problems.push(
          ...referenceProblems(
            file,
            { vocabulary: withLocal(vocabularyOf(t.ruleset), local) },
            store,
          ),
        )
        break
      }
      case 'modifier-list': {
        const l = value as unknown as ModifierList
        const vocabulary = withLocal(vocabularyOf(l.ruleset), {
          modifierGroup: (l.groups ?? []).map((g) => g.id),
        })
        problems.push(...referenceProblems(file, { vocabulary }, store))
        break
      }
      case 'map': {
        const map = loadMap(value as unknown as HexMap)
        const fits = numberingProblem(map)
        if (fits) problems.push(problem(file, '/grid/numbering', fits))
        const vocabulary = withLocal(vocabularyOf(map.map.ruleset), {
          region: (map.map.regions ?? []).map((r) => r.id),
        })
        problems.push(...referenceProblems(file, { vocabulary, hex: hexScope(map) }, store))
        problems.push(...semanticProblems.map(file, map, vocabularyOf(map.map.ruleset)))
        break
      }
      case 'scenario': {
        const before = problems.length
        const scenario = value as unknown as Scenario
        vocabularyOf(scenario.ruleset)
        const rules = scenarioRules(ctx, file)
        problems.push(...rules.problems)
        // Layers of the scenario's own (variants, overlay, victory) can break what the ruleset
        // alone did not: prepare the rules it will be played with. Faults of the ruleset itself
        // come out again here and are dropped as duplicates.
        const layered =
          (scenario.variants ?? []).length > 0 ||
          scenario.overlay !== undefined ||
          scenario.victory !== undefined
        if (layered && rules.value && rules.value.incomplete.size === 0)
          problems.push(...rulesProblems(store, rules.value))
        const map = mapOf(ctx, scenario.map)
        const local: Record<string, string[]> = {
          side: scenario.sides.map((s) => s.id),
          command: scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => c.id)),
          unit: scenario.sides.flatMap((s) =>
            [...s.units, ...(s.reinforcements ?? []).flatMap((r) => r.units)].map((u) => u.id),
          ),
        }
        // Without a readable map, its regions are unknown: the map's own problems say why.
        if (map) local.region = (map.map.regions ?? []).map((r) => r.id)
        const vocabulary = rules.value
          ? withLocal(vocabularyWithGaps(rules.value), local)
          : undefined
        const ratings = rules.value
          ? new Map((rules.value.ruleset.ratings ?? []).map((d) => [d.key, d]))
          : undefined
        problems.push(
          ...referenceProblems(file, { vocabulary, hex: hexScope(map), ratings }, store),
        )
        if (rules.value && rules.value.incomplete.size === 0 && map) {
          problems.push(...semanticProblems.scenario(file, scenario, rules.value.ruleset, map))
          problems.push(...parameterProblems(file, scenario, rules.value.ruleset))
          const ready = preparedRules(rules.value)
          if (ready.ok) {
            const own = scenarioRulesFor(file, ready.rules)
            problems.push(...own.problems)
            if (own.rules)
              problems.push(
                ...setupStackingProblems(file, own.rules, map),
                ...setupFootprintProblems(file, own.rules, map),
              )
            if (own.rules && engine !== undefined) {
              const options = chosenOptions(own.rules.ruleset, scenario)
              const loaded = { scenario, rules: own.rules, map, options }
              problems.push(...engineProblemsIn(file, engine.scenario(loaded)))
              // A test game only of a scenario nothing else is wrong with: its stop would
              // repeat a fault already reported.
              const clean = !problems
                .slice(before)
                .some((p) => p.severity === 'error' && p.file === file.doc.file)
              if (clean && engine.testGame !== undefined) {
                const found = engine.testGame(loaded, { scenario: file.doc.text })
                problems.push(...engineProblemsIn(file, found))
                problems.push(...causeProblems(store, rules.value, scenario, found))
              }
            }
          }
        }
        break
      }
      case 'saved-game': {
        problems.push(...referenceProblems(file, { vocabulary: undefined }, store))
        const save = value as unknown as SavedGame
        void save
        break
      }
      case 'resolved-ruleset':
        problems.push(
          problem(
            file,
            '/$schema',
            'a resolved ruleset is produced by the loader; it is not written as a content file',
          ),
        )
        break
    }
  }
  return problems
}
