/**
 * Checks of resolutions, modifier lists, the status graph and entity ids that the kernel relies
 * on at play time: a resolution's tables, lists and dice exist and fit together (an odds table
 * needs attack and defence; a roll-modifier list must not be a column-shift list), modifier
 * groups are declared, the status graph names real states and events.
 */
import type {
  ModifierList,
  ResolvedRuleset,
  Table,
  TableResolution,
} from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { diceRange } from '../dice'
import { RESOLUTION_CONTEXTS } from './expression-context'
import type { RulesError } from './rules-error'
import { joinPointer } from './rules-error'

type Path = readonly (string | number)[]
type Report = (segments: Path, message: string) => void

const ids = (items: readonly { id: string }[] | undefined): string[] =>
  (items ?? []).map((i) => i.id)

function checkLists(
  r: ResolvedRuleset,
  resolution: { context: string },
  field: 'rollModifiers' | 'columnShifts',
  refs: readonly string[] | undefined,
  report: Report,
): void {
  const wanted = field === 'columnShifts' ? 'column' : 'roll'
  refs?.forEach((id, j) => {
    const list = r.modifierLists.find((l) => l.id === id)
    if (list === undefined)
      return report(
        [field, j],
        `there is no modifier list "${id}"${didYouMean(id, ids(r.modifierLists))}`,
      )
    const applies = list.applies ?? 'roll'
    if (applies !== wanted) {
      const use = field === 'columnShifts' ? 'a column shift' : 'a roll modifier'
      report(
        [field, j],
        `modifier list "${id}" applies to the ${applies}, so it cannot be used as ${use}`,
      )
    }
    if (list.context !== undefined && list.context !== resolution.context) {
      report(
        [field, j],
        `modifier list "${id}" is written for the ${list.context} context, but this resolution's expressions see the ${resolution.context} context`,
      )
    }
  })
}

function tableCandidates(resolution: TableResolution): { id: string; at: Path }[] {
  const choice = resolution.table
  if (typeof choice === 'string') return [{ id: choice, at: ['table'] }]
  return [
    ...choice.cases.map((c, k) => ({ id: c.table, at: ['table', 'cases', k, 'table'] })),
    { id: choice.default, at: ['table', 'default'] },
  ]
}

function checkTableResolution(
  r: ResolvedRuleset,
  resolution: TableResolution,
  report: Report,
): void {
  const diceIds = ids(r.dice)
  if (resolution.dice !== undefined && !diceIds.includes(resolution.dice)) {
    report(
      ['dice'],
      `there are no dice "${resolution.dice}"${didYouMean(resolution.dice, diceIds)}`,
    )
  }
  const tables: Table[] = []
  for (const { id, at } of tableCandidates(resolution)) {
    const table = r.tables.find((t) => t.id === id)
    if (table === undefined) {
      report(at, `there is no table "${id}"${didYouMean(id, ids(r.tables))}`)
      continue
    }
    if (tables.includes(table)) continue
    tables.push(table)
    const needs = (fields: readonly ('attack' | 'defense' | 'value' | 'column' | 'rowScale')[]) => {
      const missing = fields.filter((f) => resolution[f] === undefined)
      if (missing.length > 0)
        report(
          at,
          `"${id}" is ${table.kind === 'odds' ? 'an' : 'a'} ${table.kind} table, so the resolution needs ${missing.map((f) => `"${f}"`).join(' and ')}`,
        )
    }
    switch (table.kind) {
      case 'matrix':
      case 'range-bands':
        report(
          at,
          `"${id}" is a ${table.kind} table: it gives modifiers to other rolls and cannot be rolled on`,
        )
        continue
      case 'odds':
        needs(['attack', 'defense'])
        break
      case 'differential':
        needs(['value'])
        break
      case 'roll':
        if (table.columns.length > 1) needs(['column'])
        if ((table.rowScales ?? []).length > 0) needs(['rowScale'])
        else if (resolution.rowScale !== undefined)
          report(
            ['rowScale'],
            `table "${id}" prints a single roll scale, so "rowScale" has nothing to pick`,
          )
    }
    resolution.automatic?.forEach((automatic, a) => {
      const set = r.resultSets?.find((s) => s.id === table.results)
      automatic.result.forEach((code, k) => {
        if (set === undefined)
          report(
            ['automatic', a, 'result', k],
            `table "${id}" has no result set to give the code "${code}" a meaning`,
          )
        else if (!set.codes.some((c) => c.code === code)) {
          report(
            ['automatic', a, 'result', k],
            `unknown result code "${code}" in result set "${set.id}"${didYouMean(
              code,
              set.codes.map((c) => c.code),
            )}`,
          )
        }
      })
    })
  }
  checkLists(r, resolution, 'columnShifts', resolution.columnShifts, report)
  checkLists(r, resolution, 'rollModifiers', resolution.rollModifiers, report)
}

function checkResolutions(r: ResolvedRuleset, report: (i: number) => Report): void {
  r.resolutions?.forEach((resolution, i) => {
    const at = report(i)
    if (resolution.kind === 'table') return checkTableResolution(r, resolution, at)
    const dice = r.dice.find((d) => d.id === resolution.dice)
    if (dice === undefined)
      at(
        ['dice'],
        `there are no dice "${resolution.dice}"${didYouMean(resolution.dice, ids(r.dice))}`,
      )
    checkLists(r, resolution, 'rollModifiers', resolution.rollModifiers, at)
    const success = resolution.natural?.success ?? []
    for (const kind of ['success', 'failure'] as const) {
      resolution.natural?.[kind]?.forEach((value, k) => {
        if (dice !== undefined) {
          const range = diceRange(dice)
          if (!Number.isInteger(value) || value < range.min || value > range.max) {
            at(
              ['natural', kind, k],
              `a natural ${value} can never be rolled on ${dice.id} (${range.min}–${range.max})`,
            )
          }
        }
        if (kind === 'failure' && success.includes(value))
          at(['natural', kind, k], `a natural ${value} cannot be both a success and a failure`)
      })
    }
  })
}

function checkModifierList(list: ModifierList, report: Report): void {
  if (list.context === undefined) {
    report(
      [],
      `modifier list "${list.id}" needs a context (one of ${RESOLUTION_CONTEXTS.join(', ')}) so its expressions can be checked`,
    )
  }
  const groups = ids(list.groups)
  groups.forEach((id, g) => {
    if (groups.indexOf(id) !== g) report(['groups', g, 'id'], `two groups have the id "${id}"`)
  })
  const seen = new Set<string>()
  list.terms.forEach((term, j) => {
    if (seen.has(term.id))
      report(['terms', j, 'id'], `two terms of modifier list "${list.id}" have the id "${term.id}"`)
    seen.add(term.id)
    if (term.group !== undefined && !groups.includes(term.group)) {
      report(
        ['terms', j, 'group'],
        `group "${term.group}" is not declared in the list's groups${didYouMean(term.group, groups)}`,
      )
    }
    if (term.each === undefined) {
      if (term.as !== undefined)
        report(['terms', j, 'as'], '"as" names the element of "each", but this term has no "each"')
      if (term.aggregate !== undefined)
        report(
          ['terms', j, 'aggregate'],
          '"aggregate" combines the values of "each", but this term has no "each"',
        )
    }
  })
}

function checkStatuses(r: ResolvedRuleset, report: Report): void {
  const graph = r.statuses
  const states = ids(graph.states)
  const events = ids(graph.events)
  const known = (
    values: string | readonly string[],
    names: readonly string[],
    what: string,
    at: Path,
  ): void => {
    const list =
      typeof values === 'string'
        ? [[values, at] as const]
        : values.map((v, k) => [v, [...at, k]] as const)
    for (const [value, where] of list)
      if (!names.includes(value))
        report(where, `unknown ${what} "${value}"${didYouMean(value, names)}`)
  }
  let initial: string | undefined
  graph.states.forEach((state, k) => {
    if (state.initial === true) {
      if (initial !== undefined)
        report(
          ['statuses', 'states', k, 'initial'],
          `only one status can be initial, and "${initial}" already is`,
        )
      initial ??= state.id
    }
    if (state.ratingsOf !== undefined)
      known(state.ratingsOf, states, 'status', ['statuses', 'states', k, 'ratingsOf'])
  })
  graph.transitions.forEach((transition, t) => {
    const at = ['statuses', 'transitions', t]
    known(transition.from, states, 'status', [...at, 'from'])
    known(transition.event, events, 'status event', [...at, 'event'])
    known(transition.to, states, 'status', [...at, 'to'])
  })
  for (const collection of ['unitClasses', 'unitTypes'] as const) {
    r[collection].forEach((entity, i) => {
      entity.statusOverrides?.forEach((override, k) => {
        const at = [collection, i, 'statusOverrides', k]
        known(override.event, events, 'status event', [...at, 'event'])
        if (override.from !== undefined) known(override.from, states, 'status', [...at, 'from'])
      })
    })
  }
  const classes = ids(r.unitClasses)
  r.unitTypes.forEach((type, i) =>
    known(type.class, classes, 'unit class', ['unitTypes', i, 'class']),
  )
}

function checkDuplicates(r: ResolvedRuleset, report: Report): void {
  const collections: [Path, readonly { id: string }[] | undefined, string][] = [
    [['unitTypes'], r.unitTypes, 'unit types'],
    [['unitClasses'], r.unitClasses, 'unit classes'],
    [['tables'], r.tables, 'tables'],
    [['modifierLists'], r.modifierLists, 'modifier lists'],
    [['resolutions'], r.resolutions, 'resolutions'],
    [['resultSets'], r.resultSets, 'result sets'],
    [['dice'], r.dice, 'dice'],
    [['statuses', 'states'], r.statuses.states, 'statuses'],
    [['statuses', 'events'], r.statuses.events, 'status events'],
  ]
  for (const [at, items, what] of collections) {
    const seen = new Set<string>()
    items?.forEach((item, k) => {
      if (seen.has(item.id)) report([...at, k, 'id'], `two ${what} have the id "${item.id}"`)
      seen.add(item.id)
    })
  }
  r.resultSets?.forEach((set, s) => {
    const seen = new Set<string>()
    set.codes.forEach((code, k) => {
      if (seen.has(code.code))
        report(
          ['resultSets', s, 'codes', k, 'code'],
          `result set "${set.id}" defines the code "${code.code}" twice`,
        )
      seen.add(code.code)
    })
  })
}

export function checkRules(r: ResolvedRuleset): RulesError[] {
  const errors: RulesError[] = []
  const report: Report = (segments, message) =>
    errors.push({ pointer: joinPointer(segments), message })
  checkDuplicates(r, report)
  checkResolutions(
    r,
    (i) => (segments, message) => report(['resolutions', i, ...segments], message),
  )
  r.modifierLists.forEach((list, i) =>
    checkModifierList(list, (segments, message) =>
      report(['modifierLists', i, ...segments], message),
    ),
  )
  checkStatuses(r, report)
  return errors
}
