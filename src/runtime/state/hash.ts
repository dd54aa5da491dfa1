/**
 * A fingerprint of the game state for replays and desync checks: 64 bits as 16 hex digits,
 * from two independent 32-bit hashes (FNV-1a and a MurmurHash3-style mix) over a canonical
 * JSON text with sorted keys. Only integer arithmetic on UTF-16 code units and the standard
 * number formatting of JSON are involved, so Node, browsers and workers agree.
 */

/**
 * JSON text of `value` with object keys sorted; the same data always gives the same text. With
 * `asSaved`, a field left undefined is absent and an undefined array item is null, as in the
 * JSON text a saved game keeps (the same text as canonicalJson(JSON.parse(JSON.stringify(v))));
 * without it, an undefined field is refused.
 */
export function canonicalJson(value: unknown, asSaved = false): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value))
        throw new TypeError(`state holds ${value}, which JSON cannot carry`)
      return JSON.stringify(value)
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((v) => (asSaved && v === undefined ? 'null' : canonicalJson(v, asSaved))).join(',')}]`
      const keys = Object.keys(value).sort()
      const fields: string[] = []
      for (const key of keys) {
        const field = (value as Record<string, unknown>)[key]
        if (field === undefined) {
          if (asSaved) continue
          throw new TypeError(`state field "${key}" is undefined; use null or leave it out`)
        }
        fields.push(`${JSON.stringify(key)}:${canonicalJson(field, asSaved)}`)
      }
      return `{${fields.join(',')}}`
    }
    default:
      throw new TypeError(`state holds a ${typeof value}, which is not JSON`)
  }
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // Both bytes of the code unit, so characters beyond Latin-1 count fully.
    h = Math.imul(h ^ (c & 0xff), 0x01000193)
    h = Math.imul(h ^ (c >>> 8), 0x01000193)
  }
  return h >>> 0
}

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r))

function murmur(text: string, seed: number): number {
  let h = seed | 0
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51)
    k = Math.imul(rotl(k, 15), 0x1b873593)
    h = rotl(h ^ k, 13)
    h = (Math.imul(h, 5) + 0xe6546b64) | 0
  }
  h ^= text.length
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

const hex8 = (n: number): string => n.toString(16).padStart(8, '0')

/** 16 lowercase hex digits identifying `text`. */
export function hashText(text: string): string {
  return hex8(fnv1a(text)) + hex8(murmur(text, 0x9747b28c))
}

/** The hash of a game state (or any plain JSON value). */
export function stateHash(state: unknown): string {
  return hashText(canonicalJson(state))
}
