import { expect } from 'vitest'

/** The cells of the row of `scenario` in soak's closing table, split on the column gaps. */
export function tableRow(stdout: string, scenario: string): string[] {
  const line = stdout.split('\n').find((l) => l.startsWith(`${scenario} `))
  expect(line, `a row for ${scenario} in\n${stdout}`).toBeDefined()
  return (line ?? '').split(/ {2,}/)
}
