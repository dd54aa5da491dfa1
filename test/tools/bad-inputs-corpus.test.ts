/**
 * The corpus of bad inputs (issue 12): every kind of content file broken in the ways a designer
 * or a damaged download breaks it (test/tools/bad-inputs/corpus.ts), action files, saved games
 * and arguments (bad-inputs/commands.ts). Each is refused with exit 1 and a message that says
 * where (file:line:column and the JSON pointer, or the action's number), never a stack trace,
 * and nothing is written. The content cases run in-process over the mini fixture, a few
 * milliseconds each; the commands run in-process against the bundled content.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileExpression, createEnvironment, MAX_MACRO_STEPS } from '../../src/runtime/expr'
import { formatProblem, validateContent } from '../../src/runtime'
import { projectRoot, readContentFolder } from '../helpers/fixtures'
import { runBin, runCliHere } from '../helpers/run'
import type { BaseSave, CommandCase } from './bad-inputs/commands'
import { ACTION_FILE_CASES, ARGUMENT_CASES, CONTENT, SAVED_GAME_CASES } from './bad-inputs/commands'
import { CONTENT_CASES, KINDS } from './bad-inputs/corpus'
import { runContentCase } from './bad-inputs/run-content'

/** A line of a stack trace, as Node prints them, and the words of a crash. */
const STACK =
  /\n\s+at .*:\d+:\d+|internal error|is not a function|Cannot read propert|\[object Object\]/
/** A problem as `validate` prints it. */
const LINE =
  /^(?<file>[^:]+):(?<line>\d+):(?<column>\d+): (?<warning>warning: )?(?<message>.+) \(at (?<pointer>\/[^()]*)\)$/

describe('the corpus of bad content', () => {
  it('has at least 200 cases and covers every kind of content file', () => {
    expect(CONTENT_CASES.length).toBeGreaterThanOrEqual(200)
    const names = new Set(CONTENT_CASES.map((c) => c.name))
    expect(names.size).toBe(CONTENT_CASES.length)
    for (const file of Object.values(KINDS))
      expect(CONTENT_CASES.filter((c) => c.file === file).length).toBeGreaterThanOrEqual(25)
  })

  it.each(CONTENT_CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const run = runContentCase(c)
    const file = c.reportedIn ?? c.file
    const text = run.texts[file] ?? ''
    for (const line of run.lines) {
      expect(line).not.toMatch(STACK)
      const m = LINE.exec(line)?.groups
      expect(m, line).toBeDefined()
      expect(m?.file).toBe(file)
      // On a line of the file as written (a parse error may point just past its last line).
      expect(Number(m?.line)).toBeGreaterThanOrEqual(1)
      expect(Number(m?.line)).toBeLessThanOrEqual(Math.max(1, text.split('\n').length + 1))
      expect(Number(m?.column)).toBeGreaterThanOrEqual(1)
    }
    const found = run.added.find((line) => {
      const m = LINE.exec(line)?.groups
      if (m === undefined) return false
      const pointer = m.pointer === '/' ? '' : (m.pointer ?? '')
      const at = typeof c.pointer === 'string' ? pointer === c.pointer : c.pointer.test(pointer)
      const level = (m.warning !== undefined) === (c.severity === 'warning')
      return at && level && c.message.test(m.message ?? '')
    })
    expect(
      found,
      `${c.name}: expected ${String(c.pointer)} ${String(c.message)}, got\n${run.added.join('\n')}`,
    ).toBeDefined()
    expect(run.code).toBe(c.severity === 'warning' ? 0 : 1)
    if (run.code === 1) expect(run.stderr).toMatch(/^\d+ problems? in 1 file \(1 checked\)\n$/)
  })
})

describe('an expression of exponential cost', () => {
  const env = createEnvironment({ variables: { l: 'list<number>' } })
  it('is refused when it nests more than three list macros, at the fourth', () => {
    const source = `l.exists(a, l.exists(b, l.all(c, l.exists(d, a + b + c + d > 0))))`
    const result = compileExpression(source, env, { expect: 'boolean' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual([
      {
        message:
          'exists here is nested in 3 other list macros, a level too many: at most 3 levels are allowed, because each level multiplies the work by the length of its list',
        start: source.indexOf('exists(d'),
        end: source.length - 3,
      },
    ])
  })

  it('is given up at run time, with its place, when its lists are far longer than content has', () => {
    const three = compileExpression('l.exists(a, l.exists(b, l.exists(c, a + b + c < 0)))', env, {
      expect: 'boolean',
    })
    if (!three.ok) throw new Error('three levels compile')
    expect(three.expr.evaluate({ l: [1, 2, 3] })).toBe(false)
    const long = Array.from({ length: 200 }, (_, i) => i)
    const started = performance.now()
    expect(() => three.expr.evaluate({ l: long })).toThrow(
      `this takes too long to work out: its list macros would visit more than ${MAX_MACRO_STEPS.toLocaleString('en-US')} elements`,
    )
    expect(performance.now() - started).toBeLessThan(5000)
    // The count starts again with the next evaluation.
    expect(three.expr.evaluate({ l: [1, 2, 3] })).toBe(false)
  })
})

const scratch = mkdtempSync(join(tmpdir(), 'hexwright-bad-commands-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function listing(dir: string): string {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((name) => {
      const st = statSync(join(dir, name))
      return `${name} ${st.size} ${st.mtimeMs}`
    })
    .join('\n')
}

/** A game of the sample skirmish, as `simulate --save-games` saves it in `folder`. */
async function savedGame(folder: string, seed: number, maxActions: number): Promise<BaseSave> {
  const dir = join(scratch, folder)
  mkdirSync(dir)
  const args = ['simulate', 'sample-skirmish', '--content', join(projectRoot, 'content')]
  const made = await runCliHere(
    [
      ...args,
      '--games',
      '1',
      '--seed',
      String(seed),
      '--max-actions',
      String(maxActions),
      '--save-games',
      dir,
    ],
    scratch,
  )
  expect(made.code).toBe(0)
  return JSON.parse(readFileSync(join(dir, `game-${seed}.json`), 'utf8')) as BaseSave
}

describe('bad action files, saved games and arguments', { timeout: 120_000 }, () => {
  const content = join(projectRoot, 'content')
  let base: BaseSave | undefined
  beforeAll(async () => {
    base = await savedGame('base', 3, 12)
  })

  it('saves a hash of the state after each action, the last the final hash', () => {
    expect(base?.stateHashes).toHaveLength(base?.actions.length ?? -1)
    expect(base?.stateHashes.at(-1)).toBe(base?.stateHash)
  })

  const cases: [string, CommandCase][] = [
    ...ACTION_FILE_CASES.map((c) => [`actions: ${c.name}`, c] as [string, CommandCase]),
    ...SAVED_GAME_CASES.map((c) => [`saved game: ${c.name}`, c] as [string, CommandCase]),
    ...ARGUMENT_CASES.map((c) => [`arguments: ${c.name}`, c] as [string, CommandCase]),
  ]
  let n = 0
  it.each(cases)('%s', async (_, c) => {
    if (base === undefined) throw new Error('no saved game to change')
    const dir = join(scratch, `case-${++n}`)
    mkdirSync(dir)
    for (const [name, text] of Object.entries(c.files?.(base) ?? {}))
      writeFileSync(join(dir, name), text)
    const before = listing(dir)
    const ran = await runCliHere(
      c.args.map((a) => (a === CONTENT ? content : a)),
      dir,
    )
    expect(ran.stdout + ran.stderr).not.toMatch(STACK)
    expect(ran.stderr).toMatch(c.stderr)
    expect(ran.code).toBe(1)
    expect(listing(dir)).toBe(before)
  })
})

describe('validate on the bundled content', { timeout: 120_000 }, () => {
  it('replays the saved games it is given, names the first action that parts from the game, and holds ratings to the ranges the rulesets declare', async () => {
    const good = await savedGame('for-validate', 5, 10)
    const variant = (edit: (s: BaseSave) => void): string => {
      const copy = JSON.parse(JSON.stringify(good)) as BaseSave
      edit(copy)
      return JSON.stringify(copy, null, 2)
    }
    const i = good.actions.findIndex((a) => a.type === 'move')
    expect(i).toBeGreaterThanOrEqual(0)
    const saves: Record<string, string> = {
      good: JSON.stringify(good, null, 2),
      'wrong-hash': variant((s) => void (s.stateHash = '0123456789abcdef')),
      tampered: variant(
        (s) =>
          void (s.actions[i] = {
            ...s.actions[i],
            // Another corner of a flat-top hex: a move the rules allow, to another facing.
            facing: s.actions[i]?.facing === 'NE' ? 'SW' : 'NE',
          }),
      ),
      refused: variant((s) => void (s.actions[1] = { type: 'fly', side: 'franks' })),
      'old-wrong-hash': variant((s) => {
        delete (s as { stateHashes?: unknown }).stateHashes
        s.stateHash = '0123456789abcdef'
      }),
    }
    const ARSUF = 'content/scenarios/arsuf-1191.json'
    const sources = [
      ...readContentFolder('content').map((f) =>
        f.path === ARSUF
          ? {
              ...f,
              text: f.text
                .replace(
                  '"activation": 4, "commandRange": 5, "charisma": 2',
                  '"activation": -5, "commandRange": 5, "charisma": 2',
                )
                .replace(
                  '"activation": 3, "commandRange": 3, "charisma": 1',
                  '"activation": 1e9, "commandRange": 3, "charisma": 1',
                ),
            }
          : f,
      ),
      ...Object.entries(saves).map(([name, text]) => ({
        path: `content/saves/${name}.json`,
        text,
      })),
    ]
    // No test game (seconds of play, not what this asks), but the saved games replayed.
    const report = validateContent(sources, { testGames: () => false })
    const lines = report.problems
      .filter((p) => p.file.startsWith('content/saves/') || p.file === ARSUF)
      .map(formatProblem)
    expect(lines).toEqual([
      expect.stringMatching(
        /^content\/saves\/old-wrong-hash\.json:\d+:\d+: the saved game does not replay to the state it was saved in: after its \d+ actions the state hash is [0-9a-f]{16}, not 0123456789abcdef; .*which action cannot be told\) \(at \/stateHash\)$/,
      ),
      expect.stringMatching(
        /^content\/saves\/refused\.json:\d+:\d+: the game cannot be replayed: action 2 \(Fly\) is not allowed: .+ \(at \/actions\/1\)$/,
      ),
      expect.stringMatching(
        new RegExp(
          `^content/saves/tampered\\.json:\\d+:\\d+: the saved game does not replay to the state it was saved in: action ${i + 1} \\(.+ moves to .+\\) is the first to part from the game saved: it leads to state [0-9a-f]{16}, not ${good.stateHashes[i]} as when it was saved; .+ \\(at /actions/${i}\\)$`,
        ),
      ),
      expect.stringMatching(
        /^content\/saves\/wrong-hash\.json:\d+:\d+: the saved game does not replay to the state it was saved in: every action leads to the state saved with it, but the final state hash is [0-9a-f]{16}, not 0123456789abcdef: "stateHash" was changed after saving \(at \/stateHash\)$/,
      ),

      expect.stringMatching(
        /^content\/scenarios\/arsuf-1191\.json:86:\d+: rating "activation" must be from 0 to 9, the range the ruleset declares for it, found the number -5 \(at \/sides\/0\/units\/0\/ratings\/activation\)$/,
      ),
      expect.stringMatching(
        /^content\/scenarios\/arsuf-1191\.json:95:\d+: rating "activation" must be from 0 to 9, the range the ruleset declares for it, found the number 1000000000 \(at \/sides\/0\/units\/\d+\/ratings\/activation\)$/,
      ),
    ])
  })
})

describe('the real process', { timeout: 120_000 }, () => {
  it('exits 1 with the located problem for a content file cut off, and writes nothing', () => {
    const dir = join(scratch, 'process')
    mkdirSync(join(dir, 'maps'), { recursive: true })
    const map = readFileSync(join(projectRoot, 'test/fixtures/mini/maps/mini-map.json'), 'utf8')
    writeFileSync(join(dir, 'maps/mini-map.json'), map.slice(0, map.indexOf('"hexsides"')))
    const before = listing(dir)
    const ran = runBin(
      'tsx',
      [join(projectRoot, 'tools/cli.ts'), 'validate', 'maps/mini-map.json'],
      dir,
    )
    expect(ran.stdout + ran.stderr).not.toMatch(STACK)
    expect(ran.stdout).toMatch(
      /^maps\/mini-map\.json:\d+:\d+: expected .*the file ends too early, is it cut short\? \(at \/[^)]*\)\n/,
    )
    expect(ran.stderr).toBe('1 problem in 1 file (1 checked)\n')
    expect(ran.code).toBe(1)
    expect(listing(dir)).toBe(before)
  })
})
