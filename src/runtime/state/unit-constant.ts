/**
 * Whether an expression of the unit context reads only what a unit is — its id, side, type and
 * what the type gives it — and nothing of how it stands (hex, status, markers, ratings that a
 * status changes, the clock, options). Such an answer holds for a unit as long as its type is the
 * same, so a caller asking it for every unit on every action (the stacking rule's `counts`) may
 * keep it per unit and type.
 */
import { parseExpression } from '../expr'
import type { ExprNode } from '../expr'

/** Fields of a Unit fixed by its id and type (state/variables.ts builds them). */
const FIXED_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'type',
  'class',
  'side',
  'isLeader',
  'flags',
  'movementClass',
  'weapons',
])

function fixed(node: ExprNode): boolean {
  switch (node.kind) {
    case 'literal':
      return true
    case 'list':
      return node.items.every(fixed)
    case 'unary':
      return fixed(node.operand)
    case 'binary':
      return fixed(node.left) && fixed(node.right)
    case 'conditional':
      return fixed(node.test) && fixed(node.consequent) && fixed(node.alternate)
    case 'member':
    case 'index': {
      // A chain must start with unit.<fixed field>; what follows inside that field is fixed too.
      let at: ExprNode = node
      const chain: (ExprNode & { kind: 'member' | 'index' })[] = []
      while (at.kind === 'member' || at.kind === 'index') {
        chain.push(at)
        at = at.object
      }
      if (at.kind !== 'identifier' || at.name !== 'unit') return false
      const first = chain[chain.length - 1]
      if (first === undefined || first.kind !== 'member' || !FIXED_FIELDS.has(first.name))
        return false
      return chain.every((n) => n.kind === 'member' || fixed(n.index))
    }
    default:
      // A bare `unit`, other variables, calls and macros: not known to be fixed.
      return false
  }
}

const known = new Map<string, boolean>()

/** Whether `expression` (of the unit context) reads only what the unit is; false if it does not parse. */
export function readsOnlyWhatUnitIs(expression: string): boolean {
  let found = known.get(expression)
  if (found === undefined) {
    const parsed = parseExpression(expression)
    found = parsed.ok && fixed(parsed.ast)
    known.set(expression, found)
  }
  return found
}
