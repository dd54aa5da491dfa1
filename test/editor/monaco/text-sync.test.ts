import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { applyEdit, minimalEdit } from '../../../src/editor/monaco/text-sync'

describe('minimalEdit', () => {
  it('is null for equal texts', () => {
    expect(minimalEdit('{"a": 1}', '{"a": 1}')).toBeNull()
  })

  it('replaces only the part that differs', () => {
    expect(minimalEdit('{"a": 1, "b": 2}', '{"a": 10, "b": 2}')).toEqual({
      start: 7,
      end: 7,
      text: '0',
    })
    expect(minimalEdit('{"terrain": "clear"}', '{"terrain": "woods"}')).toEqual({
      start: 13,
      end: 18,
      text: 'woods',
    })
  })

  it('handles insertions and deletions at either end', () => {
    expect(minimalEdit('abc', 'xabc')).toEqual({ start: 0, end: 0, text: 'x' })
    expect(minimalEdit('abc', 'abcx')).toEqual({ start: 3, end: 3, text: 'x' })
    expect(minimalEdit('abc', '')).toEqual({ start: 0, end: 3, text: '' })
    expect(minimalEdit('', 'abc')).toEqual({ start: 0, end: 0, text: 'abc' })
  })

  it('does not let prefix and suffix overlap on repeated characters', () => {
    const e = minimalEdit('aaaa', 'aaaaa')!
    expect(applyEdit('aaaa', e)).toBe('aaaaa')
    expect(e.end - e.start).toBe(0)
    expect(e.text).toBe('a')
  })

  it('never cuts a surrogate pair or a CRLF in two', () => {
    // Same high surrogate, different low surrogate: the edit must take the whole character.
    const e = minimalEdit('x\u{1F600}y', 'x\u{1F601}y')!
    expect(e).toEqual({ start: 1, end: 3, text: '\u{1F601}' })
    const crlf = minimalEdit('a\r\nb', 'a\rb')!
    expect(crlf.start).toBeLessThanOrEqual(1)
    expect(applyEdit('a\r\nb', crlf)).toBe('a\rb')
  })

  test.prop([fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })])(
    'turns the old text into the new one, keeping what is common at both ends',
    (a, b) => {
      const e = minimalEdit(a, b)
      expect(applyEdit(a, e)).toBe(b)
      if (!e) {
        expect(a).toBe(b)
        return
      }
      expect(e.start).toBeLessThanOrEqual(e.end)
      expect(a.slice(0, e.start)).toBe(b.slice(0, e.start))
      expect(a.slice(e.end)).toBe(b.slice(b.length - (a.length - e.end)))
    },
  )

  test.prop([fc.string(), fc.string(), fc.string(), fc.string()])(
    'an edit in the middle of a text stays inside the changed span',
    (pre, mid1, mid2, post) => {
      const a = pre + mid1 + post
      const b = pre + mid2 + post
      const e = minimalEdit(a, b)
      if (!e) return
      expect(e.start).toBeGreaterThanOrEqual(Math.max(0, pre.length - 1))
      expect(a.length - e.end).toBeGreaterThanOrEqual(Math.max(0, post.length - 1))
    },
  )
})
