/**
 * The playtest session's rules: undo stops at a roll unless in playtest mode, stepping back and
 * playing on branches the game, table dice ask for faces and replay to the same game, and a save
 * replays to the same state hash.
 */
import { describe, expect, it } from 'vitest'
import { loadLibrary, stateHash } from '../../../src/runtime'
import { legalActions } from '../../../src/runtime/play'
import type { Action } from '../../../src/runtime/state'
import { PlaySession } from '../../../src/editor/play/play-session'
import { readContentFolder } from '../../helpers/fixtures'

const library = loadLibrary(readContentFolder('content'))
const loaded = (() => {
  const r = library.scenario('sample-skirmish')
  if (!r.ok) throw new Error('sample-skirmish does not load')
  return r.value
})()

const first = (s: PlaySession, pick: (a: Action) => boolean): Action => {
  const a = legalActions(loaded, s.state).find(pick)
  if (!a) throw new Error('no such legal action')
  return a
}

/** Plays the foot battle's activation up to a shot at the garrison archers (Tri-Pack 11.0). */
function toShot(s: PlaySession): void {
  expect(s.play(first(s, (a) => a.type === 'activate' && a.command === 'franks-foot'))).toEqual({
    ok: true,
  })
  while (s.state.flow?.prompt?.kind !== 'move-and-fire')
    expect(s.play(first(s, (a) => a.type === 'done'))).toEqual({ ok: true })
}

describe('PlaySession', () => {
  it('undo takes back a decision, but not a roll unless in playtest mode', () => {
    const s = new PlaySession(loaded, { seed: 11 })
    toShot(s)
    const before = s.length
    expect(s.play(first(s, (a) => a.type === 'move' && a.unit === 'franks-pk-1'))).toEqual({
      ok: true,
    })
    expect(s.rolled(s.length)).toBe(false)
    expect(s.undo(false)).toEqual({ ok: true })
    expect(s.length).toBe(before)
    // 11.0 fire: the shot is rolled at once or after the return-fire answer; play until a roll.
    s.play(first(s, (a) => a.type === 'fire' && a.unit === 'franks-cb-1'))
    while (!s.rolled(s.length)) s.play(first(s, (a) => a.type === 'decline'))
    const rolledAt = s.length
    const refused = s.undo(false)
    expect(refused.ok).toBe(false)
    expect(s.length).toBe(rolledAt)
    expect(s.undo(true)).toEqual({ ok: true })
    expect(s.length).toBe(rolledAt - 1)
  })

  it('stepping back and playing on drops the later actions', () => {
    const s = new PlaySession(loaded, { seed: 3 })
    toShot(s)
    const n = s.length
    expect(n).toBeGreaterThan(0)
    s.goTo(0)
    expect(s.atEnd).toBe(false)
    expect(s.length).toBe(n)
    expect(s.hash).toBe(stateHash(new PlaySession(loaded, { seed: 3 }).state))
    expect(s.play(first(s, (a) => a.type === 'pass'))).toEqual({ ok: true })
    expect(s.length).toBe(1)
    expect(s.actions[0]?.type).toBe('pass')
  })

  it('table dice ask for the faces of each roll, and the game replays with them', () => {
    expect(() => new PlaySession(loaded, { forced: [] })).toThrow(/forced dice ran out/)
    // The setup draws seizure counters from the cup: faces are given until it starts.
    let faces: number[] = []
    let s: PlaySession | null = null
    for (let i = 0; i < 20 && !s; i++) {
      try {
        s = new PlaySession(loaded, { forced: faces })
      } catch {
        faces = [...faces, 0]
      }
    }
    expect(s).not.toBeNull()
    const game = s as PlaySession
    toShot(game)
    let r = game.play(first(game, (a) => a.type === 'fire' && a.unit === 'franks-cb-1'))
    for (let i = 0; i < 4 && r.ok; i++) r = game.play(first(game, (a) => a.type === 'decline'))
    expect(r.ok).toBe(false)
    expect('needsDice' in r && r.needsDice.count).toBeGreaterThan(0)
    const waiting = game.length
    game.addFaces([5])
    expect(game.length).toBe(waiting)
    expect(game.play(first(game, (a) => a.type === 'decline')).ok).toBe(true)
    const save = game.save()
    const reopened = PlaySession.fromSave(loaded, save)
    expect(reopened.ok && reopened.hashMatches).toBe(true)
    expect(reopened.ok && reopened.session.hash).toBe(game.hash)
  })
})
