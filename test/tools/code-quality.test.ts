/**
 * The project's own gates, run with the tests so they cannot drift: ESLint (including the rule
 * that keeps src/runtime pure), Prettier, and the TypeScript and Vue type checks.
 */
import { describe, expect, it } from 'vitest'
import { runBin } from '../helpers/run'

function run(bin: string, args: string[]): { code: number; output: string } {
  const { code, stdout, stderr } = runBin(bin, args)
  return { code, output: `${stdout}${stderr}` }
}

describe('code quality gates', () => {
  it('ESLint finds nothing', () => {
    const result = run('eslint', ['.'])
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  })

  it('every file follows the Prettier style', () => {
    const result = run('prettier', ['--check', '.', '--log-level', 'warn'])
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  })

  it('the TypeScript and Vue type checks pass', () => {
    const result = run('vue-tsc', ['--noEmit', '-p', 'tsconfig.json'])
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  })
})
