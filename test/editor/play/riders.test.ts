// @vitest-environment jsdom
/**
 * Riders in a game: the melee fixture of Croisades with riders added. Each rider is drawn over
 * its front hex and the hex behind it, a click on its rear hex selects it, and every unit shows
 * the face of its status (a wounded rider its wounded face). Foot characters are one-hex
 * counters, as before.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ref, shallowRef } from 'vue'
import { bundledSources } from '../../../src/editor/bundled-content'
import { WIDE_COUNTER_LENGTH } from '../../../src/editor/map/wide-counters'
import { playCounterSvg, playUnits, rearOf } from '../../../src/editor/play/play-counters'
import { usePlayBoard } from '../../../src/editor/play/usePlayBoard'
import type { Playtest } from '../../../src/editor/play/usePlaytest'
import type { GameState } from '../../../src/runtime'
import { loadLibrary, namesOf, startGame } from '../../../src/runtime'
import { listJsonFiles } from '../../../tools/content-files'

async function riders() {
  const mod = join(process.cwd(), 'test/fixtures/mods/melee-grove')
  const sources = [
    // Scenarios being written may not load yet; this test brings its own.
    ...(await bundledSources()).filter((s) => !s.path.startsWith('content/scenarios/')),
    ...listJsonFiles(mod).map((path) => {
      const text = readFileSync(path, 'utf8')
      if (!path.endsWith('melee-in-the-grove.json'))
        return { path: relative(process.cwd(), path), text }
      const s = JSON.parse(text)
      s.sides[0].units.push(
        { id: 'guy', type: 'average-knight', name: 'Sir Guy', hex: 'G11', facing: 'NE' },
        { id: 'baron', type: 'baron', name: 'The baron', hex: 'H14', facing: 'N' },
      )
      s.sides[1].units.push({
        id: 'moonga',
        type: 'moonga',
        name: 'Moonga',
        hex: 'N9',
        facing: 'SW',
      })
      return { path: relative(process.cwd(), path), text: JSON.stringify(s) }
    }),
  ]
  const result = loadLibrary(sources).scenario('melee-in-the-grove')
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('; '))
  const loaded = result.value
  return { loaded, state: startGame(loaded, { seed: 1 }).state }
}

const env = await riders()

describe('riders in a game', () => {
  it('are drawn over their front hex and the hex behind it', () => {
    const { loaded, state } = env
    const units = playUnits(loaded, state, null)
    const by = (id: string) => units.find((u) => u.id === id)!
    expect([by('guy').hex, by('guy').rear, by('guy').rotation]).toEqual(['G11', 'F12', 60])
    expect([by('baron').hex, by('baron').rear]).toEqual(['H14', 'H15'])
    expect([by('moonga').hex, by('moonga').rear]).toEqual(['N9', 'O8'])
    expect(by('guy').svg).toContain(`viewBox="0 0 ${+WIDE_COUNTER_LENGTH.toFixed(2)} 100"`)
    expect(by('guy').svg).toContain('data-part="heading"')
    // Characters on foot are counters of one hex, square, as before.
    expect(by('sergeant').rear).toBeUndefined()
    expect(by('sergeant').svg).toContain('viewBox="0 0 100 100"')
    expect(rearOf(loaded, state.units.sergeant!)).toBeUndefined()
  })

  it('is selected by a click on its rear hex', () => {
    const { loaded, state } = env
    const pt = {
      loaded: shallowRef(loaded),
      state: shallowRef<GameState>(state),
      names: shallowRef(namesOf(loaded)),
      selected: ref<string | null>(null),
      weighing: ref(null),
      session: shallowRef(null),
      version: ref(0),
      generalActions: shallowRef([]),
      actingUnits: shallowRef(new Set<string>()),
    }
    const board = usePlayBoard(pt as unknown as Playtest)
    board.clickHex('H15')
    expect(pt.selected.value).toBe('baron')
    board.clickHex('F12')
    expect(pt.selected.value).toBe('guy')
    board.clickHex('J10')
    expect(pt.selected.value).toBe('sergeant')
  })

  it('shows the face of its status: a wounded rider its wounded face', () => {
    const { loaded, state } = env
    const texts = (svg: string) =>
      [...new DOMParser().parseFromString(svg, 'image/svg+xml').querySelectorAll('text')].map(
        (t) => t.textContent,
      )
    const guy = state.units.guy!
    expect(texts(playCounterSvg(loaded, guy, undefined, 'right'))).not.toContain('Wounded')
    const wounded = texts(playCounterSvg(loaded, { ...guy, status: 'wounded' }, undefined, 'right'))
    expect(wounded).toContain('Wounded')
    // A rider's counter has no stunned face: it keeps its healthy face, the status on a chip.
    const stunned = texts(playCounterSvg(loaded, { ...guy, status: 'stunned' }, undefined, 'right'))
    expect(stunned).not.toContain('Wounded')
    expect(stunned).toContain('St')
    const hugh = state.units.sergeant!
    expect(texts(playCounterSvg(loaded, { ...hugh, status: 'stunned' }))).toContain('Stunned')
    expect(texts(playCounterSvg(loaded, { ...hugh, status: 'wounded' }))).toContain('Wounded')
    // A character on foot has a face for each status: no chip says it again.
    expect(texts(playCounterSvg(loaded, { ...hugh, status: 'stunned' }))).not.toContain('St')
  })
})
