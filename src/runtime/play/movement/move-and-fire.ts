/**
 * The movement phases. Move-and-fire (mechanic "move-and-fire"): the active side moves, turns,
 * changes the form of (dismounts, limbers…) and fires with its activated units, one at a time,
 * in any order, then ends the phase. Movement (mechanic "movement"): the same without fire (an
 * army activation's move). Fire (mechanic "fire"): fire alone, a phase of a turn-based sequence.
 * A move or a shot may open reaction windows for the other side
 * (reaction fire, return fire, counter-charges), run as sub-procedures before the next decision.
 */
import {
  captureOf,
  ESCAPE,
  escapeChoices,
  performEscape,
  performPlea,
  PLEAD,
  pleaChoices,
} from '../capture'
import { chargesToRide } from '../charge'
import { piecesInPlay } from '../forces'
import type { Action } from '../../state/actions'
import { checkArgs } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { currentActivation } from '../driver'
import type { ActionList, LegalGroup, NewFrame, PlayContext, Procedure } from '../procedure'
import { arrayList, joinLists, listed } from '../procedure'
import { defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { fireChoices, performFire } from '../fire/active'
import { exchangeChoices, exchangeOn, performExchange } from '../fire/exchange'
import { declaresPlans, performPlan, planChoices } from '../fire/plans'
import { setActing } from './acting'
import { CLEAR, clearChoices, clearingOf, performClear } from './clearing'
import { anyHaulage, HAUL, haulChoices, performHaul } from './haulage'
import { HARNESS, harnessChoices, performHarness, performUnharness, UNHARNESS } from './harness'
import {
  DISMOUNT,
  MOUNT,
  mountChoices,
  mountingOf,
  performDismount,
  performMount,
} from './mounting'
import {
  moveChoices,
  moveList,
  performMove,
  performTransform,
  performTurn,
  transformChoices,
  turnChoices,
} from './moves'

export const MOVE_AND_FIRE_ACTIONS = ['move', 'turn', 'transform', 'fire', 'done'] as const
export const MOVEMENT_ACTIONS = ['move', 'turn', 'transform', 'done'] as const
export const FIRE_ACTIONS = ['fire', 'done'] as const
/** Actions a phase takes only when its content asks for them (fire plans, ammunition, remains). */
const PLAN = 'fire-plan'
const EXCHANGE = 'exchange-ammunition'

/** The action types the phase's prompt offers: its own, and those its content adds. */
function promptActions(ctx: PlayContext, frame: Frame, actions: readonly string[]): string[] {
  const extra = [
    ...(actions.includes('fire') && declaresPlans(ctx, frame) ? [PLAN] : []),
    ...(actions.includes('move') && exchangeOn(ctx) ? [EXCHANGE] : []),
    ...(actions.includes('move') && clearingOf(ctx) !== undefined ? [CLEAR] : []),
    ...(actions.includes('move') && anyHaulage(ctx) ? [HAUL, HARNESS, UNHARNESS] : []),
    ...(actions.includes('move') && mountingOf(ctx, frame) !== undefined ? [MOUNT, DISMOUNT] : []),
    ...(actions.includes('move') && captureOf(ctx) !== undefined ? [PLEAD, ESCAPE] : []),
  ]
  if (extra.length === 0) return [...actions]
  return [...actions.filter((a) => a !== 'done'), ...extra, 'done']
}

/** What an action started that must run before the next decision. */
export type ActionOutcome = { text: string; then?: NewFrame | null }

/** What a phase of moves and fire keeps in its frame: the sub-procedure an action started. */
interface PhaseData {
  then?: NewFrame
}

type PhaseStep = 'start' | 'then' | 'end'

function stash(f: StepFrame<PhaseData, PhaseStep>, then: NewFrame | null | undefined): void {
  if (then !== undefined && then !== null) {
    f.data.then = then
    f.go('then')
  }
}

function frameRule(ctx: PlayContext, frame: Frame): { rule: string } | undefined {
  const rule = ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === frame.phase)?.rule
  return rule === undefined ? undefined : { rule }
}

/** The unit a fire action names, whichever argument the fire mechanic uses for it. */
function firer(action: Action): string | null {
  for (const key of ['unit', 'firer'])
    if (typeof action[key] === 'string') return action[key] as string
  return null
}

/**
 * A phase in which the active side's units act one at a time with the actions listed (moves,
 * turns, changes of form, fire), then the side ends it ("done"); `what` names the phase in
 * the log line that ends it.
 */
function phaseProcedure(
  kind: string,
  text: string,
  actions: readonly string[],
  what: string,
): Procedure {
  const withMoves = actions.includes('move')
  const withFire = actions.includes('fire')
  return defineProcedure<PhaseData>()<PhaseStep>({
    name: kind,
    actions: [
      ...actions,
      ...(withFire ? [PLAN] : []),
      ...(withMoves
        ? [EXCHANGE, CLEAR, HAUL, HARNESS, UNHARNESS, MOUNT, DISMOUNT, PLEAD, ESCAPE]
        : []),
    ],
    // A march kept away from the enemy (keepAwayFor), infiltration rolls (move-path.ts); a fire
    // phase's mode, resolution, exclusion of units in contact and marker (fire/active.ts), and
    // the fire plans it takes (fire/plans.ts).
    settings: withMoves
      ? ['mayNotComeWithin', 'infiltration', 'carrying', 'mounting', 'leading']
      : withFire
        ? [
            'mode',
            'resolution',
            'excludeInContact',
            'inContactMayBeFiredAt',
            'contactOnlyWithAttackers',
            'marker',
            'declarePlans',
          ]
        : [],
    steps: {
      start: (ctx, f) => ({
        kind: 'prompt',
        prompt: {
          side: currentActivation(ctx).side,
          kind,
          text,
          actions: promptActions(ctx, f.frame, actions),
          ...(frameRule(ctx, f.frame) ?? {}),
        },
      }),
      then(_ctx, f) {
        const then = f.data.then ?? reject(`${kind}: nothing to run after the action`)
        delete f.data.then
        f.go('start')
        return { kind: 'push', frame: then }
      },
      end: () => ({ kind: 'done' }),
    },
    act(ctx, f, action) {
      const frame = f.frame
      let outcome: ActionOutcome
      switch (action.type) {
        case 'done': {
          checkArgs(action, [])
          const owed = withMoves ? chargesOwed(ctx, frame) : null
          if (owed !== null)
            return reject(
              `${owed.rider} has declared a charge and must ride it before the phase ends: a declaration cannot be withdrawn`,
              owed.rule,
            )
          f.go('end')
          return `${currentActivation(ctx).side} ends ${what}`
        }
        case 'move':
          if (!withMoves) return reject('there is no movement in this phase')
          outcome = performMove(ctx, frame, action)
          break
        case 'turn':
          if (!withMoves) return reject('there is no movement in this phase')
          outcome = performTurn(ctx, frame, action)
          break
        case 'transform':
          if (!withMoves) return reject('there is no movement in this phase')
          outcome = performTransform(ctx, frame, action)
          break
        case 'fire': {
          if (!withFire) return reject('there is no fire in this phase')
          outcome = performFire(ctx, frame, action)
          // Whoever acted before the firer has finished its move and fire (one unit at a time).
          const unit = firer(action)
          if (unit !== null) setActing(frame, unit)
          break
        }
        case PLAN:
          if (!withFire || !declaresPlans(ctx, frame))
            return reject('fire plans are not fixed in this phase')
          return performPlan(ctx, frame, action)
        case EXCHANGE:
          if (!withMoves || !exchangeOn(ctx))
            return reject('ammunition is not exchanged in this phase')
          return performExchange(ctx, frame, action)
        case CLEAR:
          if (!withMoves) return reject('remains are not cleared in this phase')
          return performClear(ctx, frame, action)
        case HAUL:
          if (!withMoves) return reject('nothing is hauled in this phase')
          outcome = performHaul(ctx, frame, action)
          break
        case HARNESS:
          if (!withMoves) return reject('nothing is harnessed in this phase')
          return performHarness(ctx, frame, action)
        case UNHARNESS:
          if (!withMoves) return reject('nothing is unharnessed in this phase')
          return performUnharness(ctx, frame, action)
        case MOUNT:
          if (!withMoves) return reject('there is no movement in this phase')
          return performMount(ctx, frame, action).text
        case DISMOUNT:
          if (!withMoves) return reject('there is no movement in this phase')
          return performDismount(ctx, frame, action).text
        case PLEAD:
          if (!withMoves) return reject('there is no movement in this phase')
          return performPlea(ctx, frame, action)
        case ESCAPE:
          if (!withMoves) return reject('there is no movement in this phase')
          return performEscape(ctx, frame, action)
        default:
          return reject(`"${action.type}" is not a ${kind} action`)
      }
      stash(f, outcome.then)
      return outcome.text
    },
    legal(ctx, { frame }) {
      return [
        ...(withMoves ? moveChoices(ctx, frame) : []),
        ...(withMoves ? turnChoices(ctx, frame) : []),
        ...(withMoves ? transformChoices(ctx, frame) : []),
        ...(withFire ? planChoices(ctx, frame) : []),
        ...(withFire ? fireChoices(ctx, frame) : []),
        ...(withMoves ? exchangeChoices(ctx) : []),
        ...(withMoves ? clearChoices(ctx) : []),
        ...(withMoves ? haulChoices(ctx) : []),
        ...(withMoves ? harnessChoices(ctx) : []),
        ...(withMoves ? mountChoices(ctx, frame) : []),
        ...(withMoves ? pleaChoices(ctx) : []),
        ...(withMoves ? escapeChoices(ctx) : []),
        ...(withMoves && chargesOwed(ctx, frame) !== null ? [] : [{ type: 'done' }]),
      ]
    },
    legalGroups(ctx, { frame }) {
      // One group per piece of the active side, worked out only when a policy looks into it.
      const side = currentActivation(ctx).side
      const pieces = piecesInPlay(ctx.state, side)
      const list = (id: string): ActionList =>
        joinLists(
          withMoves
            ? [
                moveList(ctx, frame, [id]),
                arrayList(turnChoices(ctx, frame, [id])),
                arrayList(transformChoices(ctx, frame, [id])),
                arrayList(withFire ? fireChoices(ctx, frame, [id]) : []),
                arrayList(exchangeChoices(ctx, [id])),
                arrayList(clearChoices(ctx, [id]).filter((a) => (a.units as string[])[0] === id)),
                arrayList(haulChoices(ctx, [id]).filter((a) => a.unit === id)),
                arrayList(harnessChoices(ctx, [id]).filter((a) => a.unit === id)),
                arrayList(mountChoices(ctx, frame, [id])),
                arrayList(pleaChoices(ctx, [id])),
                arrayList(escapeChoices(ctx, [id])),
              ]
            : [arrayList(planChoices(ctx, frame, [id])), arrayList(fireChoices(ctx, frame, [id]))],
        )
      const piece = (id: string): LegalGroup => ({
        key: id,
        actions: () => listed(list(id)),
        list: () => list(id),
      })
      const done = (): Action[] =>
        withMoves && chargesOwed(ctx, frame) !== null ? [] : [{ type: 'done' }]
      return [{ key: 'done', actions: done }, ...pieces.map(piece)]
    },
  })
}

/**
 * The first rider of the active side who declared a binding charge, has not ridden it and still
 * can (some move of his is legal); null when none owes one.
 */
function chargesOwed(ctx: PlayContext, frame: Frame): { rider: string; rule?: string } | null {
  const { riders, rule } = chargesToRide(ctx, currentActivation(ctx).side)
  const rider = riders.find((id) => moveChoices(ctx, frame, [id]).length > 0)
  return rider === undefined ? null : { rider, ...(rule === undefined ? {} : { rule }) }
}

export const moveAndFireProcedure = phaseProcedure(
  'move-and-fire',
  'move, turn and fire with the activated units, then end the phase ("done")',
  MOVE_AND_FIRE_ACTIONS,
  'movement and fire',
)

export const movementProcedure = phaseProcedure(
  'movement',
  'move and turn the activated units, then end the phase ("done")',
  MOVEMENT_ACTIONS,
  'movement',
)

export const firePhaseProcedure = phaseProcedure(
  'fire',
  'fire with the units that may, then end the phase ("done")',
  FIRE_ACTIONS,
  'fire',
)
