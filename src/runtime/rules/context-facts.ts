/**
 * The facts a mechanic tells a resolution besides its units (schemas/context-facts.json): per
 * resolution context, each fact's type, the mechanic that supplies it and what it means; in
 * expressions a fact is a field of the context's own object (`attack.bonus`, `reaction.turn`). One table serves the expression types, the
 * resolve action's arguments and values, and the what-if form, so a mechanic's fact is declared
 * once, as data, and the kernels name none.
 */
import table from '../../../schemas/context-facts.json'
import type { ContextKind } from './expression-context'

export type FactType = 'number' | 'boolean' | 'text'

export interface ContextFact {
  readonly type: FactType
  /** The mechanic that passes it when it rolls a resolution. */
  readonly mechanic: string
  readonly description: string
}

type FactTable = Partial<Record<ContextKind, Readonly<Record<string, ContextFact>>>>

const FACTS = table as FactTable

/** The facts of a context, by name, in the table's order (none for a context without any). */
export function contextFacts(context: ContextKind): Readonly<Record<string, ContextFact>> {
  return FACTS[context] ?? {}
}

/** The value of a fact that was not given: nothing happened. */
export function factDefault(type: FactType): number | boolean | string {
  return type === 'number' ? 0 : type === 'boolean' ? false : ''
}
