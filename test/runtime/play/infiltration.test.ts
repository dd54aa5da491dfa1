/**
 * Infiltration (movement phase setting `infiltration`), Croisades tactical B.1.54 and Card 4
 * (revised: Annex D 1.54, difference V12): a unit that leaves a hex it crossed next to enemies
 * able to attack it rolls first, the mover defending and those enemies attacking, in one roll
 * or one roll each; never for the hex where its move ends. Proven on the turn-based fixture with
 * a small resolution of its own, and on Croisades' own tables (the §4A cases CH-61 to CH-67).
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../src/runtime'
import { openPrompt, startGame, unitOptions, validateContent } from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime/content'
import { withEdit } from '../../helpers/fixtures'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, placed, rolls, until } from './move-steps'
import { MOD, RULESET, SCENARIO, scenarioOf, withPhase } from './turn-skirmish'

// ------------------------------------------------------------- the turn-based fixture

const TABLE: object = {
  $schema: '../../../../../schemas/table.schema.json',
  id: 'slip-past',
  schemaVersion: 1,
  ruleset: 'infidel-turns',
  label: 'Slipping past the enemy',
  kind: 'roll',
  dice: 'd10',
  results: 'slip-past',
  columns: [{ id: 'result', label: 'Result' }],
  rows: [
    { roll: { max: 3 }, cells: ['-'] },
    { roll: { min: 4, max: 4 }, cells: ['S'] },
    { roll: { min: 5, max: 7 }, cells: ['D'] },
    { roll: { min: 8 }, cells: ['E'] },
  ],
}

const MODIFIERS: object = {
  $schema: '../../../../../schemas/modifier-list.schema.json',
  id: 'slip-past-drm',
  schemaVersion: 1,
  ruleset: 'infidel-turns',
  label: 'Slipping past the enemy',
  context: 'attack',
  applies: 'roll',
  terms: [
    { id: 'more-enemies', label: 'Each enemy beyond the first', value: 'size(attackers) - 1' },
  ],
}

/**
 * The fixture with a resolution "slip-past", no enemy influence (a unit may walk past enemy
 * units), free passage through friends, and its movement phase set so, without its reaction fire.
 */
function fixtureWith(infiltration: Record<string, unknown> | undefined): SourceText[] {
  const sources = withEdit(
    withPhase('movement', {
      reactions: undefined,
      params: infiltration === undefined ? undefined : { infiltration },
    }),
    RULESET,
    (text) => {
      const variant = JSON.parse(text) as Record<string, unknown> & {
        patch: Record<string, unknown>
      }
      variant.include = { tables: ['slip-past'], modifierLists: ['slip-past-drm'] }
      // No stop on coming next to an enemy, so a unit may walk past enemies, and through friends.
      variant.patch.mechanics = { movement: { enemyInfluence: null, passThrough: [{ cost: 0 }] } }
      variant.patch.resultSets = [
        {
          id: 'slip-past',
          label: 'Slipping past',
          codes: [
            { code: '-', label: 'Unhurt', effects: [{ type: 'none' }] },
            {
              code: 'S',
              label: 'Stopped',
              effects: [{ type: 'movement-loss', points: 8, who: 'defender' }],
            },
            {
              code: 'D',
              label: 'Disordered',
              effects: [{ type: 'status', event: 'disorder', who: 'defender' }],
            },
            {
              code: 'E',
              label: 'Eliminated',
              effects: [{ type: 'status', event: 'eliminate', who: 'defender' }],
            },
          ],
        },
      ]
      variant.patch.resolutions = [
        {
          id: 'slip-past',
          label: 'Slipping past',
          kind: 'table',
          context: 'attack',
          rule: 'B.1.54',
          table: 'slip-past',
          column: "'result'",
          rollModifiers: ['slip-past-drm'],
        },
      ]
      return JSON.stringify(variant, null, 2)
    },
  )
  return [
    ...sources,
    { path: `${MOD}/tables/slip-past.json`, text: JSON.stringify(TABLE) },
    { path: `${MOD}/tables/slip-past-drm.json`, text: JSON.stringify(MODIFIERS) },
  ]
}

const MOVER = 'emir-lc-a-1'
/** 0902 is next to the second pikes, 0802 to both, 0702 to none, 0602 (the end) to the foot. */
const PATH = ['0902', '0802', '0702', '0602']

/** The Emir's movement phase of turn 1, the light horse archers riding west past the Franks' foot. */
function emirMoves(loaded: LoadedScenario, faces: number[]) {
  const { state: started } = startGame(loaded, { forced: [] })
  const at = until(loaded, started, 'movement', 'emirate')
  return placed(
    loaded,
    at,
    {
      [MOVER]: { hex: '1002', facing: 'W' },
      'franks-pk-1': { hex: '0803', facing: 'E' },
      'franks-pk-2': { hex: '0903', facing: 'E' },
      'franks-ma-1': { hex: '0603', facing: 'E' },
      'franks-a-1': { hex: '0112', facing: 'E' },
      'franks-cb-1': { hex: '0111', facing: 'E' },
    },
    faces,
  )
}

const walk = { type: 'move', unit: MOVER, path: PATH, facing: 'W' }

describe('infiltration on the turn-based fixture', () => {
  it('validates clean: the engine reads the movement phase’s infiltration setting', () => {
    const sources = fixtureWith({ resolution: 'slip-past', rollPer: 'adjacent-enemy' })
    const report = validateContent(sources, { testGames: (id) => id === SCENARIO })
    expect(report.problems.filter((p) => p.file.startsWith(MOD))).toEqual([])
  })

  it('B.1.54: one roll per hex crossed next to enemies, as the mover leaves it; none at the end', () => {
    const loaded = scenarioOf(fixtureWith({ resolution: 'slip-past' }))
    const { state, entries } = act(loaded, emirMoves(loaded, [0, 0]), walk)
    expect(rolls(entries)).toEqual([
      ['slip-past', 0, 0],
      ['slip-past', 0, 1],
    ])
    const log = lines(entries)
    expect(log).toContain(
      'emir-lc-a-1 slips past franks-pk-2 in 0902: Slipping past (franks-pk-2 against emir-lc-a-1): column Result, d10z rolled 0, result - (Unhurt)',
    )
    // Rolled on leaving: after entering 0902, before entering 0802.
    const slip = log.findIndex((l) => l.startsWith('emir-lc-a-1 slips past franks-pk-2 in 0902'))
    expect(log.indexOf('emir-lc-a-1 moves 1002 → 0902 (1 MP)')).toBeLessThan(slip)
    expect(log.indexOf('emir-lc-a-1 moves 0902 → 0802 (2 MP)')).toBeGreaterThan(slip)
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^emir-lc-a-1 slips past franks-pk-1, franks-pk-2 in 0802: /),
      ]),
    )
    // 0602, next to the Franks' men-at-arms, ends the move: no roll there.
    expect(state.units[MOVER]).toMatchObject({ hex: '0602', status: 'normal' })
  })

  it('switched off: the same move rolls nothing', () => {
    const loaded = scenarioOf(fixtureWith(undefined))
    const { state, entries } = act(loaded, emirMoves(loaded, []), walk)
    expect(rolls(entries)).toEqual([])
    expect(state.units[MOVER]?.hex).toBe('0602')
  })

  it('Annex D 1.54: rolled once for each enemy next to the hex, each attacking alone', () => {
    const loaded = scenarioOf(fixtureWith({ resolution: 'slip-past', rollPer: 'adjacent-enemy' }))
    const { state, entries } = act(loaded, emirMoves(loaded, [0, 0, 0]), walk)
    expect(rolls(entries)).toEqual([
      ['slip-past', 0, 0],
      ['slip-past', 0, 0],
      ['slip-past', 0, 0],
    ])
    const slips = lines(entries).filter((l) => l.includes(' slips past '))
    expect(slips.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'emir-lc-a-1 slips past franks-pk-2 in 0902',
      'emir-lc-a-1 slips past franks-pk-1 in 0802',
      'emir-lc-a-1 slips past franks-pk-2 in 0802',
    ])
    expect(state.units[MOVER]?.hex).toBe('0602')
  })

  it('a result that takes the mover out ends its move where it was rolled', () => {
    const loaded = scenarioOf(fixtureWith({ resolution: 'slip-past' }))
    const { state, entries } = act(loaded, emirMoves(loaded, [9]), walk)
    expect(rolls(entries)).toEqual([['slip-past', 9, 9]])
    expect(state.units[MOVER]?.status).toBe('eliminated')
    expect(lines(entries).some((l) => l.startsWith('emir-lc-a-1 moves 0902 →'))).toBe(false)
    expect(lines(entries)).toContain('emir-lc-a-1 stops in 0902: it can move no further')
    expect(openPrompt(state)).toMatchObject({ side: 'emirate', kind: 'movement' })
    // A disordered mover goes on.
    const on = act(loaded, emirMoves(loaded, [5, 0]), walk)
    expect(on.state.units[MOVER]).toMatchObject({ hex: '0602', status: 'disordered' })
  })

  it('a move stopped in a friend’s hex it was passing through falls back to the hex before', () => {
    const loaded = scenarioOf(fixtureWith({ resolution: 'slip-past' }))
    const friend = { 'garrison-a-1': { hex: '0802', facing: 'W' } }
    // 0 in 0902; then 3 (+1 for two enemies) stops it on leaving 0802, its friend's hex.
    const start = placed(loaded, emirMoves(loaded, []), friend, [0, 3])
    const { state, entries } = act(loaded, start, walk)
    expect(rolls(entries)).toEqual([
      ['slip-past', 0, 0],
      ['slip-past', 3, 4],
    ])
    expect(lines(entries)).toEqual(
      expect.arrayContaining([
        'emir-lc-a-1 falls back to 0902: it may not end its move in 0802',
        'emir-lc-a-1 stops in 0902: it has not the movement points left to enter 0702',
      ]),
    )
    expect(state.units[MOVER]?.hex).toBe('0902')
  })

  it('finalHex: every hex entered next to enemies rolls, the last one too, as it is entered', () => {
    const loaded = scenarioOf(fixtureWith({ resolution: 'slip-past', finalHex: true }))
    const { entries } = act(loaded, emirMoves(loaded, [0, 0, 0]), walk)
    const slips = lines(entries).filter((l) => l.includes(' slips past '))
    expect(slips.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'emir-lc-a-1 slips past franks-pk-2 in 0902',
      'emir-lc-a-1 slips past franks-pk-1, franks-pk-2 in 0802',
      'emir-lc-a-1 slips past franks-ma-1 in 0602',
    ])
  })
})

// ------------------------------------------------------------------ Croisades tactical

const EAST = ['E10', 'F10', 'G10', 'H10']
/** F9 is next to F10 only, of the hexes from D10 to H10. */
const spearman = (): Character => ({ id: 'mover', type: 'spearman', hex: 'D10', facing: 'N' })
const guard = (type = 'fatimid-spearman'): Character => ({
  id: 'guard',
  type,
  hex: 'F9',
  facing: 'S',
})

/** Moves `unit` along `path` in the crusaders' first movement phase, with the dice forced. */
function crossing(
  loaded: LoadedScenario,
  faces: number[],
  path = EAST,
  unit = 'mover',
  statuses: Record<string, string> = {},
) {
  const start = crusadersMove(loaded, faces)
  for (const [id, status] of Object.entries(statuses)) {
    const u = start.units[id]
    if (u !== undefined) u.status = status
  }
  // A rider ends heading the way his path goes; a man on foot turns as he likes.
  const facing = unit === 'rider' ? 'S' : 'N'
  return act(loaded, start, { type: 'move', unit, path, facing })
}

describe('Croisades tactical infiltration (B.1.54, Card 4)', () => {
  const loaded = croisades([spearman()], [guard()])

  it('CH-61: an unwounded man on foot passing a healthy enemy: 4 does nothing, 5 wounds', () => {
    const four = crossing(loaded, [4])
    expect(rolls(four.entries)).toEqual([['infiltration', 4, 4]])
    expect(four.state.units.mover).toMatchObject({ hex: 'H10', status: 'healthy' })
    const five = crossing(loaded, [5])
    expect(five.state.units.mover?.status).toBe('wounded')
    expect(lines(five.entries)).toContain(
      'mover slips past guard in F10: Infiltration of enemy lines (guard against mover): column On foot, d6 rolled 5, result W (Wounded on the way)',
    )
  })

  it('CH-62: a wounded man on foot rolls 4, +1 makes 5: wounded again, dead', () => {
    const { state, entries } = crossing(loaded, [4], ['E10', 'F10', 'G10'], 'mover', {
      mover: 'wounded',
    })
    expect(rolls(entries)).toEqual([['infiltration', 4, 5]])
    expect(state.units.mover?.status).toBe('dead')
    expect(lines(entries)).not.toContain('mover moves F10 → G10 (1 MP)')
  })

  it('CH-63: a rider is wounded only on 6', () => {
    const riders = croisades(
      [{ id: 'rider', type: 'average-knight', hex: 'F5', facing: 'S' }],
      [{ id: 'guard', type: 'fatimid-spearman', hex: 'G8', facing: 'N' }],
    )
    const path = ['F6', 'F7', 'F8', 'F9']
    const five = crossing(riders, [5], path, 'rider')
    expect(rolls(five.entries)).toEqual([['infiltration', 5, 5]])
    expect(five.state.units.rider).toMatchObject({ hex: 'F9', status: 'healthy' })
    expect(crossing(riders, [6], path, 'rider').state.units.rider?.status).toBe('wounded')
  })

  it('CH-64: every enemy able to attack is wounded: 5 −1 = 4, no effect', () => {
    const { state, entries } = crossing(loaded, [5], EAST, 'mover', { guard: 'wounded' })
    expect(rolls(entries)).toEqual([['infiltration', 5, 4]])
    expect(state.units.mover?.status).toBe('healthy')
  })

  it('CH-65: the hex where the move ends is never rolled for; nor is a stunned enemy a threat', () => {
    // No dice are given: a roll would refuse the move.
    const ends = crossing(loaded, [], ['E10', 'F10'])
    expect(rolls(ends.entries)).toEqual([])
    expect(ends.state.units.mover?.hex).toBe('F10')
    const stunned = crossing(loaded, [], EAST, 'mover', { guard: 'stunned' })
    expect(rolls(stunned.entries)).toEqual([])
    expect(stunned.state.units.mover?.hex).toBe('H10')
  })

  it('B.1.54: the play view marks the hexes a move would roll in before it is chosen', () => {
    const start = crusadersMove(loaded)
    const moves = new Map(unitOptions(loaded, start, 'mover').moves.map((m) => [m.hex, m]))
    // Each hex of the way left next to the guard in F9 is marked, never the last one (CH-65).
    const h10 = moves.get('H10')
    expect(h10?.path).toEqual(['E9', 'F10', 'G9', 'H10'])
    expect(h10?.rolls).toEqual(['E9', 'F10', 'G9'])
    expect(moves.get('F10')?.path).toEqual(['E9', 'F10'])
    expect(moves.get('F10')?.rolls).toEqual(['E9'])
    expect(moves.get('E9')?.rolls).toBeUndefined()
    expect(moves.get('E10')?.rolls).toBeUndefined()
    // A stunned guard is no threat: no roll marked.
    const stunned = crusadersMove(loaded)
    ;(stunned.units.guard as { status: string }).status = 'stunned'
    expect(unitOptions(loaded, stunned, 'mover').moves.some((m) => m.rolls)).toBe(false)
  })

  it('CH-66 (revised): one roll per enemy; 7+1 wounds, 8+2 kills: dead', () => {
    const revised = croisades(
      [spearman()],
      [
        { id: 'sergeant', type: 'sergeant', hex: 'F9', facing: 'S' },
        { id: 'knight', type: 'average-knight', hex: 'G9', facing: 'S' },
      ],
      { base: 'croisades-tactical-revised' },
    )
    const { state, entries } = crossing(revised, [7, 8])
    expect(rolls(entries)).toEqual([
      ['infiltration', 7, 8],
      ['infiltration', 8, 10],
    ])
    expect(state.units.mover?.status).toBe('dead')
  })

  it('CH-67 (revised): an armoured rider past one unarmoured man on foot: 9 −2 = 7, no effect', () => {
    const revised = croisades(
      [{ id: 'rider', type: 'average-knight', hex: 'F5', facing: 'S' }],
      [{ id: 'guard', type: 'fatimid-spearman', hex: 'G8', facing: 'N' }],
      { base: 'croisades-tactical-revised' },
    )
    const { state, entries } = crossing(revised, [9], ['F6', 'F7', 'F8', 'F9'], 'rider')
    expect(rolls(entries)).toEqual([['infiltration', 9, 7]])
    expect(state.units.rider?.status).toBe('healthy')
  })
})
