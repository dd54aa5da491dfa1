/**
 * Reaction fire (Tri-Pack 11.2, 13.2; Infidel 1.2 11.2; difference row 25): a unit of the side
 * not activated fires at an enemy entering one of its frontal hexes. Entries by movement go
 * through the movement mechanic's move action; other kinds of entry (charge placement, retreat,
 * advance) are reported to the reaction window as the mechanics that make them do.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { GameState } from '../../../../src/runtime/state'
import type { Place } from './helpers'
import { afterEntry, fireScenario, hexAt, inMoveAndFire, play, refusal } from './helpers'

const moi = fireScenario('fire-moi')
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })
const down = (hex: string): Place => ({ hex, facing: 'SE' })
const up = (hex: string): Place => ({ hex, facing: 'NW' })
// Facing SE, a unit in 1004 has 1005 (S) and the hex to its S E in front.
const front = '1005'

function eastMoves(loaded: LoadedScenario, places: Record<string, Place>, dice: number[] = []) {
  return inMoveAndFire(loaded, { side: 'east', places, dice })
}

function moveInto(loaded: LoadedScenario, state: GameState, unit: string, path: string[]) {
  return play(loaded, state, { type: 'move', unit, path, facing: 'NW' })
}

describe('11.2 reaction fire', () => {
  it('11.2 an enemy moving into a frontal hex may be fired at the moment it arrives', () => {
    const state = eastMoves(moi, { 'w-lb-1': down('1004'), 'e-pk-1': up('1007') }, [5])
    const { state: asked, entry } = moveInto(moi, state, 'e-pk-1', ['1006', front])
    expect(entry.effects.map((e) => e.text)).toContain('e-pk-1 moves 1006 → 1005 (1 MP)')
    expect(openPrompt(asked)).toMatchObject({
      side: 'west',
      kind: 'reaction-fire',
      actions: ['fire', 'decline'],
      rule: '11.2, 13.2',
    })
    expect(legalActions(moi, asked)).toEqual([
      { type: 'fire', unit: 'w-lb-1', target: 'e-pk-1', side: 'west' },
      { type: 'decline', side: 'west' },
    ])
    const { state: after, entry: shot } = play(moi, asked, fire('w-lb-1', 'e-pk-1'))
    // Longbow at 1 hex: +2, so 5 reads 7, Disordered.
    expect(shot.records.map((r) => [r.resolution.id, r.roll?.modified])).toEqual([['fire', 7]])
    expect(after.units['e-pk-1']?.status).toBe('disordered')
    expect(after.flow?.activation?.units['w-lb-1']?.reactions).toEqual(['reaction-fire'])
    expect(openPrompt(after)).toMatchObject({ side: 'east', kind: 'move-and-fire' })
  })

  it('11.2 only hexes in front count, and the player may decline', () => {
    const flank = eastMoves(moi, { 'w-lb-1': { hex: '1004', facing: 'E' }, 'e-pk-1': up('1007') })
    // Facing E, 1005 (S) is a flank hex.
    const { state } = moveInto(moi, flank, 'e-pk-1', ['1006', front])
    expect(openPrompt(state)).toMatchObject({ side: 'east', kind: 'move-and-fire' })
    const asked = moveInto(
      moi,
      eastMoves(moi, { 'w-lb-1': down('1004'), 'e-pk-1': up('1007') }),
      'e-pk-1',
      ['1006', front],
    ).state
    const { state: after, entry } = play(moi, asked, { type: 'decline' })
    expect(entry.records).toEqual([])
    expect(after.units['e-pk-1']?.status).toBe('normal')
  })

  it('11.2 (Tri-Pack) only one unit may fire at one entry, whatever the number next to it', () => {
    const other = hexAt(moi, front, 10) // N W of 1005: facing SE, 1005 is in its front
    const state = eastMoves(
      moi,
      { 'w-lb-1': down('1004'), 'w-lb-2': down(other), 'e-pk-1': up('1007') },
      [0],
    )
    const { state: asked } = moveInto(moi, state, 'e-pk-1', ['1006', front])
    expect(legalActions(moi, asked).map((a) => a.unit ?? a.type)).toEqual([
      'w-lb-1',
      'w-lb-2',
      'decline',
    ])
    const { state: after } = play(moi, asked, fire('w-lb-2', 'e-pk-1'))
    expect(openPrompt(after)).toMatchObject({ side: 'east', kind: 'move-and-fire' })
  })

  it('difference 25: under 1.2 every unit may fire at the entry, in the firing player’s order', () => {
    const v12 = fireScenario('fire-v12')
    const other = hexAt(v12, front, 10)
    const state = eastMoves(
      v12,
      { 'w-a-1': down('1004'), 'w-a-2': down(other), 'e-mc-1': up('1007') },
      [0, 0],
    )
    const { state: asked } = moveInto(v12, state, 'e-mc-1', ['1006', front])
    const first = play(v12, asked, fire('w-a-2', 'e-mc-1')).state
    expect(openPrompt(first)).toMatchObject({ side: 'west', kind: 'reaction-fire' })
    expect(legalActions(v12, first)).toEqual([
      { type: 'fire', unit: 'w-a-1', target: 'e-mc-1', side: 'west' },
      { type: 'decline', side: 'west' },
    ])
    expect(refusal(v12, first, fire('w-a-2', 'e-mc-1')).message).toBe(
      'unit w-a-2 may not fire now (only w-a-1 may)',
    )
    const second = play(v12, first, fire('w-a-1', 'e-mc-1'))
    expect(second.entry.records.map((r) => r.resolution.id)).toEqual(['fire'])
    expect(openPrompt(second.state)).toMatchObject({ side: 'east', kind: 'move-and-fire' })
  })

  it('11.2 the slow group reacts at most once per enemy activation, the bow group every time', () => {
    const second = hexAt(moi, '1004', 4) // the other frontal hex of a unit facing SE in 1004
    for (const [reactor, again] of [
      ['w-cb-1', false],
      ['w-lb-1', true],
    ] as const) {
      let state = eastMoves(
        moi,
        { [reactor]: down('1004'), 'e-pk-1': up('1007'), 'e-mm-1': up(hexAt(moi, second, 6, 2)) },
        [0, 0],
      )
      state = moveInto(moi, state, 'e-pk-1', ['1006', front]).state
      state = play(moi, state, fire(reactor, 'e-pk-1')).state
      const { state: next } = moveInto(moi, state, 'e-mm-1', [hexAt(moi, second, 6), second])
      expect(openPrompt(next)?.kind).toBe(again ? 'reaction-fire' : 'move-and-fire')
    }
  })
})

describe('11.2 entries that do not trigger reaction fire', () => {
  const base = () =>
    inMoveAndFire(moi, {
      side: 'east',
      places: { 'w-lb-1': down('1004'), 'e-pk-1': up(front), 'e-lb-1': up('1107') },
    })
  const entry = (by: string) => ({ unit: 'e-pk-1', hex: front, from: '1006', by })

  it('11.2, 13.2 moves and charge placements trigger it; retreats and advances do not', () => {
    for (const by of ['move', 'charge', 'placement'])
      expect(openPrompt(afterEntry(moi, base(), entry(by)))?.kind).toBe('reaction-fire')
    for (const by of ['retreat', 'advance'])
      expect(openPrompt(afterEntry(moi, base(), entry(by)))?.kind).toBe('move-and-fire')
  })

  it('11.2 nor an entry into a hex that already held another enemy unit', () => {
    const shared = structuredClone(base())
    const other = shared.units['e-lb-1']
    if (other === undefined) throw new Error('no e-lb-1')
    other.hex = front
    expect(openPrompt(afterEntry(moi, shared, entry('move')))?.kind).toBe('move-and-fire')
  })

  it('11.2 limbered guns may not react; unlimbered guns may', () => {
    const bnr = fireScenario('fire-bnr')
    for (const [gun, kind] of [
      ['w-artl-1', 'move-and-fire'],
      ['w-art-1', 'reaction-fire'],
    ] as const) {
      const state = inMoveAndFire(bnr, {
        side: 'east',
        places: { [gun]: down('1004'), 'e-inf-1': up(front) },
      })
      const event = { unit: 'e-inf-1', hex: front, from: '1006', by: 'move' }
      expect(openPrompt(afterEntry(bnr, state, event))?.kind).toBe(kind)
    }
  })
})
