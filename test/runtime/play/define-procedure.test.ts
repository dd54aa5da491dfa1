/**
 * The toolkit for procedures with typed frames (play/define-procedure.ts): steps named by the
 * keys of one object, so moving to a step the procedure does not have fails to compile; frame
 * data read as the procedure's own type; a frame on an unknown step refused with the
 * procedure's name.
 */
import { describe, expect, it } from 'vitest'
import { AGAIN, defineProcedure } from '../../../src/runtime/play/define-procedure'
import type { PlayContext } from '../../../src/runtime/play/procedure'
import { ActionFailure } from '../../../src/runtime/state'
import type { Frame } from '../../../src/runtime/state/flow-types'

interface CountData {
  count: number
}

const counting = defineProcedure<CountData>()({
  name: 'counting',
  actions: ['more', 'done'],
  steps: {
    start(_ctx, f) {
      f.data.count = 0
      f.go('ask')
      return AGAIN
    },
    ask(_ctx, f) {
      if (f.data.count >= 2) return { kind: 'done', value: f.data.count }
      return {
        kind: 'prompt',
        prompt: { side: 'a', kind: 'count', text: 'count on', actions: ['more'] },
      }
    },
  },
  act(_ctx, f) {
    f.data.count += 1
    // @ts-expect-error: "asking" is not a step of this procedure
    if (f.data.count > 99) f.go('asking')
    return `count ${f.data.count}`
  },
  legal: () => [{ type: 'more' }],
})

const frame = (step: string, data: Frame['data'] = {}): Frame => ({
  id: 1,
  proc: 'counting',
  phase: null,
  step,
  data,
})

// The procedure touches nothing of the context: an empty one will do.
const ctx = {} as PlayContext

describe('defineProcedure', () => {
  it('runs the step the frame is on, with its data typed, moving between steps', () => {
    const f = frame('start')
    expect(counting.run(ctx, f)).toEqual({ kind: 'again' })
    expect(f).toMatchObject({ step: 'ask', data: { count: 0 } })
    expect(counting.run(ctx, f)).toMatchObject({ kind: 'prompt' })
    expect(counting.act?.(ctx, f, { type: 'more' })).toBe('count 1')
    expect(counting.act?.(ctx, f, { type: 'more' })).toBe('count 2')
    expect(counting.run(ctx, f)).toEqual({ kind: 'done', value: 2 })
    expect(
      counting.legal?.(ctx, f, { side: 'a', kind: 'count', text: '', actions: [], frame: 1 }),
    ).toEqual([{ type: 'more' }])
    expect(counting.actions).toEqual(['more', 'done'])
  })

  it('refuses a frame on a step the procedure does not have, naming it', () => {
    expect(() => counting.run(ctx, frame('asking'))).toThrow(ActionFailure)
    expect(() => counting.run(ctx, frame('asking'))).toThrow('counting: unknown step "asking"')
    // A step's name is an own key of the steps, not anything an object has.
    expect(() => counting.run(ctx, frame('toString'))).toThrow('counting: unknown step "toString"')
  })
})
