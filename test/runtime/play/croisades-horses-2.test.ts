/**
 * The rest of Croisades tactical's horse rules, played through the engine with forced dice:
 * caparisoned horses (Annex 1.8, DN1: the optional rule caparisoned-horses, built into the
 * revised rules; unit type optionalHorse, leading.barredTerrain), horses changing hands
 * (B.1.58: leading.capture), led horses in combat (B.1.58: leading.loseInMelee; B.1.8: a led
 * horse retreats alone, a retreating leader takes his horses along) and an unhorsed rider making
 * room by pushing a friend aside (B.1.8: mechanics.results.unhorsed.pushFriends), with Q-CH-4
 * (a horse alone is pushed back by result C).
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, namesOf, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import { hexesOf } from '../../../src/runtime/state/footprints'
import { ledBy } from '../../../src/runtime/play/movement/horses'
import { enemiesNextTo } from '../../../src/runtime/play/influence'
import type { Placement } from './croisades-fixture'
import { atCombat, attack, lastEntries, play, scenarioWith } from './croisades-fixture'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, refused, until } from './move-steps'

const REVISED = { base: 'croisades-tactical-revised' }
const CAPARISON = 'caparisoned-horses'
const far: Character = { id: 'far', type: 'fatimid-spearman', hex: 'X1', facing: 'S' }
const horse = (id: string, hex: string, facing = 'S', type = 'riderless-horse'): Character => ({
  id,
  type,
  hex,
  facing,
})

/** The game's content with an optional rule switched. */
const withOption = (loaded: LoadedScenario, option: string, on: boolean): LoadedScenario => ({
  ...loaded,
  options: { ...loaded.options, [option]: on },
})

function withStatus(state: GameState, statuses: Record<string, string>): GameState {
  const units = structuredClone(state.units)
  for (const [id, status] of Object.entries(statuses))
    (units[id] as { status: string }).status = status
  return { ...state, units }
}

function touches(loaded: LoadedScenario, state: GameState, a: string, b: string): boolean {
  const board = boardOf(loaded)
  const ctx = { loaded, state }
  return hexesOf(ctx, a).some((x) => hexesOf(ctx, b).some((y) => board.distance(x, y) === 1))
}

const led = (loaded: LoadedScenario, state: GameState, id: string) => ledBy({ loaded, state }, id)
const texts = () => lastEntries.flatMap((e) => e.effects.map((x) => x.text ?? ''))

describe('caparisoned horses (Annex 1.8, DN1)', () => {
  const baron: Character = { id: 'baron', type: 'baron', hex: 'M8', facing: 'S' }

  it('the baron rides an ordinary horse in the original rules, a caparisoned one with the option or in the revised rules (V16)', () => {
    const original = croisades([baron], [far])
    expect(original.options[CAPARISON]).toBe(false)
    expect(startGame(original, { forced: [] }).state.units['baron-horse']?.type).toBe(
      'riderless-horse',
    )
    const optional = withOption(original, CAPARISON, true)
    expect(startGame(optional, { forced: [] }).state.units['baron-horse']?.type).toBe(
      'caparisoned-horse',
    )
    const revised = croisades([baron], [far], REVISED)
    expect(revised.options[CAPARISON]).toBe(true)
    const state = startGame(revised, { forced: [] }).state
    expect(state.units['baron-horse']?.type).toBe('caparisoned-horse')
    // The knights' horses stay ordinary.
    const knights = croisades([{ ...baron, id: 'k', type: 'average-knight' }], [far], REVISED)
    expect(startGame(knights, { forced: [] }).state.units['k-horse']?.type).toBe('riderless-horse')
  })

  it('the baron dismounts and mounts again his caparisoned horse (B.1.57, Annex 1.8)', () => {
    const loaded = withOption(croisades([baron], [far]), CAPARISON, true)
    const begun = act(loaded, crusadersMove(loaded), {
      type: 'dismount',
      unit: 'baron',
      hex: 'N8',
    }).state
    const theirs = until(loaded, begun, 'movement', 'saracens')
    expect(theirs.units['baron-horse']).toMatchObject({ type: 'caparisoned-horse', hex: 'M8' })
    expect(theirs.units.baron?.type).toBe('baron-on-foot')
    const off = until(loaded, act(loaded, theirs, { type: 'done' }).state, 'movement', 'crusaders')
    expect(legalActions(loaded, off)).toContainEqual({
      type: 'mount',
      unit: 'baron',
      horse: 'baron-horse',
      side: 'crusaders',
    })
  })

  it('alone, a caparisoned horse is armoured with defence 2: 8 against 2 is 4:1, and a 1 reads 2 (D, unhurt) (Annex 1.8, B.1.73)', () => {
    const loaded = scenarioWith([
      { id: 'h1', type: 'caparisoned-horse', hex: 'N11', facing: 'N', side: 'saracens' },
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 8 } },
    ])
    const after = play(loaded, atCombat(loaded, [1]), attack(['a'], ['h1']))
    const record = lastEntries.flatMap((e) => e.records).find((r) => r.resolution.id === 'melee')
    expect(record?.roll).toMatchObject({ natural: 1, modified: 2 })
    expect(record?.column?.id).toBe('4:1')
    expect(record?.codes.map((c) => c.code)).toEqual(['D'])
    expect(after.units.h1).toMatchObject({ status: 'healthy', location: 'map', hex: 'N11' })
    // An ordinary horse at 8:1 with the same 1 is killed (G).
    const plain = scenarioWith([
      { id: 'h1', type: 'riderless-horse', hex: 'N11', facing: 'N', side: 'saracens' },
      { id: 'a', type: 'peasant', hex: 'N10', side: 'crusaders', ratings: { attack: 8 } },
    ])
    const killed = play(plain, atCombat(plain, [1]), attack(['a'], ['h1']))
    expect(killed.units.h1?.status).toBe('dead')
  })

  describe('led across water (Annex 1.8)', () => {
    // On the watering hole: L12 is water, K12 and L13 flat; the horse stands in K10 and K11.
    const set = (type: string): LoadedScenario =>
      withOption(
        scenarioWith(
          [
            { id: 'groom', type: 'spearman', hex: 'K12', side: 'crusaders' },
            { id: 'h1', type, hex: 'K10', facing: 'N', side: 'crusaders' },
            { id: 'far', type: 'fatimid-spearman', hex: 'X1', side: 'saracens' },
          ],
          { map: 'croisades-watering-hole', ruleset: 'croisades-tactical' },
        ),
        CAPARISON,
        true,
      )
    const wade: Action = {
      type: 'move',
      unit: 'groom',
      path: ['L12', 'L13'],
      lead: ['h1'],
    }
    const start = (loaded: LoadedScenario) =>
      until(loaded, startGame(loaded, { forced: [] }).state, 'movement', 'crusaders')

    it('an ordinary led horse follows its leader through the water (B.1.51)', () => {
      const loaded = set('riderless-horse')
      const { state } = act(loaded, start(loaded), wade)
      expect(state.units.h1?.hex).not.toBe('K10')
      expect(touches(loaded, state, 'h1', 'groom')).toBe(true)
    })

    it('a caparisoned horse may not be led into water: its leader lets go of it where it stood (Annex 1.8)', () => {
      const loaded = set('caparisoned-horse')
      const { state, entries } = act(loaded, start(loaded), wade)
      expect(lines(entries)).toContain('groom lets go of h1: it may not be led into Water (L12)')
      expect(state.units.h1?.hex).toBe('K10')
      expect(state.units.groom?.hex).toBe('L13')
      expect(led(loaded, state, 'groom')).toEqual([])
    })
  })
})

describe('riderless horses change hands (B.1.58)', () => {
  // The Saracens' horse h1 stands in F8 and F7; E7 and G7 are next to both halves.
  const groom: Character = { id: 'groom', type: 'spearman', hex: 'G7', facing: 'N' }
  const take: Action = { type: 'move', unit: 'groom', path: ['H7'], facing: 'N', lead: ['h1'] }

  it('with no Saracen fit to keep it next to it, the Crusaders lead it off and it is theirs', () => {
    const loaded = croisades([groom], [horse('h1', 'F8'), far])
    const start = crusadersMove(loaded)
    expect(start.units.h1?.side).toBe('saracens')
    const { state, entries } = act(loaded, start, take)
    expect(lines(entries)).toContain(
      'groom takes h1, which has no one of saracens beside it: it now belongs to crusaders',
    )
    expect(state.units.h1?.side).toBe('crusaders')
    expect(touches(loaded, state, 'h1', 'groom')).toBe(true)
    expect(namesOf(loaded).text(lines(entries).find((l) => l.includes('belongs')) ?? '')).toContain(
      'groom takes h1',
    )
  })

  it('once taken it is no enemy of its new side: what was known of the old side is forgotten (soak, revised rules, seed 14)', () => {
    const loaded = croisades([groom], [horse('h1', 'F8'), far])
    const start = crusadersMove(loaded)
    // Known before the take: the Saracen horse stands next to E7.
    expect(enemiesNextTo({ loaded, state: start }, 'crusaders', 'E7')).toContain('h1')
    const { state } = act(loaded, start, take)
    const board = boardOf(loaded)
    const around = hexesOf({ loaded, state }, 'h1').flatMap((h) => board.neighbors(h))
    for (const hex of ['E7', ...around])
      expect(enemiesNextTo({ loaded, state }, 'crusaders', hex)).not.toContain('h1')
    expect(enemiesNextTo({ loaded, state }, 'saracens', around[0]!)).toContain('h1')
  })

  it('a living, non-stunned Saracen next to it keeps it; a stunned one does not', () => {
    const loaded = croisades(
      [groom],
      [horse('h1', 'F8'), { id: 'keeper', type: 'spearman', hex: 'E8', facing: 'N' }, far],
    )
    expect(refused(loaded, crusadersMove(loaded), take)).toEqual({
      message: 'h1 belongs to saracens, who keep it while keeper stands next to it',
      rule: 'B.1.58',
    })
    const stunned = withStatus(crusadersMove(loaded), { keeper: 'stunned' })
    expect(act(loaded, stunned, take).state.units.h1?.side).toBe('crusaders')
  })

  it('only riders may mount a captured horse: the knight on foot mounts it, the spearman may not (B.1.57, T-CH-21)', () => {
    const loaded = croisades(
      [
        { id: 'knight', type: 'average-knight-on-foot', hex: 'G7', facing: 'N' },
        { id: 'spear', type: 'spearman', hex: 'E7', facing: 'N' },
      ],
      [horse('h1', 'F8'), far],
    )
    const start = crusadersMove(loaded)
    expect(refused(loaded, start, { type: 'mount', unit: 'spear', horse: 'h1' }).message).toBe(
      'spear is no rider on foot and cannot mount a horse',
    )
    const begun = act(loaded, start, { type: 'mount', unit: 'knight', horse: 'h1' }).state
    const done = until(loaded, begun, 'movement', 'saracens')
    expect(done.units.knight).toMatchObject({ type: 'average-knight', hex: 'F8' })
    expect(done.units.h1).toMatchObject({ location: 'removed', side: 'crusaders' })
  })
})

/**
 * A groom on foot walks from G7 to H9 leading h1, which ends in G8 beside him; a Saracen
 * spearman stands in H10 (with `others`).
 */
function groomBesideFoe(others: Character[]): { loaded: LoadedScenario; walked: GameState } {
  const loaded = croisades(
    [{ id: 'groom', type: 'spearman', hex: 'G7', facing: 'S' }, horse('h1', 'F8')],
    [{ id: 'foe', type: 'spearman', hex: 'H10', facing: 'N' }, ...others],
  )
  const walked = act(loaded, crusadersMove(loaded), {
    type: 'move',
    unit: 'groom',
    path: ['G8', 'H9'],
    facing: 'S',
    lead: ['h1'],
  }).state
  expect(led(loaded, walked, 'groom')).toEqual(['h1'])
  return { loaded, walked }
}

describe('led horses in melee (B.1.58)', () => {
  // The knight rides from H8 down column H to H15 (front H15), taking the bridle of h1 in I11
  // on the way (revised rules: the grab always succeeds); the Saracen foe stands in H16.
  const knight: Character = { id: 'knight', type: 'average-knight', hex: 'H8', facing: 'S' }
  const ride: Action = {
    type: 'move',
    unit: 'knight',
    path: ['H9', 'H10', 'H11', 'H12', 'H13', 'H14', 'H15'],
    lead: ['h1'],
  }
  const foe: Character = { id: 'foe', type: 'saladin-on-foot', hex: 'H16', facing: 'N' }

  it('a rider leading a horse lets go of it when he attacks; it stays where it stands', () => {
    const loaded = croisades([knight, horse('h1', 'I11')], [foe], REVISED)
    const rode = act(loaded, crusadersMove(loaded, [1, 10, 10, 10, 10, 10]), ride).state
    expect(led(loaded, rode, 'knight')).toEqual(['h1'])
    const melee = { ...until(loaded, rode, 'melee', 'crusaders') }
    const where = melee.units.h1?.hex
    const { state, entries } = act(loaded, melee, attack(['knight'], ['foe']))
    expect(lines(entries)).toContain('knight lets go of h1: he attacks')
    expect(led(loaded, state, 'knight')).toEqual([])
    expect(state.units.h1?.hex).toBe(where)
  })

  it('a rider leading a horse lets go of it when he is attacked', () => {
    const loaded = croisades([knight, horse('h1', 'I11')], [foe], REVISED)
    const rode = act(loaded, crusadersMove(loaded, [1, 10, 10, 10, 10, 10]), ride).state
    const theirs = until(loaded, rode, 'melee', 'saracens')
    expect(led(loaded, theirs, 'knight')).toEqual(['h1'])
    const { state, entries } = act(loaded, theirs, attack(['foe'], ['knight']))
    expect(lines(entries)).toContain('knight lets go of h1: he is attacked')
    expect(led(loaded, state, 'knight')).toEqual([])
  })

  it('a man on foot leading a horse keeps it when attacked (the rule names riders only)', () => {
    const { loaded, walked } = groomBesideFoe([])
    const theirs = until(loaded, walked, 'melee', 'saracens')
    // 6 against 5 is 1:1; a 7 reads "-" on the table against foot.
    const { state, entries } = act(
      loaded,
      { ...theirs, dice: forcedSource([7]) },
      attack(['foe'], ['groom']),
    )
    expect(lines(entries).some((l) => l.includes('lets go'))).toBe(false)
    expect(led(loaded, state, 'groom')).toEqual(['h1'])
  })
})

describe('led horses in an advance after combat (B.1.58, B.1.75)', () => {
  it('a man on foot leading a horse advances after beating his foe, and the horse comes after him', () => {
    const { loaded, walked } = groomBesideFoe([far])
    // 6 against 5 is 1:1; a 2 reads C on the table against foot: the foe falls back.
    const melee = { ...until(loaded, walked, 'melee', 'crusaders'), dice: forcedSource([2]) }
    let { state } = act(loaded, melee, attack(['groom'], ['foe']))
    for (let i = 0; i < 3 && openPrompt(state)?.kind === 'retreat'; i++) {
      const choice = legalActions(loaded, state).find((a) => a.type === 'retreat')
      if (choice === undefined) break
      state = act(loaded, state, choice).state
    }
    expect(openPrompt(state)?.kind).toBe('advance')
    const into = legalActions(loaded, state).find(
      (a) => a.type === 'advance' && a.unit === 'groom' && (a.path as string[]).length === 1,
    )
    if (into === undefined) throw new Error('the groom may not advance one hex')
    // Before the advance the horse stands beside him in G8 (H9's neighbour), not H10's.
    expect(state.units.h1?.hex).toBe('G8')
    const { state: advanced, entries } = act(loaded, state, into)
    expect(advanced.units.groom?.hex).toBe('H10')
    expect(lines(entries).some((l) => l.includes('lets go'))).toBe(false)
    expect(touches(loaded, advanced, 'h1', 'groom')).toBe(true)
  })
})

describe('led horses pushed back (B.1.8, Q-CH-4)', () => {
  // The groom walks from G7 to G8 leading h1, which stays in F8 and F7 beside him.
  const groom: Character = { id: 'groom', type: 'spearman', hex: 'G7', facing: 'N' }
  const walk: Action = { type: 'move', unit: 'groom', path: ['G8'], facing: 'N', lead: ['h1'] }

  /** The Saracens' melee after the groom's walk, the dice forced. */
  function theirMelee(loaded: LoadedScenario, faces: number[]): GameState {
    const walked = act(loaded, crusadersMove(loaded), walk).state
    expect(led(loaded, walked, 'groom')).toEqual(['h1'])
    expect(hexesOf({ loaded, state: walked }, 'h1')).toEqual(['F8', 'F7'])
    return { ...until(loaded, walked, 'melee', 'saracens'), dice: forcedSource(faces) }
  }

  /** Plays the open retreat prompt with its first choice, if one is open. */
  function retreatFirst(loaded: LoadedScenario, state: GameState): ReturnType<typeof act> {
    const choice = legalActions(loaded, state).find((a) => a.type === 'retreat')
    if (choice === undefined) throw new Error('no retreat to choose')
    return act(loaded, state, choice)
  }

  it('Q-CH-4: result C pushes a horse alone back 1 hex; led, it goes alone and its leader stays (B.1.8)', () => {
    // The peasant in E8 (attack 3) against the horse (defence 1): 3:1, a 5 reads C.
    const loaded = croisades(
      [groom, horse('h1', 'F8')],
      [{ id: 'p', type: 'peasant', hex: 'E8', facing: 'N' }],
    )
    const attacked = act(loaded, theirMelee(loaded, [5]), attack(['p'], ['h1']))
    const record = attacked.entries
      .flatMap((e) => e.records)
      .find((r) => r.resolution.id === 'melee')
    expect(record?.column?.id).toBe('3:1')
    expect(record?.codes.map((c) => c.code)).toEqual(['C'])
    const { state, entries } =
      openPrompt(attacked.state)?.kind === 'retreat'
        ? retreatFirst(loaded, attacked.state)
        : attacked
    const all = [...lines(attacked.entries), ...lines(entries)]
    expect(all).toContain('groom lets go of h1: it goes back alone and he stays')
    const board = boardOf(loaded)
    expect(board.distance(state.units.h1?.hex ?? '', 'F8')).toBe(1)
    expect(board.distance(state.units.h1?.hex ?? '', 'E8')).toBeGreaterThan(1)
    expect(state.units.h1?.status).toBe('healthy')
    expect(state.units.groom?.hex).toBe('G8')
    expect(led(loaded, state, 'groom')).toEqual([])
  })

  it('a leader on foot pushed back takes his horse along, set down beside him (B.1.8)', () => {
    // The spearman in H9 (6) against the groom (5): 1:1, a 2 reads C on the table against foot.
    const loaded = croisades(
      [groom, horse('h1', 'F8')],
      [{ id: 'foe', type: 'spearman', hex: 'H9', facing: 'N' }],
    )
    const attacked = act(loaded, theirMelee(loaded, [2]), attack(['foe'], ['groom']))
    const { state } =
      openPrompt(attacked.state)?.kind === 'retreat'
        ? retreatFirst(loaded, attacked.state)
        : attacked
    expect(state.units.groom?.hex).not.toBe('G8')
    expect(led(loaded, state, 'groom')).toEqual(['h1'])
    expect(touches(loaded, state, 'h1', 'groom')).toBe(true)
  })
})

describe('an unhorsed rider makes room (B.1.8)', () => {
  // A horse archer heading north, front N11 and rear N12; Crusader peasants fill every hex
  // around him but one, where his friend the spearman stands. The peasant in N10 (attack 8)
  // attacks: 8:1 with a 1 reads G, the rider killed and the horse unhurt.
  function setUp(): { loaded: LoadedScenario; friendAt: string } {
    const base = scenarioWith([])
    const board = boardOf(base)
    const own = ['N11', 'N12']
    const ring = [...new Set(own.flatMap((h) => board.neighbors(h)))].filter(
      (h) => !own.includes(h),
    )
    const friendAt = ring.find((h) => h !== 'N10' && board.distance(h, 'N10') > 1) as string
    const units: Placement[] = [
      {
        id: 'rider',
        type: 'horse-archer',
        hex: 'N11',
        facing: 'N',
        side: 'saracens',
        ratings: { defense: 1 },
      },
      { id: 'friend', type: 'spearman', hex: friendAt, side: 'saracens' },
      ...ring
        .filter((h) => h !== friendAt)
        .map((hex, i): Placement => ({
          id: hex === 'N10' ? 'a' : `p${i}`,
          type: 'peasant',
          hex,
          side: 'crusaders',
          ...(hex === 'N10' ? { ratings: { attack: 8, defense: 2 } } : {}),
        })),
    ]
    return { loaded: scenarioWith(units), friendAt }
  }

  it('every hex around the horse full, a friend among them: he is pushed 1 hex aside and the rider takes his place', () => {
    const { loaded, friendAt } = setUp()
    let state = play(loaded, atCombat(loaded, [1]), attack(['a'], ['rider']))
    const lines1 = texts()
    if (openPrompt(state)?.kind === 'unhorsed') {
      const options = legalActions(loaded, state)
      expect(options.every((o) => o.hex === friendAt && o.pushed === 'friend')).toBe(true)
      expect(namesOf(loaded).text(openPrompt(state)?.text ?? '')).toContain('pushed one hex aside')
      state = play(loaded, state, options[0] as Action)
    }
    const all = [...lines1, ...texts()]
    expect(
      all.some((t) => t.startsWith('unit friend is pushed aside to make room for rider')),
    ).toBe(true)
    expect(boardOf(loaded).distance(state.units.friend?.hex ?? '', friendAt)).toBe(1)
    expect(state.units.rider).toMatchObject({ status: 'dead', location: 'removed' })
    expect(state.remains?.[friendAt]).toEqual({ 'dead-man': 1 })
    expect(state.units['rider-horse']).toMatchObject({ location: 'map', hex: 'N11' })
  })
})

describe('a horse alone under fire (B.1.8, Q-CH-4)', () => {
  // A crossbowman in N5 shoots at a riderless horse 5 hexes off (short range, no cover), on the
  // table against mounted targets: a 5 reads B, a 6 A (nothing to a horse alone), a 4 C (killed).
  function shoot(
    face: number,
    type = 'riderless-horse',
  ): { state: GameState; code: string | undefined; modified: number | undefined } {
    const loaded = scenarioWith([
      { id: 'xbow', type: 'crossbowman', hex: 'N5', side: 'crusaders' },
      { id: 'h1', type, hex: 'N10', facing: 'N', side: 'saracens' },
    ])
    let state = startGame(loaded, { forced: [] }).state
    expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'fire' })
    for (const a of legalActions(loaded, state))
      if (a.type === 'fire-plan' && a.plan === 'offensive')
        state = act(loaded, state, { type: 'fire-plan', unit: a.unit, plan: 'offensive' }).state
    const shot = act(
      loaded,
      { ...state, dice: forcedSource([face]) },
      { type: 'fire', unit: 'xbow', target: 'h1' },
    )
    const record = shot.entries
      .flatMap((e) => e.records)
      .find((r) => r.resolution.id === 'missile-fire')
    expect(record?.table?.id).toBe('croisades-fire-vs-mounted')
    return { state: shot.state, code: record?.codes[0]?.code, modified: record?.roll?.modified }
  }

  it('Q-CH-4: fire results A and B do nothing to a horse alone; C kills it (B.1.8)', () => {
    for (const [face, code] of [
      [6, 'A'],
      [5, 'B'],
    ] as const) {
      const { state, code: read } = shoot(face)
      expect(read).toBe(code)
      expect(state.units.h1).toMatchObject({ status: 'healthy', location: 'map', hex: 'N10' })
    }
    const { state, code } = shoot(4)
    expect(code).toBe('C')
    expect(state.units.h1).toMatchObject({ status: 'dead', location: 'removed' })
  })

  it('a caparisoned horse alone is shot at as armoured: a 4 reads 5, B, and it lives (Annex 1.8)', () => {
    const { state, code, modified } = shoot(4, 'caparisoned-horse')
    expect(modified).toBe(5)
    expect(code).toBe('B')
    expect(state.units.h1).toMatchObject({ status: 'healthy', location: 'map' })
  })
})
