/**
 * The `resolve` action and the effects kernel, on the kernel test ruleset
 * (test/fixtures/state): variables built from the state (angles from facings, terrain, stacked
 * leaders, markers), rolls from the state's dice, result codes turned into state changes
 * through the status graph, and the effects left pending for mechanics.
 */
import { describe, expect, it } from 'vitest'
import { MAX_EFFECT_DEPTH, createInitialState } from '../../../src/runtime/state'
import type { Action, GameState, LogEntry } from '../../../src/runtime/state'
import { act, loadScenario, refused } from './helpers'

const loaded = loadScenario('state', 'kernel-skirmish')
const fresh = (dice: { seed: number } | { forced: number[] } = { seed: 3 }): GameState =>
  createInitialState(loaded, dice)

const clash = (
  attackers: string[],
  defenders: string[],
  faces: number[],
  extra: Partial<Action> = {},
): Action => ({
  type: 'resolve',
  resolution: 'clash',
  attackers,
  defenders,
  faces,
  ...extra,
})

const applied = (entry: LogEntry) => entry.effects.map((e) => e.text)
const appliedTerms = (entry: LogEntry) =>
  (entry.records[0]?.rollModifiers?.terms ?? [])
    .filter((t) => t.applied)
    .map((t) => [t.id, t.value])

/** The state with units moved first (place actions), for setting up a situation. */
function arranged(moves: Record<string, [string, string]>, state = fresh()): GameState {
  let s = state
  for (const [unit, [hex, facing]] of Object.entries(moves))
    s = act(loaded, s, { type: 'place', unit, hex, facing }).state
  return s
}

describe('attack situations', () => {
  it('reads terrain of the defender hex and leaders stacked with the attacker into the modifiers', () => {
    // north-pike (with the captain, in 0302) attacks south-pike-1 in woods (cover 2) from its front.
    const { entry } = act(loaded, fresh(), clash(['north-pike'], ['south-pike-1'], [4]))
    expect(appliedTerms(entry)).toEqual([
      ['cover', -2],
      ['led', 1],
    ])
    expect(entry.text).toBe(
      'Clash (north-pike against south-pike-1): column Defender fresh, d6 rolled 4 -1 = 3, result R (Defender retreats)',
    )
  })

  it('measures each attacker angle from the defender facing, keeping the largest of the angle group', () => {
    // south-pike-1 in 0303 faces its NW corner: 0403 is on its flank, 0304 behind it.
    const state = arranged({ 'north-archer': ['0403', 'SW'], 'north-pike-2': ['0304', 'NE'] })
    const flank = act(loaded, state, clash(['north-archer'], ['south-pike-1'], [4])).entry
    expect(appliedTerms(flank)).toContainEqual(['flank', 1])
    const both = act(
      loaded,
      state,
      clash(['north-archer', 'north-pike-2'], ['south-pike-1'], [4]),
    ).entry
    const terms = both.records[0]?.rollModifiers?.terms ?? []
    expect(terms.find((t) => t.id === 'rear')).toMatchObject({ applied: true, value: 2 })
    expect(terms.find((t) => t.id === 'flank')).toMatchObject({
      applied: false,
      reason: expect.stringContaining('superseded'),
    })
  })

  it('reads hexside features crossed, elevation, and charging from a marker', () => {
    // north-knight (charging marker) in 0304 attacks south-knight up the hill in 0404, on its flank.
    const state = arranged({ 'north-knight': ['0304', 'NE'] })
    const { entry } = act(loaded, state, clash(['north-knight'], ['south-knight'], [3]))
    expect(appliedTerms(entry)).toEqual([
      ['flank', 1],
      ['charge', 1],
      ['cover', -1],
      ['uphill', -1],
    ])
    // The stream on the south side of 0502 lies between 0502 and 0503.
    const across = arranged({ 'north-knight': ['0502', 'SE'], 'south-pike-2': ['0503', 'NW'] })
    const crossing = act(
      loaded,
      across,
      clash(['north-knight'], ['south-pike-2'], [3], { charging: false }),
    ).entry
    expect(appliedTerms(crossing)).toEqual([['stream', -1]])
  })

  it('takes per-unit flags from the action over markers', () => {
    const { entry } = act(
      loaded,
      fresh(),
      clash(['north-pike'], ['south-pike-1'], [4], { charging: ['north-pike'], moved: true }),
    )
    expect(appliedTerms(entry)).toEqual([
      ['charge', 1],
      ['moved', -1],
      ['cover', -2],
      ['led', 1],
    ])
  })

  it('refuses attacks by or on units that are not on the map, or on themselves', () => {
    expect(refused(loaded, fresh(), clash(['north-pike-2'], ['south-pike-1'], [4])).message).toBe(
      'unit "north-pike-2" is not on the map, so it cannot be the attacker',
    )
    expect(refused(loaded, fresh(), clash(['north-pike'], ['north-pike'], [4])).message).toBe(
      'unit "north-pike" cannot both attack and defend',
    )
    expect(refused(loaded, fresh(), clash(['north-pike'], [], [4])).message).toContain(
      'must be a non-empty list of unit ids',
    )
    expect(
      refused(loaded, fresh(), {
        type: 'resolve',
        resolution: 'clsh',
        attackers: ['north-pike'],
        defenders: ['south-pike-1'],
      }).message,
    ).toBe('there is no resolution "clsh" — did you mean "clash"?')
    expect(
      refused(loaded, fresh(), clash(['north-pike'], ['south-pike-1'], [4], { firer: 'x' }))
        .message,
    ).toContain('action "resolve" takes no argument "firer"')
  })
})

describe('result effects', () => {
  it('X: tires the attackers through the graph, removes a marker, ends their activation, scores the attacker side', () => {
    const { state, entry } = act(loaded, fresh(), clash(['north-pike'], ['south-pike-1'], [1]))
    expect(applied(entry)).toEqual([
      'unit north-pike: fresh → tired (tire, rule T.1)',
      'unit north-pike: marker charging 0 → 0',
      'unit north-pike may do nothing more this activation',
      'side north: flight 1 → 2 (+1)',
    ])
    expect(state.units['north-pike']).toMatchObject({ status: 'tired', ended: 'activation' })
    expect(state.sides.north?.tracks.flight).toBe(2)
  })

  it('M: adds a marker, increments a counting marker by an expression, stops movement', () => {
    // Flank +1, cover -2, led +1: a 2 stays 2.
    const state = arranged({ 'north-archer': ['0403', 'SW'] })
    const { state: after } = act(
      loaded,
      state,
      clash(['north-pike', 'north-archer'], ['south-pike-1'], [2]),
    )
    expect(after.units['south-pike-1']).toMatchObject({
      markers: { spent: 1, weary: 2 },
      ended: 'movement',
    })
  })

  it('R: leaves retreat and advance pending for the mechanics, with whom they concern', () => {
    const { entry, state } = act(loaded, fresh(), clash(['north-pike'], ['south-pike-1'], [4]))
    expect(entry.effects).toEqual([])
    expect(entry.pending).toEqual([
      {
        effect: { type: 'retreat', hexes: 1, who: 'defenders' },
        units: ['south-pike-1'],
        sides: ['south'],
        chooseOne: false,
        source: 'resolution "clash"',
        context: 'attack',
        participants: { attackers: ['north-pike'], defenders: ['south-pike-1'] },
        hexes: { 'north-pike': '0302', 'south-pike-1': '0303' },
      },
      {
        effect: { type: 'advance', hexes: 1, who: 'attacker' },
        units: ['north-pike'],
        sides: ['north'],
        chooseOne: false,
        source: 'resolution "clash"',
        context: 'attack',
        participants: { attackers: ['north-pike'], defenders: ['south-pike-1'] },
        hexes: { 'north-pike': '0302', 'south-pike-1': '0303' },
      },
    ])
    expect(state.units['south-pike-1']?.hex).toBe('0303')
  })

  it('asks the owner to choose when an effect for one unit has several candidates', () => {
    const state = arranged({ 'north-archer': ['0203', 'E'] })
    const { entry } = act(
      loaded,
      state,
      clash(['north-pike', 'north-archer'], ['south-pike-1'], [4]),
    )
    const advance = entry.pending.find((p) => p.effect.type === 'advance')
    expect(advance).toMatchObject({
      units: ['north-pike', 'north-archer'],
      chooseOne: true,
      sides: ['north'],
    })
  })

  it('T: sends a follow-up check to the leaders stacked with the units hit', () => {
    const { entry, state } = act(loaded, fresh(), clash(['south-pike-1'], ['north-pike'], [4]))
    expect(applied(entry)).toEqual(['unit north-pike: fresh → tired (tire, rule T.1)'])
    expect(state.units['north-pike']?.status).toBe('tired')
    expect(entry.pending).toEqual([
      {
        effect: { type: 'resolve', resolution: 'leader-check', who: 'leaders' },
        units: ['north-captain'],
        sides: ['north'],
        chooseOne: false,
        source: 'resolution "clash"',
        context: 'attack',
        participants: { attackers: ['south-pike-1'], defenders: ['north-pike'] },
        hexes: { 'south-pike-1': '0303', 'north-pike': '0302' },
      },
    ])
  })

  it('B: a unit type override replaces the graph transition (a fresh knight is unhorsed instead)', () => {
    const state = arranged({ 'north-knight': ['0304', 'NE'] })
    // Flank +1, charge +1, cover -1, uphill -1: a 5 stays 5, which breaks a fresh defender.
    const { entry, state: after } = act(
      loaded,
      state,
      clash(['north-knight'], ['south-knight'], [5]),
    )
    expect(entry.records[0]?.codes.map((c) => c.code)).toEqual(['B'])
    expect(applied(entry)).toEqual([
      'unit south-knight: break leaves it fresh, replaced by unit type "knight"',
      'unit south-knight: knight → footknight (unhorsed), fresh → tired',
    ])
    expect(after.units['south-knight']).toMatchObject({
      type: 'footknight',
      status: 'tired',
      hex: '0404',
    })
  })

  it('K: eliminates the defender, moves a game track, and scores only when its condition holds', () => {
    const state = arranged({ 'north-archer': ['0504', 'SE'] })
    const plain = act(loaded, state, clash(['north-archer'], ['south-archer'], [6]))
    expect(applied(plain.entry)).toEqual([
      'unit south-archer eliminated from 0605',
      'game: time 1 → 2 (+1)',
    ])
    expect(plain.state.units['south-archer']).toMatchObject({
      status: 'dead',
      location: 'removed',
      hex: null,
      facing: null,
    })
    const bonus = act(loaded, state, clash(['north-archer'], ['south-archer'], [6], { bonus: 1 }))
    expect(applied(bonus.entry)).toContain('side south: flight 0 → 2 (+2)')
  })
})

describe('status chains', () => {
  it('runs a transition effects in the unit context, recursively, removing a unit whose status is removed', () => {
    // A tired pike has morale 3, so breaking it routs it: it dies, its side scores its strength
    // and the other side loses a point (not below the track minimum), and the leader stacked
    // with it is left a check to take.
    const tired = act(loaded, fresh(), {
      type: 'status-event',
      unit: 'north-pike',
      event: 'tire',
    }).state
    const { entry, state } = act(loaded, tired, {
      type: 'status-event',
      unit: 'north-pike',
      event: 'break',
    })
    expect(applied(entry)).toEqual([
      'unit north-pike: tired → broken (break, rule T.3)',
      'unit north-pike: marker rattled 0 → 2',
      'unit north-pike: broken → dead (rout, rule T.4)',
      'side north: flight 1 → 4 (+3)',
      'side south: flight 0 → 0 (-1)',
    ])
    expect(entry.pending.map((p) => [p.effect.type, p.units, p.source])).toEqual([
      ['resolve', ['north-captain'], 'status "rout" of unit "north-pike"'],
    ])
    expect(state.units['north-pike']).toMatchObject({
      status: 'dead',
      location: 'removed',
      hex: null,
    })
  })

  it('does not rout a unit whose morale holds', () => {
    const { state } = act(loaded, fresh(), {
      type: 'status-event',
      unit: 'south-pike-1',
      event: 'break',
    })
    expect(state.units['south-pike-1']).toMatchObject({
      status: 'broken',
      markers: { rattled: 2 },
      location: 'map',
    })
  })

  it('takes a transition only when its condition holds', () => {
    const tired = act(loaded, fresh(), {
      type: 'status-event',
      unit: 'north-pike',
      event: 'tire',
    }).state
    expect(
      act(loaded, tired, { type: 'status-event', unit: 'north-pike', event: 'rally' }).state.units[
        'north-pike'
      ]?.status,
    ).toBe('fresh')
    const rattled = act(
      loaded,
      act(loaded, tired, { type: 'status-event', unit: 'north-pike', event: 'tire' }).state,
      {
        type: 'status-event',
        unit: 'north-pike',
        event: 'rally',
      },
    )
    expect(rattled.entry.text).toBe('unit north-pike: rally leaves it broken')
  })

  it('refuses a status graph that loops instead of running forever', () => {
    expect(
      refused(loaded, fresh(), { type: 'status-event', unit: 'north-pike', event: 'echo' }).message,
    ).toBe(
      `status events keep causing further status events (more than ${MAX_EFFECT_DEPTH} deep, at "echo" for unit "north-pike"): the status graph loops`,
    )
  })

  it('refuses an event the graph does not have', () => {
    expect(
      refused(loaded, fresh(), { type: 'status-event', unit: 'north-pike', event: 'tyre' }).message,
    ).toBe('the status graph has no event "tyre" — did you mean "tire"?')
  })
})

describe('fire, unit and side resolutions', () => {
  it('measures range on the map and applies several codes of one cell', () => {
    const far = act(loaded, fresh(), {
      type: 'resolve',
      resolution: 'volley',
      firer: 'north-archer',
      target: 'south-archer',
      faces: [6],
    })
    expect(far.entry.text).toBe(
      'Volley (north-archer at south-archer): column Any target, d6 rolled 6 -2 = 4, result H (Hit)',
    )
    const state = arranged({ 'north-archer': ['0504', 'SE'] })
    const near = act(loaded, state, {
      type: 'resolve',
      resolution: 'volley',
      firer: 'north-archer',
      target: 'south-archer',
      faces: [6],
    })
    expect(near.entry.records[0]?.codes.map((c) => c.code)).toEqual(['H', 'S'])
    expect(near.state.units['north-archer']?.markers).toEqual({ spent: 1 })
    expect(near.state.units['south-archer']).toMatchObject({
      status: 'broken',
      markers: { rattled: 1 },
    })
  })

  it('refuses a weapon the firer does not carry', () => {
    expect(
      refused(loaded, fresh(), {
        type: 'resolve',
        resolution: 'volley',
        firer: 'north-archer',
        target: 'south-archer',
        weapon: 'bwo',
      }).message,
    ).toBe('unit "north-archer" does not carry weapon "bwo" — did you mean "bow"?')
  })

  it('checks a unit against its rating for its status and applies success or failure effects', () => {
    const fail = act(loaded, fresh(), {
      type: 'resolve',
      resolution: 'nerve',
      unit: 'south-pike-1',
      faces: [6],
    })
    expect(fail.entry.text).toBe('Nerve check (south-pike-1): d6 rolled 6, failure against <= 5')
    expect(fail.state.units['south-pike-1']?.status).toBe('broken')
    const pass = act(loaded, fail.state, {
      type: 'resolve',
      resolution: 'nerve',
      unit: 'south-pike-1',
      faces: [1],
    })
    // Broken reads the tired ratings: morale 3, and 1 <= 3.
    expect(pass.entry.text).toBe('Nerve check (south-pike-1): d6 rolled 1, success against <= 3')
    expect(pass.state.units['south-pike-1']?.markers).toEqual({})
  })

  it('scores a side check on the side it is about, and its opponent on failure', () => {
    const pass = act(loaded, fresh(), {
      type: 'resolve',
      resolution: 'muster',
      side: 'north',
      faces: [2],
    })
    expect(applied(pass.entry)).toEqual(['side north: flight 1 → 0 (-1)'])
    const fail = act(loaded, fresh(), {
      type: 'resolve',
      resolution: 'muster',
      side: 'north',
      faces: [1],
    })
    expect(applied(fail.entry)).toEqual(['side south: flight 0 → 1 (+1)'])
  })
})

describe('dice', () => {
  it('rolls from the state dice when the action gives no faces, and moves them on', () => {
    const state = fresh({ forced: [6, 2] })
    const first = act(
      loaded,
      state,
      clash(['north-pike'], ['south-pike-1'], [] as number[], { faces: undefined }),
    )
    expect(first.entry.records[0]?.dice?.faces).toEqual([6])
    expect(first.state.dice).toEqual({ kind: 'forced', values: [6, 2], index: 1 })
    const second = act(loaded, first.state, {
      type: 'resolve',
      resolution: 'nerve',
      unit: 'south-pike-2',
    })
    expect(second.entry.records[0]?.dice?.faces).toEqual([2])
  })

  it('refuses to roll when a forced dice list has run out, naming the problem', () => {
    const message = refused(loaded, fresh({ forced: [] }), {
      type: 'resolve',
      resolution: 'nerve',
      unit: 'south-pike-2',
    }).message
    expect(message).toBe(
      'resolution "nerve", dice: forced dice ran out: d6 (1–6) needs a value but none remain of the 0 scripted',
    )
  })

  it('refuses faces that are not whole numbers', () => {
    expect(
      refused(loaded, fresh(), {
        type: 'resolve',
        resolution: 'nerve',
        unit: 'south-pike-2',
        faces: ['6'],
      }).message,
    ).toContain('"faces" must list the whole numbers the dice show')
  })
})
