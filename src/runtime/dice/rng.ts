import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'

/**
 * Generator state as plain JSON, stored inside the game state so a saved game continues the
 * same random sequence in Node, browsers and workers.
 */
export type RngState = {
  readonly algorithm: 'xoroshiro128plus'
  /** Four signed 32-bit integers, as pure-rand's `getState()` returns them. */
  readonly state: readonly number[]
}

/** Step of a 32-bit SplitMix-style counter hash (Mulberry/"splitmix32" constants). */
function splitmix32(counter: number): number {
  let t = (counter + 0x9e3779b9) | 0
  t = Math.imul(t ^ (t >>> 16), 0x21f0aaad)
  t = Math.imul(t ^ (t >>> 15), 0x735a2d97)
  return (t ^ (t >>> 15)) | 0
}

/**
 * A generator seeded from an integer; only the low 32 bits of the seed count.
 *
 * pure-rand's `xoroshiro128plus(seed)` puts the seed almost verbatim into the state, so the
 * first die of seeds 1, 2, 3… cycles through the faces. Spreading the seed over all four
 * state words with a hash makes neighbouring seeds (game numbers, timestamps) independent.
 */
export function seedRng(seed: number): RngState {
  if (!Number.isInteger(seed)) throw new RangeError(`a dice seed must be an integer, got ${seed}`)
  const base = seed | 0
  const state = [0, 1, 2, 3].map((i) => splitmix32(base + Math.imul(i, 0x632be5ab)))
  // xoroshiro's one forbidden state is all zeros.
  if (!state.some((word) => word !== 0)) state[0] = 1
  return { algorithm: 'xoroshiro128plus', state }
}

/** Why a stored state cannot be used (corrupt or foreign save), or undefined if it is sound. */
export function checkRngState(rng: unknown): string | undefined {
  if (typeof rng !== 'object' || rng === null) return 'the random generator state is missing'
  const { algorithm, state } = rng as { algorithm?: unknown; state?: unknown }
  if (algorithm !== 'xoroshiro128plus') return `unknown random generator "${String(algorithm)}"`
  if (
    !Array.isArray(state) ||
    state.length !== 4 ||
    !state.every((word) => Number.isInteger(word) && word >= -0x80000000 && word <= 0x7fffffff)
  ) {
    return 'the random generator state must be four 32-bit integers'
  }
  if (state.every((word) => word === 0)) return 'the random generator state cannot be all zeros'
  return undefined
}

/**
 * A uniform integer in [min, max] and the state after drawing it. The pure-rand generator
 * is rebuilt from the plain state on every call and mutated only locally, so the caller's
 * state is never touched.
 */
export function nextInt(rng: RngState, min: number, max: number): { value: number; rng: RngState } {
  const generator = xoroshiro128plusFromState(rng.state)
  const value = uniformInt(generator, min, max)
  return { value, rng: { algorithm: 'xoroshiro128plus', state: generator.getState() } }
}
