/**
 * Ids are unique within their kind across the content validated together. A mod's manifest is
 * always named hexwright-mod.json, so for mods the id compared is the one the manifest declares.
 */
import { describe, expect, it } from 'vitest'
import { validateContent } from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime/content'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const mods = (): SourceText[] => [
  ...readContentFolder('test/fixtures/mods/turn-skirmish'),
  ...readContentFolder('test/fixtures/mods/war-elephants'),
]

const duplicates = (sources: SourceText[]): string[] =>
  validateContent(sources, { testGames: false })
    .problems.filter((p) => p.message.includes('ids must be unique'))
    .map((p) => `${p.file}: ${p.message}`)

describe('duplicate ids', () => {
  it('two mods with their own ids are not duplicates, though both manifests share a file name', () => {
    expect(duplicates(mods())).toEqual([])
  })

  it('two mods declaring the same id are, named by that id', () => {
    const same = withEdit(mods(), 'war-elephants/hexwright-mod.json', (text) =>
      text.replace('"id": "war-elephants"', '"id": "turn-skirmish"'),
    )
    expect(duplicates(same)).toEqual([
      'test/fixtures/mods/war-elephants/hexwright-mod.json: another mod has the id "turn-skirmish" (test/fixtures/mods/turn-skirmish/hexwright-mod.json); ids must be unique',
    ])
  })
})
