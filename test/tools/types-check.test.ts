import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/fixtures'
import { runBin } from '../helpers/run'

const generator = join(projectRoot, 'tools/generate-types.ts')

function run(args: string[]): { code: number; output: string } {
  const { code, stdout, stderr } = runBin('tsx', [generator, ...args])
  return { code, output: `${stdout}${stderr}` }
}

describe('npm run types:check', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hexwright-types-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('passes on the committed schemas and generated files', () => {
    const result = run(['--check'])
    expect(result.output).toContain('up to date')
    expect(result.code).toBe(0)
  })

  it('fails when a schema changed and the types were not regenerated, and passes after regenerating', () => {
    cpSync(join(projectRoot, 'schemas'), join(scratch, 'schemas'), { recursive: true })
    cpSync(join(projectRoot, 'src/runtime/generated'), join(scratch, 'src/runtime/generated'), {
      recursive: true,
    })
    const file = join(scratch, 'schemas/map.schema.json')
    const schema = JSON.parse(readFileSync(file, 'utf8'))
    schema.properties.author = { description: 'Who drew the map.', type: 'string' }
    writeFileSync(file, JSON.stringify(schema, null, 2))

    const stale = run(['--check', '--root', scratch])
    expect(stale.code).toBe(1)
    expect(stale.output).toMatch(/out of date.*content-types\.ts/s)

    expect(run(['--root', scratch]).code).toBe(0)
    expect(readFileSync(join(scratch, 'src/runtime/generated/content-types.ts'), 'utf8')).toContain(
      'author?: string',
    )
    expect(run(['--check', '--root', scratch]).code).toBe(0)
  })
})
