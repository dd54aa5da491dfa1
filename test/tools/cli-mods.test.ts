/**
 * Mods in their own folder: the CLI loads a mod pack over the bundled content (`validate mod/`,
 * `legal <scenario> --content mod/`), checks its manifest against the packs below it, and a
 * variant adds a unit type's row and column to a matrix by key. The example mod is
 * test/fixtures/mods/war-elephants (docs/MODDING.md walks through it).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadScenario } from '../../tools/session'
import { projectRoot } from '../helpers/fixtures'
import { runCliHere as run } from '../helpers/run'

const MOD = 'test/fixtures/mods/war-elephants'
const scratch = mkdtempSync(join(tmpdir(), 'hexwright-mods-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A copy of the example mod in the scratch folder, as `name/`. */
function copyOfMod(name: string): string {
  cpSync(join(projectRoot, MOD), join(scratch, name), { recursive: true })
  return name
}

function edit(file: string, from: string, to: string): void {
  const path = join(scratch, file)
  const text = readFileSync(path, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`)
  writeFileSync(path, text.replace(from, to))
}

/** `line:column` of the first `text` in a file of the scratch folder (of `from` on, when given). */
function placeOf(file: string, text: string, from?: string): string {
  const all = readFileSync(join(scratch, file), 'utf8')
  const offset = all.indexOf(text, from === undefined ? 0 : all.indexOf(from))
  const lines = all.slice(0, offset).split('\n')
  return `${lines.length}:${(lines.at(-1)?.length ?? 0) + 1}`
}

/** The bundled shock modifiers with a weapons-matrix term that divides by zero. */
function brokenShockModifiers(): unknown {
  const drm = JSON.parse(
    readFileSync(join(projectRoot, 'content/tables/inf-shock-drm.json'), 'utf8'),
  ) as { terms: { id: string; value?: unknown }[] }
  const term = drm.terms.find((t) => t.id === 'weapons-matrix')
  if (term === undefined) throw new Error('the shock modifiers have no weapons-matrix term')
  term.value = 'a.ratings.movement / (defender.ratings.movement - defender.ratings.movement)'
  return drm
}

describe('a mod pack in its own folder', { timeout: 120_000 }, () => {
  it('validates alone over the bundled content, reporting only its own files', async () => {
    const result = await run(['validate', MOD])
    expect(result).toEqual({
      code: 0,
      stdout: '4 content files valid (1 mod, 1 variant, 1 scenario, 1 unit-set)\n',
      stderr: '',
    })
  })

  it('plays with --content: its variant adds the new type’s row and column to the bundled matrix', async () => {
    const result = await run(['legal', 'elephants-at-the-ford', '--content', MOD, '--json'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout).actions.length).toBeGreaterThan(0)
    const loaded = loadScenario('elephants-at-the-ford', { content: MOD }, undefined, projectRoot)
    const matrix = loaded.rules.ruleset.tables.find((t) => t.id === 'inf-weapons-matrix')
    if (matrix?.kind !== 'matrix') throw new Error('the weapons matrix is missing')
    expect(matrix.rows?.at(-1)).toBe('el')
    expect(matrix.columns?.at(-1)).toBe('el')
    expect(matrix.columns).toHaveLength(13)
    expect(matrix.cells['el']?.['kn']).toBe(1)
    expect(matrix.cells['kn']?.['el']).toBe(-1)
    expect(matrix.cells['kn']?.['hc']).toBe(1)
  })

  it('locates a matrix column left short, a pack not loaded, a version refused and a replaced file', async () => {
    const mod = copyOfMod('short')
    const variant = `${mod}/rulesets/infidel-elephants.json`
    const manifest = `${mod}/hexwright-mod.json`
    edit(variant, ', "pk": 0}', '}')
    edit(
      manifest,
      '[{"id": "hexwright", "version": ">=0.1.0"}]',
      '[{"id": "hexwright", "version": "^9.0.0"}, {"id": "byzantine-pack", "version": "^1.0.0"}]',
    )
    cpSync(
      join(projectRoot, 'content/tables/inf-fire-range.json'),
      join(scratch, mod, 'tables/inf-fire-range.json'),
    )
    const result = await run(['validate', mod], scratch)
    const bundledTable = join(projectRoot, 'content/tables/inf-fire-range.json')
    expect(result.stdout).toBe(
      [
        `${mod}/tables/inf-fire-range.json: note: replaces ${bundledTable}, which has the same path in a pack below`,
        `${manifest}:${placeOf(manifest, '"^9.0.0"')}: "War elephants" needs "the bundled content" at version ^9.0.0, but version 0.1.0 is loaded (at /dependencies/0/version)`,
        `${manifest}:${placeOf(manifest, '"byzantine-pack"')}: "War elephants" builds on the pack "byzantine-pack", which is not loaded; give its folder with --content before this one (at /dependencies/1/id)`,
        `${variant}:${placeOf(variant, '{"kn"', '"columns"')}: column "el" is new, so it needs a cell for every row: add "pk" (null where the pairing is not allowed) (at /matrices/inf-weapons-matrix/columns/el)`,
        '',
      ].join('\n'),
    )
    expect(result.stderr).toBe('3 problems in 2 files (5 checked)\n')
    expect(result.code).toBe(1)
  })

  it('names the mod’s folder in the command that plays a stopped test game again', async () => {
    const mod = copyOfMod('stopping')
    // The mod replaces the bundled shock modifiers with a term that divides by zero.
    mkdirSync(join(scratch, mod, 'tables'), { recursive: true })
    writeFileSync(
      join(scratch, mod, 'tables/inf-shock-drm.json'),
      JSON.stringify(brokenShockModifiers(), null, 2),
    )
    const result = await run(['validate', mod], scratch)
    expect(result.code).toBe(1)
    const stop = result.stdout
      .split('\n')
      .find((l) => l.startsWith(`${mod}/scenarios/elephants-at-the-ford.json:1:1: a test game`))
    // The refused action in words, not as JSON, and the command with the mod's folder.
    expect(stop).toMatch(/stops after \d+ actions: action \d+ \([A-Z][^{}]*\) was listed as legal/)
    const command = /play the same game with `npm run cli -- (.*)`/.exec(stop ?? '')?.[1]
    expect(command).toBe(`simulate elephants-at-the-ford --content ${mod} --games 1 --seed 1`)
    // The command plays the same game, and it stops the same way.
    const again = await run((command as string).split(' '), scratch)
    expect(again.code).toBe(1)
    expect(again.stdout + again.stderr).toMatch(/division by zero/)
  })

  it('plays the bundled scenarios a replacing file could break, and reports the file', async () => {
    // A pack of one file: the bundled shock modifiers, replaced with a term that divides by zero.
    mkdirSync(join(scratch, 'replacing/tables'), { recursive: true })
    cpSync(
      join(projectRoot, MOD, 'hexwright-mod.json'),
      join(scratch, 'replacing/hexwright-mod.json'),
    )
    writeFileSync(
      join(scratch, 'replacing/tables/inf-shock-drm.json'),
      JSON.stringify(brokenShockModifiers(), null, 2),
    )
    const result = await run(['validate', 'replacing'], scratch)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /^replacing\/tables\/inf-shock-drm\.json:\d+:\d+: in .*, a test game \(seed 1, random legal actions\) stops .*division by zero/m,
    )
    expect(result.stderr).toBe('1 problem in 1 file (2 checked)\n')
  })

  it('refuses a mod whose new unit type has no row in the matrix, in the mod’s unit set', async () => {
    const mod = copyOfMod('no-matrix')
    const variant = `${mod}/rulesets/infidel-elephants.json`
    const text = readFileSync(join(scratch, variant), 'utf8')
    writeFileSync(join(scratch, variant), text.slice(0, text.indexOf(',\n  "matrices"')) + '\n}\n')
    const result = await run(['legal', 'elephants-at-the-ford', '--content', mod], scratch)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    const units = `${mod}/units/war-elephant-units.json`
    // The check is the playability check's; its words are its own.
    expect(result.stderr).toMatch(
      new RegExp(
        `^${units}:${placeOf(units, '{', '"types"')}: .*War Elephants.* \\(at /types/0\\)\\n`,
      ),
    )
  })
})
