/**
 * Small changes to a content file's text, each a function from the text to the changed text:
 * the corpus of bad inputs (corpus.ts) describes each case as one of these over a fixture file.
 * A change that does not apply (a pointer to nothing, a text not found) throws, so a fixture
 * edited later cannot silently turn a case into a copy of the good file.
 */
export type Change = (text: string) => string

type Json = unknown
type Container = Record<string, Json> | Json[]

const show = (value: Json): string => `${JSON.stringify(value, null, 2)}\n`

function segments(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`)
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The container holding the last segment of `pointer`, and that segment. */
function parentOf(root: Json, pointer: string): { parent: Container; key: string } {
  const path = segments(pointer)
  const key = path.pop()
  if (key === undefined) throw new Error('the root has no parent')
  let node = root
  for (const seg of path) {
    if (node === null || typeof node !== 'object') throw new Error(`nothing at ${pointer}`)
    node = (node as Record<string, Json>)[seg]
  }
  if (node === null || typeof node !== 'object') throw new Error(`nothing at ${pointer}`)
  return { parent: node as Container, key }
}

/** The changed value of a JSON text, written again with two-space indents. */
export function json(edit: (value: Record<string, Json>) => void): Change {
  return (text) => {
    const value = JSON.parse(text) as Record<string, Json>
    edit(value)
    return show(value)
  }
}

/** The value at `pointer` set (`-` appends to a list); the field is added when missing. */
export function set(pointer: string, value: Json): Change {
  return json((root) => {
    const { parent, key } = parentOf(root, pointer)
    if (Array.isArray(parent)) {
      const index = key === '-' ? parent.length : Number(key)
      if (!Number.isInteger(index) || index > parent.length) throw new Error(`no item ${pointer}`)
      parent[index] = value
    } else parent[key] = value
  })
}

/** The value at `pointer` removed (an item of a list, or a field). */
export function remove(pointer: string): Change {
  return json((root) => {
    const { parent, key } = parentOf(root, pointer)
    if (Array.isArray(parent)) {
      if (Number(key) >= parent.length) throw new Error(`no item ${pointer}`)
      parent.splice(Number(key), 1)
    } else {
      if (!(key in parent)) throw new Error(`no field ${pointer}`)
      delete parent[key]
    }
  })
}

/** The value at `from` copied to the end of the list at `list` (a duplicate entry). */
export function duplicate(list: string, index = 0): Change {
  return json((root) => {
    const { parent, key } = parentOf(root, `${list}/${index}`)
    if (!Array.isArray(parent)) throw new Error(`${list} is not a list`)
    parent.push(JSON.parse(JSON.stringify(parent[Number(key)])) as Json)
  })
}

/** The first occurrence of `from` in the text replaced by `to`. */
export function replace(from: string, to: string): Change {
  return (text) => {
    if (!text.includes(from)) throw new Error(`the text does not contain ${from}`)
    return text.replace(from, to)
  }
}

/** The text cut after this fraction of its characters, as a file written halfway. */
export function truncate(fraction: number): Change {
  return (text) => text.slice(0, Math.floor(text.length * fraction))
}

/** The whole text replaced. */
export function whole(text: string): Change {
  return () => text
}

/** Changes applied one after another. */
export function all(...changes: Change[]): Change {
  return (text) => changes.reduce((t, change) => change(t), text)
}
