import { describe, expect, it } from 'vitest'
import { withRule } from '../../../src/editor/play/rule-text'

describe('a sentence with its rule', () => {
  it('cites the rule in brackets after the sentence', () => {
    expect(withRule('Missile fire', 'B.1.36')).toBe('Missile fire [B.1.36]')
  })

  it('does not repeat a rule the sentence already names', () => {
    // A status change of the engine names its rule in its own words.
    const line = 'Sir Guy: stunned → healthy (recover, rule B.1.21 phase 5)'
    expect(withRule(line, 'B.1.21 phase 5')).toBe(line)
  })

  it('leaves a sentence without a rule as it is', () => {
    expect(withRule('Missile fire')).toBe('Missile fire')
    expect(withRule('Missile fire', '')).toBe('Missile fire')
  })
})
