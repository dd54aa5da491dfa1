/**
 * The corpus of bad inputs to the commands: action files, saved games and arguments. Each case is
 * a command line run in-process (tools/cli-program.ts) in a scratch folder holding the case's
 * files, against the bundled content; it must exit 1 with a message naming the place (a file's
 * line and column, or the action's number), print no stack trace and write nothing.
 */

/** A saved game of the sample skirmish, as `simulate --save-games` writes it. */
export interface BaseSave {
  stateHash: string
  stateHashes: string[]
  actions: Record<string, unknown>[]
  [field: string]: unknown
}

export interface CommandCase {
  name: string
  /** The arguments after `hexwright`; CONTENT stands for the bundled content folder. */
  args: readonly string[]
  /** Files written in the scratch folder before the run, by name. */
  files?: (save: BaseSave) => Readonly<Record<string, string>>
  stderr: RegExp
}

export const CONTENT = '<content>'

const SCENARIO = 'sample-skirmish'
const play = (file: string, ...more: string[]) => [
  'play',
  SCENARIO,
  '--content',
  CONTENT,
  '--actions',
  file,
  ...more,
]
const actions = (text: string) => () => ({ 'a.json': text })
const refusedAt = (n: number, why: RegExp | string) =>
  new RegExp(
    `^hexwright: action ${n} .* is not allowed: ${typeof why === 'string' ? why : why.source}`,
  )
const NOT_ACTIONS = /\nhexwright: a\.json is not a valid actions file \(\d+ problems?\)\n$/
const located = (line: number, what: RegExp) =>
  new RegExp(
    `^a\\.json:${line}:\\d+: ${what.source}.* \\(at /[^)]*\\)\\n(?:a\\.json:.*\\n)*${NOT_ACTIONS.source.slice(2)}`,
  )

/** The save changed by `edit` (a deep copy), written as `s.json`. */
function saved(edit: (save: BaseSave) => void): (save: BaseSave) => Record<string, string> {
  return (base) => {
    const copy = JSON.parse(JSON.stringify(base)) as BaseSave
    edit(copy)
    return { 's.json': JSON.stringify(copy, null, 2) }
  }
}
const move = (save: BaseSave) => {
  const i = save.actions.findIndex((a) => a.type === 'move' && (a.path as string[]).length >= 3)
  if (i < 0) throw new Error('the saved game has no move of three hexes')
  return { i, action: save.actions[i] as { path: string[] } }
}

export const ACTION_FILE_CASES: CommandCase[] = [
  {
    name: 'an actions file cut off',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "pass"'),
    stderr: located(1, /expected/),
  },
  {
    name: 'an empty actions file',
    args: play('a.json', '--seed', '1'),
    files: actions(''),
    stderr: located(1, /expected a value/),
  },
  {
    name: 'an actions file that is not JSON',
    args: play('a.json', '--seed', '1'),
    files: actions('pass, then done'),
    stderr: located(1, /./),
  },
  {
    name: 'a trailing comma in the list',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "pass"},]'),
    stderr: located(1, /./),
  },
  {
    name: 'an object that is neither actions nor a saved game',
    args: play('a.json', '--seed', '1'),
    files: actions('{"moves": []}'),
    stderr: /^hexwright: a\.json: neither a list of actions nor a saved game/,
  },
  {
    name: 'an action with no type',
    args: play('a.json', '--seed', '1'),
    files: actions('[\n  {"side": "franks"}\n]'),
    stderr: located(2, /action 1 must be an object with a "type"/),
  },
  {
    name: 'an action that is a number',
    args: play('a.json', '--seed', '1'),
    files: actions('[\n  1\n]'),
    stderr: located(2, /action 1 must be an object/),
  },
  {
    name: 'an action that is null',
    args: play('a.json', '--seed', '1'),
    files: actions('[\n  null\n]'),
    stderr: located(2, /action 1 must be an object/),
  },
  {
    name: 'an action that is a list',
    args: play('a.json', '--seed', '1'),
    files: actions('[\n  ["pass"]\n]'),
    stderr: located(2, /action 1 must be an object/),
  },
  {
    name: 'a type that is a number',
    args: play('a.json', '--seed', '1'),
    files: actions('[\n  {"type": 5}\n]'),
    stderr: located(2, /action 1 must be an object with a "type"/),
  },
  {
    name: 'the third action with no type',
    args: play('a.json', '--seed', '1'),
    files: actions('[\n  {"type": "pass"},\n  {"type": "pass"},\n  {}\n]'),
    stderr: located(4, /action 3 must be/),
  },
  {
    name: 'a key written twice in an action',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "pass", "type": "done"}]'),
    stderr: /a\.json:1:\d+: .*(twice|duplicate).*\(at \/0\/type\)|action 1/,
  },
  {
    name: 'an action kind that does not exist',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "fly", "side": "franks"}]'),
    stderr: refusedAt(1, /.*fly/),
  },
  {
    name: 'an action for the side not asked',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "pass", "side": "emirate"}]'),
    stderr: refusedAt(1, /.*(emirate|side|Emir)/i),
  },
  {
    name: 'an argument the action does not take',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "pass", "side": "franks", "hex": "0101"}]'),
    stderr: refusedAt(1, 'action "pass" takes no argument "hex"'),
  },
  {
    name: '"constructor" as an argument',
    args: play('a.json', '--seed', '1'),
    files: actions('[{"type": "pass", "side": "franks", "constructor": {}}]'),
    stderr: refusedAt(1, 'action "pass" takes no argument "constructor"'),
  },
  {
    name: 'a command that does not exist',
    args: play('a.json', '--seed', '1'),
    files: actions(
      '[{"type": "activate", "kind": "standard", "command": "no-such", "side": "franks"}]',
    ),
    stderr: refusedAt(1, /.*no-such/),
  },
  {
    name: 'a command as a huge number',
    args: play('a.json', '--seed', '1'),
    files: actions(
      '[{"type": "activate", "kind": "standard", "command": 1e308, "side": "franks"}]',
    ),
    stderr: refusedAt(1, /./),
  },
  {
    name: 'the second action refused',
    args: play('a.json', '--seed', '1'),
    files: actions(
      '[{"type": "activate", "kind": "standard", "command": "franks-horse", "side": "franks"}, {"type": "fly", "side": "franks"}]',
    ),
    stderr: refusedAt(2, /./),
  },
  {
    name: 'a folder given as the actions file',
    args: play('.', '--seed', '1'),
    stderr: /^hexwright: no such actions file: \.\n$/,
  },
  {
    name: 'an actions file that is not there',
    args: play('missing.json', '--seed', '1'),
    stderr: /^hexwright: no such actions file: missing\.json\n$/,
  },
  {
    name: 'actions in legal refused the same way',
    args: ['legal', SCENARIO, '--content', CONTENT, '--actions', 'a.json', '--seed', '1'],
    files: actions('[{"type": "fly", "side": "franks"}]'),
    stderr: refusedAt(1, /./),
  },
  {
    name: 'actions in odds refused the same way',
    args: [
      'odds',
      SCENARIO,
      '--content',
      CONTENT,
      '--actions',
      'a.json',
      '--seed',
      '1',
      '--resolution',
      'shock',
    ],
    files: actions('[{"type": "pass", "side": "franks", "x": 1}]'),
    stderr: refusedAt(1, /./),
  },
]

const REPLAY = /^hexwright: the saved game does not replay to the state it was saved in: /

export const SAVED_GAME_CASES: CommandCase[] = [
  {
    name: 'a wrong final hash',
    args: play('s.json'),
    files: saved(
      (s) =>
        void (s.stateHash =
          s.stateHash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef'),
    ),
    stderr: new RegExp(
      `${REPLAY.source}every action leads to the state saved with it, but the final state hash is [0-9a-f]{16}, not [0-9a-f]{16}: "stateHash" was changed after saving\\n$`,
    ),
  },
  {
    name: 'a move made shorter',
    args: play('s.json'),
    files: saved((s) => void move(s).action.path.pop()),
    stderr: new RegExp(
      `${REPLAY.source}action \\d+ \\(.+ moves to .+\\) is the first to part from the game saved: it leads to state [0-9a-f]{16}, not [0-9a-f]{16}`,
    ),
  },
  {
    name: 'a hash saved with an action changed',
    args: play('s.json'),
    files: saved((s) => void (s.stateHashes[2] = '0000000000000000')),
    stderr: new RegExp(
      `${REPLAY.source}action 3 \\(.+\\) is the first to part from the game saved: it leads to state [0-9a-f]{16}, not 0000000000000000`,
    ),
  },
  {
    name: 'a move through a hex off the map',
    args: play('s.json'),
    files: saved((s) => void move(s).action.path.push('9999')),
    stderr: /^hexwright: action \d+ \(.+ moves to 9999.*\) is not allowed: .+\n$/,
  },
  {
    name: 'an action of a kind that does not exist',
    args: play('s.json'),
    files: saved((s) => void (s.actions[1] = { type: 'fly', side: 'franks' })),
    stderr: refusedAt(2, /.*fly/),
  },
  {
    // The save would hold only the actions before the refusal, written over the game it came from.
    name: 'an action refused, saved over its own file',
    args: play('s.json', '--save', 's.json'),
    files: saved((s) => void (s.actions[1] = { type: 'fly', side: 'franks' })),
    stderr: refusedAt(2, /.*fly/),
  },
  {
    name: 'an action moved to the other side',
    args: play('s.json'),
    files: saved((s) => void (s.actions[0] = { ...s.actions[0], side: 'emirate' })),
    stderr: refusedAt(1, /./),
  },
  {
    name: 'an action taken out',
    args: play('s.json'),
    files: saved((s) => void s.actions.splice(1, 1)),
    stderr: /"stateHashes" must hold one hash for each action, but it has \d+ for \d+ actions/,
  },
  {
    name: 'a saved game without a hash per action, with a wrong hash',
    args: play('s.json'),
    files: saved((s) => {
      delete (s as { stateHashes?: unknown }).stateHashes
      s.stateHash = '0123456789abcdef'
    }),
    stderr: new RegExp(
      `${REPLAY.source}after its \\d+ actions the state hash is [0-9a-f]{16}, not 0123456789abcdef`,
    ),
  },
  {
    name: 'one hash per action too few',
    args: play('s.json'),
    files: saved((s) => void s.stateHashes.pop()),
    stderr: /"stateHashes" must hold one hash for each action, but it has \d+ for \d+ actions/,
  },
  {
    name: 'a hash that is not a hash',
    args: play('s.json'),
    files: saved((s) => void (s.stateHashes[0] = 'xyz')),
    stderr:
      /^hexwright: s\.json: neither a list of actions nor a saved game \(the saved game is malformed: .*\(at \/stateHashes\/0\)/,
  },
  {
    name: 'a format that is not a saved game',
    args: play('s.json'),
    files: saved((s) => void (s.format = 'hexwright-save')),
    stderr:
      /^hexwright: s\.json: neither a list of actions nor a saved game \(this is not a saved game/,
  },
  {
    name: 'a version from the future',
    args: play('s.json'),
    files: saved((s) => void (s.schemaVersion = 99)),
    stderr: /saved by a newer Hexwright/,
  },
  {
    name: 'a version as text',
    args: play('s.json'),
    files: saved((s) => void (s.schemaVersion = '1')),
    stderr: /"schemaVersion" of a saved game must be a whole number/,
  },
  {
    name: 'a game of another scenario',
    args: play('s.json'),
    files: saved((s) => void (s.scenario = 'arsuf-1191')),
    stderr:
      /^hexwright: the saved game is a game of scenario "arsuf-1191", not "sample-skirmish"\n$/,
  },
  {
    name: 'a seed below zero',
    args: play('s.json'),
    files: saved((s) => void (s.dice = { kind: 'seeded', seed: -1 })),
    stderr: /malformed.*\(at \/dice\/seed\)/,
  },
  {
    name: 'dice of an unknown kind',
    args: play('s.json'),
    files: saved((s) => void (s.dice = { kind: 'loaded', seed: 1 })),
    stderr: /malformed.*\/dice/,
  },
  {
    name: 'an optional rule the scenario does not have',
    args: play('s.json'),
    files: saved((s) => void (s.options = { 'no-such-rule': true })),
    stderr: /no optional rule "no-such-rule"/,
  },
  {
    name: 'a variant that does not exist',
    args: play('s.json'),
    files: saved((s) => void (s.variants = ['no-such-variant'])),
    stderr: /no-such-variant/,
  },
  {
    name: 'a saved game cut off',
    args: play('s.json'),
    files: (base) => ({ 's.json': JSON.stringify(base, null, 2).slice(0, 300) }),
    stderr: /^s\.json:\d+:\d+: .*\(at \/[^)]*\)\nhexwright: s\.json is not a valid actions file/,
  },
  {
    name: 'actions that are not a list',
    args: play('s.json'),
    files: saved((s) => void ((s as { actions: unknown }).actions = { type: 'pass' })),
    stderr: /malformed.*\(at \/actions\)/,
  },
  {
    name: 'an extra field',
    args: play('s.json'),
    files: saved((s) => void (s.cheat = true)),
    stderr: /malformed.*cheat/,
  },
]

export const ARGUMENT_CASES: CommandCase[] = [
  { name: 'a command that does not exist', args: ['frobnicate'], stderr: /frobnicate/ },
  {
    name: 'a flag that does not exist',
    args: ['legal', SCENARIO, '--content', CONTENT, '--frobnicate'],
    stderr: /frobnicate/,
  },
  {
    name: '--seed below zero',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed', '-1'],
    stderr: /^hexwright: Unknown option `-1`\n$/,
  },
  {
    name: '--seed as a word',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed', 'abc'],
    stderr: /--seed must be a whole number from 0 to 4294967295, not "abc"/,
  },
  {
    name: '--seed with a fraction',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed', '1.5'],
    stderr: /--seed must be a whole number from 0 to 4294967295, not "1.5"/,
  },
  {
    name: '--seed past 32 bits',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed', '99999999999'],
    stderr: /--seed must be a whole number from 0 to 4294967295/,
  },
  {
    name: '--seed given twice',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed', '1', '--seed', '2'],
    stderr: /--seed/,
  },
  {
    name: '--seed with no value',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed'],
    stderr: /seed/,
  },
  {
    name: '--dice with words',
    args: ['legal', SCENARIO, '--content', CONTENT, '--dice', 'a,b'],
    stderr: /each --dice face must be a whole number/,
  },
  {
    name: '--dice with a negative face',
    args: ['legal', SCENARIO, '--content', CONTENT, '--dice', '3,-1'],
    stderr: /each --dice face must be a whole number/,
  },
  {
    name: '--seed and --dice together',
    args: ['legal', SCENARIO, '--content', CONTENT, '--seed', '1', '--dice', '3'],
    stderr: /give either --seed or --dice, not both/,
  },
  {
    name: '--games 0',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', '0'],
    stderr: /--games must be a whole number from 1/,
  },
  {
    name: '--games as a word',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', 'ten'],
    stderr: /--games must be a whole number from 1/,
  },
  {
    name: '--games past the limit',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', '1000000000'],
    stderr: /--games must be a whole number from 1/,
  },
  {
    name: '--games negative',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', '-3'],
    stderr: /^hexwright: Unknown option `-3`\n$/,
  },
  {
    name: '--max-actions negative',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', '1', '--max-actions', '-5'],
    stderr: /^hexwright: Unknown option `-5`\n$/,
  },
  {
    name: '--max-actions as a fraction',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', '1', '--max-actions', '2.5'],
    stderr: /max-actions/,
  },
  {
    name: 'a policy that does not exist',
    args: ['simulate', SCENARIO, '--content', CONTENT, '--games', '1', '--policy', 'psychic'],
    stderr: /psychic/,
  },
  {
    name: 'a policy for a side that does not exist',
    args: [
      'simulate',
      SCENARIO,
      '--content',
      CONTENT,
      '--games',
      '1',
      '--policy',
      'martians=greedy',
    ],
    stderr: /martians/,
  },
  {
    name: 'play without --actions',
    args: ['play', SCENARIO, '--content', CONTENT, '--seed', '1'],
    stderr: /^hexwright: play needs --actions <file>/,
  },
  {
    name: 'play without dice',
    args: ['play', SCENARIO, '--content', CONTENT, '--actions', 'a.json'],
    files: actions('[{"type": "pass", "side": "franks"}]'),
    stderr: /give the dice/,
  },
  {
    name: 'a scenario that does not exist',
    args: ['legal', 'no-such-scenario', '--content', CONTENT],
    stderr: /no scenario "no-such-scenario"/,
  },
  {
    name: 'a scenario file that is not there',
    args: ['legal', './missing.json', '--content', CONTENT],
    stderr: /missing/,
  },
  {
    name: 'a variant that does not exist',
    args: ['legal', SCENARIO, '--content', CONTENT, '--variant', 'no-such-variant'],
    stderr: /no-such-variant/,
  },
  {
    name: 'an optional rule that does not exist',
    args: ['legal', SCENARIO, '--content', CONTENT, '--option', 'no-such-rule=on'],
    stderr: /no optional rule "no-such-rule"/,
  },
  {
    name: 'an optional rule neither on nor off',
    args: ['legal', SCENARIO, '--content', CONTENT, '--option', 'engaged=maybe'],
    stderr: /engaged/,
  },
  {
    name: 'an optional rule with no value',
    args: ['legal', SCENARIO, '--content', CONTENT, '--option', 'engaged'],
    stderr: /engaged/,
  },
  {
    name: 'validate of a path that is not there',
    args: ['validate', 'missing/'],
    stderr: /^hexwright: no such file or folder: missing\/\n$/,
  },
  {
    name: '--content that is not there',
    args: ['legal', SCENARIO, '--content', 'no-such-folder'],
    stderr: /no-such-folder/,
  },
  {
    name: '--content that is a file',
    args: ['legal', SCENARIO, '--content', 'a.json'],
    files: actions('[]'),
    stderr: /a\.json/,
  },
  {
    name: '--save into a folder that is not there',
    args: [
      'play',
      SCENARIO,
      '--content',
      CONTENT,
      '--actions',
      'a.json',
      '--seed',
      '1',
      '--save',
      'no/such/dir/out.json',
    ],
    files: actions('[]'),
    stderr: /no\/such\/dir|folder|directory/,
  },
]
