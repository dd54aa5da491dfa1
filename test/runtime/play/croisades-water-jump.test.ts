/**
 * Jumping water (Croisades tactical, Annex D "Jumping water (DN1)", optional rule `jump-water`;
 * mechanics.movement `jumping`, play/movement/jumping.ts): a rider clears a river 1 or 2 hexes
 * wide straight ahead for 1 MP and lands with both halves beyond it; 1d10 + 1 armoured + 1
 * wounded + 4 for a two-hex jump: 1–9 clean, 10 refusal (unhorsed and stunned on his bank), 11+
 * bad landing (across, the horse dead, the rider wounded). Played through the movement phase on
 * the watering hole, where L15–L16 is a strip of water two hexes long (north–south).
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Placement } from './croisades-fixture'
import { scenarioWith } from './croisades-fixture'
import type { Played } from './move-steps'
import { act, lines, refused, rolls, until } from './move-steps'

const FAR: Placement = { id: 'far', type: 'fatimid-spearman', hex: 'X1', side: 'saracens' }

/** The watering hole under Croisades tactical with these riders, jumping on or off. */
function game(riders: Placement[], jumping: boolean): LoadedScenario {
  const loaded = scenarioWith([...riders, FAR], {
    map: 'croisades-watering-hole',
    ruleset: 'croisades-tactical',
  })
  return { ...loaded, options: { ...loaded.options, 'jump-water': jumping } }
}

/** The crusaders' movement phase, these riders in the statuses given, the dice forced. */
function moving(
  loaded: LoadedScenario,
  faces: number[],
  statuses: Record<string, string> = {},
): GameState {
  const { state } = startGame(loaded, { forced: [] })
  const at = until(loaded, state, 'movement', 'crusaders')
  const units = structuredClone(at.units)
  for (const [id, status] of Object.entries(statuses))
    (units[id] as { status: string }).status = status
  return { ...at, units, dice: forcedSource(faces) }
}

const move = (unit: string, path: string[], facing: string): Action => ({
  type: 'move',
  unit,
  path,
  facing,
})

/** The unhorsed rider placed by his owner in the first hex offered, when he is asked. */
function placeBeside(loaded: LoadedScenario, state: GameState): Played {
  if (openPrompt(state)?.kind !== 'unhorsed') return { state, entries: [] }
  return act(loaded, state, legalActions(loaded, state)[0] as Action)
}

/** Whether `hex` is next to one of `hexes`. */
const nextTo = (loaded: LoadedScenario, hex: string | null | undefined, hexes: string[]) =>
  hexes.some((h) =>
    boardOf(loaded)
      .neighbors(h)
      .includes(hex ?? ''),
  )

/** The moves of `unit` the legal actions list, as their paths joined. */
const listedPaths = (loaded: LoadedScenario, state: GameState, unit: string): string[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === 'move' && a.unit === unit)
    .map((a) => (a.path as string[]).join(' '))

// A 1-hex jump: front K14 heading SE (rear J14), over L15, landing in M15 and N16.
const NARROW = ['L15', 'M15', 'N16']
// A 2-hex jump: front L14 heading S (rear L13), over L15 and L16, landing in L17 and L18.
const WIDE = ['L15', 'L16', 'L17', 'L18']

// An unarmoured, healthy horse archer on the near bank of the river, heading for it.
const RIDER: Placement = {
  id: 'ha',
  type: 'horse-archer',
  hex: 'K14',
  facing: 'SE',
  side: 'crusaders',
}

describe('jumping water (Annex D, DN1)', () => {
  it('a clean jump over a 1-hex river costs 1 MP plus the hexes landed in, and the move goes on', () => {
    const loaded = game([RIDER], true)
    const start = moving(loaded, [1])
    expect(listedPaths(loaded, start, 'ha')).toContain(NARROW.join(' '))
    const { state, entries } = act(loaded, start, move('ha', [...NARROW, 'O16'], 'SE'))
    expect(rolls(entries)).toEqual([['water-jump', 1, 1]])
    expect(lines(entries)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ha jumps the Water in L15: /),
        'ha moves K14 → N16 (3 MP)',
        'ha moves N16 → O16 (1 MP)',
      ]),
    )
    expect(state.units.ha).toMatchObject({ type: 'horse-archer', status: 'healthy', hex: 'O16' })
  })

  it('CH-91: an armoured, wounded rider jumps a 2-hex river and rolls 5: 5+1+1+4 = 11, the horse dies on landing, the rider takes a wound (Annex D, DN1)', () => {
    const knight: Placement = {
      id: 'knight',
      type: 'average-knight',
      hex: 'L14',
      facing: 'S',
      side: 'crusaders',
    }
    const loaded = game([knight], true)
    const start = moving(loaded, [5], { knight: 'wounded' })
    expect(listedPaths(loaded, start, 'knight')).toContain(WIDE.join(' '))
    const { state, entries } = act(loaded, start, move('knight', WIDE, 'S'))
    expect(rolls(entries)).toEqual([['water-jump', 5, 11]])
    const record = entries.flatMap((e) => e.records)[0]
    expect(record?.rollModifiers?.terms.map((t) => [t.label, t.value])).toEqual([
      ['Armoured rider', 1],
      ['Wounded rider', 1],
      ['Two-hex jump', 4],
    ])
    expect(record?.codes.map((c) => c.label)).toEqual(['Bad landing'])
    // The crossing is made: the horse lies dead across the two hexes it landed in.
    expect(lines(entries)).toEqual(
      expect.arrayContaining([
        'knight moves L14 → L18 (3 MP)',
        'the horse of unit knight dies',
        '1 dead horse left in L17',
        '1 dead horse left in L18',
      ]),
    )
    expect(state.remains).toEqual({ L17: { 'dead-horse': 1 }, L18: { 'dead-horse': 1 } })
    // His owner places him beside the dead horse, on the far bank; then he takes the wound,
    // his second: a wounded man wounded again dies (the status graph, Card 6).
    const before = state.units.knight
    const placed = placeBeside(loaded, state)
    const fallen = placed.state.units.knight
    expect(before?.type).toBe('average-knight-on-foot')
    expect(fallen).toMatchObject({ type: 'average-knight-on-foot', status: 'dead' })
    const beside = [...lines(entries), ...lines(placed.entries)]
      .map((l) => /^unit knight is placed next to his horse in (\w+)/.exec(l)?.[1])
      .find((h) => h !== undefined)
    expect(nextTo(loaded, beside, ['L17', 'L18'])).toBe(true)
    expect(placed.state.remains?.[beside ?? '']).toEqual({ 'dead-man': 1 })
  })

  it('CH-92: an unarmoured, healthy rider jumping a 1-hex river rolls 10: refusal, he falls off stunned on his own bank (Annex D, DN1)', () => {
    const loaded = game([RIDER], true)
    const jumped = act(loaded, moving(loaded, [10]), move('ha', NARROW, 'SE'))
    expect(rolls(jumped.entries)).toEqual([['water-jump', 10, 10]])
    const record = jumped.entries.flatMap((e) => e.records)[0]
    expect(record?.codes.map((c) => c.label)).toEqual(['Refusal'])
    expect(lines(jumped.entries)).toEqual(
      expect.arrayContaining([
        'ha jumps the Water in L15: Jump over water (ha): column Result, d10 rolled 10, result R (Refusal)',
        'the horse of unit ha runs loose',
      ]),
    )
    const { state, entries } = placeBeside(loaded, jumped.state)
    expect(lines([...jumped.entries, ...entries])).toContain(
      'ha stops in K14: the jump over L15 is refused',
    )
    // The horse stays where the mounted counter stood, on the near bank, the rider beside it.
    expect(state.units['ha-horse']).toMatchObject({ location: 'map', hex: 'K14' })
    expect(state.units.ha).toMatchObject({ type: 'horse-archer-on-foot', status: 'stunned' })
    expect(nextTo(loaded, state.units.ha?.hex, ['K14', 'J14'])).toBe(true)
    expect(state.remains).toBeUndefined()
  })

  it('without the optional rule a rider may not jump: no such move is listed, and one given is refused in words', () => {
    const loaded = game([RIDER], false)
    const start = moving(loaded, [1])
    expect(listedPaths(loaded, start, 'ha').filter((p) => p.includes('L15'))).toEqual([])
    expect(refused(loaded, start, move('ha', NARROW, 'SE'))).toEqual({
      message:
        'ha cannot move so: ha may not enter the Water in L15: jumping is played only under the optional rule "Riders may jump water", which is off',
      rule: 'Annex D, jumping over water (DN1)',
    })
  })

  it('a jump goes straight ahead and lands beyond the water; a strip wider than 2 hexes is not jumped', () => {
    const loaded = game([RIDER], true)
    const start = moving(loaded, [1])
    expect(refused(loaded, start, move('ha', ['L15', 'M15'], 'SE')).message).toBe(
      'ha cannot move so: ha jumps the Water in L15 straight ahead and lands with his front in N16: his path must go on L15, M15, N16',
    )
    // P11 heading SW: O11, N12 and M12 are water, three hexes along the jump.
    const wide: Placement = {
      id: 'wide',
      type: 'horse-archer',
      hex: 'P11',
      facing: 'SW',
      side: 'crusaders',
    }
    const three = game([wide], true)
    expect(
      refused(three, moving(three, [1]), move('wide', ['O11', 'N12', 'M12', 'L13', 'K13'], 'SW'))
        .message,
    ).toBe(
      'wide cannot move so: the Water ahead of wide is 3 hexes wide (O11, N12, M12): at most 2 may be jumped',
    )
  })
})
