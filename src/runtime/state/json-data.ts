/**
 * Typed values kept in the game state as JSON: a procedure's frame data, the value a frame
 * returns, a mechanic's memory. The state holds them as `Json` (it is saved, hashed and copied
 * as plain data); each procedure reads and writes them with its own types. These four functions
 * are the one place the engine converts between the two, so no procedure casts its data itself.
 * What goes in is plain data by construction: objects, arrays, strings, numbers, booleans, null.
 */
import type { Json } from '../content/overlay/types'
import type { Frame } from './flow-types'

/** A typed value to keep in the state. */
export function toJson(value: unknown): Json {
  return value as Json
}

/** A typed object to keep as a frame's data. */
export function toJsonObject(value: object): { [key: string]: Json } {
  return value as { [key: string]: Json }
}

/** A value kept in the state, read back with the type it was written with. */
export function fromJson<T>(value: Json | undefined): T {
  return value as T
}

/** A frame's data, read with the type its procedure writes it with. */
export function frameData<T>(frame: Frame): T {
  return frame.data as T
}
