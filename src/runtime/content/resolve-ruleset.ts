/**
 * Resolves a ruleset id (a base ruleset or a variant) into one ResolvedRuleset: the manifest,
 * its unit sets, tables and modifier lists, then each variant of the chain applied in order.
 * Every value keeps the file and pointer it came from, so a problem found in the result is
 * reported where the designer wrote it.
 */
import type {
  ModifierList,
  ResolvedRuleset,
  RulesetManifest,
  Table,
  UnitSet,
  VariantOverlay,
} from '../generated/content-types'
import type { ContentFile, ContentStore } from './content-store'
import { FILE_REF_KINDS } from './content-store'
import { locate } from './json-document'
import {
  applyVariantChanges,
  applyMatrixCells,
  applyMergePatch,
  applyOperations,
  buildInitialIndex,
  locateOrigin,
  mergeEntities,
  type Indexed,
  type Origin,
  type OverlayResult,
} from './overlay'
import type { Problem } from './problems'
import { schemaCheck } from './check-files'
import { didYouMean } from './suggest'

export interface ResolvedWithOrigins {
  ruleset: ResolvedRuleset
  indexed: Indexed
  /**
   * Kinds of entity (unitType, table…) that may be missing because a file that would have
   * supplied them has problems of its own. References of those kinds are not checked, and the
   * rules kernel does not prepare a ruleset with gaps, so one broken file does not cascade into
   * false reports elsewhere.
   */
  incomplete: ReadonlySet<string>
}

export type ResolveResult =
  { ok: true; value: ResolvedWithOrigins } | { ok: false; problems: Problem[] }

/** Where an origin is in its file, as a problem. */
export function problemAtOrigin(store: ContentStore, origin: Origin, message: string): Problem {
  const file = store.files.find((f) => f.doc.file === origin.file)
  const position = file ? locate(file.doc, origin.pointer) : { line: 1, column: 1 }
  return { file: origin.file, ...position, pointer: origin.pointer, message, severity: 'error' }
}

/** Includes a manifest or a variant lists by file id. */
interface Includes {
  unitSets?: string[]
  tables?: string[]
  modifierLists?: string[]
}

/** Kinds of entity each kind of included file supplies. */
const SUPPLIES: Record<string, string[]> = {
  unitSetFile: ['unitType', 'unitClass'],
  tableFile: ['table'],
  modifierListFile: ['modifierList'],
}

/** Marks a result that failed only because a file it needs is broken (reported in that file). */
const dependsOnBroken: Problem = {
  file: '',
  line: 0,
  column: 0,
  pointer: '',
  message: 'depends on a file with problems',
  severity: 'warning',
}

/** Problems worth showing: drop the markers of failures caused by another file's problems. */
export function visibleProblems(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p !== dependsOnBroken)
}

/**
 * Entities of `list` (in `file` at `at`) whose id an earlier unit set of the same include list,
 * or an earlier entry of this one, already defines; `seen` collects the first definitions.
 */
function definedTwice(
  store: ContentStore,
  owner: ContentFile,
  file: ContentFile,
  list: readonly { id: string }[] | undefined,
  kind: string,
  at: string,
  seen: Map<string, Origin>,
): Problem[] {
  const out: Problem[] = []
  ;(list ?? []).forEach((item, j) => {
    const here: Origin = { file: file.doc.file, pointer: `${at}/${j}/id` }
    const key = `${kind}\n${item.id}`
    const first = seen.get(key)
    if (first === undefined) return void seen.set(key, here)
    const firstFile = store.files.find((f) => f.doc.file === first.file)
    const line = firstFile ? locate(firstFile.doc, first.pointer).line : 1
    const where =
      first.file === file.doc.file
        ? `earlier in this unit set (line ${line})`
        : `in ${first.file} (line ${line}), which ${owner.format === 'variant' ? 'variant' : 'ruleset'} "${owner.name}" also includes`
    out.push(
      problemAtOrigin(
        store,
        here,
        `${kind} "${item.id}" is already defined ${where}; each ${kind} needs an id of its own`,
      ),
    )
  })
  return out
}

export interface RulesetResolver {
  (id: string): ResolveResult
  /**
   * Apply one more layer (a variant named by a scenario, or a scenario's own overlay) on a
   * resolved ruleset. `patchAt` is where the patch is written in `owner` (by default
   * `at + "/patch"`).
   */
  layer(
    base: ResolvedWithOrigins,
    layer: Layer,
    owner: ContentFile,
    at: string,
    patchAt?: string,
  ): ResolveResult
}

/** The changes a variant or a scenario overlay makes. */
export interface Layer {
  include?: Includes
  patch?: unknown
  matrices?: unknown
  operations?: unknown
}

export function createRulesetResolver(store: ContentStore): RulesetResolver {
  const cache = new Map<string, ResolveResult>()
  const resolving = new Set<string>()

  const fail = (problems: Problem[]): ResolveResult => ({ ok: false, problems })
  const fromOverlay = (r: OverlayResult): { value?: Indexed; problems: Problem[] } =>
    r.ok
      ? { value: r, problems: [] }
      : { problems: r.errors.map((e) => problemAtOrigin(store, e.origin, e.message)) }

  function include(
    target: Indexed,
    includes: Includes,
    owner: ContentFile,
    at: string,
    incomplete: Set<string>,
  ): { value?: Indexed; problems: Problem[] } {
    let current = target
    const problems: Problem[] = []
    const missing = (kind: string, list: string, i: number, id: string) => {
      // A file that exists but has problems is reported in its own right: go on without it.
      if (store.exists(FILE_REF_KINDS[kind] ?? [], id)) {
        for (const k of SUPPLIES[kind] ?? []) incomplete.add(k)
        return
      }
      const known = store.ids(FILE_REF_KINDS[kind] ?? [])
      problems.push(
        problemAtOrigin(
          store,
          { file: owner.doc.file, pointer: `${at}/${list}/${i}` },
          `cannot include "${id}": no such file${didYouMean(id, known)}`,
        ),
      )
    }
    const step = (r: OverlayResult) => {
      const out = fromOverlay(r)
      problems.push(...out.problems)
      if (out.value) current = out.value
    }
    // Merging replaces an entity by id, so a type defined twice among the unit sets of one
    // include list would silently lose its first definition: refused at the second.
    const defined = new Map<string, Origin>()
    ;(includes.unitSets ?? []).forEach((id, i) => {
      const f = store.get(['unit-set'], id)
      if (!f) return missing('unitSetFile', 'unitSets', i, id)
      const set = f.doc.value as UnitSet
      const twice = [
        ...definedTwice(store, owner, f, set.classes, 'unit class', '/classes', defined),
        ...definedTwice(store, owner, f, set.types, 'unit type', '/types', defined),
      ]
      if (twice.length > 0) return void problems.push(...twice)
      if (set.classes?.length)
        step(
          mergeEntities(current, '/unitClasses', set.classes, {
            file: f.doc.file,
            pointer: '/classes',
          }),
        )
      if (set.types?.length)
        step(
          mergeEntities(current, '/unitTypes', set.types, { file: f.doc.file, pointer: '/types' }),
        )
    })
    const files = (
      kind: 'tables' | 'modifierLists',
      format: 'table' | 'modifier-list',
      refKind: string,
    ) => {
      const entities: unknown[] = []
      const origins: Origin[] = []
      ;(includes[kind] ?? []).forEach((id, i) => {
        const f = store.get([format], id)
        if (!f) return missing(refKind, kind, i, id)
        entities.push(f.doc.value as Table | ModifierList)
        origins.push({ file: f.doc.file, pointer: '' })
      })
      if (entities.length) step(mergeEntities(current, `/${kind}`, entities, origins))
    }
    files('tables', 'table', 'tableFile')
    files('modifierLists', 'modifier-list', 'modifierListFile')
    return problems.length ? { problems } : { value: current, problems }
  }

  function resolveBase(file: ContentFile): ResolveResult {
    const manifest = file.doc.value as RulesetManifest
    const { $schema: _s, schemaVersion: _v, unitSets, tables, modifierLists, ...fields } = manifest
    const initial = fromOverlay(
      buildInitialIndex(
        {
          ...fields,
          chain: [manifest.id],
          unitClasses: [],
          unitTypes: [],
          tables: [],
          modifierLists: [],
        },
        { file: file.doc.file, pointer: '' },
      ),
    )
    if (!initial.value) return fail(initial.problems)
    const incomplete = new Set<string>()
    const included = include(
      initial.value,
      { unitSets, tables, modifierLists },
      file,
      '',
      incomplete,
    )
    if (!included.value) return fail(included.problems)
    return {
      ok: true,
      value: {
        ruleset: included.value.value as unknown as ResolvedRuleset,
        indexed: included.value,
        incomplete,
      },
    }
  }

  function resolveVariant(file: ContentFile): ResolveResult {
    const variant = file.doc.value as VariantOverlay
    // A base that leads back here would be reported by the inner resolve, which then counts as
    // a broken base and says nothing: say it at this variant's base.
    if (resolving.has(variant.base)) {
      const loop = [...resolving].slice([...resolving].indexOf(variant.base))
      return fail([
        problemAtOrigin(
          store,
          { file: file.doc.file, pointer: '/base' },
          variant.base === variant.id
            ? `variant "${variant.id}" names itself as its base; a variant is built on a ruleset or another variant`
            : `the base "${variant.base}" leads back to this variant (${[...loop, variant.base].join(' → ')}); a chain of variants must end at a ruleset`,
        ),
      ])
    }
    const base = resolve(variant.base)
    if (!base.ok) {
      const known = store.ids(['ruleset', 'variant'])
      // A base with problems of its own has them reported in its files; this variant just waits.
      if (store.exists(['ruleset', 'variant'], variant.base)) return fail([dependsOnBroken])
      return fail([
        problemAtOrigin(
          store,
          { file: file.doc.file, pointer: '/base' },
          `unknown base ruleset "${variant.base}"${didYouMean(variant.base, known)}`,
        ),
      ])
    }
    // Changes written against entities a broken file should supply would only report echoes.
    if (base.value.incomplete.size > 0) return fail([dependsOnBroken])
    const incomplete = new Set<string>()
    const included = include(
      base.value.indexed,
      variant.include ?? {},
      file,
      '/include',
      incomplete,
    )
    if (!included.value) return fail(included.problems)
    const changed = fromOverlay(applyVariantChanges(included.value, variant, file.doc.file))
    if (!changed.value) return fail(changed.problems)
    const chain = [...base.value.ruleset.chain, variant.id]
    const named = fromOverlay(
      applyMergePatch(
        changed.value,
        {
          id: variant.id,
          name: variant.name,
          chain,
          ...(variant.description ? { description: variant.description } : {}),
        },
        { file: file.doc.file, pointer: '' },
      ),
    )
    if (!named.value) return fail(named.problems)
    return {
      ok: true,
      value: {
        ruleset: named.value.value as unknown as ResolvedRuleset,
        indexed: named.value,
        incomplete,
      },
    }
  }

  function layer(
    base: ResolvedWithOrigins,
    changes: Layer,
    owner: ContentFile,
    at: string,
    patchAt = `${at}/patch`,
  ): ResolveResult {
    if (base.incomplete.size > 0) return fail([dependsOnBroken])
    const incomplete = new Set<string>()
    const included = include(
      base.indexed,
      changes.include ?? {},
      owner,
      `${at}/include`,
      incomplete,
    )
    if (!included.value) return fail(included.problems)
    const root = { file: owner.doc.file, pointer: at }
    let current = fromOverlay(
      applyMergePatch(included.value, changes.patch ?? {}, { ...root, pointer: patchAt }),
    )
    if (current.value && changes.matrices !== undefined) {
      current = fromOverlay(
        applyMatrixCells(current.value, changes.matrices, {
          ...root,
          pointer: `${at}/matrices`,
        }),
      )
    }
    if (current.value && changes.operations !== undefined) {
      current = fromOverlay(
        applyOperations(current.value, changes.operations, {
          ...root,
          pointer: `${at}/operations`,
        }),
      )
    }
    if (!current.value) return fail(current.problems)
    const value = {
      ruleset: current.value.value as unknown as ResolvedRuleset,
      indexed: current.value,
      incomplete,
    }
    const problems = resolvedSchemaProblems(store, value)
    return problems.length ? fail(problems) : { ok: true, value }
  }

  function resolve(id: string): ResolveResult {
    const cached = cache.get(id)
    if (cached) return cached
    const file = store.get(['ruleset', 'variant'], id)
    if (!file) return fail([])
    if (resolving.has(id)) {
      return fail([
        problemAtOrigin(
          store,
          { file: file.doc.file, pointer: '/base' },
          `variant "${id}" is its own base (through ${[...resolving].join(' → ')})`,
        ),
      ])
    }
    resolving.add(id)
    let result = file.format === 'variant' ? resolveVariant(file) : resolveBase(file)
    resolving.delete(id)
    if (result.ok) {
      // The composed ruleset must still satisfy the schema: a variant may have patched in a bad value.
      const problems = resolvedSchemaProblems(store, result.value)
      if (problems.length) result = fail(problems)
    }
    cache.set(id, result)
    return result
  }
  return Object.assign(resolve, { layer })
}

/** Validates a resolved ruleset against its schema and reports each problem in the file it came from. */
function resolvedSchemaProblems(store: ContentStore, r: ResolvedWithOrigins): Problem[] {
  const pseudo = {
    file: '(resolved)',
    text: '',
    tree: undefined,
    value: r.ruleset,
    lineStarts: [0],
  }
  return schemaCheck(pseudo, 'resolved-ruleset', r.ruleset).map((p) => {
    const origin = locateOrigin(r.indexed.index, p.pointer)
    return problemAtOrigin(store, origin, p.message)
  })
}
