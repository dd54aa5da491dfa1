/**
 * A missile unit's fire plan as its counter would show it (offensive and defensive fire
 * markers): the plan in force now and the markers that say it, for a view that draws them
 * on the counter. The markers are the ones the ruleset's fire of each mode puts on its firers
 * (a fire phase's or reaction's `marker`), so a plan reads as the shots it allows. In its own
 * player turn a unit shows the plan it has for that turn; in the enemy's, only the defensive
 * part of the plan it fixed in its last turn (the one still in force). Reads the state only.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { GameState } from '../../state/game-state'
import { peekMemory } from '../extras/common'
import type { FirePlan } from '../fire/plans'
import { currentPlan, PLAN_LABEL, plansDeclared, plansOn } from '../fire/plans'

export interface FirePlanMarks {
  plan: FirePlan
  /** The plan in words ("offensive and defensive fire"). */
  label: string
  /** The ids of the markers that show it (offensive first), from the fire phases' settings. */
  markers: string[]
}

/** The fire plans' memory, as far as this view reads it. */
interface PlanView {
  units?: Record<string, { activation?: number; plan?: FirePlan }>
  sides?: Record<string, number>
}

interface FireParams {
  mode?: string
  marker?: string
}

const markerCache = new WeakMap<LoadedScenario['rules'], Record<string, string>>()

/** The marker each fire mode puts on its firers (the first phase or reaction of that mode). */
function markersByMode(loaded: LoadedScenario): Record<string, string> {
  const rules = loaded.rules
  let found = markerCache.get(rules)
  if (found !== undefined) return found
  found = {}
  for (const phase of rules.ruleset.sequence.phases ?? [])
    for (const p of [phase, ...(phase.reactions ?? [])]) {
      const params = p.params as FireParams | undefined
      if (p.mechanic !== 'fire' || params?.mode === undefined || params.marker === undefined)
        continue
      found[params.mode] ??= params.marker
    }
  markerCache.set(rules, found)
  return found
}

const PARTS: Readonly<Record<FirePlan, readonly string[]>> = {
  offensive: ['offensive'],
  'offensive-and-defensive': ['offensive', 'defensive'],
  defensive: ['defensive'],
}

/** The plan of `unitId` in force now with the markers that show it, or null (none, no plans). */
export function firePlanMarks(
  loaded: LoadedScenario,
  state: GameState,
  unitId: string,
): FirePlanMarks | null {
  const unit = state.units[unitId]
  if (unit === undefined || unit.location !== 'map' || !plansOn(loaded.rules)) return null
  const ctx = { loaded, state }
  let plan: FirePlan | null = null
  let parts: readonly string[] = []
  if (state.clock.activeSide === unit.side) {
    plan = currentPlan(ctx, unitId)
    parts = plan === null ? [] : PARTS[plan]
  } else if (plansDeclared(loaded.rules)) {
    const memory = peekMemory<PlanView>(ctx, 'fire-plans')
    const last = memory?.sides?.[unit.side]
    const record = memory?.units?.[unitId]
    if (last !== undefined && record?.activation === last && record.plan !== undefined) {
      plan = record.plan
      parts = PARTS[plan].filter((p) => p === 'defensive')
    }
  }
  if (plan === null || parts.length === 0) return null
  const byMode = markersByMode(loaded)
  const markers = parts.flatMap((p) => (byMode[p] === undefined ? [] : [byMode[p]]))
  return { plan, label: PLAN_LABEL[plan], markers }
}
