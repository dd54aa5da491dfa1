/**
 * What the playtest view shows of a selected unit's attacks: fire targets with their range and
 * the hexes the line of sight crosses (Tri-Pack 11.0, 11.4), shock attacks and charges it may
 * declare (12.1, 13.3) with the charge path, and the other answers naming it (a retreat, 14.4).
 * Agincourt and Arsuf as shipped, played through the play path.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import { unitOptions } from '../../../../src/runtime/play/inspect'
import type { FireOption } from '../../../../src/runtime/play/inspect'
import { boardOf } from '../../../../src/runtime/state/board'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { Action, GameState } from '../../../../src/runtime/state'
import { bundled, legalOf, played } from './helpers'

const agincourt = bundled('agincourt-1415')
const arsuf = bundled('arsuf-1191')

const york: Action = { type: 'activate', kind: 'battle', command: 'york' }
/** York's longbowmen in 1718 walk up to the French vanguard and stop next to it in 1615. */
const forward: Action = {
  type: 'move',
  unit: 'york-lb-1',
  path: ['1717', '1616', '1615'],
  facing: 'NW',
}

/** Each fire option agrees with its action and with the board. */
function checkFire(loaded: LoadedScenario, state: GameState, firer: string, f: FireOption): void {
  const board = boardOf(loaded)
  const from = state.units[firer]?.hex as string
  expect(f.action).toMatchObject({ type: 'fire', unit: firer, target: f.target })
  expect(f.hex).toBe(state.units[f.target]?.hex)
  expect(f.range).toBe(board.distance(from, f.hex))
  // The line starts next to the firer and ends in the target's hex; it never lists the firer's.
  expect(board.distance(from, f.sight[0] as string)).toBe(1)
  expect(f.sight[f.sight.length - 1]).toBe(f.hex)
  expect(f.sight).not.toContain(from)
  expect(f.sight.length).toBeGreaterThanOrEqual(f.range)
  // Each hex crossed is next to one crossed before it (or to the firer's hex).
  f.sight.forEach((hex, i) => {
    const before = [from, ...f.sight.slice(0, i)]
    expect(before.some((b) => board.distance(b, hex) === 1)).toBe(true)
  })
}

describe('fire targets of the selected unit', () => {
  it('11.0 are the legal fire actions of that unit, with range in hexes and the line of sight', () => {
    const state = played(agincourt, [york])
    const options = unitOptions(agincourt, state, 'york-lb-1')
    const legal = legalOf(agincourt, state, 'fire', 'york-lb-1')
    expect(options.fire.map((f) => f.action)).toEqual(legal)
    expect(options.fire.map((f) => [f.target, f.hex, f.range, f.weapon])).toEqual([
      ['vanguard-dm-6', '1514', 4, 'longbow'],
      ['vanguard-dm-7', '1614', 4, 'longbow'],
    ])
    for (const f of options.fire) checkFire(agincourt, state, 'york-lb-1', f)
  })

  it('11.4 the sight line is the exact line walk: both hexes beside a hexside the line runs along', () => {
    const state = played(agincourt, [york, forward])
    const options = unitOptions(agincourt, state, 'york-lb-1')
    const legal = legalOf(agincourt, state, 'fire', 'york-lb-1')
    expect(options.fire.map((f) => f.action)).toEqual(legal)
    expect(options.fire.length).toBeGreaterThan(5)
    for (const f of options.fire) checkFire(agincourt, state, 'york-lb-1', f)
    const sight = (target: string) => options.fire.find((f) => f.target === target)?.sight
    // Next to the firer: the target's hex alone.
    expect(sight('vanguard-dm-6')).toEqual(['1514'])
    // 1615 to 1414 runs along the hexside between 1515 and 1514, entering neither.
    expect(sight('vanguard-dm-5')).toEqual(['1515', '1514', '1414'])
    // 1615 to 1314 runs straight down a row of hexes: through their centres.
    expect(sight('vanguard-dm-4')).toEqual(['1515', '1414', '1314'])
  })

  it('11.2 a horse archer that moves on: its fire and moves, no forced stop next to the enemy (7.2 exception)', () => {
    const state = played(arsuf, [
      { type: 'activate', kind: 'battle', command: 'keukburi-horse' },
      { type: 'done' },
    ])
    expect(openPrompt(state)?.kind).toBe('move-and-fire')
    const board = boardOf(arsuf)
    const options = unitOptions(arsuf, state, 'keukburi-lc-a-5')
    expect(options.fire.map((f) => f.action)).toEqual(
      legalOf(arsuf, state, 'fire', 'keukburi-lc-a-5'),
    )
    expect(options.fire.map((f) => [f.target, f.range])).toEqual([
      ['hos-cb-1', 2],
      ['hos-pk-1', 2],
      ['hos-cb-2', 2],
    ])
    for (const f of options.fire) checkFire(arsuf, state, 'keukburi-lc-a-5', f)
    const crusaders = Object.values(state.units)
      .filter((u) => u.side === 'crusaders' && u.location === 'map')
      .map((u) => u.hex as string)
    const nextToEnemy = options.moves.filter((m) =>
      crusaders.some((h) => board.distance(h, m.hex) === 1),
    )
    expect(nextToEnemy.length).toBeGreaterThan(0)
    expect(options.moves.some((m) => m.stop)).toBe(false)
  })
})

describe('shock and charges of the selected unit', () => {
  it('12.1 after moving next to the enemy, the shock attacks it may declare', () => {
    const state = played(agincourt, [york, forward, { type: 'done' }])
    expect(openPrompt(state)?.kind).toBe('shock-declaration')
    const options = unitOptions(agincourt, state, 'york-lb-1')
    const legal = legalOf(agincourt, state, 'declare', 'york-lb-1', 'attackers')
    expect(legal).toHaveLength(1)
    expect(options.shock).toEqual([
      {
        defenders: ['vanguard-dm-6'],
        hexes: ['1514'],
        charge: false,
        action: legal[0],
      },
    ])
    expect(options.moves).toEqual([])
    expect(options.other).toEqual([])
    // A unit of the battle with no enemy in front has nothing to declare.
    const idle = unitOptions(agincourt, state, 'york-dm-1')
    expect(idle.shock).toEqual([])
    expect(idle.why).toMatch(/^york-dm-1 has no part in this decision/)
  })

  it('13.3 a charge shows the path the charger takes, the one the declaration then records', () => {
    // The east wing's mounted men-at-arms ride to 1616, in reach of two English units.
    const toDeclaration: Action[] = [
      york,
      { type: 'done' },
      { type: 'pass' },
      { type: 'activate', kind: 'battle', command: 'east-wing' },
      {
        type: 'move',
        unit: 'east-wing-mm-1',
        path: ['1712', '1813', '1714', '1715', '1616'],
        facing: 'SE',
      },
      { type: 'done' },
    ]
    const state = played(agincourt, toDeclaration)
    expect(openPrompt(state)).toMatchObject({ side: 'french', kind: 'shock-declaration' })
    const board = boardOf(agincourt)
    const options = unitOptions(agincourt, state, 'east-wing-mm-1')
    const legal = legalOf(agincourt, state, 'declare', 'east-wing-mm-1', 'attackers')
    expect(options.shock.map((s) => s.action)).toEqual(legal)
    expect(options.shock.map((s) => [s.defenders, s.charge])).toEqual([
      [['king-dm-2'], true],
      [['york-dm-1'], true],
    ])
    for (const s of options.shock) {
      const target = state.units[s.defenders[0] as string]?.hex as string
      expect(s.hexes).toEqual([target])
      const path = s.path as string[]
      // 13.3: hexes between charger and target, the first next to the charger, the last to the target.
      expect(path).toHaveLength(board.distance('1616', target) - 1)
      expect(board.distance('1616', path[0] as string)).toBe(1)
      expect(board.distance(path[path.length - 1] as string, target)).toBe(1)
    }
    const charge = options.shock.find((s) => s.defenders[0] === 'york-dm-1')
    const declared = played(agincourt, [...toDeclaration, charge?.action as Action])
    const frame = declared.flow?.stack.find((f) => f.proc === 'shock')
    const attacks = frame?.data.attacks as { paths: Record<string, { hexes: string[] }> }[]
    expect(attacks[0]?.paths['east-wing-mm-1']?.hexes).toEqual(charge?.path)
  })
})

describe('other answers naming the unit', () => {
  it('14.4 a retreat: every retreat hex the rules allow, nothing else', () => {
    const state = played(
      agincourt,
      [
        york,
        forward,
        { type: 'done' },
        { type: 'declare', attackers: ['york-lb-1'], defenders: ['vanguard-dm-6'] },
        { type: 'declare-done' },
      ],
      3,
    )
    expect(openPrompt(state)).toMatchObject({ side: 'english', kind: 'retreat' })
    const options = unitOptions(agincourt, state, 'york-lb-1')
    expect(options.other).toEqual(legalActions(agincourt, state))
    expect(options.other.length).toBeGreaterThan(1)
    expect(options.other.every((a) => a.type === 'retreat' && a.unit === 'york-lb-1')).toBe(true)
    expect([options.moves, options.fire, options.shock, options.turns]).toEqual([[], [], [], []])
    expect(options.why).toBeUndefined()
    // Another English unit has no part in it.
    expect(unitOptions(agincourt, state, 'york-dm-1').other).toEqual([])
  })
})
