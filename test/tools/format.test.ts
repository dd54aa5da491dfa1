/** The project's own gates, run with the tests so they cannot drift: every file in Prettier's style. */
import { expect, it } from 'vitest'
import { runBin } from '../helpers/run'

it('every file follows the Prettier style', () => {
  const { code, stdout, stderr } = runBin('prettier', ['--check', '.', '--log-level', 'warn'])
  expect(`${stdout}${stderr}`).toBe('')
  expect(code).toBe(0)
}, 180_000)
