/**
 * Inputs made to break the command line (issue 12, "Bad inputs"): JSON nested beyond any
 * parser's stack, names every JavaScript object already has, bytes that are not UTF-8, unit
 * types defined twice, saved games that do not replay, "__proto__" in actions and options,
 * games that stop and a reader that goes away. Each is a located problem or a plain sentence
 * with exit 1, never a crash, a stack trace or something written anyway.
 */
import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { firstInvalidUtf8 } from '../../tools/content-files'
import { projectRoot } from '../helpers/fixtures'
import type { Ran } from '../helpers/run'
import { runCliHere } from '../helpers/run'

/** A line of a stack trace, as Node prints them. */
const STACK = /\n\s+at .*:\d+:\d+/

const scratch = mkdtempSync(join(tmpdir(), 'hexwright-bad-inputs-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A folder of its own under the scratch folder, with a copy of the bundled content when asked. */
function folder(name: string, withContent = false): string {
  const dir = join(scratch, name)
  mkdirSync(dir, { recursive: true })
  if (withContent) cpSync(join(projectRoot, 'content'), join(dir, 'content'), { recursive: true })
  return dir
}

async function run(args: string[], cwd: string): Promise<Ran> {
  const ran = await runCliHere(args, cwd)
  expect(ran.stdout + ran.stderr).not.toMatch(STACK)
  expect(ran.stderr).not.toContain('internal error')
  return ran
}

function edit(dir: string, file: string, from: string, to: string): void {
  const path = join(dir, file)
  const text = readFileSync(path, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`)
  writeFileSync(path, text.replace(from, to))
}

/** 1-based line and column where `needle` starts in a file (its first occurrence). */
function placeOf(dir: string, file: string, needle: string): string {
  const text = readFileSync(join(dir, file), 'utf8')
  const at = text.indexOf(needle)
  if (at < 0) throw new Error(`${file} does not contain ${needle}`)
  const before = text.slice(0, at).split('\n')
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

/**
 * `validate <file>` prints `line` alone and exits 1; a game of the sample scenario is then
 * refused with that problem (exit 1, nothing on stdout), never started.
 */
async function expectRefused(dir: string, file: string, line: string): Promise<void> {
  const validated = await run(['validate', file], dir)
  expect(validated.code).toBe(1)
  expect(validated.stdout).toBe(`${line}\n`)
  expect(validated.stderr).toBe('1 problem in 1 file (1 checked)\n')
  const legal = await run(['legal', 'sample-skirmish'], dir)
  expect(legal.code).toBe(1)
  expect(legal.stdout).toBe('')
  expect(legal.stderr).toBe(`${line}\nhexwright: the content does not load (1 problem)\n`)
}
describe('JSON nested deeper than any content needs', () => {
  const dir = folder('deep')
  const scenarios = join(dir, 'content', 'scenarios')
  mkdirSync(scenarios, { recursive: true })
  const DEEP =
    'the JSON nests deeper than 256 levels of lists and objects here; no content needs that many'

  it('is a located problem, exit 1, for lists and objects 10,000 deep, at the bracket that goes too deep', async () => {
    writeFileSync(join(scenarios, 'deep-list.json'), '['.repeat(10_000) + ']'.repeat(10_000))
    writeFileSync(
      join(scenarios, 'deep-object.json'),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    )
    // Brackets inside strings do not count; the object is the first level, its list on the
    // third line the second.
    writeFileSync(
      join(scenarios, 'deep-lines.json'),
      '{\n  "note": "[[[[{{{{",\n  "x": ' + '['.repeat(300) + ']'.repeat(300) + '\n}\n',
    )
    const result = await run(['validate', 'content/scenarios'], dir)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      [
        `content/scenarios/deep-lines.json:3:${7 + 256}: ${DEEP} (at /)`,
        `content/scenarios/deep-list.json:1:257: ${DEEP} (at /)`,
        `content/scenarios/deep-object.json:1:${5 * 256 + 1}: ${DEEP} (at /)`,
        '',
      ].join('\n'),
    )
    expect(result.stderr).toBe('3 problems in 3 files (3 checked)\n')
  })

  it('refuses an actions file nested 10,000 deep the same way, before any game starts', async () => {
    const actions = join(dir, 'deep-actions.json')
    writeFileSync(
      actions,
      '[{"type": "pass", "x": ' + '['.repeat(10_000) + ']'.repeat(10_000) + '}]',
    )
    const result = await run(
      ['play', 'sample-skirmish', '--content', join(projectRoot, 'content'), '--actions', actions],
      dir,
    )
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `deep-actions.json:1:${23 + 255}: ${DEEP} (at /)\nhexwright: deep-actions.json is not a valid actions file (1 problem)\n`,
    )
  })
})

describe('names every JavaScript object already has', { timeout: 120_000 }, () => {
  const dir = folder('reserved', true)
  const SCENARIO = 'content/scenarios/sample-skirmish.json'
  const reserved = (name: string) =>
    `"${name}" cannot be used as a name: every JavaScript object already has a built-in "${name}", which the engine would find instead; choose another name`

  it('refuses a unit called "constructor" where it is defined, in validate and in legal, exit 1', async () => {
    edit(dir, SCENARIO, '"id": "franks-kn-1"', '"id": "constructor"')
    const at = placeOf(dir, SCENARIO, '"constructor"')
    const line = `${SCENARIO}:${at}: ${reserved('constructor')} (at /sides/0/units/1/id)`
    // Once every game stopped with "before.filter is not a function"; now the game is refused
    // with the problem, not with "no scenario".
    await expectRefused(dir, SCENARIO, line)
  })

  it('refuses a unit called "__proto__" at the same place', async () => {
    edit(dir, SCENARIO, '"id": "constructor"', '"id": "__proto__"')
    const at = placeOf(dir, SCENARIO, '"__proto__"')
    const line = `${SCENARIO}:${at}: the text "__proto__" is not a valid value for "id": use lower-case letters, digits and single hyphens, like "heavy-cavalry" (at /sides/0/units/1/id)`
    const validated = await run(['validate', SCENARIO], dir)
    expect(validated.code).toBe(1)
    expect(validated.stdout).toBe(`${line}\n`)
    const legal = await run(['legal', 'sample-skirmish'], dir)
    expect(legal.code).toBe(1)
    expect(legal.stderr).toBe(`${line}\nhexwright: the content does not load (1 problem)\n`)
  })

  it('refuses them as a unit type id, a side id and a map hex, where each is written', async () => {
    edit(dir, SCENARIO, '"id": "__proto__"', '"id": "franks-kn-1"')
    const UNITS = 'content/units/infidel-units.json'
    const MAP = 'content/maps/sample-ford.json'
    edit(dir, UNITS, '"id": "kn"', '"id": "constructor"')
    edit(dir, SCENARIO, '"id": "franks"', '"id": "constructor"')
    edit(dir, MAP, '"0106": {', '"__proto__": {')
    edit(dir, MAP, '"0206": {', '"hasOwnProperty": {')
    const result = await run(['validate', UNITS, SCENARIO, MAP], dir)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      [
        `${MAP}:${placeOf(dir, MAP, '"__proto__"')}: ${reserved('__proto__')} (at /hexes/__proto__)`,
        `${MAP}:${placeOf(dir, MAP, '"hasOwnProperty"')}: ${reserved('hasOwnProperty')} (at /hexes/hasOwnProperty)`,
        `${SCENARIO}:${placeOf(dir, SCENARIO, '"constructor"')}: ${reserved('constructor')} (at /sides/0/id)`,
        `${UNITS}:${placeOf(dir, UNITS, '"constructor"')}: ${reserved('constructor')} (at /types/0/id)`,
        '',
      ].join('\n'),
    )
    expect(result.stderr).toBe('4 problems in 3 files (3 checked)\n')
  })
})

describe('bytes that are not UTF-8', () => {
  it('finds the first ill-formed sequence: a Latin-1 letter, a cut sequence, an overlong form, a surrogate', () => {
    const bytes = (...b: number[]) => Uint8Array.from(b)
    expect(firstInvalidUtf8(Buffer.from('plain, é, “quotes”, 𝄞', 'utf8'))).toBe(-1)
    expect(firstInvalidUtf8(bytes(0x43, 0x61, 0x66, 0xe9, 0x20))).toBe(3)
    expect(firstInvalidUtf8(bytes(0x41, 0xc3, 0x41))).toBe(1)
    expect(firstInvalidUtf8(bytes(0x41, 0xe2, 0x80))).toBe(1)
    expect(firstInvalidUtf8(bytes(0xc0, 0xaf))).toBe(0)
    expect(firstInvalidUtf8(bytes(0x41, 0xed, 0xa0, 0x80))).toBe(1)
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0)
    expect(firstInvalidUtf8(bytes(0x41, 0x80))).toBe(1)
  })

  it(
    'refuses a content file at the first bad byte, in validate and for play, exit 1',
    { timeout: 120_000 },
    async () => {
      const dir = folder('utf8', true)
      const MAP = 'content/maps/sample-ford.json'
      const path = join(dir, MAP)
      const text = readFileSync(path, 'utf8')
      const name = '"name": "'
      const at = text.indexOf(name) + name.length
      // "Café" as Latin-1 writes it: 0xE9 alone, after a line of "é" written as UTF-8.
      const bytes = Buffer.concat([
        Buffer.from(text.slice(0, at) + 'é, Caf', 'utf8'),
        Buffer.from([0xe9]),
        Buffer.from(text.slice(at), 'utf8'),
      ])
      writeFileSync(path, bytes)
      const lines = text.slice(0, at).split('\n')
      const column = (lines.at(-1)?.length ?? 0) + 'é, Caf'.length + 1
      const line = `${MAP}:${lines.length}:${column}: the file is not valid UTF-8: the character here (byte 0xE9) cannot be read; save the file as UTF-8 (at /)`
      await expectRefused(dir, MAP, line)
    },
  )

  it('refuses an actions file with a bad byte at that byte', async () => {
    const dir = folder('utf8-actions')
    writeFileSync(
      join(dir, 'actions.json'),
      Buffer.concat([
        Buffer.from('[\n  {"type": "pass", "note": "'),
        Buffer.from([0xff, 0x22, 0x7d, 0x5d]),
      ]),
    )
    const result = await run(
      [
        'play',
        'sample-skirmish',
        '--content',
        join(projectRoot, 'content'),
        '--actions',
        'actions.json',
        '--seed',
        '1',
      ],
      dir,
    )
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'actions.json:2:29: the file is not valid UTF-8: the character here (byte 0xFF) cannot be read; save the file as UTF-8 (at /)\nhexwright: actions.json is not a valid actions file (1 problem)\n',
    )
  })
})

describe('unit types defined twice', { timeout: 120_000 }, () => {
  const dir = folder('twice', true)
  const UNITS = 'content/units/infidel-units.json'

  it('refuses a type defined twice in one unit set, at the second definition', async () => {
    const original = readFileSync(join(dir, UNITS), 'utf8')
    const set = JSON.parse(original) as { types: { id: string }[] }
    const first = set.types[0]
    if (first === undefined) throw new Error('the unit set has no types')
    set.types.push({ ...first })
    writeFileSync(join(dir, UNITS), `${JSON.stringify(set, null, 2)}\n`)
    const text = readFileSync(join(dir, UNITS), 'utf8')
    const idText = `"id": "${first.id}"`
    const firstAt = text.indexOf(idText)
    const secondAt = text.indexOf(idText, firstAt + 1)
    const position = (offset: number) => {
      const lines = text.slice(0, offset).split('\n')
      return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 7 }
    }
    const second = position(secondAt)
    const result = await run(['validate', UNITS], dir)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      `${UNITS}:${second.line}:${second.column}: unit type "${first.id}" is already defined earlier in this unit set (line ${position(firstAt).line}); each unit type needs an id of its own (at /types/${set.types.length - 1}/id)\n`,
    )
    writeFileSync(join(dir, UNITS), original)
  })

  it('refuses a type two unit sets of one ruleset both define, at the second, naming the first', async () => {
    const set = JSON.parse(readFileSync(join(dir, UNITS), 'utf8')) as {
      ruleset: string
      types: { id: string }[]
    }
    const first = set.types[0]
    if (first === undefined) throw new Error('the unit set has no types')
    const EXTRA = 'content/units/extra-units.json'
    const extra = {
      $schema: '../../schemas/unit-set.schema.json',
      id: 'extra-units',
      schemaVersion: 1,
      ruleset: set.ruleset,
      name: 'Extra units',
      types: [first],
    }
    writeFileSync(join(dir, EXTRA), `${JSON.stringify(extra, null, 2)}\n`)
    const RULESET = `content/rulesets/${set.ruleset}.json`
    // Infidel is a variant of the Men of Iron system that includes its own unit set.
    const kind = readFileSync(join(dir, RULESET), 'utf8').includes('variant.schema.json')
      ? 'variant'
      : 'ruleset'
    edit(
      dir,
      RULESET,
      '"unitSets": ["infidel-units"]',
      '"unitSets": ["infidel-units", "extra-units"]',
    )
    const result = await run(['validate', EXTRA], dir)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      `${EXTRA}:${placeOf(dir, EXTRA, `"${first.id}"`)}: unit type "${first.id}" is already defined in ${UNITS} (line ${placeOf(dir, UNITS, `"id": "${first.id}"`).split(':')[0]}), which ${kind} "${set.ruleset}" also includes; each unit type needs an id of its own (at /types/0/id)\n`,
    )
    expect(result.stderr).toBe('1 problem in 1 file (1 checked)\n')
  })
})

describe('a saved game that does not replay to its saved state', { timeout: 120_000 }, () => {
  const dir = folder('saves')
  const games = join(dir, 'games')
  interface Save {
    stateHash: string
    stateHashes: string[]
    actions: Record<string, unknown>[]
  }
  let saved: Save | undefined
  async function save(): Promise<Save> {
    if (saved !== undefined) return saved
    const made = await run(
      [
        'simulate',
        'sample-skirmish',
        '--content',
        join(projectRoot, 'content'),
        '--games',
        '1',
        '--seed',
        '3',
        '--max-actions',
        '6',
        '--save-games',
        games,
      ],
      dir,
    )
    expect(made.code).toBe(0)
    saved = JSON.parse(readFileSync(join(games, 'game-3.json'), 'utf8')) as Save
    return saved
  }
  function write(name: string, value: Save): string {
    writeFileSync(join(dir, name), JSON.stringify(value, null, 2))
    return name
  }
  const play = (file: string, ...more: string[]) =>
    run(
      [
        'play',
        'sample-skirmish',
        '--content',
        join(projectRoot, 'content'),
        '--actions',
        file,
        ...more,
      ],
      dir,
    )

  it('replays as saved with exit 0', async () => {
    const result = await play(write('as-saved.json', await save()))
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('the state hash matches the saved game')
  })

  it('with a wrong hash: exit 1, the hashes compared, and no saved game written', async () => {
    const good = await save()
    const wrong = good.stateHash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef'
    const file = write('wrong-hash.json', { ...good, stateHash: wrong })
    const result = await play(file, '--save', 'again.json')
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('the state hash differs from the saved game')
    // Each action still leads to the state saved with it: only the final hash was changed.
    expect(result.stderr).toBe(
      `hexwright: the saved game does not replay to the state it was saved in: every action leads to the state saved with it, but the final state hash is ${good.stateHash}, not ${wrong}: "stateHash" was changed after saving\n`,
    )
    expect(existsSync(join(dir, 'again.json'))).toBe(false)
  })

  it('with an action changed to another legal one: exit 1 naming that action', async () => {
    const good = await save()
    const actions = good.actions.map((a) => ({ ...a }))
    const i = actions.findIndex((a) => a.type === 'move' && (a.path as string[]).length >= 3)
    expect(i).toBeGreaterThanOrEqual(0)
    const move = actions[i] as { path: string[] }
    move.path = move.path.slice(0, -1)
    const result = await play(write('shorter-move.json', { ...good, actions }))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      new RegExp(
        `^hexwright: the saved game does not replay to the state it was saved in: action ${i + 1} \\(.+ moves to ${move.path.at(-1)}.*\\) is the first to part from the game saved: it leads to state [0-9a-f]{16}, not ${good.stateHashes[i]} as when it was saved`,
      ),
    )
  })

  it('with an action changed to one the rules refuse: exit 1 naming that action', async () => {
    const good = await save()
    const actions = good.actions.map((a) => ({ ...a }))
    const i = actions.findIndex((a) => a.type === 'move')
    const move = actions[i] as { path: string[] }
    move.path = [...move.path, '9999']
    const result = await play(write('refused-move.json', { ...good, actions }))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      new RegExp(`^hexwright: action ${i + 1} \\(.+ moves to 9999.*\\) is not allowed: .+\\n$`),
    )
  })
})

describe('"__proto__" in an action and as an optional rule', () => {
  const dir = folder('proto')
  const content = join(projectRoot, 'content')

  it('refuses an action carrying "__proto__" like any argument it does not take, exit 1', async () => {
    // Its "side" was once read through the prototype: the refusal named the Emirate.
    writeFileSync(join(dir, 'side.json'), '[{"type": "pass", "__proto__": {"side": "emirate"}}]')
    const side = await run(
      ['play', 'sample-skirmish', '--content', content, '--actions', 'side.json', '--seed', '1'],
      dir,
    )
    expect(side.code).toBe(1)
    expect(side.stderr).toBe(
      'hexwright: action 1 (Pass) is not allowed: action "pass" takes no argument "__proto__" (the decision asked for is under rule 6.1)\n',
    )
    // Once accepted silently.
    writeFileSync(join(dir, 'extra.json'), '[{"type": "pass", "side": "franks", "__proto__": {}}]')
    const extra = await run(
      ['legal', 'sample-skirmish', '--content', content, '--actions', 'extra.json', '--seed', '1'],
      dir,
    )
    expect(extra.code).toBe(1)
    expect(extra.stdout).toBe('')
    expect(extra.stderr).toMatch(
      /^hexwright: action 1 .* is not allowed: action "pass" takes no argument "__proto__"/,
    )
  })

  it('refuses --option __proto__=on as it refuses any option the rules do not have', async () => {
    const unknown = await run(
      ['legal', 'sample-skirmish', '--content', content, '--option', 'no-such-rule=on'],
      dir,
    )
    const proto = await run(
      ['legal', 'sample-skirmish', '--content', content, '--option', '__proto__=on'],
      dir,
    )
    expect(unknown.code).toBe(1)
    expect(proto.code).toBe(1)
    expect(proto.stdout).toBe('')
    expect(proto.stderr).toMatch(/^no optional rule "__proto__"/)
    expect(proto.stderr.replace('__proto__', 'no-such-rule')).toBe(unknown.stderr)
  })
})

describe('games that stop, and output nobody reads', { timeout: 180_000 }, () => {
  it('simulate exits 1 when a game stops, naming the first', async () => {
    // A shock modifier that divides by zero: the first shock stops the game (validation finds
    // it with its test game; loading for play does not).
    const dir = folder('stops', true)
    const DRM = join(dir, 'content/tables/inf-shock-drm.json')
    const list = JSON.parse(readFileSync(DRM, 'utf8')) as { terms: Record<string, unknown>[] }
    list.terms.push({
      id: 'x-zero',
      label: 'Divided by nothing',
      value: '1 / (size(attackers) - size(attackers))',
    })
    writeFileSync(DRM, JSON.stringify(list, null, 2))
    const result = await run(['simulate', 'sample-skirmish', '--games', '2', '--seed', '1'], dir)
    expect(result.stdout).toMatch(/^game 1 \(seed 1\): stopped: /m)
    const stopped = result.stdout.match(/^game \d+ \(seed \d+\): stopped: /gm)?.length ?? 0
    expect(result.stdout).toContain(`; stopped ${stopped}\n`)
    expect(result.stderr).toBe(
      `hexwright: ${stopped} of 2 games stopped before they were decided, the first with seed 1\n`,
    )
    expect(result.code).toBe(1)
    const json = await run(
      ['simulate', 'sample-skirmish', '--games', '1', '--seed', '1', '--json'],
      dir,
    )
    expect(json.code).toBe(1)
    expect((JSON.parse(json.stdout) as { stopped: number }).stopped).toBe(1)
  })

  it('a closed pipe ends the process quietly: no stack trace, exit 0', async () => {
    // The reader is gone before the first line is written (as `legal … | head -1` once it has
    // its line): every write fails with EPIPE.
    const child = spawn(
      join(projectRoot, 'node_modules/.bin/tsx'),
      ['tools/cli.ts', 'legal', 'sample-skirmish'],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
    const code = await new Promise<number | null>((done) => child.on('close', done))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })
})
