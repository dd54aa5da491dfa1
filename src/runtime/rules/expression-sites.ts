/**
 * Where the expressions of a resolved ruleset are and what each can see. The schemas mark every
 * expression (x-expression), so walking the ruleset with its schema finds all of them, including
 * places added to the schemas later; the place then decides the context. A place this file does
 * not know is reported, so a new kind of expression is never left unchecked.
 */
import type { ResolvedRuleset } from '../generated/content-types'
import { annotation, rootSchema, walkWithSchema } from '../content/schema-walk'
import type { SchemaAt } from '../content/schema-walk'
import type { ContextKind } from './expression-context'
import { CONTEXT_KINDS } from './expression-context'
import type { RulesError } from './rules-error'
import { joinPointer, splitPointer } from './rules-error'

export type Expectation = 'boolean' | 'number' | 'string' | 'any'

export interface SiteContext {
  kind: ContextKind
  /** Why this context, for result sets: "as read by resolution "shock"". */
  via?: string
}

export interface ExpressionSite {
  pointer: string
  source: string
  expect: Expectation
  contexts: SiteContext[]
  /** A term with each: its value and when see the element under `as` (the each itself does not). */
  binding?: { each: string; as: string; asPointer: string }
  /** This is a term's each: it must give a list. */
  isEach?: boolean
}

/** Which resolutions read each result set (through the tables they may choose). */
export function resultSetReaders(
  r: ResolvedRuleset,
): Map<string, { id: string; context: ContextKind }[]> {
  const readers = new Map<string, { id: string; context: ContextKind }[]>()
  for (const resolution of r.resolutions ?? []) {
    if (resolution.kind !== 'table') continue
    const choice = resolution.table
    const tableIds =
      typeof choice === 'string' ? [choice] : [...choice.cases.map((c) => c.table), choice.default]
    const sets = new Set<string>()
    for (const id of tableIds) {
      const table = r.tables.find((t) => t.id === id)
      if (table !== undefined && 'results' in table && table.results !== undefined)
        sets.add(table.results)
    }
    for (const set of sets)
      readers.set(set, [
        ...(readers.get(set) ?? []),
        { id: resolution.id, context: resolution.context },
      ])
  }
  return readers
}

function expectationOf(schemas: readonly SchemaAt[]): Expectation {
  const declared = annotation([...schemas], 'x-expression')
  if (declared === 'boolean' || declared === 'string') return declared
  // numberOrExpression is the one union that offers a plain number beside the expression.
  const numeric = schemas.some(
    (s) =>
      Array.isArray(s.schema.anyOf) &&
      s.schema.anyOf.some(
        (b) => typeof b === 'object' && b !== null && (b as { type?: unknown }).type === 'number',
      ),
  )
  return numeric ? 'number' : 'any'
}

const UNIT_TRIGGERS = new Set(['unit-status-changed', 'unit-eliminated'])

type Classified = { contexts: SiteContext[] } | { missingListContext: number } | { unknown: true }

function classify(
  r: ResolvedRuleset,
  segments: readonly string[],
  readers: ReturnType<typeof resultSetReaders>,
): Classified {
  const [root, first, second, third] = segments
  const index = Number(first)
  const at = (kind: ContextKind): Classified => ({ contexts: [{ kind }] })
  switch (root) {
    case 'modifierLists': {
      const context = r.modifierLists[index]?.context
      return context === undefined ? { missingListContext: index } : at(context)
    }
    case 'resolutions': {
      const context = r.resolutions?.[index]?.context
      return context === undefined ? { unknown: true } : at(context)
    }
    case 'resultSets': {
      const set = r.resultSets?.[index]
      const users = set === undefined ? [] : (readers.get(set.id) ?? [])
      // An unused result set is still checked, in the context of a single unit.
      if (users.length === 0)
        return { contexts: [{ kind: 'unit', via: 'since no resolution reads this result set' }] }
      const contexts: SiteContext[] = []
      for (const kind of CONTEXT_KINDS) {
        const by = users.filter((u) => u.context === kind).map((u) => `"${u.id}"`)
        if (by.length > 0)
          contexts.push({
            kind,
            via: `as read by resolution${by.length > 1 ? 's' : ''} ${by.join(', ')}`,
          })
      }
      return { contexts }
    }
    case 'statuses':
    case 'unitClasses':
    case 'unitTypes':
      return at('unit')
    case 'victory':
      return at('side')
    case 'triggers':
      return at(UNIT_TRIGGERS.has(r.triggers?.[index]?.on ?? '') ? 'unit' : 'side')
    case 'board':
      return first === 'stacking' ? at('unit') : { unknown: true }
    case 'sequence':
      if (first === 'activation' && second === 'kinds') return at('activation')
      // A reaction is a unit answering an enemy's move or fire.
      if (first === 'phases') return third === 'reactions' ? at('unit') : at('phase')
      return { unknown: true }
    default:
      return { unknown: true }
  }
}

/**
 * Every expression of the ruleset with its contexts, plus errors for places with none, and the
 * ruleset parameters its settings name (x-ref "parameter") or that are kept as documentation
 * (x-documentation), as the same walk finds them.
 */
export function findExpressionSites(r: ResolvedRuleset): {
  sites: ExpressionSite[]
  errors: RulesError[]
  namedParameters: Set<string>
} {
  const readers = resultSetReaders(r)
  const sites: ExpressionSite[] = []
  const errors: RulesError[] = []
  const namedParameters = new Set<string>()
  walkWithSchema(rootSchema('resolved-ruleset.schema.json'), r, ({ pointer, value, schemas }) => {
    if (annotation(schemas, 'x-documentation') === true && pointer.startsWith('/parameters/'))
      namedParameters.add(splitPointer(pointer)[1] ?? '')
    if (typeof value === 'string' && annotation(schemas, 'x-ref') === 'parameter')
      namedParameters.add(value)
    if (typeof value !== 'string' || !annotation(schemas, 'x-expression')) return
    const segments = splitPointer(pointer)
    const stated = annotation(schemas, 'x-context')
    const classified: Classified = CONTEXT_KINDS.includes(stated as ContextKind)
      ? { contexts: [{ kind: stated as ContextKind }] }
      : classify(r, segments, readers)
    // A list without a context is reported once, by the modifier list checks.
    if ('missingListContext' in classified) return
    if ('unknown' in classified) {
      errors.push({
        pointer,
        message:
          'no expression context is known for this place, so this expression cannot be checked',
      })
      return
    }
    const site: ExpressionSite = {
      pointer,
      source: value,
      expect: expectationOf(schemas),
      contexts: classified.contexts,
    }
    const [root, list, terms, term, field] = segments
    if (root === 'modifierLists' && terms === 'terms' && segments.length === 5) {
      const entry = r.modifierLists[Number(list)]?.terms[Number(term)]
      const binding =
        entry?.each === undefined
          ? undefined
          : {
              each: entry.each,
              as: entry.as ?? 'it',
              asPointer: joinPointer(['modifierLists', list ?? '', 'terms', term ?? '', 'as']),
            }
      if (field === 'each') site.isEach = true
      if (binding !== undefined && (field === 'each' || field === 'value' || field === 'when'))
        site.binding = binding
    }
    sites.push(site)
  })
  return { sites, errors, namedParameters }
}
