/**
 * Names every JavaScript object already answers to (`constructor`, `toString`, `__proto__`…).
 * Content names become keys of the engine's records (units by id, hexes by number, ratings by
 * key), and a lookup of a missing entry under such a name finds the built-in instead: a unit
 * called "constructor" stopped every game. They are refused where they are written, as a field
 * name or as the id or key something is defined with.
 */
import type { Node } from 'jsonc-parser'
import { escapePointerSegment, positionAt, type JsonDocument } from './json-document'
import type { Problem } from './problems'

/** Object.prototype's own names, written out so that what is valid does not depend on the engine. */
const RESERVED = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
])

export function isReservedName(name: string): boolean {
  return RESERVED.has(name)
}

/** Fields whose string value is a name the file defines. */
const NAMING_FIELDS = new Set(['id', 'key'])

function reserved(name: string): string {
  return `"${name}" cannot be used as a name: every JavaScript object already has a built-in "${name}", which the engine would find instead; choose another name`
}

/** Every field name, and every id or key, that is a reserved name, at the place it is written. */
export function reservedNameProblems(doc: JsonDocument): Problem[] {
  const problems: Problem[] = []
  const at = (node: Node, pointer: string, name: string): void => {
    problems.push({
      file: doc.file,
      ...positionAt(doc, node.offset),
      pointer,
      message: reserved(name),
      severity: 'error',
    })
  }
  // Recursion is safe: parseJsonDocument refuses a text nested deeper than MAX_JSON_DEPTH.
  const visit = (node: Node, pointer: string): void => {
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? []
        if (keyNode === undefined) continue
        const key = String(keyNode.value)
        const here = `${pointer}/${escapePointerSegment(key)}`
        if (isReservedName(key)) at(keyNode, here, key)
        else if (
          NAMING_FIELDS.has(key) &&
          valueNode?.type === 'string' &&
          isReservedName(String(valueNode.value))
        )
          at(valueNode, here, String(valueNode.value))
        if (valueNode) visit(valueNode, here)
      }
    } else if (node.type === 'array') {
      node.children?.forEach((child, i) => visit(child, `${pointer}/${i}`))
    }
  }
  if (doc.tree) visit(doc.tree, '')
  return problems
}
