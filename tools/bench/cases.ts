/**
 * The benchmark cases, on the bundled content: the sample scenario (`sample-skirmish`, played
 * with the bundled `infidel` ruleset) set up as the Infidel Example of Combat, where Knight 1
 * charges the disordered Medium Cavalry 2 (001 p. 17: DR 3 + 3 = 6, Defender Eliminated and
 * Continue Attack). Each case checks its answer once before it is timed.
 */
import {
  applyAction,
  createInitialState,
  expr,
  formatProblem,
  hex,
  rules,
  state as kernel,
} from '../../src/runtime'
import type { Action, ContentLibrary, GameState, LoadedScenario, Problem } from '../../src/runtime'
import { BenchError } from './harness'
import type { BenchCase, SkippedCase } from './harness'

const SCENARIO = 'sample-skirmish'
const RULESET = 'infidel'
const KNIGHT = 'franks-kn-1'
const CAVALRY = 'emir-mc-2'
/** Knight 1 moved next to MC 2 (in 1307, facing W), facing it: a frontal charge. */
const SETUP: readonly Action[] = [
  { type: 'place', unit: KNIGHT, hex: '1207', facing: 'E' },
  { type: 'status-event', unit: CAVALRY, event: 'disorder' },
]
const FACES = [3]
const EXPECTED = 'DE CA'

/** Expressions written in the bundled content (mois-shock-drm, the infidel shock resolution). */
const COMPARISON = 'defender.ratings.shockDefense != 0'
const MACRO = 'attackers.count(a, a.charging) * 2 >= size(attackers)'

function unwrap<T>(
  what: string,
  result: { ok: true; value: T } | { ok: false; problems: Problem[] },
): T {
  if (result.ok) return result.value
  const first = result.problems[0]
  throw new BenchError(
    `${what} does not load: ${!first ? 'no reason given' : first.file ? formatProblem(first) : first.message}`,
  )
}

function act(loaded: LoadedScenario, state: GameState, action: Action): GameState {
  const result = applyAction(loaded, state, action)
  if (!result.ok) throw new BenchError(`${action.type} refused: ${result.error.message}`)
  return result.state
}

/** The attack context as resolve-action builds it: a unit seen from the enemy it fights. */
function participant(
  loaded: LoadedScenario,
  state: GameState,
  id: string,
  enemy: string,
  charging: boolean,
): Record<string, unknown> {
  const board = kernel.boardOf(loaded)
  const here = state.units[id]?.hex
  const there = state.units[enemy]?.hex
  const facing = state.units[enemy]?.facing
  if (!here || !there) throw new BenchError(`units ${id} and ${enemy} must be on the map`)
  return {
    ...kernel.unitVariables(loaded, state, id),
    angle: facing === null || facing === undefined ? '' : board.sector(there, facing, here),
    charging,
    counterCharged: false,
    moved: false,
    crossing: board.hexside(here, there),
  }
}

function attackVariables(loaded: LoadedScenario, state: GameState): Record<string, unknown> {
  const attacker = participant(loaded, state, KNIGHT, CAVALRY, true)
  const defender = participant(loaded, state, CAVALRY, KNIGHT, false)
  return {
    ...kernel.commonVariables(loaded, state),
    attackers: [attacker],
    defenders: [defender],
    attacker,
    defender,
    attack: { charge: true, continued: 0, counterChargedVsShock: false, bonus: 0 },
  }
}

function check(what: string, got: unknown, wanted: unknown): void {
  if (got !== wanted)
    throw new BenchError(`${what}: expected ${String(wanted)}, got ${String(got)}`)
}

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

export function buildCases(library: ContentLibrary): (BenchCase | SkippedCase)[] {
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
      name: 'shock through tables',
      notes: `KN 1 charging disordered MC 2, DR 3 +3 = 6 → ${EXPECTED} (${RULESET})`,
      run: shock,
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
