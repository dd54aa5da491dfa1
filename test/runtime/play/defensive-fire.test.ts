/**
 * Fire at every step of a move (reaction `react:fire:move-step`), Croisades tactical's defensive
 * fire (B.1.21 phase 3, B.1.33; revised: Annex D 1.33, differences V8 and V9): the other side's
 * missile units shoot at a moving unit in the hex it has just entered, and its move goes on.
 * Proven on the turn-based fixture, whose movement phase gets the reaction instead of its
 * reaction fire, and on Croisades' own content (the §4A cases CH-50 to CH-53).
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt, startGame, validateContent } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Placed } from './move-steps'
import {
  act,
  afterMoveStep,
  croisades,
  crusadersMove,
  lines,
  placed,
  refused,
  rolls,
  until,
} from './move-steps'
import { MOD, SCENARIO, scenarioOf, withPhase } from './turn-skirmish'

// ------------------------------------------------------------- the turn-based fixture

const RULE = 'B.1.33'

/** The fixture whose movement phase has fire at every step (with these settings) instead. */
function fixtureWith(params: Record<string, unknown> | null) {
  return withPhase('movement', {
    reactions:
      params === null
        ? undefined
        : [
            {
              id: 'defensive-fire',
              label: 'Defensive fire',
              mechanic: 'fire',
              trigger: 'move-step',
              player: 'inactive',
              limit: 'unlimited',
              rule: RULE,
              params,
            },
          ],
  })
}

const KNIGHT = 'franks-kn-1'
/** Three missile units of the Emir: X reaches 0502 and 0602, Y 0602 to 0802, Z only 0602. */
const X = 'garrison-a-1'
const Y = 'garrison-af-1'
const Z = 'emir-lc-a-1'
const ROW = ['0502', '0602', '0702', '0802', '0902']

const archers: Record<string, Placed> = {
  [X]: { hex: '0504', facing: 'NE' },
  [Y]: { hex: '0704', facing: 'NW' },
  [Z]: { hex: '0604', facing: 'NE' },
}

/** The Franks' first movement phase, the knight in 0402 and the archers placed, dice forced. */
function franksMove(
  loaded: LoadedScenario,
  faces: number[],
  more: Record<string, Placed> = {},
): GameState {
  const { state } = startGame(loaded, { forced: [] })
  expect(openPrompt(state)).toMatchObject({ side: 'franks', kind: 'movement' })
  return placed(
    loaded,
    state,
    { [KNIGHT]: { hex: '0402', facing: 'E' }, ...archers, ...more },
    faces,
  )
}

const move = (unit: string, path: string[]) => ({ type: 'move', unit, path, facing: 'E' })
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })

describe('fire at every step of a move, on the turn-based fixture', () => {
  it('validates clean: the engine plays the reaction and reads all its settings', () => {
    const sources = fixtureWith({
      mode: 'defensive',
      excludeInContact: true,
      simultaneousDeclaration: true,
      refireDistance: [{ when: "unit.status == 'disordered'", hexes: 1 }, { hexes: 2 }],
      lockout: true,
      marker: 'reaction-fired',
      firerExcludedWhen: 'unit.markers.fired > 0',
      targetExcludedWhen: "unit.status == 'retired'",
    })
    const report = validateContent(sources, { testGames: (id) => id === SCENARIO })
    expect(report.problems.filter((p) => p.file.startsWith(MOD))).toEqual([])
  })

  it('B.1.21 phase 3: the mover is fired at in the hex it enters, and its move goes on', () => {
    const loaded = scenarioOf(fixtureWith({}))
    const start = franksMove(loaded, [0])
    const { state: asked, entries } = act(loaded, start, move(KNIGHT, ROW))
    // Interrupted at the first hex in X's reach, before the rest of the path.
    expect(lines(entries)).toEqual([`${KNIGHT} moves 0402 → 0502 (1 MP)`])
    expect(openPrompt(asked)).toMatchObject({
      side: 'emirate',
      kind: 'reaction-fire',
      actions: ['fire', 'decline'],
      rule: RULE,
      text: `${KNIGHT} entered 0502: fire at it with ${X}, or decline`,
    })
    expect(legalActions(loaded, asked)).toEqual([
      { ...fire(X, KNIGHT), side: 'emirate' },
      { type: 'decline', side: 'emirate' },
    ])
    const shot = act(loaded, asked, fire(X, KNIGHT))
    expect(rolls(shot.entries).map(([id]) => id)).toEqual(['fire'])
    const after = lines(shot.entries)
    const fired = after.indexOf(`${X} fires at ${KNIGHT} as it moves through 0502`)
    expect(fired).toBeGreaterThanOrEqual(0)
    // The move went on after the shot: Y and Z then had their chance at 0602.
    expect(after.indexOf(`${KNIGHT} moves 0502 → 0602 (1 MP)`)).toBeGreaterThan(fired)
    expect(shot.state.units[KNIGHT]?.hex).toBe('0602')
    expect(openPrompt(shot.state)?.text).toBe(
      `${KNIGHT} entered 0602: fire at it with ${Z}, ${Y}, or decline`,
    )
    expect(shot.state.flow?.activation?.units[X]).toMatchObject({
      fired: true,
      reactions: ['defensive-fire'],
    })
    // Y is asked again at 0702 and 0802; declined each time, the move reaches its end.
    let state = shot.state
    for (const hex of ['0602', '0702', '0802']) {
      expect(openPrompt(state)?.text).toMatch(new RegExp(`^${KNIGHT} entered ${hex}:`))
      state = act(loaded, state, { type: 'decline' }).state
    }
    expect(state.units[KNIGHT]?.hex).toBe('0902')
    expect(openPrompt(state)).toMatchObject({ side: 'franks', kind: 'movement' })
  })

  it('switched off: the same move is never interrupted', () => {
    const loaded = scenarioOf(fixtureWith(null))
    const { state, entries } = act(loaded, franksMove(loaded, []), move(KNIGHT, ROW))
    expect(rolls(entries)).toEqual([])
    expect(state.units[KNIGHT]?.hex).toBe('0902')
    expect(openPrompt(state)).toMatchObject({ side: 'franks', kind: 'movement' })
  })

  it('B.1.3: a unit fires once a turn: it is not offered again, and refused with the reason', () => {
    const loaded = scenarioOf(fixtureWith({}))
    let state = act(loaded, franksMove(loaded, [0, 0]), move(KNIGHT, ROW)).state
    state = act(loaded, state, { type: 'decline' }).state
    // At 0602 all three may fire; after X's shot the others are asked again, X is not.
    state = act(loaded, state, fire(X, KNIGHT)).state
    expect(openPrompt(state)?.text).toBe(
      `${KNIGHT} entered 0602: fire at it with ${Z}, ${Y}, or decline`,
    )
    expect(refused(loaded, state, fire(X, KNIGHT))).toEqual({
      message: `unit ${X} has already fired this turn`,
      rule: RULE,
    })
  })

  it('B.1.33, CH-50: a target fired on may be fired on again only after moving further hexes', () => {
    const loaded = scenarioOf(fixtureWith({ refireDistance: [{ hexes: 2 }] }))
    const asked = act(loaded, franksMove(loaded, [0, 0]), move(KNIGHT, ROW)).state
    const { state, entries } = act(loaded, asked, fire(X, KNIGHT))
    // At 0602, one hex on, Y and Z may not fire yet: the log says why; at 0702 Y may.
    expect(lines(entries)).toContain(
      `no fire at ${KNIGHT} in 0602: ${KNIGHT} has entered 1 hex since it was last fired at, and may be fired at again only after 2 hexes`,
    )
    expect(state.units[KNIGHT]?.hex).toBe('0702')
    expect(openPrompt(state)?.text).toBe(`${KNIGHT} entered 0702: fire at it with ${Y}, or decline`)
    // Without the distance, Y and Z are asked at 0602.
    const free = scenarioOf(fixtureWith({}))
    const again = act(free, franksMove(free, [0, 0]), move(KNIGHT, ROW)).state
    expect(openPrompt(act(free, again, fire(X, KNIGHT)).state)?.text).toContain('entered 0602')
  })

  it('B.1.33, CH-51: shooters named together fire after "done", and all count as having fired', () => {
    // Men-at-arms on foot: 5 disorders them, then 9 on the disordered column eliminates them.
    const loaded = scenarioOf(fixtureWith({ simultaneousDeclaration: true }))
    const MA = 'franks-ma-1'
    let state = franksMove(loaded, [5, 9], {
      [MA]: { hex: '0402', facing: 'E' },
      [KNIGHT]: { hex: '0101', facing: 'E' },
    })
    state = act(loaded, state, move(MA, ['0502', '0602'])).state
    expect(openPrompt(state)).toMatchObject({
      actions: ['fire', 'decline'],
      text: `${MA} entered 0502: name the units to fire at it (${X}), then open fire ("done"); or decline`,
    })
    state = act(loaded, state, { type: 'decline' }).state
    const named = act(loaded, state, fire(X, MA))
    expect(rolls(named.entries)).toEqual([])
    expect(lines(named.entries)).toContain(`${X} is named to fire at ${MA} in 0602`)
    expect(openPrompt(named.state)).toMatchObject({
      actions: ['fire', 'done'],
      text: `${X} will fire at ${MA} in 0602: name more (${Z}, ${Y}) or open fire ("done")`,
    })
    expect(refused(loaded, named.state, fire(X, MA)).message).toBe(
      `unit ${X} is already named to fire at ${MA}`,
    )
    expect(refused(loaded, named.state, { type: 'decline' }).message).toContain(
      '"decline" does not answer that',
    )
    state = act(loaded, named.state, fire(Y, MA)).state
    // The last one named: nobody is left to name, so fire opens at once.
    const volley = act(loaded, state, fire(Z, MA))
    expect(rolls(volley.entries).map(([id, natural]) => [id, natural])).toEqual([
      ['fire', 5],
      ['fire', 9],
    ])
    expect(lines(volley.entries)).toContain(`emirate opens fire at ${MA} with ${X}, ${Y}, ${Z}`)
    expect(lines(volley.entries)).toContain(`${Z} has fired for nothing: ${MA} is down`)
    expect(volley.state.units[MA]?.status).toBe('eliminated')
    for (const id of [X, Y, Z]) expect(volley.state.flow?.activation?.units[id]?.fired).toBe(true)
    expect(openPrompt(volley.state)).toMatchObject({ side: 'franks', kind: 'movement' })
  })

  it('B.1.33: once the side has fired at another target, the first is safe for the turn', () => {
    const run = (lockout: boolean) => {
      const loaded = scenarioOf(fixtureWith({ lockout }))
      const other = 'franks-kn-2'
      let state = franksMove(loaded, [0, 0], { [other]: { hex: '0801', facing: 'SE' } })
      state = act(loaded, state, move(KNIGHT, ['0502', '0602'])).state
      state = act(loaded, state, { type: 'decline' }).state
      state = act(loaded, state, fire(X, KNIGHT)).state
      state = act(loaded, state, { type: 'decline' }).state
      // The other knight comes into Y's reach, and Y fires at it.
      state = act(loaded, state, move(other, ['0802'])).state
      expect(openPrompt(state)?.text).toBe(
        `${other} entered 0802: fire at it with ${Y}, or decline`,
      )
      state = act(loaded, state, fire(Y, other)).state
      // Should the first knight be reported entering its hex again, Z could shoot at it.
      return afterMoveStep(loaded, state, KNIGHT)
    }
    const open = run(false)
    expect(openPrompt(open.state)?.text).toBe(
      `${KNIGHT} entered 0602: fire at it with ${Z}, or decline`,
    )
    const locked = run(true)
    expect(openPrompt(locked.state)).toMatchObject({ side: 'franks', kind: 'movement' })
    expect(locked.lines).toEqual([
      `no fire at ${KNIGHT} in 0602: ${KNIGHT} is safe from emirate for the rest of the turn: emirate has fired at another target since`,
    ])
  })

  it('B.1.33, CH-52, CH-53: conditions on the firer and on the mover, and the firer’s marker', () => {
    const loaded = scenarioOf(
      fixtureWith({
        firerExcludedWhen: 'unit.markers.fired > 0',
        targetExcludedWhen: "unit.status == 'disordered'",
        marker: 'reaction-fired',
      }),
    )
    // X carries the marker of an earlier fire: not asked at 0502, refused at 0602.
    const marked = { [X]: { hex: '0504', facing: 'NE', markers: { fired: 1 } } }
    let state = act(loaded, franksMove(loaded, [0], marked), move(KNIGHT, ROW)).state
    expect(openPrompt(state)?.text).toBe(
      `${KNIGHT} entered 0602: fire at it with ${Z}, ${Y}, or decline`,
    )
    expect(refused(loaded, state, fire(X, KNIGHT))).toEqual({
      message: `unit ${X} may not fire in this reaction`,
      rule: RULE,
    })
    state = act(loaded, state, fire(Y, KNIGHT)).state
    expect(state.units[Y]?.markers['reaction-fired']).toBe(1)
    // A disordered mover is not fired at at all.
    const disordered = franksMove(loaded, [], {
      [KNIGHT]: { hex: '0402', facing: 'E', status: 'disordered' },
    })
    const { state: moved, entries } = act(loaded, disordered, move(KNIGHT, ROW.slice(0, 4)))
    expect(moved.units[KNIGHT]?.hex).toBe('0802')
    expect(lines(entries)).toContain(
      `no fire at ${KNIGHT} in 0502: ${KNIGHT} may not be fired at in this reaction`,
    )
  })
})

// ------------------------------------------------------------------ Croisades tactical

const MOVER = 'mover'
const EAST = ['E10', 'F10', 'G10', 'H10']
const foot = (id: string, hex: string) => ({ id, type: 'spearman', hex, facing: 'N' })
const archer = (id: string, hex: string) => ({
  id,
  type: 'saracen-foot-archer',
  hex,
  facing: 'N',
})

describe('Croisades tactical defensive fire (B.1.33)', () => {
  const crusaders = [foot(MOVER, 'D10')]
  const saracens = [archer('a1', 'E13'), archer('a2', 'G13'), archer('a3', 'I13')]

  it('CH-50: an unhurt man on foot may be fired on again after 2 more hexes, a wounded one after 1', () => {
    const loaded = croisades(crusaders, saracens.slice(0, 2))
    for (const [face, again] of [
      [10, 'G10'],
      [2, 'F10'],
    ] as const) {
      let state = act(loaded, crusadersMove(loaded, [face]), {
        type: 'move',
        unit: MOVER,
        path: EAST,
        facing: 'N',
      }).state
      expect(openPrompt(state)).toMatchObject({ side: 'saracens', rule: 'B.1.33' })
      state = act(loaded, state, fire('a1', MOVER)).state
      const volley = act(loaded, state, { type: 'done' })
      // 10 misses; 2 wounds him (B: he also keeps half his movement).
      expect(volley.state.units[MOVER]?.status).toBe(face === 10 ? 'healthy' : 'wounded')
      expect(openPrompt(volley.state)?.text).toMatch(new RegExp(`^mover entered ${again}:`))
      expect(volley.state.units.a1?.markers['defensive-fire']).toBe(1)
    }
  })

  it('CH-51: three shooters named; the target dies on the second shot; all three have fired', () => {
    const loaded = croisades(crusaders, saracens)
    let state = act(loaded, crusadersMove(loaded, [2, 2, 10]), {
      type: 'move',
      unit: MOVER,
      path: EAST,
      facing: 'N',
    }).state
    for (const id of ['a1', 'a2', 'a3']) state = act(loaded, state, fire(id, MOVER)).state
    // The last of them named: fire opens by itself. B, then B on a wounded man: dead.
    expect(state.units[MOVER]?.status).toBe('dead')
    for (const id of ['a1', 'a2', 'a3']) {
      expect(state.units[id]?.markers['defensive-fire']).toBe(1)
      expect(state.flow?.activation?.units[id]?.fired).toBe(true)
    }
    expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'movement' })
  })

  it('CH-52: a crossbowman who fired offensively may not fire defensively; a longbowman may', () => {
    const loaded = croisades(
      [
        { id: 'xbow', type: 'crossbowman', hex: 'E13', facing: 'N' },
        { id: 'longbow', type: 'welsh-longbowman', hex: 'G13', facing: 'N' },
      ],
      [{ id: 'target', type: 'syrian-infantry', hex: 'D10', facing: 'N' }],
    )
    const { state: start } = startGame(loaded, { forced: [] })
    let state: GameState = { ...start, dice: forcedSource([10, 10]) }
    // B.1.34: each fixes his fire plan first; only the longbowman's includes defensive fire.
    state = act(loaded, state, { type: 'fire-plan', unit: 'xbow', plan: 'offensive' }).state
    state = act(loaded, state, {
      type: 'fire-plan',
      unit: 'longbow',
      plan: 'offensive-and-defensive',
    }).state
    state = act(loaded, state, fire('xbow', 'target')).state
    state = act(loaded, state, fire('longbow', 'target')).state
    expect(state.units.xbow?.markers['offensive-fire']).toBe(1)
    state = until(loaded, state, 'movement', 'saracens')
    state = act(loaded, state, { type: 'move', unit: 'target', path: EAST, facing: 'N' }).state
    expect(openPrompt(state)).toMatchObject({
      side: 'crusaders',
      text: 'target entered E10: name the units to fire at it (longbow), then open fire ("done"); or decline',
    })
    expect(refused(loaded, state, fire('xbow', 'target'))).toEqual({
      message: 'unit xbow may not fire in this reaction',
      rule: 'B.1.33',
    })
  })

  it('B.1.33, Q-CH-19: a man attacked in melee in the enemy’s last turn may not fire at its moves', () => {
    const loaded = croisades(
      [foot('brute', 'E12'), foot(MOVER, 'D10')],
      [archer('a1', 'E13'), archer('a2', 'G13')],
    )
    const { state: start } = startGame(loaded, { forced: [] })
    // Turn 1: the crusaders attack a1 in melee (roll 10 at 1:1: no effect).
    let state = until(loaded, { ...start, dice: forcedSource([10]) }, 'melee', 'crusaders')
    state = act(loaded, state, { type: 'attack', attackers: ['brute'], defenders: ['a1'] }).state
    expect(state.units.a1?.status).toBe('healthy')
    // The Saracens' turn: both archers keep to a defensive plan.
    state = until(loaded, state, 'fire', 'saracens')
    for (const id of ['a1', 'a2'])
      state = act(loaded, state, { type: 'fire-plan', unit: id, plan: 'defensive' }).state
    state = until(loaded, state, 'movement', 'crusaders')
    // The attacker is moved off, so that a1 is no longer in contact with anyone.
    state = placed(loaded, state, { brute: { hex: 'A20', facing: 'N' } }, [10])
    state = act(loaded, state, { type: 'move', unit: MOVER, path: EAST, facing: 'N' }).state
    expect(openPrompt(state)).toMatchObject({
      side: 'saracens',
      text: 'mover entered E10: name the units to fire at it (a2), then open fire ("done"); or decline',
    })
    expect(refused(loaded, state, fire('a1', MOVER))).toEqual({
      message:
        "a1 was attacked in melee in the enemy's last turn, so he may not fire at the enemy's moves",
      rule: 'B.1.33',
    })
  })

  it('V8, V9 (revised): no re-fire distance, and each shot is rolled as soon as it is named', () => {
    const loaded = croisades(crusaders, saracens.slice(0, 2), {
      base: 'croisades-tactical-revised',
    })
    let state = act(loaded, crusadersMove(loaded, [10, 10]), {
      type: 'move',
      unit: MOVER,
      path: EAST,
      facing: 'N',
    }).state
    expect(openPrompt(state)?.text).toBe('mover entered E10: fire at it with a1, a2, or decline')
    const first = act(loaded, state, fire('a1', MOVER))
    expect(rolls(first.entries).map(([id]) => id)).toEqual(['missile-fire'])
    // Still in E10: a2 may fire at once, with no distance to wait for.
    expect(openPrompt(first.state)?.text).toBe('mover entered E10: fire at it with a2, or decline')
    state = act(loaded, first.state, { type: 'decline' }).state
    expect(openPrompt(state)?.text).toBe('mover entered F10: fire at it with a2, or decline')
  })
})
