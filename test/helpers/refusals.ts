/**
 * The refusal of an action the rules forbid: its sentence and rule, after checking it is the
 * rules that refuse (code "forbidden"), not a malformed action or a fault of the content.
 */
import type { ActionResult } from '../../src/runtime'

export function ruleRefusal(
  result: ActionResult,
  what: string,
): { message: string; rule?: string } {
  if (result.ok) throw new Error(`${what} was accepted`)
  const { code, message, rule } = result.error
  if (code !== 'forbidden')
    throw new Error(`${what} was refused as ${code}, not by a rule: ${message}`)
  return rule === undefined ? { message } : { message, rule }
}
