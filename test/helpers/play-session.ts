/**
 * The bundled sample skirmish loaded for the playtest session's tests, and a table-dice game of
 * it: the setup draws seizure counters from the cup, so it is given faces until it starts.
 */
import type { LoadedScenario } from '../../src/runtime'
import { loadLibrary } from '../../src/runtime'
import { PlaySession } from '../../src/editor/play/play-session'
import { readContentFolder } from './fixtures'

export const sampleSkirmish: LoadedScenario = (() => {
  const r = loadLibrary(readContentFolder('content')).scenario('sample-skirmish')
  if (!r.ok) throw new Error('sample-skirmish does not load')
  return r.value
})()

/** A table-dice game started with as few faces as its setup needs (zeros: a blank draw). */
export function tableDiceSession(loaded: LoadedScenario = sampleSkirmish): PlaySession {
  let faces: number[] = []
  for (let i = 0; i < 20; i++) {
    try {
      return new PlaySession(loaded, { forced: faces })
    } catch {
      faces = [...faces, 0]
    }
  }
  throw new Error('the setup asks for more than 20 faces')
}
