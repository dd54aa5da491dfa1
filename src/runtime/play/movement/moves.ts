/**
 * Movement actions of the movement phases (move-and-fire, movement). A piece moves along a
 * path in one action, or in several legs while it is the piece acting (a unit that may fire on
 * the move: moves, fires, moves on); turning and changes of form are in turns.ts.
 *
 * Action shapes:
 * - `{type: 'move', unit, path: [hex labels entered, in order], facing, with?: [leader ids]}`:
 *   `facing` (a compass name such as "NE", or a clock position) is the facing the unit takes
 *   when the move ends, required for a piece that has one; `with` lists the leaders stacked with
 *   the unit when it starts who go along (they then stay with it to the end of its move). A unit
 *   off the map (a reinforcement) starts its path with the entry hex it comes in by.
 *   With the movement phase's `carrying` setting, `carry: {unit, drop}` picks up that unit where
 *   the path passes through his hex and sets him down in `drop` when the move ends (carrying.ts).
 *   With its `leading` setting, `lead: [horse ids]` takes the bridles of those riderless horses
 *   where the path passes next to them; led horses follow the unit (leading.ts).
 * - `{type: 'turn', unit, facing}`: turn in place.
 * - `{type: 'transform', unit, form}`: change into another form of its unit type (dismount,
 *   remount, unlimber), as mechanics.movement.transforms allows.
 */
import { planLimitNote } from '../fire/plans'
import { piecesInPlay } from '../forces'
import { didYouMean } from '../../content/suggest'
import type { Action } from '../../state/actions'
import { checkArgs, idListArg, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import type { GameState } from '../../state/game-state'
import type { ActionList, PlayContext } from '../procedure'
import { arrayList, joinLists, listed } from '../procedure'
import { currentActivation } from '../driver'
import { ridersOf, setActing, writeBook } from './acting'
import type { Facts } from './facts'
import { arrangementToken, movementFacts } from './facts'
import { facingClocks, readFacing } from './facing'
import type { ActionOutcome } from './move-and-fire'
import { movePathFrame } from './move-path'
import type { Mover } from './movers'
import { moverOf, riderChoices, whyNotMove } from './movers'
import type { Reached } from './reach'
import { reachable } from './reach'
import { firstRule } from '../logged'
import { canEndIn, checkStep } from './steps'
import { equipmentEndProblem } from '../equipment'
import { carryChoices, carryingOf, carryRule, checkCarry } from './carrying'
import { checkLead, leadChoices } from './leading'
import { isLooseHorse } from './horses'
import type { TwoHexReached } from './two-hex'
import { checkTwoHexPath, movesAsTwoHex, twoHexReach } from './two-hex'

export { performTransform, performTurn, transformChoices, turnChoices } from './turns'

/** Pieces of the active side that could move (on the map, or waiting to come on). */
function candidates(ctx: PlayContext): string[] {
  return piecesInPlay(ctx.state, currentActivation(ctx).side)
}

/** Whether one piece is among candidates() (the check of one unit a policy drew). */
function isCandidate(ctx: PlayContext, id: string): boolean {
  const unit = ctx.state.units[id]
  return (
    unit !== undefined && unit.side === currentActivation(ctx).side && unit.location !== 'removed'
  )
}

function subsets<T>(items: readonly T[]): T[][] {
  let out: T[][] = [[]]
  for (const item of items) out = [...out, ...out.map((s) => [...s, item])]
  return out
}

/**
 * Every move the rules allow now: per piece, each hex it can reach (cheapest path), each facing.
 * `only` limits the listing to some pieces (a policy choosing a unit first).
 */
export function moveChoices(ctx: PlayContext, frame: Frame, only?: readonly string[]): Action[] {
  return listed(moveList(ctx, frame, only))
}

/** moveChoices as a list: the searches are made, each move only when it is asked for. */
export function moveList(ctx: PlayContext, frame: Frame, only?: readonly string[]): ActionList {
  const f = movementFacts(ctx, frame)
  const facings = facingClocks(f.board).map((c) => f.board.facingName(c))
  const side = ctx.state.flow?.prompt?.side ?? currentActivation(ctx).side
  const lists: ActionList[] = []
  const carrying = carryingOf(ctx, frame) !== undefined
  const leading = Object.keys(ctx.state.units).some((h) => isLooseHorse(ctx, h))
  const pieces =
    only === undefined
      ? candidates(ctx)
      : only.length === 1
        ? only.filter((id) => isCandidate(ctx, id))
        : candidates(ctx).filter((id) => only.includes(id))
  for (const id of pieces) {
    if (whyNotMove(ctx, frame, f, id) !== null) continue
    const mover = moverOf(ctx, frame, f, id)
    if (movesAsTwoHex(ctx, id)) {
      const reach = twoHexReach(ctx, mover)
      lists.push(twoHexMoves(f, id, reach, side))
      if (leading) lists.push(arrayList(leadChoices(ctx, f, mover, side, reach)))
      continue
    }
    const reached = reachable(f, mover)
    keepListing(ctx.state, f, frame, id, reached)
    if (reached.size === 0 && !carrying) continue
    const paths = [...reached.values()]
    const faced = !mover.leader && facings.length > 0 && !facingless(ctx, id)
    const riders = mover.leader ? [[]] : ridersFor(ctx, frame, f, id)
    lists.push(pieceMoves(id, paths, riders, faced ? facings : null, side))
    if (carrying) lists.push(arrayList(carryChoices(ctx, frame, f, mover, side)))
    if (leading) lists.push(arrayList(leadChoices(ctx, f, mover, side, paths)))
  }
  return joinLists(lists)
}

/**
 * What the latest listing of moves found, so that a move listed there need not have its path
 * checked again when it is played: per piece, the hexes it reaches and by which cheapest path.
 * It holds for the state object it was made on (a state played in place stays the same object)
 * only while that state has the same action count, its units stand where they stood (see
 * arrangementToken) and the same decision (frame) is open. Only the latest listing is kept, so
 * a session holding many states holds one listing. Like every answer kept from a state, it
 * assumes statuses and markers change through actions only. A path search that listed a move the
 * rules forbid would therefore see it played; a replay from the seed checks every move again
 * (no listing comes with a fresh state), which is how the soak and the replayed playouts would
 * catch it.
 */
interface MoveListing {
  state: GameState
  seq: number
  arrangement: object
  frame: number
  reached: Map<string, ReadonlyMap<string, Reached>>
}

let latest: MoveListing | null = null

function keepListing(
  state: GameState,
  f: Facts,
  frame: Frame,
  id: string,
  reached: ReadonlyMap<string, Reached>,
): void {
  // The facts say which state the search read: one worked out before an action changed the
  // state in place must not be filed under the state as it is now.
  const { seq, arrangement } = f.builtAt
  if (seq !== state.actionCount) return
  if (
    latest === null ||
    latest.state !== state ||
    latest.seq !== seq ||
    latest.arrangement !== arrangement ||
    latest.frame !== frame.id
  )
    latest = { state, seq, arrangement, frame: frame.id, reached: new Map() }
  latest.reached.set(id, reached)
}

/**
 * The hex reached, when the move's path is the very path the latest listing found for the piece
 * on the state the action was given with (see MoveListing); otherwise undefined, and the path is
 * checked.
 */
function listedWay(ctx: PlayContext, frame: Frame, id: string, path: unknown): Reached | undefined {
  const source = ctx.source
  const listing = latest
  if (
    source === undefined ||
    listing === null ||
    listing.state !== source ||
    listing.seq !== source.actionCount ||
    listing.frame !== frame.id ||
    !Array.isArray(path) ||
    path.length === 0
  )
    return undefined
  const found = listing.reached.get(id)?.get(path[path.length - 1] as string)
  if (found === undefined) return undefined
  if (arrangementToken({ loaded: ctx.loaded, state: source }) !== listing.arrangement)
    return undefined
  const way = found.path
  if (way.length !== path.length) return undefined
  for (let i = 0; i < way.length; i++) if (way[i] !== path[i]) return undefined
  return found
}

/**
 * A unit on the map set up with no facing (a character on foot in a game where only riders have
 * one) has none, and moves without taking one.
 */
function facingless(ctx: PlayContext, id: string): boolean {
  const unit = ctx.state.units[id]
  return unit?.location === 'map' && unit.facing === null
}

/** A two-hex counter's moves: each path, with the heading it ends in. */
function twoHexMoves(
  f: Facts,
  unit: string,
  reached: readonly TwoHexReached[],
  side: string,
): ActionList {
  return {
    count: reached.length,
    at(i) {
      const { path, end } = reached[i] as TwoHexReached
      return { type: 'move', unit, path, facing: f.board.facingName(end.heading), side }
    },
  }
}

/** A two-hex counter's move, checked: it goes where its path takes it, heading as it ends. */
function performTwoHexMove(
  ctx: PlayContext,
  frame: Frame,
  f: Facts,
  mover: Mover,
  action: Action,
): ActionOutcome {
  const id = mover.id
  const path = readPath(f, action)
  if ((idListArg(action, 'with') ?? []).length > 0)
    return reject(`${id} fills two hexes and takes no leaders along`)
  const checked = checkTwoHexPath(ctx, mover, path)
  if (!checked.ok) return reject(`${id} cannot move so: ${checked.reason}`, checked.rule)
  const heading = checked.end.heading
  if (action.facing !== undefined && readFacing(f.board, action.facing, `moving ${id}`) !== heading)
    return reject(
      `${id} ends this move heading ${f.board.facingName(heading)}: his heading follows his path`,
    )
  const lead = action.lead === undefined ? null : checkLead(ctx, mover, path, action.lead)
  setActing(frame, id)
  const from = mover.start ?? 'off the map'
  return {
    text: `${id} moves from ${from} to ${path[path.length - 1] as string} (${checked.cost} MP)`,
    then: movePathFrame({
      unit: id,
      path,
      facing: heading,
      with: [],
      parent: frame.id,
      at: mover.start,
      ...(lead === null ? {} : { lead }),
    }),
  }
}

/** A piece's moves: each path, with each choice of riders, in each facing (none: no facing). */
function pieceMoves(
  unit: string,
  paths: readonly Reached[],
  riders: readonly string[][],
  facings: readonly string[] | null,
  side: string,
): ActionList {
  const perRider = facings === null ? 1 : facings.length
  const perPath = riders.length * perRider
  return {
    count: paths.length * perPath,
    at(i) {
      const path = (paths[Math.floor(i / perPath)] as Reached).path
      const with_ = riders[Math.floor((i % perPath) / perRider)] as string[]
      // Literals of fixed shapes, not spreads: a listing makes thousands of these.
      // The deciding side is written in last, as the listing's caller would stamp it.
      if (facings === null)
        return with_.length === 0
          ? { type: 'move', unit, path, side }
          : { type: 'move', unit, path, with: with_, side }
      const facing = facings[i % perRider] as string
      return with_.length === 0
        ? { type: 'move', unit, path, facing, side }
        : { type: 'move', unit, path, facing, with: with_, side }
    },
  }
}

function ridersFor(ctx: PlayContext, frame: Frame, f: Facts, id: string): string[][] {
  const { must, may } = riderChoices(ctx, frame, f, id)
  return subsets(may).map((s) => [...must, ...s])
}

function readPath(f: Facts, action: Action): string[] {
  const value = action.path
  if (!Array.isArray(value) || value.length === 0 || !value.every((h) => typeof h === 'string'))
    return reject('action "move" needs "path": the hexes entered, in order, as a non-empty list')
  for (const hex of value as string[]) {
    const problem = f.board.labelProblem(hex)
    if (problem !== null) reject(problem)
  }
  return value as string[]
}

/**
 * Checks a path against the step rules; returns its cost and whether it ends in a forced stop.
 * Refuses (reject) a path the rules forbid.
 */
export function checkPath(
  f: Facts,
  m: Mover,
  path: readonly string[],
): { cost: number; stop: boolean } {
  const rule = f.settings.rule
  let from = m.start
  let cost = 0
  let stop = false
  const touched = new Set<string>()
  for (const to of path) {
    if (stop) {
      reject(
        `${m.id} must stop in ${from ?? '?'}, having come under enemy influence there`,
        firstRule(f.settings.enemyInfluence?.rule, rule),
      )
    }
    const step = checkStep(f, m, from, to, touched)
    if (!step.ok)
      reject(`${m.id} cannot move on from ${from ?? 'off the map'}: ${step.reason}`, step.rule)
    cost += step.cost
    if (cost > m.budget) {
      const what = m.retired ? 'hexes' : 'movement points'
      const plan = planLimitNote(f.ctx, m.id)
      reject(
        `${m.id} has ${m.budget} ${what} left; the path to ${to} needs ${cost}${plan === null ? '' : ` (${plan.text})`}`,
        firstRule(plan?.rule, m.retired ? f.settings.retired?.rule : undefined, rule),
      )
    }
    for (const e of step.touched) touched.add(e)
    stop = step.stop
    from = to
  }
  const end = path[path.length - 1] as string
  const gear = equipmentEndProblem(f.ctx, end, [m.id])
  if (gear !== null) reject(`${m.id} may not end its move in ${end}: ${gear}`, f.settings.rule)
  if (!canEndIn(f, m, end))
    reject(
      `${m.id} may not end its move in ${end}: units may not stack there`,
      f.ctx.loaded.rules.ruleset.board?.stacking?.rule,
    )
  return { cost, stop }
}

export function performMove(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
  checkArgs(action, ['unit', 'path', 'facing', 'with', 'carry', 'lead'])
  const id = stringArg(action, 'unit')
  const f = movementFacts(ctx, frame)
  if (ctx.state.units[id] === undefined)
    return reject(`there is no unit "${id}"${didYouMean(id, Object.keys(ctx.state.units))}`)
  // A move a listing of this very state gave: the piece may move, and its path is within the
  // rules at the cost the listing found.
  const carries = action.carry !== undefined
  const listed = carries ? undefined : listedWay(ctx, frame, id, action.path)
  if (listed === undefined) {
    const why = whyNotMove(ctx, frame, f, id)
    if (why !== null) return reject(why, f.settings.rule)
  }
  const mover = moverOf(ctx, frame, f, id)
  if (movesAsTwoHex(ctx, id)) {
    if (carries)
      return reject(`${id} fills two hexes and cannot carry anyone`, carryRule(ctx, frame))
    return performTwoHexMove(ctx, frame, f, mover, action)
  }
  const path = listed === undefined ? readPath(f, action) : (action.path as string[])
  const faced = !mover.leader && f.board.facingMode !== 'none' && !facingless(ctx, id)
  if (!faced && action.facing !== undefined)
    return reject(`${id} has no facing: leave out "facing"`)
  const facing = faced ? readFacing(f.board, action.facing, `moving ${id}`) : null
  const with_ = idListArg(action, 'with') ?? []
  if (mover.leader && with_.length > 0) return reject('only a unit takes leaders along')
  const { must, may } = riderChoices(ctx, frame, f, id)
  for (const l of must)
    if (!with_.includes(l))
      return reject(`${l} began to move with ${id} and must stay with it`, f.settings.leaders?.rule)
  for (const l of with_)
    if (!must.includes(l) && !may.includes(l))
      return reject(
        `${l} may not move with ${id}: only a leader stacked with it, who has not moved, may go along`,
        f.settings.leaders?.rule,
      )
  const carried = carries ? checkCarry(ctx, frame, f, mover, path, action.carry) : null
  const lead = action.lead === undefined ? null : checkLead(ctx, mover, path, action.lead)
  const cost =
    carried !== null
      ? carried.cost
      : listed === undefined
        ? checkPath(f, mover, path).cost
        : listed.cost
  setActing(frame, id)
  if (with_.length > 0)
    writeBook(frame).riders[id] = [...new Set([...ridersOf(frame, id), ...with_])]
  const from = mover.start ?? 'off the map'
  return {
    text: `${id} moves from ${from} to ${path[path.length - 1] as string} (${cost} MP)`,
    then: movePathFrame({
      unit: id,
      path,
      facing,
      with: with_,
      parent: frame.id,
      at: mover.start,
      ...(carried === null ? {} : { carry: carried.plan }),
      ...(lead === null ? {} : { lead }),
    }),
  }
}
