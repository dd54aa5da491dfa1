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
