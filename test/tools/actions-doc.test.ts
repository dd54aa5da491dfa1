/**
 * docs/ACTIONS.md keeps up with the engine: every action type a procedure of the sequence of
 * play accepts has a row in its reference tables, and the doc lists no type the engine lacks.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLAY_ACTION_TYPES } from '../../src/runtime/play'
import { KERNEL_ACTIONS } from '../../src/runtime/state'
import { projectRoot } from '../helpers/fixtures'

const doc = readFileSync(join(projectRoot, 'docs/ACTIONS.md'), 'utf8')
/** Types named in the first column of a table row: "| `declare-done` | …". */
const documented = [...doc.matchAll(/^\| `([a-z]+(?:-[a-z]+)*)` +\|/gm)].map((m) => m[1] as string)

describe('docs/ACTIONS.md', () => {
  it('has a row for every action type the play procedures accept', () => {
    expect(PLAY_ACTION_TYPES.filter((t) => !documented.includes(t))).toEqual([])
  })

  it('documents no action type that no procedure accepts', () => {
    expect(documented.filter((t) => !PLAY_ACTION_TYPES.includes(t))).toEqual([])
    for (const type of Object.keys(KERNEL_ACTIONS)) expect(doc).toContain(`\`${type}\``)
  })
})
