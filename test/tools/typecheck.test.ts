/** The project's own gates, run with the tests so they cannot drift: the TypeScript and Vue type checks. */
import { expect, it } from 'vitest'
import { runBin } from '../helpers/run'

it('the TypeScript and Vue type checks pass', () => {
  const { code, stdout, stderr } = runBin('vue-tsc', ['--noEmit', '-p', 'tsconfig.json'])
  expect(`${stdout}${stderr}`).toBe('')
  expect(code).toBe(0)
}, 180_000)
