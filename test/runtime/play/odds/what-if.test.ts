/**
 * The what-if panel (issue 5): any resolution set up by hand and weighed without being played,
 * and the forms that set it up, on the bundled Infidel sample (shock 12.3, charge 13.4) and the
 * Men of Iron rules (missile fire 11.3).
 */
import { describe, expect, it } from 'vitest'
import { startGame, whatIfForms, whatIfOdds, WHAT_IF_ARGUMENTS } from '../../../../src/runtime/play'
import type { WhatIfForm } from '../../../../src/runtime/play'
import { CONTEXT_KINDS } from '../../../../src/runtime/rules'
import { stateHash } from '../../../../src/runtime/state'
import { CONTEXT_ARGS } from '../../../../src/runtime/state/resolve-action'
import { bundledScenario } from './helpers'

const sample = bundledScenario('sample-skirmish')
const agincourt = bundledScenario('agincourt-1415')

function form(forms: WhatIfForm[], id: string): WhatIfForm {
  const found = forms.find((f) => f.id === id)
  if (found === undefined) throw new Error(`no form for ${id}`)
  return found
}

describe('whatIfOdds', () => {
  const state = startGame(sample, { seed: 0 }).state

  it('12.3, 13.4 weighs a charge set up by hand, exactly, without changing the game', () => {
    const hash = stateHash(state)
    const odds = whatIfOdds(sample, state, {
      type: 'resolve',
      resolution: 'shock',
      attackers: ['franks-kn-1'],
      defenders: ['garrison-pk-1'],
      charging: true,
    })
    expect(stateHash(state)).toBe(hash)
    if (!odds.ok) throw new Error(odds.message)
    expect(odds).toMatchObject({
      resolution: 'shock',
      who: 'franks-kn-1 against garrison-pk-1',
    })
    const d = odds.distribution
    expect(d.outcomes.reduce((sum, o) => sum + o.ways, 0)).toBe(d.dice?.outcomes)
    // A charge reads the charge table (13.4), not the shock table.
    expect(d.record.table?.id).toBe('inf-charge-crt')
  })

  it('gives a mistake back as a refusal, not an exception', () => {
    expect(
      whatIfOdds(sample, state, {
        type: 'resolve',
        resolution: 'shok',
        attackers: ['franks-kn-1'],
      }),
    ).toEqual({
      ok: false,
      code: 'forbidden',
      message: 'there is no resolution "shok" — did you mean "shock"?',
    })
    const odd = whatIfOdds(sample, state, {
      type: 'resolve',
      resolution: 'shock',
      attackers: ['franks-kn-1'],
      defenders: ['franks-kn-1'],
    })
    expect(odd).toEqual({
      ok: false,
      code: 'forbidden',
      message: 'unit "franks-kn-1" cannot both attack and defend',
    })
    expect(
      whatIfOdds(sample, state, { type: 'resolve', resolution: 'fire', firer: 'franks-kn-1' }),
    ).toMatchObject({ ok: false })
  })
})

describe('whatIfForms', () => {
  it('knows how to ask for every argument a resolution context takes', () => {
    for (const kind of CONTEXT_KINDS)
      for (const name of CONTEXT_ARGS[kind]) expect(WHAT_IF_ARGUMENTS[name], name).toBeDefined()
  })

  it('lists every resolution of the ruleset with the arguments of its context', () => {
    const forms = whatIfForms(agincourt)
    expect(forms.map((f) => f.id)).toEqual([...agincourt.rules.resolutions.keys()])
    for (const f of forms) expect(f.args.map((a) => a.name)).toEqual(CONTEXT_ARGS[f.context])
  })

  it('11.3 a shot: firer and target are units it cannot do without; weapons and sectors to pick from', () => {
    const fire = form(whatIfForms(agincourt), 'fire')
    expect(fire).toMatchObject({ label: 'Missile fire', rule: '11.3', context: 'fire' })
    const args = Object.fromEntries(fire.args.map((a) => [a.name, a]))
    expect(args.firer).toMatchObject({ kind: 'unit', required: true })
    expect(args.target).toMatchObject({ kind: 'unit', required: true })
    expect(args.range).toMatchObject({ kind: 'number', required: false })
    expect(args.overUnits).toMatchObject({ kind: 'boolean', required: false })
    expect(args.weapon?.choices).toContain('longbow')
    expect(args.angle?.choices).toEqual(expect.arrayContaining(['front', 'rear']))
  })

  it('12.3 an attack: lists of units, and per-unit flags such as who charges', () => {
    const shock = form(whatIfForms(sample), 'shock')
    const args = Object.fromEntries(shock.args.map((a) => [a.name, a]))
    expect(args.attackers).toMatchObject({ kind: 'units', required: true })
    expect(args.defenders).toMatchObject({ kind: 'units', required: true })
    expect(args.charging).toMatchObject({ kind: 'unit-flags', required: false })
    expect(args.continued).toMatchObject({ kind: 'number' })
    expect(args.counterChargedVsShock).toMatchObject({ kind: 'boolean' })
  })
})
