/**
 * The project's own gates, run with the tests so they cannot drift: ESLint (including the rule
 * that keeps src/runtime pure), Prettier, and the TypeScript and Vue type checks.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/fixtures'

function run(bin: string, args: string[]): { code: number; output: string } {
  try {
    const output = execFileSync(join(projectRoot, 'node_modules/.bin', bin), args, {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: 'pipe',
    })
    return { code: 0, output }
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string }
    return { code: e.status, output: `${e.stdout}${e.stderr}` }
  }
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
