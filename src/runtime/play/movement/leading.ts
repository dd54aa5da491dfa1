/**
 * Leading horses without riders by the bridle (movement phase setting `leading`; the move's `lead`,
 * a list of horse ids). A unit moving on its own takes the bridle of each horse it names, a
 * horse without a rider of its side that nobody else leads, where its move first brings it next to the
 * horse (its start counts); a unit the `grab` condition names (a rider) takes one it neither
 * starts nor ends next to only on a success of the `grab` resolution, and after a failure may not
 * take that horse again this player turn. The number of horses a unit may lead is the first
 * `horses` case that holds for it. Led horses are remembered (the leading memory, horses.ts) and
 * follow their leader: when one of his moves ends, each is set down next to him on two hexes
 * holding nobody (remains must not bar them; led horses go where riders may not, so terrain is
 * not read), nearest the way he came; one with no such place is let go where it stood, as are
 * those of a leader who can no longer act, and those past the number he may lead.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import { hexesOf, isTwoHex, rearHex, unitsCovering } from '../../state/footprints'
import { setFacing, setPlace } from '../../state/occupancy'
import { remainsEntry } from '../../state/remains'
import { runningActivation } from '../activity'
import { memoryOf, note, peekMemory, roll } from '../extras/common'
import { statusCanAct } from '../forces'
import type { PlayContext } from '../procedure'
import type { Stance } from '../stances'
import { stanceOf, stepTo } from '../stances'
import type { Facts } from './facts'
import type { Leading, LeadMemory } from './horses'
import {
  barredFor,
  barredHex,
  caseFor,
  holdsFor,
  isLooseHorse,
  leaderOf,
  leadingOf,
  ledBy,
  LEADING,
  takeHorse,
  whyNotTake,
} from './horses'

export { leadingOf }
export type { Leading }
import type { Mover } from './movers'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** What a move that takes bridles keeps in its frame. */
export interface LeadPlan {
  horses: string[]
  /** Those whose bridle it has taken so far. */
  taken: string[]
  /** Those it took where it started. */
  atStart?: string[]
  /** Whether the leader rolls for a bridle taken in passing. */
  rolls: boolean
}

/** How many horses unit `id` may lead as he is now. */
function limitOf(ctx: Ctx, settings: Leading, id: string): number {
  return caseFor(ctx, settings.horses, id, 'leading.horses')?.horses ?? 0
}

const turnNow = (ctx: Ctx): number => runningActivation(ctx)?.number ?? ctx.state.clock.activation

/** Why `leader` may not take the bridle of `horse`; null when he may. */
function leadProblem(ctx: Ctx, leader: string, horse: string): string | null {
  const h = ctx.state.units[horse]
  if (h === undefined || !isLooseHorse(ctx, horse)) return `${horse} is not a horse without a rider`
  const by = leaderOf(ctx, horse)
  if (by === leader) return `${leader} already leads ${horse}`
  if (by !== null) return `${horse} is led by ${by}`
  const owner = whyNotTake(ctx, ctx.state.units[leader]?.side ?? '', horse)
  if (owner !== null) return owner
  const missed = peekMemory<LeadMemory>(ctx, LEADING)?.missed?.[leader]
  if (missed !== undefined && missed.turn === turnNow(ctx) && missed.horses.includes(horse))
    return `${leader} failed to take the bridle of ${horse} this turn`
  return null
}

/** The hexes the mover covers at each place of its path, its start first. */
function placesAlong(
  ctx: Ctx,
  m: Mover,
  path: readonly string[],
  /** Each path prefix's stance and place, kept for the other paths of one listing. */
  memo?: Map<string, { stance: Stance; place: string[] } | null>,
): string[][] {
  const unit = ctx.state.units[m.id]
  if (unit !== undefined && isTwoHex(ctx.loaded, unit.type)) {
    let stance: Stance | null = stanceOf(ctx, m.id)
    const out: string[][] = []
    if (stance !== null) out.push([...hexesOf(ctx, m.id)])
    let key = ''
    for (const to of path) {
      if (stance === null) break
      key += `${to} `
      let step = memo?.get(key)
      if (step === undefined) {
        const next = stepTo(ctx, stance, to)
        const rear = next === null ? null : rearHex(ctx.loaded, next.front, next.heading)
        step =
          next === null
            ? null
            : { stance: next, place: rear === null ? [next.front] : [next.front, rear] }
        memo?.set(key, step)
      }
      if (step === null) break
      stance = step.stance
      out.push(step.place)
    }
    return out
  }
  return [...(m.start === null ? [] : [[m.start]]), ...path.map((h) => [h])]
}

function near(ctx: Ctx, mine: readonly string[], theirs: readonly string[]): boolean {
  const board = boardOf(ctx.loaded)
  return mine.some((x) => theirs.some((y) => board.distance(x, y) === 1))
}

/** Checks a move's `lead`: horses it may lead, each passed by on the way. Refuses with a reason. */
export function checkLead(
  ctx: PlayContext,
  m: Mover,
  path: readonly string[],
  value: unknown,
): LeadPlan {
  const settings = leadingOf(ctx)
  const rule = settings?.rule
  if (settings === undefined) return reject('no horse may be led in this game')
  if (isLooseHorse(ctx, m.id)) return reject(`${m.id} is a horse and leads no other`, rule)
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string'))
    return reject('"lead" lists the horses whose bridles the move takes')
  const horses = [...new Set(value as string[])]
  const limit = limitOf(ctx, settings, m.id)
  const already = ledBy(ctx, m.id).length
  if (already + horses.length > limit)
    return reject(
      limit === 0
        ? `${m.id} may not lead horses`
        : `${m.id} may lead at most ${limit} horse${limit === 1 ? '' : 's'}${already > 0 ? ` and already leads ${already}` : ''}`,
      rule,
    )
  const places = placesAlong(ctx, m, path)
  const taken: string[] = []
  for (const horse of horses) {
    const problem = leadProblem(ctx, m.id, horse)
    if (problem !== null) return reject(problem, rule)
    const at = hexesOf(ctx, horse)
    if (!places.some((p) => near(ctx, p, at)))
      return reject(`${m.id} does not pass next to ${horse}, so he cannot take its bridle`, rule)
    if (places[0] !== undefined && near(ctx, places[0], at)) taken.push(horse)
  }
  const rolls =
    settings.grab !== undefined && holdsFor(ctx, settings.grab.when, m.id, 'leading.grab.when')
  return { horses, taken, atStart: [...taken], rolls }
}

/**
 * Bridles taken as the leader comes next to the horses of his plan (`last`: the end of his move,
 * where no roll is needed); a failed roll is remembered for the player turn.
 */
export function takeBridles(ctx: PlayContext, leader: string, plan: LeadPlan, last: boolean): void {
  const settings = leadingOf(ctx)
  if (settings === undefined) return
  const mine = hexesOf(ctx, leader)
  for (const horse of plan.horses) {
    if (plan.taken.includes(horse) || !near(ctx, mine, hexesOf(ctx, horse))) continue
    if (leadProblem(ctx, leader, horse) !== null) continue
    if (plan.rolls && !last && settings.grab !== undefined) {
      const { success } = roll(ctx, {
        type: 'resolve',
        resolution: settings.grab.resolution,
        unit: leader,
      })
      if (!success) {
        const memory = memoryOf<LeadMemory>(ctx, LEADING, { led: {}, missed: {} })
        const turn = turnNow(ctx)
        const before = memory.missed[leader]
        memory.missed[leader] = {
          turn,
          horses: [...(before?.turn === turn ? before.horses : []), horse],
        }
        note(ctx, `${leader} misses the bridle of ${horse}`, settings.rule)
        continue
      }
    }
    plan.taken.push(horse)
    note(ctx, `${leader} takes the bridle of ${horse}`, settings.rule)
  }
}

/** Lets go of a horse: it stays where it stands. */
export function letGo(
  ctx: PlayContext,
  memory: LeadMemory,
  leader: string,
  horse: string,
  why: string,
  rule?: string,
): void {
  const list = (memory.led[leader] ?? []).filter((h) => h !== horse)
  if (list.length === 0) delete memory.led[leader]
  else memory.led[leader] = list
  note(ctx, `${leader} lets go of ${horse}: ${why}`, rule ?? leadingOf(ctx)?.rule)
}

/**
 * The place next to the leader nearest the way he came (`trail`: the hexes he last left, the
 * latest first) for a led horse: two hexes holding nobody but the horse, not barred by remains.
 */
function placeFor(
  ctx: PlayContext,
  leader: string,
  horse: string,
  trail: readonly string[],
  barred: ReadonlySet<string>,
): Stance | null {
  const board = boardOf(ctx.loaded)
  const flat = ctx.loaded.map.grid.orientation === 'flat'
  const mine = hexesOf(ctx, leader)
  const current = hexesOf(ctx, horse)
  const fronts = new Set<string>()
  for (const hex of mine)
    for (const a of board.neighbors(hex)) {
      fronts.add(a)
      for (const b of board.neighbors(a)) fronts.add(b)
    }
  const free = (hex: string) =>
    !mine.includes(hex) &&
    unitsCovering(ctx, hex).every((u) => u === horse) &&
    !barred.has(board.hex(hex).terrain) &&
    remainsEntry(ctx.loaded, ctx.state, hex).ok
  const dist = (a: string, b: string | undefined) => (b === undefined ? 0 : board.distance(a, b))
  let best: { stance: Stance; score: number } | null = null
  const ordered = [...fronts].sort((a, b) => board.indexOf(a) - board.indexOf(b))
  for (const front of ordered) {
    if (!free(front)) continue
    for (let heading = 0; heading < 12; heading++) {
      if ((heading % 2 === 0) !== flat) continue
      const rear = rearHex(ctx.loaded, front, heading)
      if (rear === null || !free(rear) || !near(ctx, mine, [front, rear])) continue
      const score =
        dist(front, trail[0]) * 100 +
        dist(rear, trail[1] ?? trail[0]) * 10 +
        dist(front, current[0])
      if (best === null || score < best.score) best = { stance: { front, heading }, score }
    }
  }
  return best?.stance ?? null
}

/**
 * The leader's led horses (`led`: those he led when his move began, with those his move took)
 * come after him: each set down next to him, or let go (see the module's comment). `entered`:
 * the hexes his move entered, in order.
 */
export function followLeader(
  ctx: PlayContext,
  leader: string,
  entered: readonly string[],
  led: readonly string[] | undefined,
  plan?: LeadPlan,
): void {
  const settings = leadingOf(ctx)
  if (settings === undefined) return
  const list = [...(led ?? [])]
  for (const horse of plan?.taken ?? []) if (!list.includes(horse)) list.push(horse)
  for (const horse of plan?.taken ?? []) if (isLooseHorse(ctx, horse)) takeHorse(ctx, leader, horse)
  const remembered = peekMemory<LeadMemory>(ctx, LEADING)?.led
  if (list.length === 0) {
    // What he was remembered to lead he let go of before this move (the memory catches up).
    if (remembered !== undefined && Object.hasOwn(remembered, leader)) delete remembered[leader]
    return
  }
  const memory = memoryOf<LeadMemory>(ctx, LEADING, { led: {}, missed: {} })
  for (const [other, horses] of Object.entries(memory.led))
    if (other !== leader) memory.led[other] = horses.filter((h) => !list.includes(h))
  memory.led[leader] = list
  const unit = ctx.state.units[leader]
  const able = unit?.location === 'map' && statusCanAct(ctx.loaded, unit.status)
  const limit = able ? limitOf(ctx, settings, leader) : 0
  for (const [i, horse] of list.entries()) {
    if (!isLooseHorse(ctx, horse)) {
      letGo(ctx, memory, leader, horse, 'it is no longer a horse without a rider on the map')
      continue
    }
    if (!able) {
      letGo(ctx, memory, leader, horse, 'he can no longer lead it')
      continue
    }
    if (i >= limit) {
      letGo(ctx, memory, leader, horse, `he may lead only ${limit} as he is`)
      continue
    }
    const barred = barredFor(ctx, settings, horse)
    // Led from the start, it went every step of the way; taken in passing, from where he took it.
    const along =
      (led ?? []).includes(horse) || (plan?.atStart ?? []).includes(horse)
        ? entered
        : entered.slice(
            Math.max(
              0,
              entered.findIndex((h) => near(ctx, [h], hexesOf(ctx, horse))),
            ),
          )
    const crossed = barredHex(ctx, along, barred)
    if (crossed !== null) {
      letGo(ctx, memory, leader, horse, `it may not be led into ${crossed.label} (${crossed.hex})`)
      continue
    }
    const trail = [...entered.slice(0, -1)].reverse().concat(hexesOf(ctx, horse))
    const stance = placeFor(ctx, leader, horse, trail, barred)
    if (stance === null) {
      letGo(ctx, memory, leader, horse, 'there is no room for it beside him')
      continue
    }
    const h = ctx.state.units[horse]!
    if (h.hex === stance.front && h.facing === stance.heading) continue
    const from = h.hex
    setPlace(ctx.state, horse, stance.front, 'map')
    setFacing(ctx.state, h, stance.heading)
    ctx.applied.push({
      kind: 'move',
      unit: horse,
      from: from ?? '',
      path: [stance.front],
      cost: 0,
      text: `${horse} follows ${leader} to ${stance.front}`,
      ...(settings.rule === undefined ? {} : { rule: settings.rule }),
    })
  }
  if ((memory.led[leader] ?? []).length === 0) delete memory.led[leader]
}

/**
 * The moves that take a bridle, for the listing: per horse the mover may lead, each way the
 * listing's search found (`found`: a two-hex counter's stances reached, or a one-hex piece's
 * paths) whose places pass next to it, with `lead` naming it; a one-hex piece keeps the facing
 * it has.
 */
export function leadChoices(
  ctx: PlayContext,
  f: Facts,
  m: Mover,
  side: string,
  found: readonly { path: readonly string[]; end?: Stance }[],
): Action[] {
  const settings = leadingOf(ctx)
  if (settings === undefined || m.leader || m.start === null) return []
  if (ledBy(ctx, m.id).length >= limitOf(ctx, settings, m.id)) return []
  const horses = Object.keys(ctx.state.units).filter(
    (h) => isLooseHorse(ctx, h) && leadProblem(ctx, m.id, h) === null,
  )
  if (horses.length === 0) return []
  const unit = ctx.state.units[m.id]
  const facing = unit?.facing == null ? null : f.board.facingName(unit.facing)
  const ways = found.map((r) => ({
    path: r.path,
    facing: r.end === undefined ? facing : f.board.facingName(r.end.heading),
  }))
  // The hexes next to each horse: a place passes next to it when one of its hexes is one.
  const board = boardOf(ctx.loaded)
  const besides = new Map(
    horses.map((h) => [h, new Set(hexesOf(ctx, h).flatMap((x) => board.neighbors(x)))]),
  )
  const out: Action[] = []
  const memo = new Map<string, { stance: Stance; place: string[] } | null>()
  for (const way of ways) {
    const places = placesAlong(ctx, m, way.path, memo)
    for (const horse of horses) {
      const next = besides.get(horse) as Set<string>
      if (!places.some((p) => p.some((x) => next.has(x)))) continue
      out.push({
        type: 'move',
        unit: m.id,
        path: [...way.path],
        ...(way.facing === null ? {} : { facing: way.facing }),
        lead: [horse],
        side,
      })
    }
  }
  return out
}
