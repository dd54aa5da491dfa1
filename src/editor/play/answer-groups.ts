/**
 * Many answers to one decision (about 90 "Play counter" buttons on a large battle) in groups a
 * player can scan: by what they do, a large kind split again by the unit, command or counter
 * they name, filtered by a search over their words.
 */
import type { Action, Names } from '../../runtime'

/** More plain answers than this are grouped by what they do, with a search box. */
export const GROUP_OVER = 12
/** A group of one kind with more answers than this is split by the unit, command or counter. */
export const SPLIT_OVER = 15

export interface AnswerGroup {
  key: string
  title: string
  answers: { a: Action; text: string }[]
}

/** The field that splits many answers of one kind into the fewest groups (a counter, a unit…). */
export function splitField(list: readonly Action[]): string | undefined {
  let best: { field: string; groups: number } | undefined
  for (const field of ['counter', 'command', 'unit', 'target']) {
    if (!list.every((a) => typeof a[field] === 'string')) continue
    const groups = new Set(list.map((a) => a[field])).size
    if (groups > 1 && groups <= list.length / 2 && (!best || groups < best.groups))
      best = { field, groups }
  }
  return best?.field
}

/** What a split field's value says: a command or unit by name, any other id in words. */
function valueWords(field: string, id: string, n: Names | null): string {
  if (field === 'command') return n?.command(id) ?? id
  if (field === 'unit' || field === 'target') return n?.unit(id) ?? id
  return n?.text(id) ?? id
}

/**
 * The answers in groups when there are more than GROUP_OVER (null otherwise), each answer with
 * its words, those not matching `query` left out. Answers alone of their kind are not grouped
 * (`singleAnswers` lists them).
 */
export function groupAnswers(
  all: readonly Action[],
  query: string,
  names: Names | null,
  describe: (a: Action) => string,
): AnswerGroup[] | null {
  if (all.length <= GROUP_OVER) return null
  const q = query.trim().toLowerCase()
  const byType = new Map<string, Action[]>()
  for (const a of all) byType.set(a.type, [...(byType.get(a.type) ?? []), a])
  const groups: AnswerGroup[] = []
  for (const [type, list] of byType) {
    if (list.length === 1) continue
    const kind = type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, ' ')
    const field = list.length > SPLIT_OVER ? splitField(list) : undefined
    const sub = new Map<string, Action[]>()
    for (const a of list) {
      const what = field ? valueWords(field, String(a[field]), names) : ''
      sub.set(what, [...(sub.get(what) ?? []), a])
    }
    for (const [what, answers] of sub) {
      const shown = answers
        .map((a) => ({ a, text: describe(a) }))
        .filter((x) => !q || x.text.toLowerCase().includes(q))
      if (shown.length)
        groups.push({
          key: `${type}:${what}`,
          title: what ? `${kind} — ${what}` : kind,
          answers: shown,
        })
    }
  }
  return groups
}

/** The answers alone of their kind (Done, Pass…): with the others grouped, they stay in view. */
export function singleAnswers(all: readonly Action[]): Action[] {
  const count = new Map<string, number>()
  for (const a of all) count.set(a.type, (count.get(a.type) ?? 0) + 1)
  return all.filter((a) => count.get(a.type) === 1)
}
