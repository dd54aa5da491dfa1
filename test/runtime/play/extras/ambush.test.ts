/**
 * 16.7 Ambush (Blood & Roses), on test/fixtures/extras/scenarios/extras-ambush.json: west hides
 * two cavalry units (w-cav-1, w-cav-2) in an ambush that joins its wing and comes on through 0601
 * and 0701 from the first activation; east's ambush is not due before activation 99. With a free
 * activation of kind "ambush" naming the command it joins, one ambushing unit comes on and acts
 * alone, in command, with twice its movement allowance, never into an enemy standard's hex; when
 * its move is over the enemy units next to it are retired if disordered, else disordered; then it
 * shocks, with continued attacks.
 */
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../../src/runtime/state'
import { Game, rolls, scenario, start } from './helpers'

const loaded = scenario('extras-ambush')

/** Enough dice for the loss checks of a few activations (no other roll unless a test says so). */
const CALM = [5, 5, 5, 5, 5, 5, 5, 5]

/** The hexes a legal move passes through, for every legal move of `unit`. */
function legalPaths(game: Game, unit: string): string[][] {
  return game
    .legal()
    .filter((a) => a.type === 'move' && a.unit === unit)
    .map((a) => a.path as string[])
}

describe('16.7 ambush: choosing it', () => {
  it('16.7 a free activation may spring the ambush for the command it joins, and for no other', () => {
    const game = new Game(loaded, start(loaded, CALM))
    const ambushes = game.legal().filter((a) => a.type === 'activate' && a.kind === 'ambush')
    expect(ambushes).toEqual([{ type: 'activate', kind: 'ambush', command: 'w-wing' }])
    const refused = game.refusal({ type: 'activate', kind: 'ambush', command: 'w-main' })
    expect(refused.message).toContain('may come on now to join w-main')
    expect(refused.rule).toBe('16.7')
  })

  it('16.7 an ambush that is not due yet cannot be sprung', () => {
    const game = new Game(loaded, start(loaded, CALM))
    game.play({ type: 'pass' })
    expect(game.prompt?.side).toBe('east')
    expect(game.legal().some((a) => a.kind === 'ambush')).toBe(false)
    const refused = game.refusal({ type: 'activate', kind: 'ambush', command: 'e-wing' })
    expect(refused.message).toContain('may come on now to join e-wing')
  })

  it('16.7 ambushing units never come on as ordinary reinforcements of their command', () => {
    const game = new Game(loaded, start(loaded, CALM))
    game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    game.until('move-and-fire')
    expect(legalPaths(game, 'w-cav-1')).toEqual([])
    expect(legalPaths(game, 'w-wing-1').length).toBeGreaterThan(0)
    const refused = game.refusal({
      type: 'move',
      unit: 'w-cav-1',
      path: ['0601', '0602'],
      facing: 'SE',
    })
    expect(refused.message).toContain('w-cav-1 waits in ambush')
  })

  it('16.7 only a free activation: a continuation cannot name an ambush', () => {
    const game = new Game(loaded, start(loaded, CALM))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.legal().some((a) => a.kind === 'ambush')).toBe(false)
    const refused = game.refusal({ type: 'continue', kind: 'ambush', command: 'w-wing' })
    expect(refused.message).toContain('only possible as a free activation')
    expect(refused.rule).toBe('16.7')
  })
})

describe('16.7 ambush: the move', () => {
  it('16.7 the player picks one of several ambushing units; it alone acts, with twice its movement allowance', () => {
    const game = new Game(loaded, start(loaded, CALM))
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    expect(game.prompt?.kind).toBe('ambush')
    expect(game.legal()).toEqual([
      { type: 'ambush', unit: 'w-cav-1' },
      { type: 'ambush', unit: 'w-cav-2' },
    ])
    expect(game.refusal({ type: 'ambush', unit: 'w-wing-1' }).rule).toBe('16.7')
    game.play({ type: 'ambush', unit: 'w-cav-1' })
    expect(game.prompt?.kind).toBe('movement')
    // Nothing else of the side moves: not its command's other units, not the other ambusher.
    const movers = new Set(game.legal().flatMap((a) => (a.type === 'move' ? [a.unit] : [])))
    expect([...movers]).toEqual(['w-cav-1'])
    expect(
      game.refusal({ type: 'move', unit: 'w-wing-1', path: ['0407'], facing: 'E' }).message,
    ).toContain('may move no further this activation')
    // Cavalry has 7 movement points: 14 in its ambush (entering costs 1, each clear hex 1).
    const path = [
      ...['0601', '0501', '0401', '0301', '0201', '0101', '0102'],
      ...['0202', '0302', '0402', '0502', '0602', '0702', '0802'],
    ]
    expect(
      game.refusal({ type: 'move', unit: 'w-cav-1', path: [...path, '0902'], facing: 'SE' })
        .message,
    ).toBe('w-cav-1 has 14 movement points left; the path to 0902 needs 15')
    const entry = game.play({ type: 'move', unit: 'w-cav-1', path, facing: 'SE' })
    expect(entry.text).toBe('w-cav-1 moves from off the map to 0802 (14 MP)')
    expect(game.unit('w-cav-1')).toMatchObject({ location: 'map', hex: '0802' })
  })

  it('16.7 a single ambushing unit comes on without being asked for', () => {
    const game = new Game(loaded, start(loaded, CALM, { 'w-cav-2': { hex: null } }))
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    expect(game.prompt?.kind).toBe('movement')
    expect(game.notes()).toContain('w-cav-1 comes out of its ambush; it alone acts this activation')
  })

  it('16.7 the ambushing unit may not enter the hex of an enemy standard', () => {
    const state: GameState = structuredClone(start(loaded, CALM, { 'w-cav-2': { hex: null } }))
    if (state.flow === null) throw new Error('no flow')
    state.flow.standards['e-wing'] = '0702'
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    const paths = legalPaths(game, 'w-cav-1')
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.some((p) => p.includes('0702'))).toBe(false)
    const refused = game.refusal({
      type: 'move',
      unit: 'w-cav-1',
      path: ['0701', '0702', '0703'],
      facing: 'SE',
    })
    expect(refused).toEqual({
      message:
        'w-cav-1 cannot move on from 0701: an ambushing unit may not enter the hex of an enemy standard (0702)',
      rule: '16.7',
    })
  })

  it('16.7 the enemy may fire at the ambushing unit as at any unit on the move (11.2)', () => {
    const game = new Game(
      loaded,
      start(loaded, CALM, { 'w-cav-2': { hex: null }, 'e-wing-3': { hex: '0904', facing: 9 } }),
    )
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    game.play({
      type: 'move',
      unit: 'w-cav-1',
      path: ['0701', '0801', '0802', '0803'],
      facing: 'SE',
    })
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'reaction-fire' })
    expect(game.legal()).toContainEqual({ type: 'fire', unit: 'e-wing-3', target: 'w-cav-1' })
  })

  it('16.7 an ambushing unit that does not come on stays hidden for a later free activation', () => {
    const game = new Game(loaded, start(loaded, CALM, { 'w-cav-2': { hex: null } }))
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    game.play({ type: 'done' })
    expect(game.notes()).toContain('w-cav-1 did not come on: it stays in ambush')
    expect(game.unit('w-cav-1').location).toBe('reinforcements')
    game.until('continuation').play({ type: 'pass' })
    game.play({ type: 'pass' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'activation-choice' })
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'ambush', command: 'w-wing' })
  })
})

describe('16.7 ambush: the surprise and the shock', () => {
  // 0703 has 0702, 0802, 0803, 0704, 0603 (woods) and 0602 around it; 0904 is two hexes off.
  const places = {
    'e-main-1': { hex: '0704', status: 'disordered' },
    'e-main-3': { hex: '0803' },
    'e-wing-2': { hex: '0603', status: 'retired' },
    'e-oc': { hex: '0802' },
    'e-wing-1': { hex: '0904' },
  }

  it('16.7 adjacent disordered enemies are retired, the others disordered; then it shocks with continued attacks', () => {
    // 9: the shock roll; 5: the continued attack; then the loss checks.
    const game = new Game(loaded, start(loaded, [9, 5, ...CALM], places))
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    game.play({ type: 'ambush', unit: 'w-cav-1' })
    game.play({ type: 'move', unit: 'w-cav-1', path: ['0601', '0702', '0703'], facing: 'SE' })
    const end = game.play({ type: 'done' })
    expect(end.effects.map((e) => e.text)).toEqual([
      'unit e-main-1: disordered → retired (retire, rule 14.5)',
      'side east: flight-points 0 → 1 (+1)',
      'unit e-main-3: normal → disordered (disorder, rule 14.2, 14.3)',
      'unit e-wing-2: disorder leaves it retired',
    ])
    // A leader next to it, and a unit two hexes off, are left alone.
    expect(game.unit('e-oc').status).toBe('normal')
    expect(game.unit('e-wing-1').status).toBe('normal')
    // The retired unit goes back to its standard (14.5), its owner placing it.
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'relocate' })
    game.play({ type: 'place', unit: 'e-main-1', hex: '1106', facing: 9 })
    expect(game.unit('e-main-1')).toMatchObject({ hex: '1106', status: 'retired' })
    // In command although far from its leader: no command check runs for it.
    expect(game.unit('w-cav-1').markers['out-of-command'] ?? 0).toBe(0)
    expect(game.prompt?.kind).toBe('shock-declaration')
    expect(game.legal()).toEqual([
      { type: 'declare', attackers: ['w-cav-1'], defenders: ['e-main-3'] },
      { type: 'declare-done' },
    ])
    game.play({ type: 'declare', attackers: ['w-cav-1'], defenders: ['e-main-3'] })
    const shock = game.play({ type: 'declare-done' })
    expect(rolls(shock)[0]).toEqual(['shock', 9, 9, undefined])
    expect(game.unit('e-main-3').status).toBe('eliminated')
    expect(game.unit('w-cav-1')).toMatchObject({ hex: '0803', markers: { 'continued-attack': 1 } })
    // Its continued attack: whatever is now in its front.
    expect(game.prompt?.kind).toBe('shock-declaration')
    expect(game.legal()).toEqual([
      { type: 'declare', attackers: ['w-cav-1'], defenders: ['e-wing-1'] },
    ])
    game.play({ type: 'declare', attackers: ['w-cav-1'], defenders: ['e-wing-1'] })
    const again = game.play({ type: 'declare-done' })
    expect(rolls(again)[0]?.slice(0, 2)).toEqual(['shock', 5])
  })
})

describe('16.7 ambush: joining a command', () => {
  it('16.7 afterwards the unit belongs to the command its battle names, and moves with it', () => {
    const game = new Game(loaded, start(loaded, CALM, { 'w-cav-2': { hex: null } }))
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    game.play({ type: 'move', unit: 'w-cav-1', path: ['0601', '0602'], facing: 'SE' })
    game.play({ type: 'done' })
    game.until('continuation').play({ type: 'pass' })
    game.play({ type: 'pass' })
    game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    game.until('move-and-fire')
    expect(game.unit('w-cav-1').command).toBe('w-wing')
    expect(legalPaths(game, 'w-cav-1').length).toBeGreaterThan(0)
  })

  it('16.7 when the command it should join has left the field, it joins another the player names', () => {
    const gone = { hex: null }
    const game = new Game(
      loaded,
      start(loaded, CALM, {
        'w-cav-2': gone,
        'w-bl': gone,
        'w-wing-1': gone,
        'w-wing-2': gone,
        'w-wing-3': gone,
      }),
    )
    const ambushes = game.legal().filter((a) => a.kind === 'ambush')
    expect(ambushes).toEqual([{ type: 'activate', kind: 'ambush', command: 'w-main' }])
    game.play({ type: 'activate', kind: 'ambush', command: 'w-main' })
    expect(game.notes()).toContain('w-cav-1 joins w-main')
    expect(game.unit('w-cav-1').command).toBe('w-main')
  })

  it("16.7 joining does not change the command's battle flight threshold (14.8)", () => {
    // The wing started with three units and has no flight number: it checks once more than half
    // of them are lost (two); counting the two ambushers among its units it would need three.
    const flight = scenario('extras-ambush', { 'battle-flight': true })
    const game = new Game(
      flight,
      start(flight, [9, ...CALM], {
        'w-wing-1': { status: 'retired' },
        'w-wing-2': { status: 'retired' },
      }),
    )
    game.play({ type: 'activate', kind: 'ambush', command: 'w-wing' })
    game.play({ type: 'ambush', unit: 'w-cav-1' })
    game.play({ type: 'move', unit: 'w-cav-1', path: ['0601', '0602'], facing: 'SE' })
    const end = game.play({ type: 'done' })
    expect(end.effects.map((e) => e.text)).toContain(
      'w-wing has lost 2 of 3 units: it checks for flight',
    )
    expect(rolls(end)[0]?.slice(0, 2)).toEqual(['battle-flight-check', 9])
  })
})
