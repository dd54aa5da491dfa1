/**
 * Under a sequence of activations a unit acts only when a command it belongs to is activated:
 * a unit with no command, or with a command of the other side, can never move, fire or attack.
 * Each such unit, and each side with no command at all, gets a warning where it is written; when
 * no unit at all can act, the game can only be passed to its end, and that is an error on the
 * scenario.
 */
import type { EngineProblem } from '../library/engine-checks'
import type { LoadedScenario } from '../rules/loaded'
import type { UnitPlacement } from '../generated/content-types'

/** Whether some activation kind activates commands (every kind but passing does). */
function actsByCommands(loaded: LoadedScenario): boolean {
  const sequence = loaded.rules.ruleset.sequence
  if (sequence.structure !== 'activations') return false
  return (sequence.activation?.kinds ?? []).some((kind) => kind.scope !== 'pass')
}

function unitName(loaded: LoadedScenario, unit: UnitPlacement): string {
  if (unit.name !== undefined) return unit.name
  const type = loaded.rules.unitTypes.get(unit.type)
  return type === undefined ? `unit "${unit.id}"` : `the ${type.name} "${unit.id}"`
}

export function commandProblems(loaded: LoadedScenario): EngineProblem[] {
  if (!actsByCommands(loaded)) return []
  const problems: EngineProblem[] = []
  const warn = (pointer: string, message: string): void => {
    problems.push({ pointer, message, severity: 'warning' })
  }
  let acting = 0
  loaded.scenario.sides.forEach((side, s) => {
    const placed: [UnitPlacement, string][] = [
      ...side.units.map((u, i): [UnitPlacement, string] => [u, `/sides/${s}/units/${i}`]),
      ...(side.reinforcements ?? []).flatMap((group, g) =>
        group.units.map((u, i): [UnitPlacement, string] => [
          u,
          `/sides/${s}/reinforcements/${g}/units/${i}`,
        ]),
      ),
    ]
    const own = (side.commands ?? []).map((c) => c.id)
    if (own.length === 0) {
      if (placed.length > 0)
        warn(
          `/sides/${s}`,
          `${side.name} has no command, so none of its units can ever act (units act when their command is activated): add one under "commands" and name it in each unit's "command"`,
        )
      return
    }
    for (const [unit, pointer] of placed) {
      if (unit.command !== undefined && own.includes(unit.command)) acting++
      else if (unit.command === undefined)
        warn(
          pointer,
          `${unitName(loaded, unit)} belongs to no command, so it can never act (units act when their command is activated): set its "command" to one of ${side.name}'s`,
        )
      else
        warn(
          `${pointer}/command`,
          `${unitName(loaded, unit)} is in a command ${side.name} does not have, so it can never act: name one of ${side.name}'s commands`,
        )
    }
  })
  if (acting === 0 && problems.length > 0)
    return [
      {
        pointer: '/sides',
        message:
          'no unit belongs to a command of its side, so no one can ever act and the game can only be passed to its end: give each side its commands (a leader and the units he leads) and each unit its "command"',
        severity: 'error',
      },
      ...problems,
    ]
  return problems
}
