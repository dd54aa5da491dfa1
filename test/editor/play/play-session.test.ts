/**
 * The playtest session's rules: undo stops at a roll unless in playtest mode, stepping back and
 * playing on branches the game, table dice ask for faces and replay to the same game, and a save
 * replays to the same state hash, with the hash after each action so a changed action is named.
 */
import { describe, expect, it } from 'vitest'
import { dice, stateHash } from '../../../src/runtime'
import { legalActions, replayGame, stateHashesOf } from '../../../src/runtime/play'
import type { Action } from '../../../src/runtime/state'
import { missingRoll, PlaySession } from '../../../src/editor/play/play-session'
import { sampleSkirmish, tableDiceSession } from '../../helpers/play-session'

const loaded = sampleSkirmish

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

  it('a save holds the hash after each action, so replay names an action changed in it', () => {
    const s = new PlaySession(loaded, { seed: 3 })
    toShot(s)
    for (let i = 0; i < 3; i++) s.play(first(s, (a) => a.type === 'done' || a.type === 'pass'))
    const save = s.save({ savedAt: '2026-01-01T00:00:00.000Z' })
    expect(save.stateHashes).toHaveLength(s.length)
    expect(save.stateHashes?.at(-1)).toBe(save.stateHash)
    expect(save.stateHashes?.[0]).toBe(stateHash(s.stateAt(1)))
    // Taken from the states kept for undo, they are the hashes a replay of the save makes.
    expect(save.stateHashes).toEqual(stateHashesOf(loaded, { seed: 3 }, save.actions as Action[]))
    const reopened = PlaySession.fromSave(loaded, JSON.parse(JSON.stringify(save)))
    expect(reopened.ok && reopened.hashMatches).toBe(true)
    // Another legal answer in place of the first one: the game parts from the save there.
    const first0 = save.actions[0] as Action
    const other = legalActions(loaded, s.stateAt(0)).find(
      (a) => JSON.stringify(a) !== JSON.stringify(first0),
    )
    expect(other).toBeDefined()
    const tampered = { ...save, actions: [other, ...save.actions.slice(1)] }
    const replayed = replayGame(loaded, tampered)
    expect(replayed).toMatchObject({ ok: false, error: { actionIndex: 0, diverged: true } })
    const refused = PlaySession.fromSave(loaded, tampered)
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.message).toMatch(
      /^action 1: action 1 \(.+\) is the first to part/,
    )
  })

  it('table dice ask for the faces of each roll, and the game replays with them', () => {
    expect(() => new PlaySession(loaded, { forced: [] })).toThrow(/forced dice ran out/)
    const game = tableDiceSession()
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
    expect(save.stateHashes).toHaveLength(game.length)
    const reopened = PlaySession.fromSave(loaded, save)
    expect(reopened.ok && reopened.hashMatches).toBe(true)
    expect(reopened.ok && reopened.session.hash).toBe(game.hash)
  })

  it('an action rolling twice asks for each roll in turn, and names what it is for (3.0)', () => {
    const game = tableDiceSession()
    toShot(game)
    let r = game.play(first(game, (a) => a.type === 'fire' && a.unit === 'franks-cb-1'))
    for (let i = 0; i < 4 && r.ok; i++) r = game.play(first(game, (a) => a.type === 'decline'))
    game.addFaces([5])
    expect(game.play(first(game, (a) => a.type === 'decline')).ok).toBe(true)
    // Ending the phase makes each side's loss check (3.0): two rolls, asked one after the other.
    const done = first(game, (a) => a.type === 'done')
    const asked: string[] = []
    for (let i = 0; i < 4; i++) {
      const d = game.play(done)
      if (d.ok) break
      expect('needsDice' in d).toBe(true)
      if (!('needsDice' in d)) return
      asked.push(`${d.needsDice.label} [${d.needsDice.rule}]`)
      game.addFaces([4])
    }
    expect(asked).toEqual(['Loss check (franks) [3.0]', 'Loss check (emirate) [3.0]'])
    expect(game.state.flow?.prompt?.kind).toBe('continuation')
    const save = game.save()
    const reopened = PlaySession.fromSave(loaded, save)
    expect(reopened.ok && reopened.session.hash).toBe(game.hash)
    expect(save.dice).toMatchObject({ kind: 'forced' })
  })

  it('faces typed for an action not taken, or for one taken back, are not read by another', () => {
    const game = tableDiceSession()
    toShot(game)
    const shot = first(game, (a) => a.type === 'fire' && a.unit === 'franks-cb-1')
    let r = game.play(shot)
    for (let i = 0; i < 4 && r.ok; i++) r = game.play(first(game, (a) => a.type === 'decline'))
    expect('needsDice' in r).toBe(true)
    const waiting = game.length
    // A face typed for the shot, then another answer: the face is forgotten, not read later.
    game.addFaces([9])
    game.goTo(waiting)
    const decline = first(game, (a) => a.type === 'decline')
    game.addFaces([2])
    expect(game.play(decline).ok).toBe(true)
    const record = game.entriesAt(game.length).flatMap((e) => e.records)[0]
    expect(record?.dice?.faces).toEqual([2])
    // Taken back in playtest mode and played again, the shot asks for new faces.
    expect(game.undo(true)).toEqual({ ok: true })
    const again = game.play(decline)
    expect('needsDice' in again).toBe(true)
    game.addFaces([7])
    expect(game.play(decline).ok).toBe(true)
    expect(game.entriesAt(game.length).flatMap((e) => e.records)[0]?.dice?.faces).toEqual([7])
    const reopened = PlaySession.fromSave(loaded, game.save())
    expect(reopened.ok && reopened.session.hash).toBe(game.hash)
  })

  it('a face that the dice do not have is refused and asked for again, nothing kept of it', () => {
    const game = tableDiceSession()
    toShot(game)
    let r = game.play(first(game, (a) => a.type === 'fire' && a.unit === 'franks-cb-1'))
    for (let i = 0; i < 4 && r.ok; i++) r = game.play(first(game, (a) => a.type === 'decline'))
    expect('needsDice' in r && r.needsDice.notation).toBe('d10 (0–9)')
    const decline = first(game, (a) => a.type === 'decline')
    game.addFaces([10])
    const refused = game.play(decline)
    expect(refused.ok).toBe(false)
    expect('needsDice' in refused && refused.needsDice.problem).toMatch(
      /^10 is not a face of d10 \(0–9\): type the faces again\.$/,
    )
    game.addFaces([3])
    expect(game.play(decline).ok).toBe(true)
    expect(game.entriesAt(game.length).flatMap((e) => e.records)[0]?.dice?.faces).toEqual([3])
  })

  it('faces typed for one answer are not read when another answer is taken instead', () => {
    const game = tableDiceSession()
    toShot(game)
    // The crossbow's shot waits for faces; the player types one, then moves a pike instead.
    let r = game.play(first(game, (a) => a.type === 'fire' && a.unit === 'franks-cb-1'))
    for (let i = 0; i < 4 && r.ok; i++) r = game.play(first(game, (a) => a.type === 'decline'))
    expect('needsDice' in r).toBe(true)
    game.addFaces([9])
    // The return-fire answer instead: the garrison fires back, which rolls and asks anew.
    const fireBack = first(game, (a) => a.type === 'fire' && a.side === 'emirate')
    const asked = game.play(fireBack)
    expect('needsDice' in asked).toBe(true)
    game.addFaces([1, 2])
    expect(game.play(fireBack).ok).toBe(true)
    const faces = game.entriesAt(game.length).flatMap((e) => e.records.map((x) => x.dice?.faces))
    expect(faces.flat()).not.toContain(9)
    expect(faces.flat()[0]).toBe(1)
  })

  it('a game saved before its end keeps only the faces read so far, and replays to its hash', () => {
    const game = tableDiceSession()
    toShot(game)
    let r = game.play(first(game, (a) => a.type === 'fire' && a.unit === 'franks-cb-1'))
    for (let i = 0; i < 4 && r.ok; i++) r = game.play(first(game, (a) => a.type === 'decline'))
    game.addFaces([6])
    expect(game.play(first(game, (a) => a.type === 'decline')).ok).toBe(true)
    const end = game.length
    game.goTo(end - 1)
    const save = game.save()
    expect(save.dice.kind === 'forced' && save.dice.values).not.toContain(6)
    expect(save.actions).toHaveLength(end - 1)
    const reopened = PlaySession.fromSave(loaded, save)
    expect(reopened.ok && reopened.hashMatches).toBe(true)
    // Played on from there, the shot asks for its faces again instead of reading the old 6.
    const session = reopened.ok ? reopened.session : game
    const again = session.play(first(session, (a) => a.type === 'decline'))
    expect('needsDice' in again).toBe(true)
  })

  it('reads the roll asked for from the engine’s refusal code, counting only the faces still wanted', () => {
    /** The refusal of a roll of `spec` from a script holding `values`: code and params. */
    const refusal = (spec: dice.DiceSpec, values: number[]) => {
      const rolled = dice.rollDice(dice.forcedSource(values), spec)
      if (rolled.ok || rolled.failure === undefined) throw new Error('the roll did not fail')
      return rolled.failure
    }
    const d10 = { count: 1, sides: 10, faces: 'zero-based' } as const
    const twoD6 = { count: 2, sides: 6 }
    expect(missingRoll(refusal(d10, []))).toEqual({ notation: 'd10 (0–9)', count: 1 })
    expect(missingRoll(refusal(twoD6, []))).toEqual({ notation: '2d6 (2–12)', count: 2 })
    // One face of the two typed already: one more is wanted.
    expect(missingRoll(refusal(twoD6, [4]))).toEqual({ notation: '2d6 (2–12)', count: 1 })
    expect(missingRoll(refusal({ count: 3, sides: 6 }, [1, 2]))).toMatchObject({ count: 1 })
    // A face the dice do not have is another refusal: no roll is asked for.
    expect(missingRoll(refusal(d10, [10]))).toBeNull()
    expect(missingRoll({ code: 'forbidden' })).toBeNull()
  })
})
