/**
 * Every fire action the game lists is accepted (docs/ARCHITECTURE.md §9: `legal` lists only what
 * `act` takes), in random situations on the test field: missile and other units of both sides
 * placed at random around woods, hills, brush and the hedge, facing anywhere, some Disordered,
 * some having spent their movement. The answers to the prompts a shot opens (return fire) are
 * checked the same way.
 */
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { legalActions, openPrompt, playAction } from '../../../../src/runtime/play'
import type { FireScenario, Place } from './helpers'
import { fireActions, fireScenario, inMoveAndFire } from './helpers'

const ROSTERS: Record<FireScenario, string[]> = {
  'fire-moi': ['w-cb-1', 'w-lb-1', 'w-ge-1', 'w-bombard-1', 'e-mm-1', 'e-lb-1', 'e-pk-1', 'e-cb-1'],
  'fire-inf': ['w-a-1', 'w-lca-1', 'w-cb-1', 'w-pkj-1', 'e-kn-1', 'e-mc-1', 'e-a-1', 'e-cb-1'],
  'fire-v12': ['w-a-1', 'w-lca-1', 'w-cb-1', 'w-af-1', 'e-kn-1', 'e-hc-1', 'e-a-1', 'e-cb-1'],
  'fire-bnr': ['w-art-1', 'w-artl-1', 'w-hg-1', 'w-a-1', 'e-mm-1', 'e-inf-1', 'e-a-1', 'e-hg-1'],
}
const FACINGS = ['NE', 'E', 'SE', 'SW', 'W', 'NW']
// Around the brush (2504) and the hedge (2806/2807), plus open ground.
const HEXES: string[] = []
for (let col = 23; col <= 29; col++)
  for (let row = 2; row <= 8; row++) HEXES.push(`${col}${String(row).padStart(2, '0')}`)

const situation = fc.record({
  scenario: fc.constantFrom<FireScenario>('fire-moi', 'fire-inf', 'fire-v12', 'fire-bnr'),
  hexes: fc.shuffledSubarray(HEXES, { minLength: 8, maxLength: 8 }),
  facings: fc.array(fc.constantFrom(...FACINGS), { minLength: 8, maxLength: 8 }),
  disordered: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  spent: fc.integer({ min: 0, max: 8 }),
  side: fc.constantFrom<'west' | 'east'>('west', 'east'),
  dice: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }),
})

describe('every listed fire action is accepted', () => {
  test.prop([situation], { numRuns: 40 })(
    'fire actions listed in move-and-fire, and the answers to return fire',
    ({ scenario, hexes, facings, disordered, spent, side, dice }) => {
      const loaded = fireScenario(scenario)
      const units = ROSTERS[scenario]
      const places: Record<string, Place> = {}
      units.forEach((id, i) => {
        places[id] = {
          hex: hexes[i] as string,
          facing: facings[i] as string,
          status: disordered[i] === true ? 'disordered' : 'normal',
        }
      })
      const spentBy = Object.fromEntries(units.map((id) => [id, spent]))
      const state = inMoveAndFire(loaded, { side, places, dice, spent: spentBy })
      for (const action of fireActions(loaded, state)) {
        const result = playAction(loaded, state, action)
        expect(result.ok ? null : result.error.message).toBeNull()
        if (!result.ok) continue
        const prompt = openPrompt(result.state)
        if (prompt?.kind !== 'return-fire') continue
        for (const answer of legalActions(loaded, result.state)) {
          const answered = playAction(loaded, result.state, answer)
          expect(answered.ok ? null : answered.error.message).toBeNull()
        }
      }
    },
  )
})
