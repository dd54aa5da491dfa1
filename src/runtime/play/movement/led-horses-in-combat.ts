/**
 * What combat does to horses led by the bridle (movement phase setting `leading`, leading.ts). A
 * leader `loseInMelee` names lets go of the horses he leads when he attacks or is attacked in
 * melee. A led horse forced to retreat goes alone: its leader stays where he is and lets go. A
 * leader forced to retreat, or advancing after combat, takes his horses along, each set down next
 * to him where he ends, as at the end of a move; one with no room there is let go where it stood. The horses stay where
 * they stand when let go. Nothing happens in games without leading settings or led horses.
 */
import { memoryOf, peekMemory } from '../extras/common'
import type { PlayContext } from '../procedure'
import type { LeadMemory } from './horses'
import { holdsFor, leaderOf, leadingOf, ledBy, LEADING } from './horses'
import { followLeader, letGo } from './leading'

/** What ties a unit to led horses before it is moved by a result. */
export interface LedTies {
  /** The horses it leads. */
  leads: readonly string[]
  /** The unit leading it, when it is a led horse. */
  leader: string | null
}

const NONE: LedTies = { leads: [], leader: null }

/** The unit's ties to led horses as they are now (none without leading settings). */
export function ledTies(ctx: PlayContext, id: string): LedTies {
  if (leadingOf(ctx) === undefined || peekMemory<LeadMemory>(ctx, LEADING) === undefined)
    return NONE
  return { leads: ledBy(ctx, id), leader: leaderOf(ctx, id) }
}

/** The melee's attackers and defenders whom `loseInMelee` names let go of their horses. */
export function meleeLetsGo(
  ctx: PlayContext,
  attackers: readonly string[],
  defenders: readonly string[],
): void {
  const settings = leadingOf(ctx)?.loseInMelee
  if (settings === undefined || peekMemory<LeadMemory>(ctx, LEADING) === undefined) return
  const rule = settings.rule ?? leadingOf(ctx)?.rule
  const lose = (id: string, why: string) => {
    const horses = ledBy(ctx, id)
    if (horses.length === 0) return
    if (!holdsFor(ctx, settings.when, id, 'leading.loseInMelee.when')) return
    const memory = memoryOf<LeadMemory>(ctx, LEADING, { led: {}, missed: {} })
    for (const horse of horses) letGo(ctx, memory, id, horse, why, rule)
  }
  for (const id of attackers) lose(id, 'he attacks')
  for (const id of defenders) lose(id, 'he is attacked')
}

/**
 * After unit `id` advanced after combat into `entered`: the horses he led as he set off
 * (`leads`) follow him.
 */
export function afterAdvance(
  ctx: PlayContext,
  id: string,
  entered: readonly string[],
  leads: readonly string[],
): void {
  if (leads.length > 0) followLeader(ctx, id, entered, leads)
}

/**
 * After unit `id` was moved by a retreat to `to` (`before`: its ties as the retreat began): a led
 * horse's leader lets go of it; a leader's horses follow him or are let go.
 */
export function afterRetreat(ctx: PlayContext, id: string, before: LedTies, to: string): void {
  if (before.leader !== null) {
    const memory = memoryOf<LeadMemory>(ctx, LEADING, { led: {}, missed: {} })
    letGo(ctx, memory, before.leader, id, 'it goes back alone and he stays')
  }
  if (before.leads.length > 0) followLeader(ctx, id, [to], before.leads)
}
