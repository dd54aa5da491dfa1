/**
 * The benchmark cases, in groups built only when one of their cases is wanted (`--only`). The
 * first group works on the Infidel Example of Combat (combat-example.ts); the others are the
 * legal moves on a large map (movement-cases.ts), what the playtest view asks on each click
 * (playtest-cases.ts) and whole random games (playout-cases.ts).
 * Each case checks its answer once before it is timed.
 */
import type { Action, ContentLibrary, LoadedRuleset } from '../../src/runtime'
import {
  applyAction,
  createInitialState,
  expr,
  hex,
  rules,
  state as kernel,
} from '../../src/runtime'
import { act, check, unwrap } from './checks'
import {
  CAVALRY,
  EXPECTED,
  FACES,
  KNIGHT,
  RULESET,
  SCENARIO,
  SETUP,
  attackVariables,
} from './combat-example'
import { BenchError } from './harness'
import type { AnyCase } from './harness'
import { handWrittenShock } from './hand-written-shock'
import type { AttackSituation } from './hand-written-shock'
import { MOVEMENT_CASES, movementCases } from './movement-cases'
import { PLAYOUT_CASES, playoutCases } from './playout-cases'
import { PLAYTEST_CASES, playtestCases } from './playtest-cases'

/** What a group may load: the bundled library, or it with a test fixtures folder added. */
export interface CaseEnv {
  library: ContentLibrary
  libraryWith: (folder: string) => ContentLibrary
}

export interface CaseGroup {
  /** The names of the cases `build` returns, for choosing groups before building them. */
  names: readonly string[]
  build: (env: CaseEnv) => AnyCase[]
}

/** Expressions written in the bundled content (mois-shock-drm, the infidel shock resolution). */
const COMPARISON = 'defender.ratings.shockDefense != 0'
const MACRO = 'attackers.count(a, a.charging) * 2 >= size(attackers)'

/** A deterministic spread of hex pairs over the grid (a small LCG, no dependency). */
function hexPairs(grid: hex.GridSpec, count: number): [hex.Cube, hex.Cube][] {
  let seed = 0x2545f491
  const next = (bound: number): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    return seed % bound
  }
  const at = (): hex.Cube =>
    hex.offsetToCube({ col: next(grid.columns), row: next(grid.rows) }, grid)
  return Array.from({ length: count }, () => [at(), at()])
}

const TABLES = 'shock through tables'
const HAND_WRITTEN = 'shock hand-written TS'
const RATIO = 'shock tables ÷ hand-written'
const CORE_CASES = [
  'expr: comparison',
  'expr: list macro',
  'expr: compile macro',
  TABLES,
  HAND_WRITTEN,
  RATIO,
  'LOS lineWalk 64×48',
  'stateHash initial state',
  'applyAction resolve',
] as const

/**
 * The hand-written function must give the tables' modified roll and codes for every face, on
 * both tables (charge, shock) and both columns (MC 2 disordered, then in good order).
 */
function checkHandWritten(
  infidel: LoadedRuleset,
  situations: readonly [string, Record<string, unknown>][],
): void {
  for (const [what, variables] of situations)
    for (let face = 0; face <= 9; face++) {
      const record = rules.resolveWithRoll(infidel, 'shock', variables, [face])
      const hand = handWrittenShock(variables as unknown as AttackSituation, face)
      const where = `hand-written shock, ${what}, roll ${face}`
      check(`${where}: modified roll`, hand.modified, record.roll?.modified)
      check(`${where}: codes`, hand.codes.join(' '), record.codes.map((c) => c.code).join(' '))
    }
}

function coreCases({ library }: CaseEnv): AnyCase[] {
  const infidel = unwrap(`ruleset "${RULESET}"`, library.ruleset(RULESET))
  const loaded = unwrap(`scenario "${SCENARIO}"`, library.scenario(SCENARIO))
  const initial = createInitialState(loaded, { seed: 2026 })
  const arranged = SETUP.reduce((s, a) => act(loaded, s, a), initial)
  const variables = attackVariables(loaded, arranged)

  const compiled = (source: string): expr.CompiledExpr => {
    try {
      return infidel.expression('attack', source)
    } catch {
      throw new BenchError(`"${source}" is no longer an attack expression of ${RULESET}`)
    }
  }
  const comparison = compiled(COMPARISON)
  const macro = compiled(MACRO)
  check(COMPARISON, comparison.evaluate(variables), true)
  check(MACRO, macro.evaluate(variables), true)
  const environment = infidel.environments.attack
  check(`compiling ${MACRO}`, expr.compileExpression(MACRO, environment).ok, true)

  const shock = () => rules.resolveWithRoll(infidel, 'shock', variables, FACES)
  const record = shock()
  check('shock record', record.message ?? record.status, 'resolved')
  check('shock modified roll', record.roll?.modified, 6)
  check('shock result', record.codes.map((c) => c.code).join(' '), EXPECTED)
  // Knight 1 placed, MC 2 left in good order: the other column of each table.
  const goodOrder = act(loaded, initial, SETUP[0] as Action)
  checkHandWritten(infidel, [
    ['charge on MC 2 disordered', variables],
    ['shock on MC 2 disordered', attackVariables(loaded, arranged, false)],
    ['charge on MC 2 in good order', attackVariables(loaded, goodOrder)],
    ['shock on MC 2 in good order', attackVariables(loaded, goodOrder, false)],
  ])
  // The same variables object the tables read: the hand-written code reads only its fields.
  const situation = variables as unknown as AttackSituation
  const face = FACES[0] as number

  const grid: hex.GridSpec = { orientation: 'flat', offset: 'odd', columns: 64, rows: 48 }
  const pairs = hexPairs(grid, 1024)
  const meanSteps = pairs.reduce((n, [a, b]) => n + hex.lineWalk(a, b).length, 0) / pairs.length
  const meanDistance = pairs.reduce((n, [a, b]) => n + hex.distance(a, b), 0) / pairs.length
  let pair = 0

  const canonical = kernel.canonicalJson(initial).length
  const unitCount = Object.keys(initial.units).length

  const resolution = infidel.resolutions.get('shock')
  const resolveAction: Action = {
    type: 'resolve',
    resolution: 'shock',
    attackers: [KNIGHT],
    defenders: [CAVALRY],
    charging: true,
    faces: FACES,
  }
  const usable = resolution?.kind === 'table' && resolution.context === 'attack'
  if (usable) {
    const result = applyAction(loaded, arranged, resolveAction)
    if (!result.ok) throw new BenchError(`resolve refused: ${result.error.message}`)
    const codes = result.entries[0]?.records[0]?.codes.map((c) => c.code).join(' ')
    check('resolve action result', codes, EXPECTED)
  }

  return [
    {
      name: 'expr: comparison',
      notes: `${COMPARISON} (compiled ${RULESET} content)`,
      run: () => comparison.evaluate(variables),
    },
    {
      name: 'expr: list macro',
      notes: `${MACRO} (1 attacker)`,
      run: () => macro.evaluate(variables),
    },
    {
      name: 'expr: compile macro',
      notes: 'parse + type-check + closures, same macro',
      run: () => expr.compileExpression(MACRO, environment),
    },
    {
      name: TABLES,
      notes: `KN 1 charging disordered MC 2, DR 3 +3 = 6 → ${EXPECTED} (${RULESET})`,
      run: shock,
    },
    {
      name: HAND_WRITTEN,
      notes: 'same shock, rules as literals and ifs (tools/bench/hand-written-shock.ts)',
      run: () => handWrittenShock(situation, face),
    },
    {
      name: RATIO,
      ratio: { of: TABLES, to: HAND_WRITTEN, label: 'tables / hand-written' },
    },
    {
      name: 'LOS lineWalk 64×48',
      notes: `1024 fixed pairs, mean distance ${meanDistance.toFixed(1)}, ${meanSteps.toFixed(1)} steps/walk`,
      run: () => {
        const [a, b] = pairs[pair++ & 1023] as [hex.Cube, hex.Cube]
        return hex.lineWalk(a, b)
      },
    },
    {
      name: 'stateHash initial state',
      notes: `${SCENARIO}: ${unitCount} units, ${canonical.toLocaleString('en-US')} chars canonical JSON`,
      run: () => kernel.stateHash(initial),
    },
    usable
      ? {
          name: 'applyAction resolve',
          notes: 'same shock by unit ids: clone, variables, roll, effects, log',
          run: () => applyAction(loaded, arranged, resolveAction),
        }
      : {
          name: 'applyAction resolve',
          skipped: `${RULESET} has no attack table resolution "shock" to name units in`,
        },
  ]
}

/** Every case, in the order of the table. */
export const CASE_GROUPS: readonly CaseGroup[] = [
  { names: CORE_CASES, build: coreCases },
  { names: MOVEMENT_CASES, build: ({ libraryWith }) => movementCases(libraryWith) },
  { names: PLAYTEST_CASES, build: ({ library }) => playtestCases(library) },
  { names: PLAYOUT_CASES, build: ({ library }) => playoutCases(library) },
]
