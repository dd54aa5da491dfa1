/**
 * The project's own gates, run with the tests so they cannot drift. ESLint, including the rule
 * that keeps src/runtime pure. The three gates are three files so the test workers run them side
 * by side.
 */
import { expect, it } from 'vitest'
import { runBin } from '../helpers/run'

it('ESLint finds nothing', () => {
  const { code, stdout, stderr } = runBin('eslint', ['.'])
  expect(`${stdout}${stderr}`).toBe('')
  expect(code).toBe(0)
}, 180_000)
