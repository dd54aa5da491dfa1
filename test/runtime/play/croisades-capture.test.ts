/**
 * Capture (Croisades tactical 3.58, table T-CH-28; optional rule `capture`, mechanics.capture,
 * play/capture): in his own movement phase, before doing anything else, a wounded or completely
 * surrounded character may yield to an enemy knight within 5 hexes, with no roll. He is then a
 * prisoner: out of the battle (no move, fire or fight; never attacked or shot at; lost to his
 * side). One guard of his rank or the next lower, or two of lower rank, keep him; unguarded, his
 * owner may make him escape, back to his status before, with attack 1 until he re-equips.
 * Played on the olive grove, whose middle rows are open ground.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario, LogEntry } from '../../../src/runtime'
import {
  actionText,
  boardOf,
  legalActions,
  namesOf,
  openPrompt,
  startGame,
} from '../../../src/runtime'
import { sideContext } from '../../../src/runtime/state'
import type { Placement } from './croisades-fixture'
import { crusader, saracen } from './croisades-fixture'
import { scenarioWith } from './croisades-fixture'
import { act, lines, refused, until } from './move-steps'

/** The olive grove under Croisades tactical with these characters, capture on or off. */
function game(units: Placement[], capture = true): LoadedScenario {
  const loaded = scenarioWith(units, {
    map: 'croisades-olive-grove',
    ruleset: 'croisades-tactical',
  })
  return { ...loaded, options: { ...loaded.options, capture } }
}

/** The game at the first prompt of `kind` for `side`, these units in the statuses given. */
function at(
  loaded: LoadedScenario,
  kind: string,
  side: string,
  statuses: Record<string, string> = {},
): GameState {
  const { state } = startGame(loaded, { forced: [] })
  const there = until(loaded, state, kind, side)
  const units = structuredClone(there.units)
  for (const [id, status] of Object.entries(statuses))
    (units[id] as { status: string }).status = status
  return { ...there, units }
}

const plea = (unit: string, captor: string): Action => ({ type: 'plead-mercy', unit, captor })
/** The legal actions of a type, without the side each is listed for. */
const listed = (loaded: LoadedScenario, state: GameState, type: string): Action[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === type)
    .map(({ side: _side, ...a }) => a as Action)
const pleas = (loaded: LoadedScenario, state: GameState) => listed(loaded, state, 'plead-mercy')
const escapes = (loaded: LoadedScenario, state: GameState) => listed(loaded, state, 'escape')
/** The log lines of an action: the action's own, then each change. */
const said = (entries: readonly LogEntry[]): string[] => [
  ...entries.map((e) => e.text),
  ...lines(entries),
]

// M8 is open ground; its six neighbours too.
const around = (loaded: LoadedScenario, hex: string): string[] => [
  ...boardOf(loaded).neighbors(hex),
]

describe('pleading for mercy (3.58)', () => {
  it('3.58: a wounded character may yield to an enemy knight within 5 hexes, without a roll, and is a prisoner', () => {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      crusader('far', 'spearman', 'B1'),
      saracen('sal', 'saladin-on-foot', 'M12'),
      saracen('spear', 'fatimid-spearman', 'N8'),
    ])
    const state = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    // Only the knight receives the plea (T-CH-28: any knight within 5 hexes).
    expect(pleas(loaded, state)).toEqual([plea('ser', 'sal')])
    const played = act(loaded, state, plea('ser', 'sal'))
    const ser = played.state.units.ser
    expect(ser?.status).toBe('wounded-prisoner')
    expect(ser?.hex).toBe('M8')
    expect(said(played.entries)).toContain(
      'ser pleads for mercy and yields to sal: he is wounded prisoner',
    )
    expect(played.entries.flatMap((e) => e.records)).toEqual([])
    // He does nothing more this turn.
    expect(legalActions(loaded, played.state).some((a) => a.unit === 'ser')).toBe(false)
  })

  it('3.58: a healthy character who is not surrounded may not plead: no plea is listed, and one given is refused in words', () => {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('sal', 'saladin-on-foot', 'M9'),
    ])
    const state = at(loaded, 'movement', 'crusaders')
    expect(pleas(loaded, state)).toEqual([])
    expect(refused(loaded, state, plea('ser', 'sal'))).toEqual({
      message: 'ser may plead for mercy only when wounded or completely surrounded',
      rule: '3.58',
    })
  })

  it('3.58: a healthy character completely surrounded by enemies may plead', () => {
    const ring = ['a', 'b', 'c', 'd', 'e', 'f']
    const probe = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('sal', 'saladin-on-foot', 'M12'),
    ])
    const hexes = around(probe, 'M8')
    expect(hexes).toHaveLength(6)
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('sal', 'saladin-on-foot', 'M12'),
      ...ring.map((id, i) => saracen(id, 'fatimid-spearman', hexes[i] as string)),
    ])
    const state = at(loaded, 'movement', 'crusaders')
    expect(pleas(loaded, state)).toEqual([plea('ser', 'sal')])
    expect(act(loaded, state, plea('ser', 'sal')).state.units.ser?.status).toBe('prisoner')
  })

  it('3.58: a character at the map edge is never completely surrounded: he may leave by it', () => {
    const probe = game([crusader('ser', 'sergeant', 'M1'), saracen('sal', 'saladin-on-foot', 'M5')])
    const hexes = around(probe, 'M1')
    expect(hexes.length).toBeLessThan(6)
    const loaded = game([
      crusader('ser', 'sergeant', 'M1'),
      saracen('sal', 'saladin-on-foot', 'M5'),
      ...hexes.map((hex, i) => saracen(`s${i}`, 'fatimid-spearman', hex)),
    ])
    const state = at(loaded, 'movement', 'crusaders')
    expect(pleas(loaded, state)).toEqual([])
  })

  it('3.58 [TN]: with no knight within 5 hexes there is no plea; a plea to a knight too far, or to a man who is no knight, is refused in words', () => {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('sal', 'saladin-on-foot', 'M14'),
      saracen('spear', 'fatimid-spearman', 'N8'),
    ])
    const state = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    expect(pleas(loaded, state)).toEqual([])
    expect(refused(loaded, state, plea('ser', 'sal')).message).toBe(
      'sal is 6 hexes from ser: a plea for mercy goes only to one within 5',
    )
    expect(refused(loaded, state, plea('ser', 'spear')).message).toBe(
      'spear cannot take ser prisoner: a plea for mercy goes only to a knight',
    )
  })

  it('3.58: a plea is made before the character does anything else in his turn', () => {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('sal', 'saladin-on-foot', 'M12'),
    ])
    const state = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    const moved = act(loaded, state, { type: 'move', unit: 'ser', path: ['L8'] }).state
    expect(pleas(loaded, moved)).toEqual([])
    expect(refused(loaded, moved, plea('ser', 'sal')).message).toBe(
      'ser has already acted this turn: a plea for mercy is made before anything else',
    )
  })

  it('3.58: the plea reads in words, and the revised rules offer it too when the option is on', () => {
    const units = [crusader('ser', 'sergeant', 'M8'), saracen('sal', 'saladin-on-foot', 'M12')]
    const loaded = game(units)
    expect(actionText(plea('ser', 'sal'), namesOf(loaded))).toBe(
      'ser pleads for mercy, yielding to sal',
    )
    const base = scenarioWith(units, {
      map: 'croisades-olive-grove',
      ruleset: 'croisades-tactical-revised',
    })
    const revised = { ...base, options: { ...base.options, capture: true } }
    const state = at(revised, 'movement', 'crusaders', { ser: 'wounded' })
    expect(pleas(revised, state)).toEqual([plea('ser', 'sal')])
    expect(base.options.capture).toBe(false)
  })

  it('3.58: with the optional rule off nobody may plead (no plea listed, refused in words)', () => {
    const loaded = game(
      [crusader('ser', 'sergeant', 'M8'), saracen('sal', 'saladin-on-foot', 'M12')],
      false,
    )
    const state = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    expect(pleas(loaded, state)).toEqual([])
    expect(openPrompt(state)?.actions).not.toContain('plead-mercy')
    expect(refused(loaded, state, plea('ser', 'sal')).message).toMatch(
      /"plead-mercy" does not answer that \(expected "move", "turn"/,
    )
  })
})

describe('prisoners (3.58, T-CH-28)', () => {
  /**
   * A crusader sergeant prisoner in M8 with a billman in L11; the saracens' knight in M9 and an
   * archer in L8 stand next to the prisoner.
   */
  function prisonerAt(kind: string, side: string) {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      crusader('bill', 'billman', 'L11'),
      saracen('sal', 'saladin-on-foot', 'M9'),
      saracen('archer', 'saracen-foot-archer', 'L8'),
    ])
    return { loaded, state: at(loaded, kind, side, { ser: 'wounded-prisoner' }) }
  }

  it('3.58: a prisoner may not be attacked: no attack on him is listed, and one given is refused in words', () => {
    const { loaded, state } = prisonerAt('melee', 'saracens')
    const attacks = legalActions(loaded, state).filter((a) => a.type === 'attack')
    expect(attacks.some((a) => (a.defenders as string[]).includes('ser'))).toBe(false)
    expect(
      refused(loaded, state, { type: 'attack', attackers: ['sal'], defenders: ['ser'] }).message,
    ).toBe('ser is wounded prisoner, out of the battle, and may not be attacked')
  })

  it('3.58: a prisoner may not be shot at, and the guard next to him is not held in contact by him', () => {
    const ready = prisonerAt('fire', 'saracens')
    const { loaded } = ready
    const plan = { type: 'fire-plan', unit: 'archer', plan: 'offensive' }
    const state = act(loaded, ready.state, plan).state
    const shots = listed(loaded, state, 'fire')
    expect(shots.some((a) => a.target === 'ser')).toBe(false)
    expect(shots.some((a) => a.unit === 'archer' && a.target === 'bill')).toBe(true)
    expect(refused(loaded, state, { type: 'fire', unit: 'archer', target: 'ser' }).message).toBe(
      'ser is wounded prisoner, out of the battle, and may not be fired at',
    )
  })

  it('3.58: a prisoner may not be charged', () => {
    const loaded = game([
      { id: 'kn', type: 'average-knight', hex: 'M16', facing: 'N', side: 'crusaders' },
      saracen('sp', 'fatimid-spearman', 'M8'),
      saracen('far', 'fatimid-spearman', 'X1'),
    ])
    const state = at(loaded, 'charge-declaration', 'crusaders', { sp: 'prisoner' })
    expect(listed(loaded, state, 'charge').some((a) => a.target === 'sp')).toBe(false)
    const route = ['M14', 'M13', 'M12', 'M11', 'M10', 'M9']
    expect(
      refused(loaded, state, { type: 'charge', unit: 'kn', target: 'sp', route }).message,
    ).toBe('sp is out of the battle and may not be charged')
  })

  it('3.58: a prisoner may not move, plead or do anything else in his own turn', () => {
    const { loaded, state } = prisonerAt('movement', 'crusaders')
    expect(legalActions(loaded, state).some((a) => a.unit === 'ser')).toBe(false)
    expect(refused(loaded, state, { type: 'move', unit: 'ser', path: ['N8'] }).message).toBe(
      'ser is out of play',
    )
  })

  it('3.58: a prisoner is lost to his command: the side no longer counts it among its commands in play', () => {
    const base = game([
      crusader('ser', 'sergeant', 'M8'),
      crusader('bill', 'billman', 'B1'),
      saracen('sal', 'saladin-on-foot', 'M12'),
    ])
    const command = (id: string) => (id === 'ser' ? 'lord' : 'foot')
    const sides = base.scenario.sides.map((side) =>
      side.id !== 'crusaders'
        ? side
        : {
            ...side,
            commands: [
              { id: 'lord', name: 'The lord' },
              { id: 'foot', name: 'The foot' },
            ],
            units: side.units.map((u) => ({ ...u, command: command(u.id) })),
          },
    )
    const loaded = { ...base, scenario: { ...base.scenario, sides } }
    const state = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    const count = (s: GameState) =>
      (sideContext(loaded, s, 'crusaders').side as { commandCount: number }).commandCount
    expect(count(state)).toBe(2)
    expect(count(act(loaded, state, plea('ser', 'sal')).state)).toBe(1)
  })

  it('3.58: a prisoner is lost to his side: a side whose last character yields is wiped out', () => {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('sal', 'saladin-on-foot', 'M12'),
    ])
    const state = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    let now = act(loaded, state, plea('ser', 'sal')).state
    for (let i = 0; i < 10 && now.outcome === null; i++) {
      const prompt = openPrompt(now)
      const pass = ['done', 'declare-done', 'decline', 'pass'].find((t) =>
        prompt?.actions.includes(t),
      )
      if (pass === undefined) break
      now = act(loaded, now, { type: pass }).state
    }
    expect(now.outcome?.losers).toEqual(['crusaders'])
  })
})

describe('guards and escapes (T-CH-28)', () => {
  /** The crusaders' movement phase, sergeant `ser` a wounded prisoner in M8, these saracens round him. */
  function guardedBy(guards: [string, string][]) {
    const probe = game([crusader('ser', 'sergeant', 'M8')])
    const hexes = around(probe, 'M8')
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      saracen('far', 'fatimid-spearman', 'X1'),
      ...guards.map(([id, type], i) => saracen(id, type, hexes[i] as string)),
    ])
    return { loaded, state: at(loaded, 'movement', 'crusaders', { ser: 'wounded-prisoner' }) }
  }

  it('T-CH-28: one guard of the same rank keeps a prisoner (knight = baron = king)', () => {
    const { loaded, state } = guardedBy([['sal', 'saladin-on-foot']])
    expect(escapes(loaded, state)).toEqual([])
    expect(refused(loaded, state, { type: 'escape', unit: 'ser' }).message).toBe(
      'ser is guarded by sal and may not escape',
    )
  })

  it('T-CH-28: one guard of the next lower rank keeps a man-at-arms; one two ranks lower does not, two of them do', () => {
    // A sergeant is a man-at-arms (rank 2): a spearman (1) alone keeps him, a peasant (0) does not.
    const spear = guardedBy([['spear', 'fatimid-spearman']])
    expect(escapes(spear.loaded, spear.state)).toEqual([])
    const one = guardedBy([['p1', 'peasant']])
    expect(escapes(one.loaded, one.state)).toEqual([{ type: 'escape', unit: 'ser' }])
    const two = guardedBy([
      ['p1', 'peasant'],
      ['p2', 'peasant'],
    ])
    expect(escapes(two.loaded, two.state)).toEqual([])
  })

  it('T-CH-28: unguarded, a prisoner escapes: back to his status before, without his arms (attack 1), and he does nothing more that turn', () => {
    const { loaded, state } = guardedBy([['p1', 'peasant']])
    const played = act(loaded, state, { type: 'escape', unit: 'ser' })
    const ser = played.state.units.ser
    expect(ser?.status).toBe('wounded')
    expect(ser?.ratings.attack).toBe(1)
    expect(said(played.entries)).toContain(
      'ser escapes, nobody guarding him: he is wounded again, without his arms (Attack 1), and does nothing more this turn',
    )
    expect(legalActions(loaded, played.state).some((a) => a.unit === 'ser')).toBe(false)
  })

  it('3.58, T-CH-28: played through: he yields to the knight beside him, stays while the knight stands guard, and escapes once he has gone', () => {
    const loaded = game([
      crusader('ser', 'sergeant', 'M8'),
      crusader('bill', 'billman', 'B1'),
      saracen('sal', 'saladin-on-foot', 'M9'),
      saracen('far', 'fatimid-spearman', 'X1'),
    ])
    const start = at(loaded, 'movement', 'crusaders', { ser: 'wounded' })
    const yielded = act(loaded, start, plea('ser', 'sal')).state
    // The next crusader movement phase, the knight still beside him: no escape.
    const kept = until(
      loaded,
      act(loaded, yielded, { type: 'done' }).state,
      'movement',
      'crusaders',
    )
    expect(kept.clock.turn).toBe(2)
    expect(escapes(loaded, kept)).toEqual([])
    // The saracens' next movement phase: the knight walks off; then the prisoner gets away.
    const theirs = until(loaded, kept, 'movement', 'saracens')
    // Leaving the prisoner's side calls for no infiltration roll (no dice are forced): he
    // challenges nobody.
    const gone = act(loaded, theirs, { type: 'move', unit: 'sal', path: ['M10', 'M11'] }).state
    const free = until(loaded, act(loaded, gone, { type: 'done' }).state, 'movement', 'crusaders')
    expect(escapes(loaded, free)).toEqual([{ type: 'escape', unit: 'ser' }])
    const escaped = act(loaded, free, { type: 'escape', unit: 'ser' }).state
    expect(escaped.units.ser?.status).toBe('wounded')
  })

  it('T-CH-28: a stunned guard keeps nobody', () => {
    const { loaded, state } = guardedBy([['sal', 'saladin-on-foot']])
    const units = structuredClone(state.units)
    ;(units.sal as { status: string }).status = 'stunned'
    expect(escapes(loaded, { ...state, units })).toEqual([{ type: 'escape', unit: 'ser' }])
  })
})
