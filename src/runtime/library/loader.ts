/**
 * Loading content for play: a ruleset resolved with its variants and prepared by the rules
 * kernel, a map, a scenario bound to both. Loading validates first; content with problems is
 * never handed to the game, and the problems come back located in the files.
 */
import type { HexMap, Scenario } from '../generated/content-types'
import { prepareRuleset } from '../rules/prepare-ruleset'
import { camelKey } from '../rules/expression-context'
import type { SourceText } from '../content/check-files'
import {
  engineProblemsIn,
  scenarioEngineProblems,
  scenarioRules,
  type CrossCheckContext,
} from './cross-checks'
import type { EngineChecks } from './engine-checks'
import { chosenOptions, scenarioRulesFor } from './scenario-checks'
import { loadMap } from '../content/load-map'
import type { LoadedMap, LoadedRuleset, LoadedScenario } from '../rules/loaded'
import type { Problem } from '../content/problems'
import { createRulesetResolver } from '../content/resolve-ruleset'
import { didYouMean } from '../content/suggest'
import { validateContent, type ValidationReport } from './validate'

export type LoadResult<T> = { ok: true; value: T } | { ok: false; problems: Problem[] }

export interface ScenarioOptions {
  /** Variants applied after the scenario's own, in order (e.g. a rules edition). */
  variants?: readonly string[]
  /** Optional rules switched on or off over the scenario's choices. */
  options?: Readonly<Record<string, boolean>>
}

export interface ContentLibrary {
  report: ValidationReport
  ruleset(id: string): LoadResult<LoadedRuleset>
  map(id: string): LoadResult<LoadedMap>
  scenario(id: string, options?: ScenarioOptions): LoadResult<LoadedScenario>
}

const notFound = (what: string, id: string, known: string[]): Problem => ({
  file: '',
  line: 0,
  column: 0,
  pointer: '',
  message: `no ${what} "${id}"${didYouMean(id, known)}`,
  severity: 'error',
})

export function loadLibrary(sources: readonly SourceText[], engine?: EngineChecks): ContentLibrary {
  return libraryOfReport(validateContent(sources, engine), engine)
}

/** The library of content already validated (with the same engine checks), not validated again. */
export function libraryOfReport(report: ValidationReport, engine?: EngineChecks): ContentLibrary {
  const errors = report.problems.filter((p) => p.severity === 'error')
  // A scenario the engine cannot play as written may play with the variants a game adds: the
  // engine is asked again about the rules the game will use.
  const blocking = errors.filter((p) => !scenarioEngineProblems.has(p))
  const ctx: CrossCheckContext = {
    store: report.store,
    resolver: createRulesetResolver(report.store),
  }
  const blocked = (files: readonly string[]): Problem[] =>
    blocking.filter((p) => files.includes(p.file))
  /**
   * Why no valid file of a folder has this id: the problems of the file that has it but does
   * not validate, or else "no such …".
   */
  const missing = (folder: string, what: string, id: string, known: string[]): Problem[] => {
    const files = report.files.filter((f) => f.folder === folder && f.name === id)
    const problems = blocked(files.map((f) => f.doc.file))
    return problems.length > 0 ? problems : [notFound(what, id, known)]
  }

  function prepare(
    r: ReturnType<typeof scenarioRules>['value'] & object,
  ): LoadResult<LoadedRuleset> {
    if (r.incomplete.size > 0) return { ok: false, problems: errors }
    const prepared = prepareRuleset(r.ruleset)
    if (prepared.ok) return { ok: true, value: prepared.rules }
    // Validation reports these with their file positions; point the caller there.
    return {
      ok: false,
      problems: errors.length
        ? errors
        : prepared.errors.map((e) => ({
            file: '',
            line: 0,
            column: 0,
            pointer: e.pointer,
            message: e.message,
            severity: 'error' as const,
          })),
    }
  }

  return {
    report,
    ruleset(id) {
      const file = report.store.get(['ruleset', 'variant'], id)
      if (!file)
        return {
          ok: false,
          problems: missing('rulesets', 'ruleset', id, report.store.ids(['ruleset', 'variant'])),
        }
      const r = ctx.resolver(id)
      if (!r.ok) return { ok: false, problems: errors.length ? errors : r.problems }
      return prepare(r.value)
    },
    map(id) {
      const file = report.store.get(['map'], id)
      if (!file)
        return { ok: false, problems: missing('maps', 'map', id, report.store.ids(['map'])) }
      const problems = blocked([file.doc.file])
      if (problems.length) return { ok: false, problems }
      return { ok: true, value: loadMap(file.doc.value as HexMap) }
    },
    scenario(id, options = {}) {
      const file = report.store.get(['scenario'], id)
      if (!file)
        return {
          ok: false,
          problems: missing('scenarios', 'scenario', id, report.store.ids(['scenario'])),
        }
      const scenario = file.doc.value as Scenario
      const mapFile = report.store.get(['map'], scenario.map)
      const problems = blocked([file.doc.file, ...(mapFile ? [mapFile.doc.file] : [])])
      if (problems.length) return { ok: false, problems }
      const rules = scenarioRules(ctx, file, options.variants ?? [])
      if (!rules.value)
        return { ok: false, problems: rules.problems.length ? rules.problems : errors }
      const base = prepare(rules.value)
      if (!base.ok) return base
      const own = scenarioRulesFor(file, base.value)
      if (own.rules === undefined) return { ok: false, problems: own.problems }
      const prepared = { ok: true as const, value: own.rules }
      const map = this.map(scenario.map)
      if (!map.ok) return map
      const known = new Set((rules.value.ruleset.options ?? []).map((o) => o.id))
      for (const name of Object.keys(options.options ?? {})) {
        if (!known.has(name))
          return { ok: false, problems: [notFound('optional rule', name, [...known])] }
      }
      const loaded: LoadedScenario = {
        scenario,
        rules: prepared.value,
        map: map.value,
        options: chosenOptions(rules.value.ruleset, scenario, options.options),
      }
      const unplayable = engineProblemsIn(file, engine?.scenario(loaded) ?? []).filter(
        (p) => p.severity === 'error',
      )
      if (unplayable.length > 0) return { ok: false, problems: unplayable }
      return { ok: true, value: loaded }
    },
  }
}

/** Options as expressions read them: camelCase keys. */
export function optionVariables(
  options: Readonly<Record<string, boolean>>,
): Record<string, boolean> {
  return Object.fromEntries(Object.entries(options).map(([k, v]) => [camelKey(k), v]))
}
