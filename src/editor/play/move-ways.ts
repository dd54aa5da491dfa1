/**
 * The ways of reaching one hex among a move's (or an answer's) actions: those differing by more
 * than their facing — what they lead or carry, who goes along, the path taken when the paths
 * differ — each in words, the plain way first. Pure, for the board's way choice.
 */
import type { Action } from '../../runtime'

/** The fields of a move that say more than where it goes and which way it ends facing. */
const PLAIN_MOVE_FIELDS = new Set(['type', 'unit', 'path', 'facing', 'side', 'with'])

/** A move's extras (what it leads, whom it carries…) as a key: '' for a plain move. */
function extrasKey(a: Action): string {
  const extras = Object.entries(a).filter(([k]) => !PLAIN_MOVE_FIELDS.has(k))
  return extras.length === 0 ? '' : JSON.stringify(extras.sort(([x], [y]) => x.localeCompare(y)))
}

/** A way's key with no extras: the plain move (or answer) by its path. */
const plainWay = (key: string): boolean => key === '' || key.startsWith('|')

const pathOf = (a: Action): string[] => (Array.isArray(a.path) ? (a.path as string[]) : [])

/** The actions reaching one hex grouped by way, each way in words (`describe`), plain first. */
export function waysOf(
  list: readonly Action[],
  describe: (a: Action) => string,
): { text: string; actions: Action[] }[] {
  const byPath = new Set(list.map((a) => pathOf(a).join(' '))).size > 1
  const key = (a: Action) => `${extrasKey(a)}${byPath ? `|${pathOf(a).join(' ')}` : ''}`
  const ways = new Map<string, Action[]>()
  for (const a of list) ways.set(key(a), [...(ways.get(key(a)) ?? []), a])
  return [...ways.entries()]
    .sort(([x], [y]) => Number(!plainWay(x)) - Number(!plainWay(y)))
    .map(([, group]) => {
      const { facing: _facing, ...sample } = group[0] as Action
      const text = describe(sample as Action)
      const path = pathOf(sample as Action)
      return {
        // The engine's words give a long path already; a one-hex one is said here.
        text: byPath && !text.includes(path.join(' → ')) ? `${text} by ${path[0]}` : text,
        actions: group,
      }
    })
}
