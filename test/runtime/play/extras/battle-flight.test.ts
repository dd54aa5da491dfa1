/**
 * 14.8 battle flight and 14.9 pursuit (Blood & Roses optional rules), at the end of an
 * activation: a Battle past its flight number rolls once in the game (+ its leader's charisma
 * when one of his units is in his range), flees on 4 or less; the pursuit that may follow; the
 * side whose last Battle flees loses; pursuers must be brought back with free activations.
 */
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../../src/runtime/state'
import { Game, rolls, scenario, start } from './helpers'
import type { Placement } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

/** e-main (two men-at-arms and infantry, flight number 2) has lost one unit and has one retired. */
const BROKEN: Record<string, Placement> = {
  'e-main-1': { hex: null, status: 'eliminated' },
  'e-main-2': { status: 'retired' },
}

function withFlightPoints(state: GameState, east: number): GameState {
  const tracks = state.sides.east?.tracks
  if (tracks !== undefined) tracks['flight-points'] = east
  return state
}

describe('14.8 battle flight', () => {
  const loaded = scenario('extras-bnr', { 'battle-flight': true })

  function broken(dice: number[], places: Record<string, Placement> = {}): Game {
    const state = start(
      loaded,
      [...DRAWS, ...dice],
      { ...BROKEN, ...places },
      { west: [], east: [] },
    )
    const game = new Game(loaded, withFlightPoints(state, 4))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    return game
  }

  it("a Battle past its flight number rolls with its leader's charisma; 5 means no effect, and it never rolls again", () => {
    const game = broken([4, 1, 1, 1, 1])
    game.until('continuation')
    const check = game.entries
      .flatMap((e) => e.records)
      .find((r) => r.resolution.id === 'battle-flight-check')
    expect(check?.roll).toMatchObject({ natural: 4, final: 5 })
    expect(check?.outcome).toBe('success')
    expect(game.notes()).toContain('e-main has lost 2 of 3 units: it checks for flight')
    game.play({ type: 'pass' })
    // East's own activation ends without another roll for e-main.
    game.play({ type: 'activate', kind: 'battle', command: 'e-wing' })
    game.until('continuation')
    expect(
      game.entries
        .flatMap((e) => e.records)
        .filter((r) => r.resolution.id === 'battle-flight-check'),
    ).toHaveLength(1)
  })

  it('4 or less: the Battle flees; retired units are eliminated and score, the rest leave without points, the OC scores; its standard goes to the flight edge', () => {
    const game = broken([3, 1, 1])
    expect(game.until('flight-standard').prompt).toMatchObject({ side: 'east', rule: '14.8' })
    const entry = game.entries.at(-1)
    expect(rolls(entry as never).find((r) => r[0] === 'battle-flight-check')).toEqual([
      'battle-flight-check',
      3,
      4,
      'failure',
    ])
    expect(game.unit('e-main-2').status).toBe('eliminated')
    expect(game.unit('e-main-3')).toMatchObject({ status: 'fled', location: 'removed' })
    expect(game.unit('e-oc').status).toBe('eliminated')
    // 4 + (3 - 1) for the retired men-at-arms + 5 for the overall commander; nothing for the fled.
    expect(game.state.sides.east?.tracks['flight-points']).toBe(11)
    expect(game.legal().map((a) => a.hex)).toEqual([
      '1203',
      '1204',
      '1205',
      '1206',
      '1207',
      '1208',
      '1209',
      '1210',
    ])
    expect(game.refusal({ type: 'place-standard', hex: '1201' }).rule).toBe('14.8')
    game.play({ type: 'place-standard', hex: '1205' })
    expect(game.state.flow?.standards['e-main']).toBe('1205')
    expect(game.until('continuation').state.outcome).toBeNull()
  })

  it('the side whose last Battle flees loses at once', () => {
    const gone = { hex: null, status: 'eliminated' }
    const game = broken([3], {
      'e-wing-1': gone,
      'e-wing-2': gone,
      'e-wing-3': gone,
      'e-late-1': { hex: null, status: 'eliminated' },
    })
    game.until('flight-standard').play({ type: 'place-standard', hex: '1205' })
    expect(game.state.outcome).toEqual({
      winners: ['west'],
      losers: ['east'],
      draw: false,
      reason: 'east: Every Battle fled',
    })
  })
})

describe('14.9 pursuit', () => {
  const loaded = scenario('extras-bnr', { 'battle-flight': true, pursuit: true })

  it('the Battle that broke them pursues; pursuers cut down fled units, then come back in a free activation', () => {
    // Flight 3 (+1) flees; pursuit check 2 (+1) must; share 5 -> 50 % of 3 units = 2; kill rolls
    // 4 (+1 leader) and a natural 9; loss checks 1, 1 after west's and after east's free
    // activations; return rolls 5 (+1) and 2 (+1).
    const state = start(loaded, [...DRAWS, 3, 2, 5, 4, 9, 1, 1, 1, 1, 5, 2], BROKEN, {
      west: [],
      east: [],
    })
    const game = new Game(loaded, withFlightPoints(state, 4))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('flight-standard').play({ type: 'place-standard', hex: '1205' })
    const check = game.entries.at(-1)?.records.find((r) => r.resolution.id === 'pursuit-check')
    expect(check?.roll).toMatchObject({ natural: 2, final: 3 })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'pursuit-share' })
    expect(game.legal()).toEqual([
      { type: 'adjust-share', by: 0 },
      { type: 'adjust-share', by: 1 },
      { type: 'adjust-share', by: -1 },
    ])
    game.play({ type: 'adjust-share', by: 0 })
    expect(game.notes()).toContain('2 of 3 units of w-main pursue (share 5)')
    expect(game.legal()).toEqual([
      { type: 'pursue-with', unit: 'w-main-1' },
      { type: 'pursue-with', unit: 'w-main-2' },
      { type: 'pursue-with', unit: 'w-main-3' },
    ])
    game.play({ type: 'pursue-with', unit: 'w-main-1' })
    game.play({ type: 'pursue-with', unit: 'w-main-2' })
    expect(game.prompt).toMatchObject({ kind: 'pursuit-leader' })
    const entry = game.play({ type: 'leader-joins', join: true })
    expect(rolls(entry).slice(0, 2)).toEqual([
      ['pursuit-mounted', 4, 5, 'success'],
      ['pursuit-mounted', 9, 10, 'success'],
    ])
    for (const id of ['w-main-1', 'w-main-2'])
      expect(game.unit(id)).toMatchObject({
        location: 'reinforcements',
        hex: null,
        markers: { pursuing: 1, 'pursuit-leader': 1 },
      })
    expect(game.unit('w-oc')).toMatchObject({
      location: 'reinforcements',
      markers: { pursuing: 1 },
    })
    // One fled unit to cut down, the infantry: it now scores its point.
    expect(game.unit('e-main-3').status).toBe('eliminated')
    expect(game.state.sides.east?.tracks['flight-points']).toBe(12)
    game.until('continuation').play({ type: 'pass' })
    // East's free activation, then west's: it must bring the pursuers back.
    game.play({ type: 'activate', kind: 'battle', command: 'e-wing' })
    game.until('continuation').play({ type: 'pass' })
    expect(game.legal()).toEqual([{ type: 'activate', kind: 'battle', command: 'w-main' }])
    expect(game.refusal({ type: 'pass' }).message).toBe(
      'west has units pursuing: its free activations must bring them back (activate w-main)',
    )
    const back = game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(rolls(back)).toEqual([
      ['pursuit-return', 5, 6, 'success'],
      ['pursuit-return', 2, 3, 'failure'],
    ])
    // Back at the fled Battle's standard, as it left; the other is gone without points.
    expect(game.unit('w-main-1')).toMatchObject({ location: 'map', hex: '1205', markers: {} })
    expect(game.unit('w-main-2')).toMatchObject({ status: 'fled', location: 'removed' })
    expect(game.unit('w-oc')).toMatchObject({ location: 'map', hex: '1205', markers: {} })
    // The leader rode along: the units that stayed are out of command this time.
    expect(game.unit('w-main-3').markers).toEqual({ 'out-of-command': 1 })
    expect(game.notes()).toContain('the pursuit of e-main by w-main is over: 1 of 2 come back')
    expect(game.state.sides.west?.tracks['flight-points']).toBe(0)
  })

  it("on 5 or more the pursuer may decline: the fled Battle's standard leaves the map", () => {
    const state = start(loaded, [...DRAWS, 3, 5, 1, 1], BROKEN, { west: [], east: [] })
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('flight-standard').play({ type: 'place-standard', hex: '1205' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'pursuit' })
    expect(game.legal()).toEqual([{ type: 'pursue' }, { type: 'decline' }])
    game.play({ type: 'decline' })
    expect(game.state.flow?.standards['e-main']).toBeNull()
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'continuation' })
  })
})
