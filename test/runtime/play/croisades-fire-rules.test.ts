/**
 * The fire rules of Croisades tactical around contact and equipment, played through the engine:
 * who is engaged (B.1.21, B.1.32 and its exception through 1.76: an enemy who could not attack
 * into the shooter's hex does not hold him), a target in contact (shot at, over other characters
 * only as B.1.42 allows), a cart on the line of fire (B.1.59, Q-CH-21) and a stray missile
 * around a rider (Errare humanum est, Annex D). On the olive grove: G15 is a tree hex, K13 to K17
 * open ground.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Placement } from './croisades-fixture'
import { fire, fireOffered as offered } from './croisades-fixture'
import { crusader, lastEntries, play, refusal, saracen, scenarioWith } from './croisades-fixture'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, refused, rolls } from './move-steps'

/** The crusaders' offensive fire with these characters, plans fixed, some stunned, dice forced. */
function atFire(
  units: Placement[],
  options: { stunned?: string[]; faces?: number[] } = {},
): { loaded: LoadedScenario; state: GameState } {
  const loaded = scenarioWith(units)
  const start = structuredClone(startGame(loaded, { forced: [] }).state)
  for (const id of options.stunned ?? []) (start.units[id] as { status: string }).status = 'stunned'
  start.dice = forcedSource(options.faces ?? [10])
  let state: GameState = start
  for (const action of legalActions(loaded, start))
    if (action.type === 'fire-plan' && action.plan === 'offensive')
      state = play(loaded, state, { type: 'fire-plan', unit: action.unit, plan: 'offensive' })
  return { loaded, state }
}

/** The cover column the last shot was read in. */
const coverOfLastShot = (): string | undefined =>
  lastEntries.flatMap((e) => e.records).find((r) => r.resolution.id === 'missile-fire')?.column?.id

describe('B.1.32 engaged characters may not fire', () => {
  it('B.1.32: a crossbowman next to an enemy who could attack into his hex may not fire', () => {
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'G12'),
      saracen('idris', 'fatimid-spearman', 'H12'),
      saracen('karim', 'syrian-infantry', 'G9'),
    ])
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(false)
    expect(refused(loaded, state, fire('xbow', 'karim'))).toEqual({
      message: 'xbow is next to idris, engaged, and may not fire',
      rule: 'B.1.21, B.1.32',
    })
  })

  it('B.1.32, 1.76: a bowman in a tree hex next to a rider (who may not enter trees) may still fire', () => {
    // The rider's front in H15 heading north, his rear in H16: both next to G15.
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'G15'),
      saracen('rider', 'syrian-heavy-cavalry', 'H15', 'N'),
      saracen('karim', 'syrian-infantry', 'G18'),
    ])
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(true)
    // The rider himself may be shot at too: the bowman is not held by him.
    expect(offered(loaded, state, 'xbow', 'rider')).toBe(true)
    play(loaded, state, fire('xbow', 'karim'))
    // A man on foot beside the same tree could attack into it: then the bowman is engaged.
    const held = atFire([
      crusader('xbow', 'crossbowman', 'G15'),
      saracen('rider', 'syrian-heavy-cavalry', 'H15', 'N'),
      saracen('idris', 'fatimid-spearman', 'F15'),
      saracen('karim', 'syrian-infantry', 'G18'),
    ])
    expect(refusal(held.loaded, held.state, fire('xbow', 'karim'))).toBe(
      'xbow is next to idris, engaged, and may not fire',
    )
  })

  it('B.1.32: a stunned enemy, who may not attack, does not hold the shooter', () => {
    const { loaded, state } = atFire(
      [
        crusader('xbow', 'crossbowman', 'G12'),
        saracen('idris', 'fatimid-spearman', 'H12'),
        saracen('karim', 'syrian-infantry', 'G9'),
      ],
      { stunned: ['idris'] },
    )
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(true)
  })

  it('B.1.32, B.1.33: a defender in a tree hex beside a rider fires at a man moving past', () => {
    const saracenArcher: Character = { id: 'archer', type: 'saracen-foot-archer', hex: 'G15' }
    const knight: Character = { id: 'knight', type: 'average-knight', hex: 'H15', facing: 'N' }
    const mover: Character = { id: 'mover', type: 'spearman', hex: 'C12', facing: 'N' }
    const loaded = croisades([mover, knight], [saracenArcher])
    const moved = act(loaded, crusadersMove(loaded, [10]), {
      type: 'move',
      unit: 'mover',
      path: ['D12', 'E12', 'F12'],
      facing: 'N',
    })
    expect(openPrompt(moved.state)).toMatchObject({
      side: 'saracens',
      kind: 'reaction-fire',
      rule: 'B.1.33',
    })
    expect(legalActions(loaded, moved.state)).toContainEqual({
      ...fire('archer', 'mover'),
      side: 'saracens',
    })
  })
})

describe('B.1.42 a target in contact', () => {
  it('B.1.21, B.1.42: an enemy next to a friend may be shot at along a clear line', () => {
    // K17 → K13 over open ground; the sergeant beside the target is off the line.
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'K17'),
      crusader('hugh', 'sergeant', 'L13'),
      saracen('karim', 'syrian-infantry', 'K13'),
    ])
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(true)
    play(loaded, state, fire('xbow', 'karim'))
    expect(coverOfLastShot()).toBe('none')
  })

  it('CH-36, B.1.42: a cart of the shooter’s side beside the target is no character in contact', () => {
    // CH-36's shot (9 hexes, light cover on scrub, over hugh) with a crusader cart next to
    // the target, off the line.
    const { loaded, state } = atFire([
      crusader('sudan', 'sudanese-javelinman', 'C4'),
      crusader('hugh', 'sergeant', 'C8'),
      crusader('cart', 'cart', 'D13', 'N'),
      saracen('karim', 'syrian-infantry', 'C13'),
    ])
    expect(offered(loaded, state, 'sudan', 'karim')).toBe(true)
  })
})

describe('B.1.59 a cart on the line of fire', () => {
  // A Saracen cart in K15 heading north (its rear in K16), across the line K18 → K13.
  const cart = saracen('cart', 'cart', 'K15', 'N')

  it('B.1.59, Q-CH-21: a line through a cart gives the target medium cover, for a crossbow too; the cart blocks nothing', () => {
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'K18'),
      cart,
      saracen('karim', 'syrian-infantry', 'K13'),
    ])
    // A crossbow never shoots over characters: the cart is not one.
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(true)
    play(loaded, state, fire('xbow', 'karim'))
    expect(coverOfLastShot()).toBe('medium')
  })

  it('B.1.59, B.1.42: medium cover from a cart keeps a javelin from shooting over a friend', () => {
    const { loaded, state } = atFire([
      crusader('sudan', 'sudanese-javelinman', 'K20'),
      crusader('hugh', 'sergeant', 'K19'),
      cart,
      saracen('karim', 'syrian-infantry', 'K11'),
    ])
    expect(refusal(loaded, state, fire('sudan', 'karim'))).toBe(
      'sudan cannot see karim: the line is blocked by hugh in K19 (the Javelin shoots over others only at a target with at most light cover)',
    )
  })

  it('B.1.59: a cart is not a character and cannot be fired at', () => {
    const { loaded, state } = atFire([crusader('xbow', 'crossbowman', 'K18'), cart])
    expect(offered(loaded, state, 'xbow', 'cart')).toBe(false)
    expect(refused(loaded, state, fire('xbow', 'cart'))).toEqual({
      message: 'cart is equipment, not a character: it cannot be fired at',
      rule: 'B.1.59',
    })
  })
})

describe('Errare humanum est around a rider (Annex D)', () => {
  // A Seljuk horse archer, front in M13 heading north, rear in M14: the hexes are numbered
  // around the front half (1 M12, 2 N13, 3 N14, 4 M14, 5 L14, 6 L13).
  function game(others: Character[], faces: number[]) {
    const base = croisades(
      [{ id: 'xbow', type: 'crossbowman', hex: 'G13' }],
      [{ id: 'rider', type: 'seljuk-horse-archer', hex: 'M13', facing: 'N' }, ...others],
      { base: 'croisades-tactical-revised' },
    )
    const loaded = { ...base, options: { ...base.options, errare: true } }
    const { state } = startGame(loaded, { forced: [] })
    return act(loaded, { ...state, dice: forcedSource(faces) }, fire('xbow', 'rider'))
  }

  it('Annex D: a stray missile at a rider lands in the numbered hex around his front half', () => {
    // Hex 6 (north-west of the front half) lies on the firer's side of the rider: a clear line.
    const shot = game([{ id: 'karim', type: 'syrian-infantry', hex: 'L13' }], [10, 6])
    expect(rolls(shot.entries).map(([id]) => id)).toEqual(['missile-fire', 'stray-missile'])
    expect(lines(shot.entries)).toContain(
      "xbow's missile missed rider and goes astray: the die shows 6: it comes down in L13 (hex 6 around rider)",
    )
    expect(shot.state.units.karim?.status).toBe('wounded')
  })

  it('Annex D: the hex of the rider’s own rear half is missed, and a man beside the rear half only is never hit', () => {
    const shot = game([{ id: 'karim', type: 'syrian-infantry', hex: 'M15' }], [10, 4])
    expect(lines(shot.entries)).toContain(
      "xbow's missile missed rider and goes astray: the die shows 4: it comes down in M14 (hex 4 around rider), on rider's own counter: it misses him",
    )
    expect(shot.state.units.rider?.status).toBe('healthy')
    expect(shot.state.units.karim?.status).toBe('healthy')
  })
})

describe('the fire parameters of the rulesets', () => {
  it('B.1.36: the fire modifiers read the parameters they name; copies of settings are gone', () => {
    type Json = { [key: string]: Json }
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json
    const base = read('content/rulesets/croisades-tactical.json')
    const revised = read('content/rulesets/croisades-tactical-revised.json')
    const drm = JSON.stringify(read('content/tables/croisades-fire-drm.json'))
    for (const params of [base.parameters ?? {}, revised.patch?.parameters ?? {}]) {
      const keys = Object.keys(params)
      for (const key of [
        'fireOver',
        'rangeBands',
        'elevationBandShifts',
        'bandShiftBeyondLong',
        'waterEdge',
        'cartCoverForAnyMissile',
        'defensiveFire',
        'fireMarkers',
        'ammunition',
      ])
        expect(keys).not.toContain(key)
    }
    expect(Object.keys(base.parameters ?? {})).toEqual(
      expect.arrayContaining(['woundedShooterModifier', 'armouredMountedTargetModifier']),
    )
    expect(drm).toContain('"value":"params.woundedShooterModifier"')
    expect(drm).toContain('"value":"params.armouredMountedTargetModifier"')
  })
})
