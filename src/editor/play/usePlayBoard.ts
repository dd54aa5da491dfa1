/**
 * The board's side of a playtest: the selected unit's options from the runtime, the command
 * range on demand, the hexes the last action changed, and what a click on a hex means.
 */
import { computed, ref, shallowRef, watch } from 'vue'
import type { Action, LedHorseEnd } from '../../runtime'
import {
  boardOf,
  commandRange,
  isLeader as isLeaderUnit,
  ledHorsesAfter,
  rankActions,
  unitOptions,
  unitsInHex,
} from '../../runtime'
import { changedHexes, endHex, intents, type HexIntent } from './overlays'
import { waysOf } from './move-ways'
import { ridersBehind } from './play-counters'
import type { Playtest } from './usePlaytest'

/** A move to (or placing in) a hex that may end with several facings: the player picks one. */
export interface FacingChoice {
  /** What the choice is for ("Move to 0705", "Place in 1207"). */
  what: string
  hex: string
  actions: Action[]
  facings: string[]
  /** The facing offered first: the unit's own when it may keep it. */
  preferred: string
}

/**
 * Moves to one hex that differ by more than their facing (leading a horse, carrying a stunned
 * friend set down in one hex or another), or answers reaching it by different paths (an advance
 * after combat): the player picks how, then the facing.
 */
export interface MoveWayChoice {
  /** What the choice is for ("Move to 0705", "To N12"). */
  what: string
  hex: string
  ways: { text: string; actions: Action[] }[]
}

/**
 * Most milliseconds spent finding which of the units the decision lets act still have an answer
 * (a unit's listing may be a whole move search): past it, every one of them is marked.
 */
const WAITING_BUDGET_MS = 40

/**
 * Most answers the suggestion is worked out for: each is tried on the exact dice (some 3 ms an
 * answer that rolls nothing, as placing a retired unit; more for one that rolls).
 */
const SUGGEST_UP_TO = 48

export function usePlayBoard(pt: Playtest) {
  const showCommand = ref(false)
  const facingChoice = shallowRef<FacingChoice | null>(null)
  const wayChoice = shallowRef<MoveWayChoice | null>(null)

  const options = computed(() => {
    const l = pt.loaded.value
    const s = pt.state.value
    const id = pt.selected.value
    if (!l || !s || !id || !pt.session.value?.atEnd) return null
    return unitOptions(l, s, id)
  })

  const selectedHex = computed(() => {
    const id = pt.selected.value
    return (id && pt.state.value?.units[id]?.hex) || null
  })

  const commandShown = computed(() => {
    const l = pt.loaded.value
    const s = pt.state.value
    const id = pt.selected.value
    if (!showCommand.value || !l || !s || !id) return null
    return commandRange(l, s, id)
  })

  const isLeader = computed(() => {
    const l = pt.loaded.value
    const id = pt.selected.value
    return !!(l && id && isLeaderUnit(l, id))
  })

  const changed = computed(() => {
    const s = pt.session.value
    void pt.version.value
    if (!s || s.cursor === 0) return []
    return changedHexes(s.stateAt(s.cursor - 1), s.state)
  })

  const facingName = (value: unknown): string =>
    pt.names.value ? pt.names.value.facing(value) : String(value)
  const byHex = computed(() => intents(options.value, pt.generalActions.value, facingName))
  /** Hexes the open decision's answers name or end in, to highlight. */
  const placeHexes = computed(() => [
    ...new Set(
      [...byHex.value.values()]
        .flat()
        .flatMap((i) => (i.kind === 'place' || (i.kind === 'path' && i.answer) ? [i.hex] : [])),
    ),
  ])
  /**
   * The answer the decision panel suggests: ending a decision made on the map, otherwise the
   * greedy ranking's first (each answer tried on the exact dice), for up to SUGGEST_UP_TO.
   */
  const suggested = computed<Action | null>(() => {
    const l = pt.loaded.value
    const s = pt.state.value
    const list = pt.generalActions.value
    if (!l || !s || !list.length) return null
    const ending = list.find((a) => a.type === 'done' || a.type === 'pass')
    if (pt.actingUnits.value.size > 0) return ending ?? null
    if (list.length > SUGGEST_UP_TO) return ending ?? list[0] ?? null
    return rankActions(l, s, list)[0]?.action ?? list[0] ?? null
  })
  /** The hex the suggested answer names or ends in, starred on the map. */
  const suggestedHex = computed(() => (suggested.value ? endHex(suggested.value) : null))

  /**
   * The units the decision lets act that still have an answer (a missile man still to be given
   * his fire plan, not one planned already); all of them when finding out would take long.
   */
  const waitingUnits = computed(() => {
    const acting = pt.actingUnits.value
    const groups = (pt.groups as typeof pt.groups | undefined)?.value ?? []
    const start = performance.now()
    const out = new Set<string>()
    for (const g of groups) {
      if (!acting.has(g.key)) continue
      if (performance.now() - start > WAITING_BUDGET_MS) return acting
      if ((g.list ? g.list().count : g.actions().length) > 0) out.add(g.key)
    }
    return out
  })

  /** Hexes of the units that may act now, marked on the map (one hex once per stack). */
  const actingHexes = computed(() => {
    const s = pt.state.value
    if (!s || !pt.session.value?.atEnd) return []
    const hexes = new Set<string>()
    for (const id of waitingUnits.value) {
      const hex = s.units[id]?.hex
      if (hex) hexes.add(hex)
    }
    return [...hexes]
  })

  /** The action of a facing choice that ends facing `facing` (named). */
  const withFacing = (c: FacingChoice, facing: string): Action | undefined =>
    c.actions.find((a) => facingName(a.facing) === facing)
  const intentsAt = (hex: string): HexIntent[] => byHex.value.get(hex) ?? []

  watch(
    () => [pt.version.value, pt.selected.value],
    () => {
      facingChoice.value = null
      wayChoice.value = null
    },
  )

  /** Weighs an action, or takes it when it was already being weighed (a second click). */
  function weighOrTake(action: Action): void {
    if (pt.weighing.value && JSON.stringify(pt.weighing.value) === JSON.stringify(action)) {
      pt.act(action)
      return
    }
    pt.weighing.value = action
  }

  function chooseMove(intent: Extract<HexIntent, { kind: 'move' }>): void {
    const actions = intent.actions.filter((a) => a.with === undefined)
    const list = actions.length ? actions : intent.actions
    chooseWay(`Move to ${intent.hex}`, intent.hex, list, intent.facings)
  }

  /** Answers along a path ending in the hex: which way when they differ, then the facing. */
  function choosePath(intent: Extract<HexIntent, { kind: 'path' }>): void {
    chooseWay(`To ${intent.hex}`, intent.hex, intent.actions, intent.facings)
  }

  /**
   * Weighs (or, on a second click, takes) one of the actions reaching `hex`: when they differ by
   * more than their facing (what they lead or carry, who goes along, the path taken) the player
   * picks the way first (`wayChoice`), the plain one offered first; then the facing.
   */
  function chooseWay(what: string, hex: string, list: Action[], facings: string[]): void {
    // A second click on the destination takes the move weighed there (with the facing shown).
    const weighed = pt.weighing.value
    if (weighed && list.includes(weighed)) {
      facingChoice.value = null
      wayChoice.value = null
      pt.act(weighed)
      return
    }
    const ways = waysOf(list, pt.describe)
    if (ways.length > 1) {
      facingChoice.value = null
      wayChoice.value = { what, hex, ways }
      pt.weighing.value = ways[0]?.actions[0] ?? null
      return
    }
    chooseFacing(what, hex, list, facings)
  }

  /** Takes one way of moving to a hex (`wayChoice`), then asks for the facing if it may vary. */
  function takeWay(i: number): void {
    const c = wayChoice.value
    const way = c?.ways[i]
    if (!c || !way) return
    wayChoice.value = null
    const facings = [...new Set(way.actions.map((a) => facingName(a.facing)))]
    chooseFacing(c.what, c.hex, way.actions, way.actions[0]?.facing === undefined ? [] : facings)
  }

  /** Weighs a move to `hex` among `list`, asking for the facing when it may end several ways. */
  function chooseFacing(
    what: string,
    hex: string,
    list: readonly Action[],
    facings: readonly string[],
  ): void {
    if (facings.length <= 1) return weighOrTake(list[0] as Action)
    const intent = { hex, facings }
    const current = currentFacingName()
    const preferred =
      current && intent.facings.includes(current) ? current : (intent.facings[0] as string)
    const choice = {
      what,
      hex: intent.hex,
      actions: [...list],
      facings: [...intent.facings],
      preferred,
    }
    facingChoice.value = choice
    pt.weighing.value = withFacing(choice, preferred) ?? (list[0] as Action)
  }

  /** An answer placing a unit in the hex: with several facings, the player picks one. */
  function choosePlace(intent: Extract<HexIntent, { kind: 'place' }>): void {
    const weighed = pt.weighing.value
    if (weighed && intent.actions.includes(weighed)) {
      facingChoice.value = null
      pt.act(weighed)
      return
    }
    if (intent.facings.length <= 1) return weighOrTake(intent.actions[0] as Action)
    const choice = {
      what: `Place in ${intent.hex}`,
      hex: intent.hex,
      actions: intent.actions,
      facings: intent.facings,
      preferred: intent.facings[0] as string,
    }
    facingChoice.value = choice
    pt.weighing.value = withFacing(choice, choice.preferred) ?? null
  }

  /** The selected unit's facing by name, from a turn option or move option naming its clock. */
  function currentFacingName(): string | undefined {
    const l = pt.loaded.value
    const s = pt.state.value
    const id = pt.selected.value
    if (!l || !s || !id) return undefined
    const clock = s.units[id]?.facing
    if (clock === null || clock === undefined) return undefined
    return boardOf(l).facingName(clock)
  }

  function takeFacing(facing: string): void {
    const c = facingChoice.value
    if (!c) return
    const action = withFacing(c, facing)
    if (!action) return
    facingChoice.value = null
    pt.act(action)
  }

  /** The units a click on a hex may take: its stack, then riders with their rear half there. */
  function unitsOn(hex: string): string[] {
    const l = pt.loaded.value
    const s = pt.state.value
    if (!l || !s) return []
    const stack = unitsInHex(l, s, hex)
    return [...new Set([...stack.units, ...stack.leaders, ...ridersBehind(l, s, hex)])]
  }

  /** Units of the hex that the open decision lets act, other than the one selected. */
  function othersActingIn(hex: string): boolean {
    return unitsOn(hex).some((id) => id !== pt.selected.value && pt.actingUnits.value.has(id))
  }

  /**
   * A click on a hex: a friend there that may act is selected (Alt-click moves onto it instead);
   * otherwise the selected unit's move, shot or attack there is weighed, or taken on a second
   * click; otherwise a unit there is selected.
   */
  function clickHex(hex: string, alt = false): void {
    const weighed = pt.weighing.value
    const again = weighed && intentsAt(hex).some((i) => i.actions.includes(weighed))
    if (!alt && !again && othersActingIn(hex)) return selectIn(hex)
    const here = intentsAt(hex)
    const first = here[0]
    if (first) {
      if (first.kind === 'move') return chooseMove(first)
      if (first.kind === 'place') return choosePlace(first)
      if (first.kind === 'path') return choosePath(first)
      return weighOrTake(first.actions[0] as Action)
    }
    selectIn(hex)
  }

  /** Selects a unit of the hex: the next of the stack when one there is selected already. */
  function selectIn(hex: string): void {
    if (!pt.loaded.value || !pt.state.value) return
    const ids = unitsOn(hex)
    if (!ids.length) {
      pt.selected.value = null
      pt.weighing.value = null
      return
    }
    const i = pt.selected.value ? ids.indexOf(pt.selected.value) : -1
    pt.selected.value = ids[(i + 1) % ids.length] as string
    pt.weighing.value = null
  }

  /** Where the horses the weighed move leads would end, drawn and said with it. */
  const ledEnds = computed<LedHorseEnd[]>(() => {
    const l = pt.loaded.value
    const s = pt.state.value
    const w = pt.weighing.value
    if (!l || !s || !w || !Array.isArray(w.lead) || !pt.session.value?.atEnd) return []
    return ledHorsesAfter(l, s, w)
  })

  return {
    pt,
    options,
    waitingUnits,
    ledEnds,
    selectedHex,
    showCommand,
    commandShown,
    isLeader,
    changed,
    actingHexes,
    facingChoice,
    wayChoice,
    takeWay,
    withFacing,
    placeHexes,
    suggested,
    suggestedHex,
    intentsAt,
    clickHex,
    selectIn,
    takeFacing,
    weighOrTake,
  }
}

export type PlayBoard = ReturnType<typeof usePlayBoard>
