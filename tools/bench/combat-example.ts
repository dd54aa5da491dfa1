/**
 * The Infidel Example of Combat (001 p. 17) on the sample scenario `sample-skirmish`, played
 * with the bundled `infidel` ruleset: Knight 1 placed in 1207 facing E, next to Medium Cavalry 2
 * in 1307 facing W, and MC 2 disordered. Knight 1 charges it: DR 3 + 3 = 6, Defender Eliminated
 * and Continue Attack. The attack variables are built here the way resolve-action builds them.
 */
import { state as kernel } from '../../src/runtime'
import type { Action, GameState, LoadedScenario } from '../../src/runtime'
import { BenchError } from './harness'

export const SCENARIO = 'sample-skirmish'
export const RULESET = 'infidel'
export const KNIGHT = 'franks-kn-1'
export const CAVALRY = 'emir-mc-2'
/** Knight 1 moved next to MC 2 (in 1307, facing W), facing it: a frontal charge. */
export const SETUP: readonly Action[] = [
  { type: 'place', unit: KNIGHT, hex: '1207', facing: 'E' },
  { type: 'status-event', unit: CAVALRY, event: 'disorder' },
]
export const FACES = [3]
export const EXPECTED = 'DE CA'

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

/** The variables of the attack, with Knight 1 charging or (`charging` false) making a shock. */
export function attackVariables(
  loaded: LoadedScenario,
  state: GameState,
  charging = true,
): Record<string, unknown> {
  const attacker = participant(loaded, state, KNIGHT, CAVALRY, charging)
  const defender = participant(loaded, state, CAVALRY, KNIGHT, false)
  return {
    ...kernel.commonVariables(loaded, state),
    attackers: [attacker],
    defenders: [defender],
    attacker,
    defender,
    attack: {
      charge: charging,
      continued: 0,
      counterChargedVsShock: false,
      bonus: 0,
      defending: 1,
    },
  }
}
