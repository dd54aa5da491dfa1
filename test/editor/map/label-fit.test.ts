/**
 * Place names fitted to their hex: a short name keeps the size asked, a long one is wrapped at
 * spaces, then shrunk, and past the least size cut short with an ellipsis; every line stays in
 * the box. Widths here: each letter half the font size.
 */
import { describe, expect, it } from 'vitest'
import { fitLabel, LINE_HEIGHT, labelBox } from '../../../src/editor/map/label-fit'

const widthAt1 = (s: string) => s.length * 0.5
const box = { width: 10, height: 4 }

function inBox(fit: { px: number; lines: string[] }) {
  for (const l of fit.lines) expect(widthAt1(l) * fit.px).toBeLessThanOrEqual(box.width)
  expect(fit.lines.length * fit.px * LINE_HEIGHT).toBeLessThanOrEqual(box.height + 1e-9)
}

describe('fitLabel', () => {
  it('keeps a short name on one line at the size asked', () => {
    expect(fitLabel('Arsuf', widthAt1, box, 2, 0.5)).toEqual({ px: 2, lines: ['Arsuf'] })
  })

  it('wraps a longer name at spaces before it shrinks it', () => {
    const fit = fitLabel('Forest of Arsuf', widthAt1, box, 1.8, 0.5)
    expect(fit).toEqual({ px: 1.8, lines: ['Forest of', 'Arsuf'] })
    inBox(fit)
  })

  it('shrinks a name that does not fit wrapped, to the largest size that does', () => {
    const fit = fitLabel('Nahr al-Falik (Rochetaillée)', widthAt1, box, 2, 0.5)
    expect(fit.px).toBeLessThan(2)
    expect(fit.px).toBeGreaterThanOrEqual(0.5)
    expect(fit.lines.join(' ')).toBe('Nahr al-Falik (Rochetaillée)')
    inBox(fit)
    // A tenth larger would not have fitted.
    const larger = fitLabel(
      'Nahr al-Falik (Rochetaillée)',
      widthAt1,
      box,
      fit.px / 0.9,
      fit.px / 0.9,
    )
    expect(larger.lines.join(' ')).not.toBe('Nahr al-Falik (Rochetaillée)')
  })

  it('cuts short with an ellipsis what does not fit at the least size', () => {
    const long =
      'Pneumonoultramicroscopicsilicovolcanoconiosis marshes of the long river valley and the hills beyond'
    const fit = fitLabel(long, widthAt1, box, 2, 1)
    expect(fit.px).toBe(1)
    expect(fit.lines).toHaveLength(3)
    expect(fit.lines[0]).toMatch(/^Pneumonoultramic.*…$/)
    expect(fit.lines.at(-1)).toMatch(/…$/)
    inBox(fit)
  })

  it('gives a pointy hex a narrower box than a flat one of the same size', () => {
    expect(labelBox(10, 'pointy').width).toBeLessThan(labelBox(10, 'flat').width)
  })
})
