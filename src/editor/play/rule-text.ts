/**
 * A sentence followed by the rule it cites in brackets ("Stunned [B.1.21]"), unless the sentence
 * already names that rule (an engine status line ends "…, rule 5.2)").
 */
export function withRule(text: string, rule?: string): string {
  return rule && !text.includes(rule) ? `${text} [${rule}]` : text
}
