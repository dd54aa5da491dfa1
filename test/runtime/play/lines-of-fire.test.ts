/**
 * Lines of fire in Croisades tactical (B.1.41–B.1.44, Card 5): who blocks a shot by weapon
 * class, firing over characters, terrain and cover along the line, the slope's lip, water and a
 * rider's two hexes; with the range bands of the original and revised charts (CH-26, CH-31).
 * Played through the engine: the crusaders' offensive fire on the melee-grove fixture (its
 * characters replaced by the ones each case places), dice forced.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import { legalActions, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import { readContentFolder, withEdit } from '../../helpers/fixtures'
import type { Placement } from './croisades-fixture'
import { fire, fireOffered as offered } from './croisades-fixture'
import { crusader, saracen } from './croisades-fixture'
import {
  bundled,
  lastEntries,
  load,
  MOD,
  play,
  refusal,
  SCENARIO,
  scenarioWith,
} from './croisades-fixture'

const GROVE = 'croisades-olive-grove'
const WELL = 'croisades-watering-hole'

/** The crusaders' offensive fire with these characters, some put in a status, dice forced. */
function atFire(
  units: Placement[],
  options: { map?: string; ruleset?: string; statuses?: Record<string, string> } = {},
  faces: number[] = [10],
): { loaded: LoadedScenario; state: GameState } {
  const loaded = scenarioWith(units, options)
  const { state } = startGame(loaded, { forced: [] })
  const next = structuredClone(state)
  for (const [id, status] of Object.entries(options.statuses ?? {})) {
    const unit = next.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    unit.status = status
  }
  next.dice = forcedSource(faces)
  return { loaded, state: withPlans(loaded, next) }
}

/** The state with every crusader shooter's offensive fire plan fixed, where plans are fixed. */
function withPlans(loaded: LoadedScenario, state: GameState): GameState {
  let now = state
  for (const action of legalActions(loaded, state))
    if (action.type === 'fire-plan' && action.plan === 'offensive')
      now = play(loaded, now, { type: 'fire-plan', unit: action.unit, plan: 'offensive' })
  return now
}

interface MapJson {
  grid: unknown
  hexes: Record<string, unknown>
  labels?: unknown
  regions?: unknown
}

/** The crusaders' offensive fire on the olive grove changed by `edit`, with these characters. */
function onEditedMap(
  edit: (map: MapJson) => void,
  units: Placement[],
): { loaded: LoadedScenario; state: GameState } {
  const sources = withEdit(
    withEdit([...bundled, ...readContentFolder(MOD)], `${GROVE}.json`, (text) => {
      const map = JSON.parse(text) as MapJson
      edit(map)
      return JSON.stringify(map)
    }),
    `${SCENARIO}.json`,
    (text) => {
      const scenario = JSON.parse(text) as { sides: { id: string; units: unknown[] }[] }
      for (const side of scenario.sides)
        side.units = units
          .filter((u) => u.side === side.id)
          .map(({ side: _side, ...u }) => ({ ...u, name: u.id }))
      return JSON.stringify(scenario)
    },
  )
  const loaded = load(sources)
  return { loaded, state: withPlans(loaded, startGame(loaded, { forced: [10] }).state) }
}

/** The missile-fire record of the last shot played. */
function lastShot() {
  const record = lastEntries
    .flatMap((e) => e.records)
    .find((r) => r.resolution.id === 'missile-fire')
  if (record === undefined) throw new Error('no shot was rolled')
  return record
}

/** Fires, and gives the cover column and the range-band modifier the shot was read with. */
function shoot(loaded: LoadedScenario, state: GameState, unit: string, target: string) {
  play(loaded, state, fire(unit, target))
  const record = lastShot()
  const band = record.rollModifiers?.terms.find((t) => t.id === 'range-band')
  return { cover: record.column?.id, band: band?.value }
}

describe('B.1.42 who blocks a line of fire', () => {
  it('CH-34: a living friend between a crossbowman and his target blocks the shot (B.1.42)', () => {
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'H8'),
      crusader('hugh', 'sergeant', 'H10'),
      saracen('karim', 'syrian-infantry', 'H13'),
    ])
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('xbow', 'karim'))).toBe(
      'xbow cannot see karim: the line is blocked by hugh in H10 (the Crossbow never shoots over anyone)',
    )
  })

  it('B.1.42: an enemy or a horse between blocks a crossbow, a sling or a dagger too', () => {
    // Neither shooter next to the man between: he would be engaged (B.1.32).
    for (const [type, shooter] of [
      ['crossbowman', 'H8'],
      ['assassin', 'H8'],
    ]) {
      for (const between of [
        saracen('idris', 'fatimid-spearman', 'H10'),
        crusader('horse', 'riderless-horse', 'H10', 'N'),
      ]) {
        const { loaded, state } = atFire([
          crusader('shooter', type as string, shooter as string),
          between,
          saracen('karim', 'syrian-infantry', 'H12'),
        ])
        expect(refusal(loaded, state, fire('shooter', 'karim'))).toMatch(
          new RegExp(`blocked by ${between.id} in H10`),
        )
      }
    }
  })

  it('CH-35: a stunned character between does not block a crossbow (B.1.42)', () => {
    const { loaded, state } = atFire(
      [
        crusader('xbow', 'crossbowman', 'H8'),
        crusader('hugh', 'sergeant', 'H10'),
        saracen('karim', 'syrian-infantry', 'H13'),
      ],
      { statuses: { hugh: 'stunned' } },
    )
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(true)
    play(loaded, state, fire('xbow', 'karim'))
  })

  it('CH-36: a bow or javelin shoots over a friend at a target at medium range in light cover, not in contact (B.1.42)', () => {
    const { loaded, state } = atFire([
      crusader('sudan', 'sudanese-javelinman', 'C4'),
      crusader('hugh', 'sergeant', 'C8'),
      saracen('karim', 'syrian-infantry', 'C13'),
    ])
    expect(offered(loaded, state, 'sudan', 'karim')).toBe(true)
    // 9 hexes: medium (+1); the target stands on scrub: light cover.
    expect(shoot(loaded, state, 'sudan', 'karim')).toEqual({ cover: 'light', band: 1 })
  })

  it('CH-37: the same shot at short range is blocked by the friend (B.1.42)', () => {
    const { loaded, state } = atFire([
      crusader('sudan', 'sudanese-javelinman', 'C7'),
      crusader('hugh', 'sergeant', 'C10'),
      saracen('karim', 'syrian-infantry', 'C13'),
    ])
    expect(offered(loaded, state, 'sudan', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('sudan', 'karim'))).toBe(
      'sudan cannot see karim: the line is blocked by hugh in C10 (the Javelin shoots over others only at a target beyond Short range)',
    )
  })

  it('B.1.42: a javelin does not shoot over characters at a target in more than light cover', () => {
    // A cart in C10 on the line: a target shot through it has medium cover.
    const cart = (map: MapJson) => {
      map.hexes.C10 = { terrain: 'cart' }
    }
    const blocked = onEditedMap(cart, [
      crusader('sudan', 'sudanese-javelinman', 'C4'),
      crusader('hugh', 'sergeant', 'C6'),
      saracen('karim', 'syrian-infantry', 'C13'),
    ])
    expect(refusal(blocked.loaded, blocked.state, fire('sudan', 'karim'))).toBe(
      'sudan cannot see karim: the line is blocked by hugh in C6 (the Javelin shoots over others only at a target with at most light cover)',
    )
    const open = onEditedMap(cart, [
      crusader('sudan', 'sudanese-javelinman', 'C4'),
      saracen('karim', 'syrian-infantry', 'C13'),
    ])
    expect(shoot(open.loaded, open.state, 'sudan', 'karim').cover).toBe('medium')
  })

  it('CH-38: a horse archer shoots over a friend directly adjacent to him, even at short range (B.1.42)', () => {
    const { loaded, state } = atFire([
      crusader('ha', 'horse-archer', 'H8', 'S'),
      crusader('hugh', 'sergeant', 'H9'),
      saracen('karim', 'syrian-infantry', 'H12'),
    ])
    expect(offered(loaded, state, 'ha', 'karim')).toBe(true)
    expect(shoot(loaded, state, 'ha', 'karim')).toEqual({ cover: 'none', band: 0 })
  })

  it('CH-39: a foot archer may not shoot over a friend at an enemy in contact with him (B.1.42)', () => {
    const placed = (friend: string) =>
      atFire([
        crusader('archer', 'saracen-foot-archer', 'Y1'),
        crusader('hugh', 'sergeant', friend),
        saracen('karim', 'syrian-infantry', 'Y18'),
      ])
    // 17 hexes: medium range, no cover; the friend next to the target.
    const contact = placed('Y17')
    expect(refusal(contact.loaded, contact.state, fire('archer', 'karim'))).toBe(
      'archer cannot see karim: the line is blocked by hugh in Y17 (the Shortbow (on foot) shoots over others only at a target not in contact with Crusaders)',
    )
    // The friend two hexes short of the target: the archer shoots over him.
    const clear = placed('Y15')
    expect(offered(clear.loaded, clear.state, 'archer', 'karim')).toBe(true)
  })

  it('CH-40: a horse archer may not shoot at short range over a friend who is not adjacent to him (B.1.42)', () => {
    const { loaded, state } = atFire([
      crusader('ha', 'horse-archer', 'Y3', 'S'),
      crusader('hugh', 'sergeant', 'Y6'),
      saracen('karim', 'syrian-infantry', 'Y8'),
    ])
    expect(offered(loaded, state, 'ha', 'karim')).toBe(false)
    expect(refusal(loaded, state, fire('ha', 'karim'))).toMatch(/blocked by hugh in Y6/)
  })

  it('B.1.42 (1): a character in water never blocks a line of fire', () => {
    const { loaded, state } = atFire(
      [
        crusader('xbow', 'crossbowman', 'L19'),
        crusader('colin', 'peasant', 'L16'),
        saracen('karim', 'syrian-infantry', 'L13'),
      ],
      { map: WELL },
    )
    expect(offered(loaded, state, 'xbow', 'karim')).toBe(true)
  })
})

describe('B.1.43 terrain and cover', () => {
  it('CH-42: a tree hex between blocks; a target in a tree hex with no other tree on the line has light cover (B.1.43)', () => {
    const blocked = atFire([
      crusader('xbow', 'crossbowman', 'G12'),
      saracen('karim', 'syrian-infantry', 'G18'),
    ])
    expect(refusal(blocked.loaded, blocked.state, fire('xbow', 'karim'))).toBe(
      'xbow cannot see karim: the line is blocked by Tree in G15',
    )
    const inTree = atFire([
      crusader('xbow', 'crossbowman', 'G10'),
      saracen('karim', 'syrian-infantry', 'G15'),
    ])
    expect(shoot(inTree.loaded, inTree.state, 'xbow', 'karim').cover).toBe('light')
    // Into the second of two tree hexes: the first one blocks.
    const behind = atFire([
      crusader('xbow', 'crossbowman', 'G7'),
      saracen('karim', 'syrian-infantry', 'G3'),
    ])
    expect(refusal(behind.loaded, behind.state, fire('xbow', 'karim'))).toMatch(
      /blocked by Tree in G4/,
    )
  })

  it('B.1.43: a line across scrub gives the target light cover', () => {
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'J14'),
      saracen('karim', 'syrian-infantry', 'J9'),
    ])
    expect(shoot(loaded, state, 'xbow', 'karim').cover).toBe('light')
    const open = atFire([
      crusader('xbow', 'crossbowman', 'K17'),
      saracen('karim', 'syrian-infantry', 'K13'),
    ])
    expect(shoot(open.loaded, open.state, 'xbow', 'karim').cover).toBe('none')
  })

  it('CH-43: a character in water may not fire; in water he has light cover unless the shooter is at the water’s edge (B.1.43)', () => {
    const wading = atFire(
      [crusader('bow', 'welsh-longbowman', 'L16'), saracen('karim', 'syrian-infantry', 'L19')],
      { map: WELL },
    )
    expect(offered(wading.loaded, wading.state, 'bow', 'karim')).toBe(false)
    expect(refusal(wading.loaded, wading.state, fire('bow', 'karim'))).toBe(
      'bow stands in Water and may not fire from there',
    )
    const far = atFire(
      [crusader('xbow', 'crossbowman', 'L19'), saracen('colin', 'peasant', 'L16')],
      { map: WELL },
    )
    expect(shoot(far.loaded, far.state, 'xbow', 'colin').cover).toBe('light')
    // L14 is on the bank of the same stretch of water (L15), two hexes from the target.
    const edge = atFire(
      [crusader('xbow', 'crossbowman', 'L14'), saracen('colin', 'peasant', 'L16')],
      { map: WELL },
    )
    expect(shoot(edge.loaded, edge.state, 'xbow', 'colin').cover).toBe('none')
  })

  it('CH-44: across the lip of a slope the lower character must be at least as far from it as the upper one (B.1.43)', () => {
    // P15 is on the rise, 2 hexes from the slope hex N15 the line crosses.
    const near = atFire([
      crusader('xbow', 'crossbowman', 'P15'),
      saracen('karim', 'syrian-infantry', 'M15'),
    ])
    expect(refusal(near.loaded, near.state, fire('xbow', 'karim'))).toBe(
      'xbow cannot see karim: the line is blocked by the lip of the Slope in N15 (the lower end is 1 hex from it, the upper end 2)',
    )
    // Both ways: from below, the same line is blocked.
    const up = atFire([
      crusader('xbow', 'crossbowman', 'M15'),
      saracen('karim', 'syrian-infantry', 'P15'),
    ])
    expect(refusal(up.loaded, up.state, fire('xbow', 'karim'))).toMatch(
      /blocked by the lip of the Slope in N15/,
    )
    const far = atFire([
      crusader('xbow', 'crossbowman', 'P15'),
      saracen('karim', 'syrian-infantry', 'K15'),
    ])
    expect(shoot(far.loaded, far.state, 'xbow', 'karim').cover).toBe('none')
    const onSlope = atFire([
      crusader('xbow', 'crossbowman', 'P15'),
      saracen('karim', 'syrian-infantry', 'N15'),
    ])
    expect(shoot(onSlope.loaded, onSlope.state, 'xbow', 'karim').cover).toBe('medium')
  })
})

describe('B.1.42 (4) shooting from above', () => {
  it('B.1.42 (4): a shooter above the lip shoots over a lower character he cannot see', () => {
    // From P15 on the rise, M15 is hidden by the lip in N15 (1 hex from it, P15 2): Hugh there
    // does not block a crossbow's shot at K15; in L15, 2 hexes from the lip, he is seen and does.
    const hidden = atFire([
      crusader('xbow', 'crossbowman', 'P15'),
      crusader('hugh', 'sergeant', 'M15'),
      saracen('karim', 'syrian-infantry', 'K15'),
    ])
    expect(offered(hidden.loaded, hidden.state, 'xbow', 'karim')).toBe(true)
    const seen = atFire([
      crusader('xbow', 'crossbowman', 'P15'),
      crusader('hugh', 'sergeant', 'L15'),
      saracen('karim', 'syrian-infantry', 'K15'),
    ])
    expect(refusal(seen.loaded, seen.state, fire('xbow', 'karim'))).toMatch(
      /blocked by hugh in L15/,
    )
  })
})

describe('B.1.44 riders in cover', () => {
  it('CH-19: a rider on a flat hex and a scrub hex has light cover (B.1.44)', () => {
    // Front half in K13 (flat), rear half in K12 (scrub); the line from K17 crosses only flat.
    const { loaded, state } = atFire([
      crusader('xbow', 'crossbowman', 'K17'),
      saracen('knight', 'seljuk-heavy-cavalry', 'K13', 'S'),
    ])
    expect(shoot(loaded, state, 'xbow', 'knight').cover).toBe('light')
  })
})

describe('Card 5 range bands, original and revised', () => {
  it('CH-31: a horse archer at 10 hexes shoots at short range (+0), at medium (+1) once revised (Card 5, Annex D)', () => {
    const units = [
      crusader('ha', 'horse-archer', 'H8', 'S'),
      saracen('karim', 'syrian-infantry', 'H18'),
    ]
    const original = atFire(units)
    expect(shoot(original.loaded, original.state, 'ha', 'karim').band).toBe(0)
    const revised = atFire(units, { ruleset: 'croisades-tactical-revised' })
    expect(shoot(revised.loaded, revised.state, 'ha', 'karim').band).toBe(1)
  })

  it('CH-26: a longbow cannot shoot at 121 hexes, beyond its long band (Card 5)', () => {
    // A field 130 hexes wide: the longbowman in its first column, targets 120 and 121 away.
    const { loaded, state } = onEditedMap(
      (map) => {
        map.grid = {
          orientation: 'flat',
          offset: 'even',
          columns: 130,
          rows: 2,
          numbering: { scheme: 'numeric', columnDigits: 3, rowDigits: 2 },
        }
        map.hexes = {}
        delete map.labels
        delete map.regions
      },
      [
        { id: 'bow', type: 'welsh-longbowman', hex: '00101', side: 'crusaders' },
        { id: 'near', type: 'syrian-infantry', hex: '12101', side: 'saracens' },
        { id: 'far', type: 'syrian-infantry', hex: '12201', side: 'saracens' },
      ],
    )
    expect(offered(loaded, state, 'bow', 'near')).toBe(true)
    expect(offered(loaded, state, 'bow', 'far')).toBe(false)
    expect(refusal(loaded, state, fire('bow', 'far'))).toMatch(/121 hexes away, out of range/)
    play(loaded, state, fire('bow', 'near'))
    expect(lastShot().rollModifiers?.terms.find((t) => t.id === 'range-band')?.value).toBe(2)
  })
})
