// @vitest-environment jsdom
/**
 * The answers to the open decision as buttons: a few listed plainly, those naming a hex in a
 * fold of their own; many grouped by kind with the single ones beside; the suggested one
 * highlighted and titled where it is listed, and a click or hover reaching the playtest.
 */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { ref } from 'vue'
import AnswerList from '../../../src/editor/play/AnswerList.vue'
import type { PlayBoard } from '../../../src/editor/play/usePlayBoard'
import type { Action } from '../../../src/runtime/state'

function board(actions: Action[], suggested: Action | null) {
  const taken: Action[] = []
  const weighing = ref<Action | null>(null)
  const pt = {
    session: ref({ atEnd: true }),
    generalActions: ref(actions),
    version: ref(0),
    names: ref(null),
    describe: (a: Action) =>
      `${a.type}${typeof a.hex === 'string' ? ` to ${a.hex}` : ''}${typeof a.n === 'number' ? ` ${a.n}` : ''}`,
    act: (a: Action) => taken.push(a),
    weighing,
  }
  const b = { pt, suggested: ref(suggested), placeHexes: ref(['0101', '0102']) }
  return { b: b as unknown as PlayBoard, taken, weighing }
}

const buttons = (w: ReturnType<typeof mount>) =>
  w.findAll('button').map((x) => ({
    text: x.text(),
    primary: x.classes('primary'),
    title: x.attributes('title') ?? null,
    testid: x.attributes('data-testid') ?? null,
  }))

describe('AnswerList', () => {
  it('lists a few answers plainly and those naming a hex in a fold; the suggested is titled', async () => {
    const actions: Action[] = [
      { type: 'pass' },
      { type: 'done' },
      { type: 'place', hex: '0101' },
      { type: 'place', hex: '0102' },
    ]
    const { b, taken, weighing } = board(actions, actions[2] as Action)
    const w = mount(AnswerList, { props: { board: b } })
    expect(buttons(w)).toEqual([
      { text: 'pass', primary: false, title: '', testid: 'answer' },
      { text: 'done', primary: false, title: '', testid: 'answer' },
      { text: 'place to 0101', primary: true, title: 'Suggested', testid: 'answer' },
      { text: 'place to 0102', primary: false, title: '', testid: 'answer' },
    ])
    expect(w.find('details.on-map summary').text()).toMatch(/one of the 2 highlighted hexes/)
    await w.findAll('button')[2]?.trigger('mouseenter')
    expect(weighing.value).toEqual(actions[2])
    await w.findAll('button')[1]?.trigger('click')
    expect(taken).toEqual([actions[1]])
  })

  it('groups many answers by kind, with the single ones beside and the suggested marked', async () => {
    const moves: Action[] = Array.from({ length: 14 }, (_, n) => ({ type: 'move', n }))
    const actions: Action[] = [...moves, { type: 'pass' }]
    const { b, taken } = board(actions, moves[3] as Action)
    const w = mount(AnswerList, { props: { board: b } })
    expect(w.findAll('[data-testid=answer-group]')).toHaveLength(1)
    const shown = buttons(w)
    expect(shown).toHaveLength(15)
    expect(shown[3]).toEqual({
      text: 'move 3',
      primary: true,
      title: 'Suggested',
      testid: 'answer',
    })
    expect(shown[4]).toEqual({ text: 'move 4', primary: false, title: '', testid: 'answer' })
    expect(shown[14]).toEqual({ text: 'pass', primary: false, title: null, testid: 'answer' })
    await w.findAll('button')[14]?.trigger('click')
    expect(taken).toEqual([{ type: 'pass' }])
  })
})
