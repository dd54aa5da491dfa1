/**
 * The headless play commands as a user runs them (`npm run cli -- play|legal|odds|simulate`):
 * the sample scenario and the kernel test rules played by activations, forced dice, the log
 * with every roll and modifier (loss check 3.0, free activation 6.1, continuation 6.2), refused
 * actions naming their number and rule, JSON output, saved games, located content problems.
 * The command line runs in-process (runCli, what tools/cli.ts runs); cli-process.test.ts checks
 * the real process.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { faceRange, reduceFraction } from '../../src/runtime/dice'
import { startGame } from '../../src/runtime/play'
import { outcomeKey, resolveWithRoll } from '../../src/runtime/rules'
import { resolutionVariables } from '../../src/runtime/state'
import { bundledLibrary } from '../content/bundled'
import { projectRoot } from '../helpers/fixtures'
import type { Ran } from '../helpers/run'
import { runCliHere } from '../helpers/run'
import { runCli } from '../../tools/cli-program'

const scratch = mkdtempSync(join(tmpdir(), 'hexwright-play-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function run(...args: string[]): Promise<Ran> {
  return runCliHere(args)
}

function file(name: string, value: unknown): string {
  const path = join(scratch, name)
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2))
  return path
}

const KERNEL = [
  'test/fixtures/state/scenarios/kernel-skirmish.json',
  '--variant',
  'kernel-activations',
]
/** Seven seizure counters drawn at the start (3 + 4, 6.3), then the loss checks' rolls. */
const SAMPLE_DICE = '0,0,0,0,0,0,0,5,4,3,9'

describe('play', () => {
  it('plays passes on the sample scenario with forced dice: each loss check with its modifier and rule (3.0)', async () => {
    const actions = file('passes.json', [{ type: 'pass' }, { type: 'pass' }])
    const result = await run('play', 'sample-skirmish', '--actions', actions, '--dice', SAMPLE_DICE)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines[0]).toBe(
      'Sample: skirmish at the ford (sample-skirmish) under men-of-iron-system > infidel, dice forced 0,0,0,0,0,0,0,5,4,3,9',
    )
    // A person reads the log: sides, commands and units by their names in the scenario, each
    // action in words (the actions file has its JSON).
    expect(lines).toContain('    - Frankish column draws 3 seizure counters [6.3]')
    expect(lines).toContain('1. Pass: Frankish column passes its free activation')
    const first = lines.indexOf('1. Pass: Frankish column passes its free activation')
    expect(lines.slice(first + 1, first + 12)).toEqual([
      '    Loss check [3.0]',
      '      roll d10z: 5',
      '      modifier Flight points: +0 [3.0]',
      '      check 5 <= 9: success',
      '    Loss check [3.0]',
      '      roll d10z: 4',
      '      modifier Flight points: +0 [3.0]',
      '      check 4 <= 11: success',
      '    - activation 1: Frankish column, pass (free) [6.1]',
      '    - Loss check (Frankish column): d10z rolled 5, success against <= 9 [3.0]',
      "    - Loss check (The Emir's host): d10z rolled 4, success against <= 11 [3.0]",
    ])
    expect(lines).toContain("2. Pass: The Emir's host passes its free activation")
    expect(result.stdout).toMatch(
      /after 2 actions:\n {2}prompt: Frankish column must choose a free activation: a command, a standard, or pass \(activation-choice, rule 6\.1; answered by activate, pass\)\n {2}to act: Frankish column\n {2}Frankish column: Flight Points 0, Time 0\n {2}The Emir's host: Flight Points 0, Time 0\n {2}units changed: none\n {2}outcome: none yet\n {2}state hash: [0-9a-f]{16}\n$/,
    )
  })

  it('activates a Battle of the sample scenario (6.1) and reaches its first phase decision', async () => {
    const actions = file('activate.json', [
      { type: 'pass' },
      { type: 'pass' },
      { type: 'activate', kind: 'battle', command: 'franks-horse' },
    ])
    const result = await run(
      'play',
      'sample-skirmish',
      '--actions',
      actions,
      '--dice',
      `${SAMPLE_DICE},2,2`,
    )
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain(
      "3. Activate The Count's horse — battle: Frankish column: free activation, battle activation of The Count's horse",
    )
    expect(result.stdout).toContain(
      "    - activation 3: Frankish column, battle activation of The Count's horse (free) [6.1]",
    )
    // The prompt's quoted answer ("done") goes: the line lists the action types that answer it.
    expect(result.stdout).toContain(
      '  prompt: Frankish column must move, turn and fire with the activated units, then end the phase (move-and-fire, rule 7.2, 11.2; answered by move, turn, transform, fire, done)\n',
    )
    expect(result.stdout).toMatch(/ {2}to act: Frankish column\n/)
  })

  it('plays the activation chain: activate, continue with its roll (6.2), pass', async () => {
    const actions = file('chain.json', [
      { type: 'pass' },
      { type: 'activate', kind: 'command', command: 'north-host' },
      { type: 'continue', command: 'north-host' },
      { type: 'pass' },
    ])
    const result = await run('play', ...KERNEL, '--actions', actions, '--dice', '1,1,1,1,4')
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      [
        '3. Continue with Host: North tries to continue with command activation of Host',
        '    Resolve',
        '      roll d6: 4',
        '      check 4 <= 4: success',
        '    - Resolve (North, Sir Test): d6 rolled 4, success against <= 4',
        '    - activation 3: North, command activation of Host (continued)',
        '4. Pass: North passes: South has a free activation',
        '    - North: continuation penalties reset (pass) [C.2]',
      ].join('\n'),
    )
    expect(result.stdout).toContain('  North: Flight 1\n  South: Flight 0\n')
  })

  it('stops at an illegal action with exit 1, naming its number and the rule', async () => {
    const actions = file('wrong-side.json', [{ type: 'pass' }, { type: 'pass', side: 'franks' }])
    const result = await run('play', 'sample-skirmish', '--actions', actions, '--dice', SAMPLE_DICE)
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      "hexwright: action 2 (Pass) is not allowed: it is The Emir's host's decision now (choose a free activation: a command, a standard, or pass), not Frankish column's (rule 6.1)",
    )
    // The log shows the game up to the refused action.
    expect(result.stdout).toContain('after 1 action:')
  })

  it('prints the log and the final state as JSON with --json', async () => {
    const actions = file('passes-json.json', [{ type: 'pass' }, { type: 'pass' }])
    const text = await run('play', 'sample-skirmish', '--actions', actions, '--dice', SAMPLE_DICE)
    const result = await run(
      'play',
      'sample-skirmish',
      '--actions',
      actions,
      '--dice',
      SAMPLE_DICE,
      '--json',
    )
    expect(result.code).toBe(0)
    const out = JSON.parse(result.stdout)
    expect(out.scenario).toBe('sample-skirmish')
    expect(out.dice).toEqual({ forced: [0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 9] })
    expect(out.entries.map((e: { action: { type: string } }) => e.action.type)).toEqual([
      'start',
      'pass',
      'pass',
    ])
    const rolls = out.entries[1].records.map(
      (r: { dice: { natural: number }; outcome: string }) => [r.dice.natural, r.outcome],
    )
    expect(rolls).toEqual([
      [5, 'success'],
      [4, 'success'],
    ])
    expect(out.final).toMatchObject({
      actions: 2,
      toAct: 'franks',
      tracks: { franks: { 'flight-points': 0 }, emirate: { 'flight-points': 0 } },
      outcome: null,
      units: [],
    })
    expect(text.stdout).toContain(`state hash: ${out.final.hash}`)
  })

  it('saves the game played, and replays the saved game to the same state hash', async () => {
    const actions = file('save-me.json', [
      { type: 'pass' },
      { type: 'activate', kind: 'command', command: 'north-host' },
    ])
    const saved = join(scratch, 'saved.json')
    const first = await run('play', ...KERNEL, '--actions', actions, '--seed', '5', '--save', saved)
    expect(first.code).toBe(0)
    const save = JSON.parse(readFileSync(saved, 'utf8'))
    expect(save).toMatchObject({
      format: 'hexwright-saved-game',
      scenario: 'kernel-skirmish',
      variants: ['kernel-activations'],
      dice: { kind: 'seeded', seed: 5 },
    })
    expect(save.actions).toHaveLength(2)
    // The saved game brings its variants and dice.
    const again = await run(
      'play',
      'test/fixtures/state/scenarios/kernel-skirmish.json',
      '--actions',
      saved,
    )
    expect(again.code).toBe(0)
    expect(again.stdout).toContain(`state hash: ${save.stateHash}`)
    expect(again.stdout).toContain('the state hash matches the saved game')
  })

  it('says where a game cannot be saved, exit 1, and writes nothing', async () => {
    const actions = file('save-nowhere.json', [{ type: 'pass' }])
    const missing = join(scratch, 'no-such-folder', 'saved.json')
    const result = await run(
      'play',
      ...KERNEL,
      '--actions',
      actions,
      '--seed',
      '5',
      '--save',
      missing,
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^hexwright: cannot write .*saved\.json: its folder does not exist\n$/,
    )
    // A file where the folder for the saved games should be.
    const blocker = file('not-a-folder', 'x')
    const games = await run(
      'simulate',
      ...KERNEL,
      '--games',
      '1',
      '--max-actions',
      '2',
      '--save-games',
      blocker,
    )
    expect(games.code).toBe(1)
    expect(games.stderr).toMatch(
      /^hexwright: cannot write .*game-1\.json: a file stands where a folder of its path should be\n$/,
    )
    expect(readFileSync(blocker, 'utf8')).toBe('x')
  })

  it('asks for the dice and the actions it needs', async () => {
    const actions = file('one.json', [{ type: 'pass' }])
    expect((await run('play', 'sample-skirmish', '--actions', actions)).stderr.trim()).toBe(
      'hexwright: give the dice: --seed <n> for seeded dice, or --dice 3,0,7 for the faces to read',
    )
    const both = await run(
      'play',
      'sample-skirmish',
      '--actions',
      actions,
      '--seed',
      '1',
      '--dice',
      '1',
    )
    expect(both.code).toBe(1)
    expect(both.stderr.trim()).toBe('hexwright: give either --seed or --dice, not both')
    expect((await run('play', 'sample-skirmish', '--seed', '1')).stderr.trim()).toBe(
      'hexwright: play needs --actions <file>: a JSON list of actions or a saved game',
    )
  })

  it('locates a broken actions file and broken content, without a stack trace', async () => {
    const broken = file('broken.json', '[\n  {"type": "pass"},\n  {"type": }\n]\n')
    const bad = await run('play', 'sample-skirmish', '--actions', broken, '--seed', '1')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(
      /broken\.json:3:12: expected a value \(at \/1\/type\)\nhexwright: .*broken\.json is not a valid actions file \(1 problem\)\n$/,
    )
    const notAction = file('not-action.json', '[{"type": "pass"}, 3]')
    expect(
      (await run('play', 'sample-skirmish', '--actions', notAction, '--seed', '1')).stderr,
    ).toMatch(/not-action\.json:1:20: action 2 must be an object with a "type"/)
    const copy = join(scratch, 'copy')
    cpSync(join(projectRoot, 'content'), join(copy, 'content'), { recursive: true })
    const scenario = join(copy, 'content/scenarios/sample-skirmish.json')
    writeFileSync(
      scenario,
      readFileSync(scenario, 'utf8').replace('"type": "kn",', '"type": "kinght",'),
    )
    const result = await run(
      'play',
      scenario,
      '--actions',
      file('p.json', [{ type: 'pass' }]),
      '--seed',
      '1',
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /sample-skirmish\.json:\d+:\d+: .*"kinght".*\(at \/sides\/0\/units\/1\/type\)/,
    )
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/)
  })
})

describe('legal', () => {
  it('lists the open prompt and its legal actions on the sample scenario (6.1)', async () => {
    const result = await run('legal', 'sample-skirmish')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        'prompt: Frankish column must choose a free activation: a command, a standard, or pass (activation-choice, rule 6.1; answered by activate, pass)',
        '5 legal actions:',
        // Each in words, then as the JSON an actions file takes.
        `  Activate The Count's horse — battle: {"type":"activate","kind":"battle","command":"franks-horse","side":"franks"}`,
        '  Activate The foot at the ford — battle: {"type":"activate","kind":"battle","command":"franks-foot","side":"franks"}',
        `  Activate The Count's horse — standard: {"type":"activate","kind":"standard","command":"franks-horse","side":"franks"}`,
        '  Activate The foot at the ford — standard: {"type":"activate","kind":"standard","command":"franks-foot","side":"franks"}',
        '  Pass: {"type":"pass","side":"franks"}',
        '',
      ].join('\n'),
    )
  })

  it('lists the actions of the state the actions file reaches, as JSON (6.2)', async () => {
    const actions = file('to-continuation.json', [
      { type: 'pass' },
      { type: 'activate', kind: 'command', command: 'north-host' },
    ])
    const result = await run(
      'legal',
      ...KERNEL,
      '--actions',
      actions,
      '--dice',
      '1,1,1,1',
      '--json',
    )
    expect(result.code).toBe(0)
    const out = JSON.parse(result.stdout)
    expect(out.prompt).toMatchObject({ side: 'north', kind: 'continuation', rule: 'C.2' })
    expect(out.actions).toEqual([
      { type: 'pass', side: 'north' },
      { type: 'continue', kind: 'command', command: 'north-host', side: 'north' },
    ])
  })
})

describe('odds', () => {
  it('prints the exact distribution of a charge, equal to counting every face (12.3, 13.4)', async () => {
    const args = [
      '--resolution',
      'shock',
      '--attackers',
      'franks-kn-1',
      '--defenders',
      'emir-hc-1',
      '--charging',
    ]
    const result = await run('odds', 'sample-skirmish', ...args, '--json')
    expect(result.stderr).toBe('')
    const out = JSON.parse(result.stdout)
    const library = bundledLibrary().scenario('sample-skirmish')
    if (!library.ok) throw new Error('the sample scenario does not load')
    const loaded = library.value
    const state = startGame(loaded, { seed: 0 }).state
    const { resolution, variables } = resolutionVariables(loaded, state, out.request)
    const spec = (loaded.rules.ruleset.dice ?? []).find((d) => d.id === resolution.dice)
    if (spec === undefined) throw new Error('no dice')
    const counts = new Map<string, number>()
    for (let f = faceRange(spec).min; f <= faceRange(spec).max; f++) {
      const key = outcomeKey(resolveWithRoll(loaded.rules, resolution, variables, [f]))
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    expect(
      Object.fromEntries(
        out.outcomes.map((o: { key: string; numerator: number; denominator: number }) => [
          o.key,
          [o.numerator, o.denominator],
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...counts].map(([k, n]) => [k, Object.values(reduceFraction(n, spec.sides))]),
      ),
    )
    const text = await run('odds', 'sample-skirmish', ...args)
    expect(text.stdout).toMatch(
      /^Shock or charge \[12\.3, 13\.4\]: Knights 1 against Heavy Cavalry 1\n/,
    )
    expect(text.stdout).toMatch(/ {2}table .*\(inf-charge-crt\)/)
    expect(text.stdout).toMatch(/ {2}modifier .*: [+-]\d+.* \[12\.3-\d\]/)
    expect(text.stdout).toContain('results over the 10 equally likely rolls of d10z:')
    for (const o of out.outcomes) expect(text.stdout).toContain(`${o.numerator}/${o.denominator}`)
  })

  it('refuses an unknown unit or resolution with exit 1', async () => {
    const result = await run(
      'odds',
      'sample-skirmish',
      '--resolution',
      'shock',
      '--attackers',
      'franks-kn-1',
      '--defenders',
      'nobody',
    )
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe('hexwright: there is no unit "nobody"')
  })
})

describe('simulate', () => {
  it('plays games with a policy per side, counts wins, draws and unfinished games, keeps each game', async () => {
    const result = await run(
      'simulate',
      ...KERNEL,
      '--games',
      '3',
      '--seed',
      '7',
      '--max-actions',
      '15',
      '--policy',
      'north=greedy,south=random',
      '--save-games',
      join(scratch, 'games'),
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n')).toEqual([
      'game 1 (seed 7): unfinished after 15 actions',
      'game 2 (seed 8): unfinished after 15 actions',
      'game 3 (seed 9): unfinished after 15 actions',
      '3 games: wins North 0, South 0; draws 0; unfinished 3 (limit 15 actions); stopped 0',
      'greedy (North): won 0 of 0 decided games (0.0%), drew 0, lost 0; unfinished 3',
      'random (South): won 0 of 0 decided games (0.0%), drew 0, lost 0; unfinished 3',
      'actions per game: 15 15 15 (mean 15.0)',
    ])
    // Each game is kept as a saved game of its seed and actions.
    const save = JSON.parse(readFileSync(join(scratch, 'games', 'game-8.json'), 'utf8'))
    expect(save).toMatchObject({ scenario: 'kernel-skirmish', dice: { kind: 'seeded', seed: 8 } })
    expect(save.actions).toHaveLength(15)
  })

  it('reports as JSON, and refuses a policy it does not know', async () => {
    const result = await run(
      'simulate',
      'sample-skirmish',
      '--games',
      '2',
      '--max-actions',
      '4',
      '--json',
    )
    expect(result.code).toBe(0)
    const out = JSON.parse(result.stdout)
    expect(out.games).toBe(2)
    expect(out.played).toHaveLength(2)
    expect(out.wins.franks + out.wins.emirate + out.draws + out.unfinished + out.stopped).toBe(2)
    // A person reads each game's line: the winner and the reason by their names, not ids.
    const won = await run('simulate', 'sample-skirmish', '--games', '1', '--seed', '4')
    expect(won.stdout.split('\n')[0]).toBe(
      "game 1 (seed 4): The Emir's host won (Frankish column: Loss check) after 161 actions",
    )
    const bad = await run('simulate', 'sample-skirmish', '--games', '1', '--policy', 'clever')
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim()).toBe('hexwright: no policy "clever": choose random or greedy')
  })
})

describe('the command line run in-process', () => {
  it('sees each edit of a content folder it has loaded, even one that keeps the file’s size', async () => {
    const copy = join(scratch, 'kernel-copy')
    cpSync(join(projectRoot, 'test/fixtures/state'), copy, { recursive: true })
    const scenario = join(copy, 'scenarios/kernel-skirmish.json')
    // As written, the kernel rules play by turns, which the engine does not play yet.
    const PLAYED = KERNEL.slice(1)
    const actions = file('none.json', [])
    const header = async (): Promise<string> => {
      const result = await run('play', scenario, ...PLAYED, '--actions', actions, '--seed', '1')
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      return result.stdout.split('\n')[0] ?? ''
    }
    expect(await header()).toBe(
      'Kernel skirmish (kernel-skirmish) under kernel > kernel-activations, dice seed 1',
    )
    const text = readFileSync(scenario, 'utf8')
    writeFileSync(scenario, text.replace('"Kernel skirmish"', '"Kernel Skirmish"'))
    expect(await header()).toBe(
      'Kernel Skirmish (kernel-skirmish) under kernel > kernel-activations, dice seed 1',
    )
    writeFileSync(scenario, text.replace('"type": "pike"', '"type": "pikr"'))
    const broken = await run('play', scenario, ...PLAYED, '--actions', actions, '--seed', '1')
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(
      /kernel-skirmish\.json:\d+:\d+: .*"pikr".*\(at \/sides\/0\/units\/1\/type\)/,
    )
    writeFileSync(scenario, text)
    expect(await header()).toBe(
      'Kernel skirmish (kernel-skirmish) under kernel > kernel-activations, dice seed 1',
    )
  })

  it('prints its help with every command, and refuses an unknown command in one line', async () => {
    const help = await run('--help')
    expect(help.code).toBe(0)
    expect(help.stderr).toBe('')
    for (const command of ['validate', 'play', 'legal', 'odds', 'simulate'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'))
    const unknown = await run('replay', 'sample-skirmish')
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe('')
    expect(unknown.stderr).toBe('hexwright: unknown command "replay" (see --help)\n')
  })

  it('says a --content that is a file must be a folder, exit 1', async () => {
    const result = await run('legal', 'sample-skirmish', '--content', 'package.json')
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('hexwright: --content must name a folder; package.json is a file\n')
  })

  it('reports an error that is not the user’s as an internal error, exit 2, without a stack trace', async () => {
    // Standard output that fails to take the listing (a closed pipe, say): no check of the
    // command's own can foresee it.
    const stderr: string[] = []
    const code = await runCli(
      ['legal', 'sample-skirmish'],
      {
        stdout: () => {
          throw new Error('write EPIPE')
        },
        stderr: (text) => void stderr.push(text),
      },
      { cwd: projectRoot },
    )
    expect(code).toBe(2)
    expect(stderr.join('')).toBe('hexwright: internal error: write EPIPE\n')
  })
})
