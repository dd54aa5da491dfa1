/**
 * `npm run types:check` and `npm run types`, run in-process (runGenerateTypes, what
 * tools/generate-types.ts runs): each generation compiles every schema twice over (types and
 * AJV validators), seconds of work that a process per call would add its start-up to.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { CliIo } from '../../tools/cli-io'
import { runGenerateTypes } from '../../tools/generate-types-program'
import { projectRoot } from '../helpers/fixtures'

async function run(args: string[]): Promise<{ code: number; output: string }> {
  let output = ''
  const io: CliIo = {
    stdout: (text) => void (output += text),
    stderr: (text) => void (output += text),
  }
  const code = await runGenerateTypes(args, io)
  return { code, output }
}

describe('npm run types:check', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hexwright-types-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('passes on the committed schemas and generated files', async () => {
    const result = await run(['--check'])
    expect(result.output).toBe('Generated files are up to date.\n')
    expect(result.code).toBe(0)
  })

  it('fails when a schema changed and the types were not regenerated, and passes after regenerating', async () => {
    cpSync(join(projectRoot, 'schemas'), join(scratch, 'schemas'), { recursive: true })
    cpSync(join(projectRoot, 'src/runtime/generated'), join(scratch, 'src/runtime/generated'), {
      recursive: true,
    })
    const file = join(scratch, 'schemas/map.schema.json')
    const schema = JSON.parse(readFileSync(file, 'utf8'))
    schema.properties.author = { description: 'Who drew the map.', type: 'string' }
    writeFileSync(file, JSON.stringify(schema, null, 2))

    const stale = await run(['--check', '--root', scratch])
    expect(stale.code).toBe(1)
    expect(stale.output).toMatch(/out of date.*content-types\.ts/s)

    expect(await run(['--root', scratch])).toEqual({
      code: 0,
      output: 'Wrote 4 files to src/runtime/generated/.\n',
    })
    expect(readFileSync(join(scratch, 'src/runtime/generated/content-types.ts'), 'utf8')).toContain(
      'author?: string',
    )
    expect((await run(['--check', '--root', scratch])).code).toBe(0)
  })
})
