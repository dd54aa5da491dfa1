/**
 * Many answers to one decision are grouped by what they do, a large kind split again by what
 * they name (the counter played…), filtered by the search box; answers alone of their kind stay
 * out of the groups.
 */
import { describe, expect, it } from 'vitest'
import type { Action } from '../../../src/runtime/state'
import { groupAnswers, singleAnswers, splitField } from '../../../src/editor/play/answer-groups'

const describeAction = (a: Action): string =>
  [a.type, a.counter, a.unit].filter((x) => x !== undefined).join(' ')

/** 3 counters × 10 units, each "play-counter" answer naming one of each; then Done. */
const answers: Action[] = [
  ...['ruse', 'rally', 'charge'].flatMap((counter) =>
    Array.from({ length: 10 }, (_, i) => ({ type: 'play-counter', counter, unit: `u${i}` })),
  ),
  { type: 'done' },
]

describe('answer groups', () => {
  it('leaves a few answers ungrouped', () => {
    expect(groupAnswers(answers.slice(0, 12), '', null, describeAction)).toBeNull()
  })

  it('splits many answers of one kind by the field naming the fewest things, Done apart', () => {
    expect(splitField(answers.slice(0, 30))).toBe('counter')
    const groups = groupAnswers(answers, '', null, describeAction)
    expect(groups?.map((g) => [g.title, g.answers.length])).toEqual([
      ['Play counter — ruse', 10],
      ['Play counter — rally', 10],
      ['Play counter — charge', 10],
    ])
    expect(singleAnswers(answers)).toEqual([{ type: 'done' }])
  })

  it('keeps only the answers whose words match the search, case aside', () => {
    const groups = groupAnswers(answers, ' RALLY u3', null, describeAction)
    expect(groups?.map((g) => g.answers.map((x) => x.text))).toEqual([['play-counter rally u3']])
    expect(groupAnswers(answers, 'nothing like it', null, describeAction)).toEqual([])
  })
})
