/**
 * More §4A cases of Croisades tactical decided in the melee phase and after it, through the play
 * path with forced dice on the fixture mod test/fixtures/mods/melee-grove (fire, melee and
 * recovery phases only): joint attacks on a rider (B.1.72), a riderless horse attacked (B.1.8),
 * a rider's terrain (B.1.71), the retreat notes of Card 6 and the recovery of the stunned
 * (B.1.21 phase 5).
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, openPrompt } from '../../../src/runtime'
import { rearHex } from '../../../src/runtime/state/footprints'
import type { Placement } from './croisades-fixture'
import { atCombat, attack, lastEntries, play, scenarioWith } from './croisades-fixture'

/** The melee record of the last attack played. */
function lastMelee() {
  const record = lastEntries.flatMap((e) => e.records).find((r) => r.resolution.id === 'melee')
  if (record === undefined) throw new Error('no melee was rolled')
  return record
}

/** The column shifts of the last melee that applied, by label. */
const appliedShifts = (): Record<string, number | null> =>
  Object.fromEntries(
    (lastMelee().columnShifts?.terms ?? []).filter((t) => t.applied).map((t) => [t.label, t.value]),
  )

/** The state with these units' statuses set (as earlier results would have left them). */
function withStatus(state: GameState, statuses: Record<string, string>): GameState {
  const units = { ...state.units }
  for (const [id, status] of Object.entries(statuses))
    units[id] = { ...(units[id] as NonNullable<(typeof units)[string]>), status }
  return { ...state, units }
}

describe('several attackers against a rider (B.1.72, Card 6)', () => {
  // A Syrian horseman heading north, front N11 and rear N12; a knight heading south meets him
  // head on from N10 (rear N9). A second rider and a sergeant stand next to him too.
  function setUp(): LoadedScenario {
    const base = scenarioWith([])
    const board = boardOf(base)
    const flat = (h: string | null): h is string => h !== null && board.hex(h).terrain === 'flat'
    const taken = new Set(['N9', 'N10', 'N11', 'N12'])
    const near = [...new Set([...board.neighbors('N11'), ...board.neighbors('N12')])].filter(
      (h) => !taken.has(h) && flat(h),
    )
    for (const front of near)
      for (const facing of ['N', 'NE', 'SE', 'S', 'SW', 'NW']) {
        const found = board.facingFromName(facing)
        const rear = found.ok && found.clock !== null ? rearHex(base, front, found.clock) : null
        if (!flat(rear) || taken.has(rear)) continue
        const foot = near.find((h) => h !== front && h !== rear)
        if (foot === undefined) continue
        return scenarioWith([
          { id: 'knight', type: 'average-knight', hex: 'N10', facing: 'S', side: 'crusaders' },
          { id: 'second', type: 'average-knight', hex: front, facing, side: 'crusaders' },
          { id: 'sergeant', type: 'sergeant', hex: foot, side: 'crusaders' },
          { id: 'syrian', type: 'syrian-heavy-cavalry', hex: 'N11', facing: 'N', side: 'saracens' },
        ])
      }
    throw new Error('no set-up found for the case')
  }

  it('CH-08: two riders and a man on foot attack a mounted defender together: +1 column', () => {
    const loaded = setUp()
    play(loaded, atCombat(loaded, [5]), attack(['knight', 'second', 'sergeant'], ['syrian']))
    expect(lastMelee().table?.id).toBe('croisades-combat-vs-mounted')
    expect(appliedShifts()['Several mounted attackers against a mounted defender']).toBe(1)
  })

  it('CH-09: one rider and one man on foot: no +1 (fewer than two mounted attackers)', () => {
    const loaded = setUp()
    play(loaded, atCombat(loaded, [5]), attack(['knight', 'sergeant'], ['syrian']))
    const shifts = appliedShifts()
    expect(shifts['Several mounted attackers against a mounted defender']).toBeUndefined()
    expect(shifts['Several attackers against foot']).toBeUndefined()
  })
})

describe('a horse with no rider (B.1.8)', () => {
  // Defence 1, attacked as an unarmoured rider on the table against mounted characters.
  const horse = (attack: number): Placement[] => [
    { id: 'peasant', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack } },
    { id: 'horse', type: 'riderless-horse', hex: 'N11', facing: 'N', side: 'saracens' },
  ]

  it('CH-17: attacked at 5:1, a roll of 1 reads E: the horse is killed', () => {
    const loaded = scenarioWith(horse(5))
    const state = play(loaded, atCombat(loaded, [1]), attack(['peasant'], ['horse']))
    expect(lastMelee().table?.id).toBe('croisades-combat-vs-mounted')
    expect(lastMelee().column?.id).toBe('5:1')
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['E'])
    expect(state.units.horse?.status).toBe('dead')
  })

  it('CH-18: attacked at 2:1, a roll of 1 reads D: the horse is unharmed', () => {
    const loaded = scenarioWith(horse(2))
    const state = play(loaded, atCombat(loaded, [1]), attack(['peasant'], ['horse']))
    expect(lastMelee().column?.id).toBe('2:1')
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['D'])
    expect(state.units.horse).toMatchObject({ status: 'healthy', hex: 'N11', location: 'map' })
  })
})

describe('a rider on two kinds of ground (B.1.71)', () => {
  it('CH-20: a rider on flat and scrub attacking a man on flat counts as on scrub: 1 column left', () => {
    const base = scenarioWith([])
    const board = boardOf(base)
    const kind = (h: string | null) => (h === null ? null : board.hex(h).terrain)
    for (const front of board.allHexes().filter((h) => kind(h) === 'flat'))
      for (const facing of ['N', 'NE', 'SE', 'S', 'SW', 'NW']) {
        const found = board.facingFromName(facing)
        const rear = found.ok && found.clock !== null ? rearHex(base, front, found.clock) : null
        if (kind(rear) !== 'scrub') continue
        const target = board.neighbors(front).find((h) => h !== rear && kind(h) === 'flat')
        if (target === undefined) continue
        const loaded = scenarioWith([
          { id: 'knight', type: 'average-knight', hex: front, facing, side: 'crusaders' },
          { id: 'peasant', type: 'peasant', hex: target, side: 'saracens' },
        ])
        play(loaded, atCombat(loaded, [5]), attack(['knight'], ['peasant']))
        expect(appliedShifts().Terrain).toBe(-1)
        return
      }
    throw new Error('no rider set-up on flat and scrub found')
  })
})

describe('the retreat notes of Card 6', () => {
  // A peasant at M14 with crusaders in every hex around him: a retreat result has nowhere to go.
  function boxedIn(): LoadedScenario {
    const base = scenarioWith([])
    const around = boardOf(base).neighbors('M14')
    return scenarioWith([
      ...around.map((hex, i): Placement => ({
        id: `c${i}`,
        type: 'sergeant',
        hex,
        side: 'crusaders',
      })),
      { id: 'peasant', type: 'peasant', hex: 'M14', side: 'saracens' },
    ])
  }
  // At 5:1 and more against a man on foot, 6 reads C: the defender retreats.
  const RETREAT = 6

  it('CH-84: a man on foot who cannot retreat is wounded instead; one already wounded dies', () => {
    const loaded = boxedIn()
    let state = play(loaded, atCombat(loaded, [RETREAT]), attack(['c0'], ['peasant']))
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['C'])
    expect(state.units.peasant).toMatchObject({ status: 'wounded', hex: 'M14' })
    state = withStatus(atCombat(loaded, [RETREAT]), { peasant: 'wounded' })
    state = play(loaded, state, attack(['c0'], ['peasant']))
    expect(state.units.peasant?.status).toBe('dead')
  })

  it('CH-85: a stunned man given a retreat result dies', () => {
    const loaded = scenarioWith([
      { id: 'sergeant', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 2 } },
      { id: 'peasant', type: 'peasant', hex: 'N11', side: 'saracens' },
    ])
    // His stunned face defends with less, so the odds are higher: the face reading C there.
    const faces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    const face = faces.find((f) => {
      play(
        loaded,
        withStatus(atCombat(loaded, [f]), { peasant: 'stunned' }),
        attack(['sergeant'], ['peasant']),
      )
      return lastMelee().codes.some((c) => c.code === 'C')
    })
    expect(face).toBeDefined()
    const state = play(
      loaded,
      withStatus(atCombat(loaded, [face as number]), { peasant: 'stunned' }),
      attack(['sergeant'], ['peasant']),
    )
    expect(lastMelee().codes.map((c) => c.code)).toEqual(['C'])
    expect(state.units.peasant?.status).toBe('dead')
    expect(lastEntries.flatMap((e) => e.effects)).toContainEqual(
      expect.objectContaining({ kind: 'status', unit: 'peasant', event: 'forced-retreat' }),
    )
  })
})

describe('the recovery of the stunned (B.1.21 phase 5)', () => {
  it("CH-88: stunned in the crusaders' combat phase, he is not back in their phase 5 but in the Saracens'", () => {
    const base = scenarioWith([])
    const board = boardOf(base)
    // A Saracen guard next to the sergeant, so that each side has a melee prompt of its own.
    const guard = board
      .neighbors('N10')
      .find((h) => h !== 'N11' && board.distance(h, 'N11') !== 1 && board.hex(h).terrain === 'flat')
    if (guard === undefined) throw new Error('no hex for the guard')
    const loaded = scenarioWith([
      { id: 'sergeant', type: 'sergeant', hex: 'N10', side: 'crusaders' },
      { id: 'peasant', type: 'peasant', hex: 'N11', side: 'saracens' },
      { id: 'guard', type: 'peasant', hex: guard, side: 'saracens', ratings: { attack: 10 } },
    ])
    // 4 at 5:1 against a man on foot reads D: stunned. The crusaders decline to advance.
    let state = play(loaded, atCombat(loaded, [4]), attack(['sergeant'], ['peasant']))
    expect(state.units.peasant?.status).toBe('stunned')
    if (openPrompt(state)?.kind === 'advance') state = play(loaded, state, { type: 'decline' })
    const at = () => `${state.clock.activeSide} ${openPrompt(state)?.kind}`
    // The crusaders have no attack left, and their phase 5 leaves him stunned (stunned in
    // this player turn).
    expect(at()).toBe('saracens fire')
    expect(state.units.peasant?.status).toBe('stunned')
    state = play(loaded, state, { type: 'done' })
    expect(at()).toBe('saracens melee')
    expect(state.units.peasant?.status).toBe('stunned')
    // The Saracens' phase 5: he was stunned in the previous player turn, and gets up.
    state = play(loaded, state, { type: 'done' })
    expect(state.units.peasant?.status).toBe('healthy')
    expect(lastEntries.flatMap((e) => e.effects)).toContainEqual(
      expect.objectContaining({ kind: 'status', unit: 'peasant', event: 'recover' }),
    )
  })
})
