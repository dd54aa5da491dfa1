/**
 * What a click on the playtest map means: the answers of the open decision that name a hex
 * (placing a retired unit near its standard, 14.5) become one intent per hex with the facings
 * they allow, named as the board names them; answers naming no hex stay off the map.
 */
import { describe, expect, it } from 'vitest'
import { intents, overlays, COLOURS } from '../../../src/editor/play/overlays'
import type { Action } from '../../../src/runtime/state'

const place = (hex: string, facing: number): Action => ({
  type: 'place',
  unit: 'u1',
  hex,
  facing,
  side: 'b',
})
const NAMES: Record<number, string> = { 1: 'NE', 3: 'E', 5: 'SE' }
const facingName = (v: unknown): string => NAMES[v as number] ?? String(v)

describe('answers naming a hex', () => {
  it('become one place intent per hex, with the facings named', () => {
    const answers = [
      place('1207', 1),
      place('1207', 3),
      place('1308', 5),
      { type: 'done', side: 'b' },
    ]
    const byHex = intents(null, answers, facingName)
    expect([...byHex.keys()].sort()).toEqual(['1207', '1308'])
    expect(byHex.get('1207')).toEqual([
      { kind: 'place', hex: '1207', actions: [answers[0], answers[1]], facings: ['NE', 'E'] },
    ])
    expect(byHex.get('1308')?.[0]).toMatchObject({ kind: 'place', facings: ['SE'] })
  })

  it('are highlighted in their own colour, the suggested one starred', () => {
    const drawn = overlays({
      options: null,
      selectedHex: null,
      command: null,
      changed: [],
      placeHexes: ['1207', '1308'],
      suggestedHex: '1308',
      weighing: null,
      state: null,
    })
    // The hex of the suggested answer carries a star.
    expect(drawn.highlights).toEqual([
      { hex: '1207', color: COLOURS.place },
      { hex: '1308', color: COLOURS.place, label: '★' },
    ])
  })
})

describe('what an answer would do, drawn while it is weighed', () => {
  const unit = (hex: string, side = 'a') => ({
    type: 't',
    side,
    location: 'map',
    hex,
    facing: 0,
    status: 'healthy',
    markers: {},
  })
  const state = {
    units: {
      rider: unit('K15'),
      archer: unit('M12'),
      foe: unit('K10', 'b'),
      horse: unit('J14'),
    },
    remains: { P9: { 'dead-man': 2, 'dead-horse': 1 }, Q8: { 'dead-man': 0 } },
  } as never
  const draw = (weighing: Record<string, unknown> | null, options: unknown = null) =>
    overlays({
      options: options as never,
      selectedHex: null,
      command: null,
      changed: [],
      weighing: weighing as never,
      state,
    })

  it('remains: each hex where some lie, with their count, under every other mark', () => {
    expect(draw(null).highlights).toEqual([{ hex: 'P9', color: COLOURS.remains, label: '✝3' }])
  })

  it('a charge: its route from the charger, in the charge colour, the target marked', () => {
    const { lines, highlights } = draw({
      type: 'charge',
      unit: 'rider',
      target: 'foe',
      route: ['K14', 'K13', 'K12', 'K11', 'K10'],
    })
    expect(lines).toEqual([
      { hexes: ['K15', 'K14', 'K13', 'K12', 'K11', 'K10'], color: COLOURS.charge },
    ])
    expect(highlights).toContainEqual({ hex: 'K10', color: COLOURS.charge })
  })

  it('a shot: the line of sight the options give, dashed, in the fire colour', () => {
    const options = {
      unit: 'archer',
      moves: [],
      fire: [
        {
          target: 'foe',
          hex: 'K10',
          range: 3,
          sight: ['L11', 'L10', 'K10'],
          action: { type: 'fire', unit: 'archer', target: 'foe' },
        },
      ],
      shock: [],
    }
    const { lines } = draw({ type: 'fire', unit: 'archer', target: 'foe' }, options)
    expect(lines).toContainEqual({
      hexes: ['M12', 'L11', 'L10', 'K10'],
      color: COLOURS.fire,
      dashed: true,
    })
  })

  it('a retreat to a hex, a mount, an attack and remains carried away', () => {
    expect(draw({ type: 'retreat', unit: 'archer', hex: 'N12' }).lines).toEqual([
      { hexes: ['M12', 'N12'], color: COLOURS.weighing, dashed: true },
    ])
    expect(draw({ type: 'mount', unit: 'rider', horse: 'horse' }).lines).toEqual([
      { hexes: ['K15', 'J14'], color: COLOURS.weighing, dashed: true },
    ])
    expect(draw({ type: 'attack', attackers: ['rider'], defenders: ['foe'] }).lines).toEqual([
      { hexes: ['K15', 'K10'], color: COLOURS.shock, dashed: true },
    ])
    expect(
      draw({ type: 'clear-remains', units: ['archer'], from: 'P9', to: 'Q8', kind: 'dead-man' })
        .lines,
    ).toEqual([{ hexes: ['P9', 'Q8'], color: COLOURS.weighing, dashed: true }])
  })

  it('a move that rolls to slip past enemies: the rolls on its way, and on its hex before', () => {
    const move = { type: 'move', unit: 'archer', path: ['M11', 'L11', 'L10'] }
    const options = {
      unit: 'archer',
      costUnit: 'mp',
      moves: [
        {
          hex: 'L10',
          cost: 3,
          stop: false,
          path: move.path,
          facings: [],
          actions: [move],
          rolls: ['M11', 'L11'],
        },
      ],
      fire: [],
      shock: [],
    }
    const drawn = draw(move, options)
    expect(drawn.highlights).toContainEqual({ hex: 'L10', color: COLOURS.move, label: '3 ⚄2' })
    expect(drawn.highlights).toContainEqual({ hex: 'M11', color: COLOURS.stop, label: '⚄' })
    expect(drawn.highlights).toContainEqual({ hex: 'L11', color: COLOURS.stop, label: '⚄' })
    expect(drawn.lines).toContainEqual({
      hexes: ['M12', 'M11', 'L11', 'L10'],
      color: COLOURS.weighing,
    })
  })
})
