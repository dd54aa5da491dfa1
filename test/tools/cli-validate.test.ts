import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/fixtures'
import type { Ran } from '../helpers/run'
import { runCliHere } from '../helpers/run'

/**
 * `npm run cli -- <args>` run in `cwd`, in-process (runCli, what tools/cli.ts runs):
 * cli-process.test.ts checks the real process.
 */
function run(args: string[], cwd: string): Promise<Ran> {
  return runCliHere(args, cwd)
}

function edit(dir: string, file: string, from: string, to: string): void {
  const path = join(dir, file)
  const text = readFileSync(path, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`)
  writeFileSync(path, text.replace(from, to))
}

describe('npm run cli -- validate', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hexwright-cli-'))
  beforeAll(() =>
    cpSync(join(projectRoot, 'content'), join(scratch, 'content'), { recursive: true }),
  )
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('accepts the bundled content with exit 0: a summary, after a warning on each ruleset the engine cannot play yet', async () => {
    const result = await run(['validate'], projectRoot)
    expect(result.stderr).toBe('')
    const lines = result.stdout.trim().split('\n')
    expect(lines.at(-1)).toMatch(/^\d+ content files valid \(/)
    // Les Croisades plays by turns and phases, with mechanics the engine has no procedure for;
    // it says so once, at the first of them. Croisades tactical is played in full.
    expect(lines.slice(0, -1)).toEqual([
      expect.stringMatching(
        /^content\/rulesets\/les-croisades\.json:\d+:\d+: warning: no scenario can be played on this ruleset yet: .*"supply" \(2\. Supply\).*the reaction Interception \("battle" when enter-hex\).* \(at \/sequence\/phases\/0\/mechanic\)$/,
      ),
    ])
    expect(result.code).toBe(0)
  })

  it('on a broken copy, prints file:line:column and pointer for each problem and exits 1', async () => {
    const dir = join(scratch, 'content')
    // A misspelt terrain id.
    edit(
      dir,
      'maps/sample-ford.json',
      '"0309": {"terrain": "woods"}',
      '"0309": {"terrain": "wodos"}',
    )
    // Text where a number belongs.
    edit(
      dir,
      'units/infidel-units.json',
      '"ratings": {"movement": 6, "shockDefense": -3',
      '"ratings": {"movement": "6", "shockDefense": -3',
    )
    // A missing required field.
    edit(dir, 'scenarios/sample-skirmish.json', '  "map": "sample-ford",\n', '')
    // A truncated file.
    const crt = join(dir, 'tables/inf-shock-crt.json')
    const text = readFileSync(crt, 'utf8')
    writeFileSync(crt, text.slice(0, Math.floor(text.length / 2)))

    const result = await run(['validate', 'content'], scratch)
    expect(result.code).toBe(1)
    const lines = result.stdout
      .trim()
      .split('\n')
      .filter((line) => !line.includes(': warning: '))
    expect(lines).toEqual([
      'content/maps/sample-ford.json:21:25: unknown terrain "wodos" — did you mean "woods"? (at /hexes/0309/terrain)',
      'content/scenarios/sample-skirmish.json:1:1: missing required field "map" (at /)',
      'content/tables/inf-shock-crt.json:32:3: expected "}" to close the object: the file ends too early, is it cut short? (at /rows/1/cellProvenance/normal)',
      'content/units/infidel-units.json:50:31: rating "movement" must be a number, found the text "6" (at /types/0/ratings/movement)',
    ])
    expect(result.stderr).toMatch(/^4 problems in 4 files/)
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
  })

  it('says a fault found by two checks once', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'hexwright-cli-'))
    try {
      cpSync(join(projectRoot, 'content'), join(copy, 'content'), { recursive: true })
      // The ruleset resolver and the reference checker both see a misspelt base.
      edit(
        join(copy, 'content'),
        'rulesets/infidel.json',
        '"base": "men-of-iron-system"',
        '"base": "men-of-iron-systm"',
      )
      const result = await run(['validate', 'content/rulesets/infidel.json'], copy)
      expect(result.stdout.trim().split('\n')).toEqual([
        'content/rulesets/infidel.json:7:11: unknown base ruleset "men-of-iron-systm" — did you mean "men-of-iron-system"? (at /base)',
      ])
      expect(result.code).toBe(1)
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })

  it('reports a missing path as a usage error without a stack trace', async () => {
    const result = await run(['validate', 'no/such/folder'], scratch)
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe('hexwright: no such file or folder: no/such/folder')
  })
})
