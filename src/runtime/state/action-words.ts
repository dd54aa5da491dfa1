/**
 * An action in words, for messages a player reads (a replay that parts from the game saved): the
 * unit, command and side by their names in the scenario, the hexes it goes through, then any
 * other argument as written. Nothing here knows an action type: the words come from the data.
 */
import type { LoadedScenario } from '../content/loaded'
import type { Action } from './actions'

export function actionInWords(loaded: LoadedScenario, action: Action): string {
  const { scenario, rules } = loaded
  const unitName = (id: string): string => {
    for (const side of scenario.sides)
      for (const unit of [...side.units, ...(side.reinforcements ?? []).flatMap((r) => r.units)])
        if (unit.id === id)
          return `${unit.name ?? rules.unitTypes.get(unit.type)?.name ?? id} (${id})`
    return id
  }
  const commandName = (id: string): string => {
    for (const side of scenario.sides)
      for (const command of side.commands ?? [])
        if (command.id === id) return `${command.name} (${id})`
    return id
  }
  const sideName = (id: string): string => scenario.sides.find((s) => s.id === id)?.name ?? id
  const words = [String(action.type).replace(/-/g, ' ')]
  const rest: string[] = []
  for (const [key, value] of Object.entries(action)) {
    if (key === 'type' || key === 'side') continue
    if (key === 'unit' && typeof value === 'string') words.push(unitName(value))
    else if (key === 'units' && Array.isArray(value))
      words.push(
        value.map((u) => (typeof u === 'string' ? unitName(u) : JSON.stringify(u))).join(', '),
      )
    else if (key === 'command' && typeof value === 'string') words.push(commandName(value))
    else if (key === 'path' && Array.isArray(value) && value.length > 0)
      words.push(
        value.length === 1
          ? `to ${String(value[0])}`
          : `from ${String(value[0])} to ${String(value[value.length - 1])}`,
      )
    else if (key === 'hex' && typeof value === 'string') words.push(`at ${value}`)
    else rest.push(`${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  const by = typeof action.side === 'string' ? ` by ${sideName(action.side)}` : ''
  return `${words.join(' ')}${rest.length > 0 ? `, ${rest.join(', ')}` : ''}${by}`
}
