/**
 * The shock phase (mechanic "shock"): the attacking side declares every attack, chargers are set
 * down next to their targets, reluctant chargers roll, the defender may retreat before combat or
 * counter-charge, then the attacker resolves the attacks in the order he likes, one roll per
 * defending hex. The steps and the resolution come from the phase's params; the same procedure
 * runs a continued attack phase and the shock phase of a unit that counter-charged a shooter, with
 * the data their mechanics give it.
 */
import type { Action } from '../../state/actions'
import { checkArgs, numberArg, stringArg } from '../../state/actions'
import { reject, ruleField } from '../../state/failure'
import { activityOf } from '../activity'
import { attackBonusFrame } from '../extras/counters'
import { clearEngaged } from '../extras/engaged'
import { enemiesNextTo } from '../influence'
import { currentActivation } from '../driver'
import type { Outcome, PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { markerCount, note, setMarker } from './changes'
import { declarationsProblem, readDeclaration } from './declarations'
import { anyLegalDeclaration, legalDeclarations } from './legal-declarations'
import { hexOf } from './geometry'
import {
  chargerQueue,
  checkCharger,
  placeCharger,
  reluctanceChecks,
  terrainDisorderChecks,
} from './pre-combat'
import { defendingHexes, fightingAttackers, resolveAttack } from './resolve'
import {
  attackSettings,
  chargeSettings,
  continuedAttackMarker,
  continuedRule,
  shockParams,
} from './settings'
import { engageAfterAttack } from './engaged-results'
import { shareFatesFrame } from './shared-fate'
import type { DeclaredAttack, RollSummary, ShockData } from './types'
import { declaredEvent, reactionFrame } from './windows'
import { sectionOf } from '../sections'
import { fromJson, toJson } from '../../state/json-data'

export const SHOCK_ACTIONS = ['declare', 'declare-undo', 'declare-done', 'resolve-attack'] as const

interface Resolving {
  index: number
  stage: 'bonus' | 'roll' | 'effects' | 'after'
  bonuses: number[]
  waiting: boolean
  /** Continued attack markers of the attackers before the roll. */
  before: Record<string, number>
  /** What each roll gave (shared fate and Engaged read it once the results are carried out). */
  rolls?: RollSummary[]
}

type Step = 'start' | 'step' | 'placed' | 'resolving' | 'end'
type ShockFrame = StepFrame<ShockData, Step>

/** Fills in what the frame does not say: a shock phase of the sequence of play. */
function prepare(ctx: PlayContext, f: ShockFrame): ShockData {
  const d = f.data
  if (d.mode === undefined) {
    const params = shockParams(ctx, f.frame.phase ?? '')
    Object.assign(d, {
      mode: 'phase',
      side: currentActivation(ctx).side,
      params: f.frame.phase ?? '',
      resolution: params.resolution,
      steps: params.steps,
      step: 0,
      attacks: [],
    })
  }
  if (d.nextToEnemyAtStart === undefined) {
    d.nextToEnemyAtStart = Object.entries(ctx.state.units)
      .filter(
        ([id, u]) =>
          u.side === d.side && u.hex !== null && u.location === 'map' && hexOf(ctx, id) !== null,
      )
      .filter(([, u]) => enemiesNextTo(ctx, u.side, u.hex as string).length > 0)
      .map(([id]) => id)
  }
  return d
}

const openAttacks = (d: ShockData): number[] => d.attacks.flatMap((a, i) => (a.done ? [] : [i]))

/** The rule of the declarations: continued attacks' own, or shock attacks'. */
function declarationsRule(ctx: PlayContext, d?: ShockData): string | undefined {
  return d?.mode === 'continued' ? continuedRule(ctx) : attackSettings(ctx).rule
}

function declarePrompt(ctx: PlayContext, d: ShockData): Outcome {
  const verb =
    d.mode === 'continued' ? 'declare the continued attacks' : 'declare shock attacks and charges'
  return {
    kind: 'prompt',
    prompt: {
      side: d.side,
      kind: 'shock-declaration',
      text: `${verb} one at a time ("declare"), then "declare-done"`,
      actions: ['declare', 'declare-undo', 'declare-done'],
      ...ruleField(declarationsRule(ctx, d)),
    },
  }
}

function resolvePrompt(ctx: PlayContext, d: ShockData): Outcome {
  return {
    kind: 'prompt',
    prompt: {
      side: d.side,
      kind: 'shock-resolution',
      text: 'choose the attack to resolve next ("resolve-attack" with its index or a defending hex)',
      actions: ['resolve-attack'],
      ...ruleField(sectionOf(ctx.loaded, 'shockResolution')),
    },
  }
}

/** Attackers and defenders of the declared attacks are marked; the declarations stand. */
function closeDeclarations(ctx: PlayContext, d: ShockData): void {
  const charge = chargeSettings(ctx)
  const shockMarker = attackSettings(ctx).marker
  for (const attack of d.attacks) {
    for (const id of attack.attackers) {
      activityOf(ctx, id).attacked = true
      const marker = attack.chargers.includes(id) ? charge?.marker : shockMarker
      if (marker !== undefined) setMarker(ctx, id, marker, 'add', declarationsRule(ctx))
    }
    for (const id of attack.defenders) activityOf(ctx, id).wasAttacked = true
  }
  if (d.attacks.length === 0) d.step = d.steps.length
  else d.step += 1
}

function startResolving(f: ShockFrame, d: ShockData, index: number, ctx: PlayContext): void {
  const marker = continuedAttackMarker(ctx)
  const attack = d.attacks[index] as DeclaredAttack
  const r: Resolving = {
    index,
    stage: 'bonus',
    bonuses: [],
    waiting: false,
    before: Object.fromEntries(
      attack.attackers.map((id) => [id, marker === undefined ? 0 : markerCount(ctx, id, marker)]),
    ),
  }
  d.resolving = toJson(r)
  f.go('resolving')
}

function finishAttack(ctx: PlayContext, attack: DeclaredAttack, r: Resolving): void {
  attack.done = true
  engageAfterAttack(ctx, attack.attackers, r.rolls ?? [])
  const markers = [chargeSettings(ctx)?.marker, attackSettings(ctx).marker]
  const ca = continuedAttackMarker(ctx)
  for (const id of attack.attackers) {
    if (hexOf(ctx, id) === null) continue
    for (const m of markers)
      if (m !== undefined && markerCount(ctx, id, m) > 0) setMarker(ctx, id, m, 'remove')
    // A unit given a continued attack fights on: it is no longer Engaged.
    if (ca !== undefined && markerCount(ctx, id, ca) > (r.before[id] ?? 0)) clearEngaged(ctx, id)
  }
}

function resolving(ctx: PlayContext, f: ShockFrame, d: ShockData): Outcome {
  const r = fromJson<Resolving>(d.resolving)
  const attack = d.attacks[r.index] as DeclaredAttack
  if (r.stage === 'bonus') {
    if (r.waiting) {
      r.bonuses.push(typeof f.frame.returned === 'number' ? f.frame.returned : 0)
      r.waiting = false
    }
    const hexes = defendingHexes(ctx, attack)
    while (r.bonuses.length < hexes.length) {
      const hex = hexes[r.bonuses.length] as { defenders: string[] }
      const ask = attackBonusFrame(ctx, {
        attackers: fightingAttackers(ctx, attack),
        defenders: hex.defenders,
      })
      if (ask === null) r.bonuses.push(0)
      else {
        r.waiting = true
        return { kind: 'push', frame: ask }
      }
    }
    r.stage = 'roll'
  }
  if (r.stage === 'roll') {
    r.stage = 'effects'
    const { frame: follow, rolls } = resolveAttack(ctx, d, attack, r.bonuses)
    r.rolls = rolls
    if (follow !== null) return { kind: 'push', frame: follow }
  }
  if (r.stage === 'effects') {
    r.stage = 'after'
    const more = shareFatesFrame(ctx, r.rolls ?? [])
    if (more !== null) return { kind: 'push', frame: more }
  }
  finishAttack(ctx, attack, r)
  delete d.resolving
  f.go('step')
  return AGAIN
}

function runStep(ctx: PlayContext, f: ShockFrame, d: ShockData): Outcome {
  const step = d.steps[d.step]
  if (step === undefined) {
    f.go('end')
    return AGAIN
  }
  switch (step) {
    case 'declare': {
      if (
        d.attacks.length === 0 &&
        // Only asks: a listing context, which may remember what it works out.
        !anyLegalDeclaration({ loaded: ctx.loaded, state: ctx.state, memo: new Map() }, d) &&
        declarationsProblem(ctx, d) === null
      ) {
        note(ctx, `${d.side} has no attack to declare`, declarationsRule(ctx))
        d.step = d.steps.length
        return AGAIN
      }
      return declarePrompt(ctx, d)
    }
    case 'place-chargers': {
      const queue = chargerQueue(d)
      const at = d.placing ?? 0
      if (at >= queue.length) {
        delete d.placing
        d.step += 1
        return AGAIN
      }
      d.placing = at + 1
      const { attack, unit } = queue[at] as { attack: number; unit: string }
      const window = placeCharger(ctx, d, d.attacks[attack] as DeclaredAttack, unit)
      if (window === null) return AGAIN
      f.go('placed')
      return { kind: 'push', frame: window }
    }
    case 'terrain-disorder':
      terrainDisorderChecks(ctx, d)
      d.step += 1
      return AGAIN
    case 'reluctance':
      reluctanceChecks(ctx, d)
      d.step += 1
      return AGAIN
    case 'retreat-before-combat':
    case 'counter-charge': {
      d.step += 1
      if (openAttacks(d).length === 0) return AGAIN
      if (step === 'counter-charge' && d.mode !== 'phase') return AGAIN
      const window = reactionFrame(ctx, d.params, step, declaredEvent(d.attacks))
      return window === null ? AGAIN : { kind: 'push', frame: window }
    }
    case 'resolve': {
      const open = openAttacks(d)
      if (open.length === 0) {
        d.step += 1
        return AGAIN
      }
      // With one attack left, the order is no longer a choice.
      if (open.length === 1) {
        startResolving(f, d, open[0] as number, ctx)
        return AGAIN
      }
      return resolvePrompt(ctx, d)
    }
  }
}

export const shockProcedure = defineProcedure<ShockData>()<Step>({
  name: 'shock',
  settings: ['resolution', 'steps'],
  actions: SHOCK_ACTIONS,
  steps: {
    start(ctx, f) {
      prepare(ctx, f)
      f.go('step')
      return AGAIN
    },
    step(ctx, f) {
      return runStep(ctx, f, prepare(ctx, f))
    },
    placed(ctx, f) {
      const d = prepare(ctx, f)
      // The charger's arrival has been answered (reaction fire): see what is left of it.
      const placed = chargerQueue(d)[(d.placing ?? 1) - 1]
      if (placed !== undefined)
        checkCharger(ctx, d.attacks[placed.attack] as DeclaredAttack, placed.unit)
      f.go('step')
      return AGAIN
    },
    resolving(ctx, f) {
      return resolving(ctx, f, prepare(ctx, f))
    },
    end(ctx, f) {
      return { kind: 'done', value: toJson(prepare(ctx, f).attacks) }
    },
  },
  act(ctx, f, action) {
    const d = prepare(ctx, f)
    const step = d.steps[d.step]
    if (step === 'declare') {
      switch (action.type) {
        case 'declare': {
          const attack = readDeclaration(ctx, d, action)
          d.attacks.push(attack)
          const what = attack.chargers.length > 0 ? 'charge' : 'attack'
          return `${d.side} declares: ${attack.attackers.join(', ')} ${what} ${attack.defenders.join(', ')}`
        }
        case 'declare-undo': {
          checkArgs(action, [])
          const last = d.attacks.pop() ?? reject('no attack has been declared yet')
          return `${d.side} takes back the attack of ${last.attackers.join(', ')} on ${last.defenders.join(', ')}`
        }
        case 'declare-done': {
          checkArgs(action, [])
          const problem = declarationsProblem(ctx, d)
          if (problem !== null) return reject(problem, declarationsRule(ctx, d))
          closeDeclarations(ctx, d)
          return `${d.side} has declared ${d.attacks.length} attack${d.attacks.length === 1 ? '' : 's'}`
        }
      }
    }
    if (step === 'resolve' && action.type === 'resolve-attack') {
      const index = readAttackChoice(ctx, d, action)
      startResolving(f, d, index, ctx)
      const a = d.attacks[index] as DeclaredAttack
      return `${d.side} resolves the attack of ${a.attackers.join(', ')} on ${a.defenders.join(', ')}`
    }
    return reject(`"${action.type}" does not answer this question of the shock phase`)
  },
  legal(ctx, f) {
    const d = prepare(ctx, f)
    const step = d.steps[d.step]
    if (step === 'declare') {
      return [
        ...legalDeclarations(ctx, d),
        ...(d.attacks.length > 0 ? [{ type: 'declare-undo' }] : []),
        ...(declarationsProblem(ctx, d) === null ? [{ type: 'declare-done' }] : []),
      ]
    }
    if (step === 'resolve')
      return openAttacks(d).map((index) => ({ type: 'resolve-attack', index }))
    return []
  },
})

function readAttackChoice(ctx: PlayContext, d: ShockData, action: Action): number {
  checkArgs(action, ['index', 'hex'])
  const open = openAttacks(d)
  const index = numberArg(action, 'index')
  if (index !== undefined) {
    if (!open.includes(index))
      return reject(
        `there is no attack ${index} left to resolve (open: ${open.join(', ')})`,
        sectionOf(ctx.loaded, 'shockResolution'),
      )
    return index
  }
  const hex = stringArg(action, 'hex')
  const found = open.find((i) => (d.attacks[i] as DeclaredAttack).hexes.includes(hex))
  return (
    found ??
    reject(`no attack left to resolve strikes hex ${hex}`, sectionOf(ctx.loaded, 'shockResolution'))
  )
}
