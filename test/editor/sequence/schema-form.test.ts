/**
 * The sequence of play read from the bundled rulesets, and the forms generated from the schemas
 * of the mechanics' settings: which fields, with which labels, help, choices and defaults, and
 * what an entry becomes as an edit of the file.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  editFor,
  formModel,
  humanize,
  schemaAt,
  type FormField,
} from '../../../src/editor/sequence/schema-form'
import {
  entryForm,
  refChoices,
  sequenceOf,
  settingsForm,
  shownBy,
  valueAt,
} from '../../../src/editor/sequence/sequence-of-play'

const ruleset = (id: string) =>
  JSON.parse(readFileSync(`content/rulesets/${id}.json`, 'utf8')) as Record<string, unknown>
const SYSTEM = ruleset('men-of-iron-system')
const TACTICAL = ruleset('croisades-tactical')

function phaseNamed(r: Record<string, unknown>, id: string) {
  const p = sequenceOf(r)!.phases.find((x) => x.id === id)
  if (!p) throw new Error(`no phase ${id}`)
  return { summary: p, entry: valueAt(r, p.pointer) }
}
const field = (fields: readonly FormField[], key: string): FormField => {
  const f = fields.find((x) => x.key === key)
  if (!f) throw new Error(`no field ${key}`)
  return f
}

describe('the sequence of play of a ruleset', () => {
  it('lists the phases with their labels, mechanic titles from the schema, players and conditions', () => {
    const s = sequenceOf(SYSTEM)!
    expect(s.structure).toBe('activations')
    expect(s.kinds.map((k) => k.label)).toEqual([
      'Battle activation',
      'Standard activation',
      'Pass',
    ])
    const shock = s.phases.find((p) => p.id === 'shock')!
    expect(shock).toMatchObject({
      label: 'C. Shock',
      mechanicTitle: 'Shock',
      player: 'active',
      pointer: '/sequence/phases/5',
    })
    expect(shock.reactions.map((r) => [r.label, r.mechanicTitle])).toEqual([
      ['Reaction fire at a charger', 'Fire'],
      ['Retreat before combat', 'Movement'],
      ['Counter-charge', 'Shock'],
    ])
    expect(s.phases.find((p) => p.id === 'play-counters')!.mechanicTitle).toBe('Playing counters')
    expect(s.phases.find((p) => p.id === 'time-track')!.when).toBe('options.timedEngagement')
    const turns = sequenceOf(TACTICAL)!
    expect(turns.structure).toBe('turns')
    expect(turns.turns).toEqual([{ label: 'Player turns', value: 'Alternate' }])
  })
})

describe('a mechanic settings form from its schema', () => {
  it('gives the shock phase its resolution (required, naming a resolution) and its ordered steps', () => {
    const { summary, entry } = phaseNamed(SYSTEM, 'shock')
    const form = settingsForm('phase', entry, summary.pointer)!
    expect(form.title).toBe('Shock phase settings')
    expect(form.description).toMatch(/one roll per defending hex/)
    expect(form.fields.map((f) => f.key)).toEqual(['resolution', 'steps'])
    expect(field(form.fields, 'resolution')).toMatchObject({
      label: 'Resolution',
      kind: 'text',
      required: true,
      ref: 'resolution',
      value: 'shock',
      pointer: '/sequence/phases/5/params/resolution',
      help: 'The resolution rolled for each defending hex.',
    })
    const steps = field(form.fields, 'steps')
    expect(steps).toMatchObject({ kind: 'list', required: false, unique: true, minItems: 1 })
    expect(steps.item!.kind).toBe('choice')
    expect(steps.item!.choices!.map((c) => c.label)).toContain('Place chargers')
    expect(form.unknown).toEqual([])
  })

  it('shows a phase’s own fields with the descriptions of their shared definitions', () => {
    const { summary, entry } = phaseNamed(SYSTEM, 'time-track')
    const form = entryForm('phase', entry, summary.pointer)
    expect(form.fields.map((f) => f.label)).toEqual([
      'Label',
      'Description',
      'Rule',
      'Player',
      'When',
      'Repeat',
    ])
    expect(field(form.fields, 'label').required).toBe(true)
    expect(field(form.fields, 'when')).toMatchObject({
      kind: 'expression',
      value: 'options.timedEngagement',
      help: 'The phase runs only when this holds.',
    })
    expect(field(form.fields, 'player').choices!.map((c) => c.label)).toEqual([
      'Active',
      'Inactive',
      'Both',
      'Each',
      'Alternating',
    ])
  })

  it('nests an object setting as a group, and says which keys the schema does not know', () => {
    const { summary, entry } = phaseNamed(TACTICAL, 'movement')
    const form = settingsForm('phase', entry, summary.pointer)!
    expect(field(form.fields, 'mayNotComeWithin')).toMatchObject({
      label: 'May not come within',
      kind: 'integer',
      minimum: 0,
      present: false,
    })
    const group = field(form.fields, 'infiltration')
    expect(group.kind).toBe('group')
    expect(group.fields!.map((f) => [f.label, f.kind, f.required])).toEqual([
      ['Resolution', 'text', true],
      ['Roll per', 'choice', false],
      ['Final hex', 'boolean', false],
    ])
    const odd = {
      ...(entry as object),
      params: { infiltration: { resolution: 'x', bogus: 1 }, extra: true },
    }
    const bad = settingsForm('phase', odd, summary.pointer)!
    expect(bad.unknown.map((u) => u.pointer)).toEqual(['/sequence/phases/2/params/extra'])
    expect(field(bad.fields, 'infiltration').unknown!.map((u) => u.key)).toEqual(['bogus'])
    expect(shownBy(bad, '/sequence/phases/2/params/infiltration/bogus')).toBe(true)
    expect(shownBy(bad, '/sequence/phases/2/mechanic')).toBe(false)
  })

  it('gives a reaction the settings its mechanic and trigger take', () => {
    const { entry } = phaseNamed(SYSTEM, 'move-fire')
    const at = '/sequence/phases/4/reactions/2'
    const form = settingsForm('reaction', valueAt(entry, '/reactions/2'), at)!
    expect(form.title).toBe('Counter-charge against fire reaction settings')
    expect(field(form.fields, 'shockPhase')).toMatchObject({ ref: 'phase', value: 'shock' })
    expect(settingsForm('reaction', valueAt(entry, '/reactions/0'), at)!.fields).toEqual([])
  })

  it('follows $ref into other files and shows a default as text', () => {
    const files = {
      'a.json': {
        $defs: {
          thing: {
            type: 'object',
            required: ['size'],
            additionalProperties: false,
            properties: {
              size: { $ref: 'b.json#/$defs/count', title: 'Size of it' },
              mood: { enum: ['calm', 'very-angry'], default: 'very-angry' },
            },
          },
        },
      },
      'b.json': { $defs: { count: { type: 'integer', minimum: 1, description: 'How many.' } } },
    }
    const form = formModel(files, schemaAt(files, 'a.json', '/$defs/thing')!, {}, '/x')
    expect(form.fields.map((f) => [f.label, f.kind, f.help, f.defaultText])).toEqual([
      ['Size of it', 'integer', 'How many.', undefined],
      ['Mood', 'choice', undefined, 'Very angry'],
    ])
  })

  it('names the entities a field may name by their labels', () => {
    const choices = refChoices(SYSTEM, 'resolution')
    expect(choices.find((c) => c.value === 'continuation-check')?.label).toBe('Continuation')
    expect(refChoices(SYSTEM, 'phase').find((c) => c.value === 'shock')?.label).toBe('C. Shock')
    expect(humanize('mayNotComeWithin')).toBe('May not come within')
  })
})

describe('an entry as an edit of the file', () => {
  const { summary, entry } = phaseNamed(TACTICAL, 'movement')
  const form = settingsForm('phase', entry, summary.pointer)!
  const within = field(form.fields, 'mayNotComeWithin')
  const group = field(form.fields, 'infiltration')

  it('parses numbers and refuses what the schema refuses, with a sentence', () => {
    expect(editFor(within, '2')).toEqual({
      ok: true,
      edit: { pointer: '/sequence/phases/2/params/mayNotComeWithin', value: 2 },
      shown: '2',
    })
    expect(editFor(within, '1.5')).toEqual({
      ok: false,
      message: 'May not come within takes a whole number',
    })
    expect(editFor(within, '-1')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at least 0/),
    })
    expect(editFor(within, 'lots')).toMatchObject({ ok: false })
  })

  it('clears an optional field by removing its key; a required one refuses', () => {
    expect(editFor(within, '  ')).toMatchObject({ ok: true, edit: { value: undefined } })
    const resolution = field(group.fields!, 'resolution')
    expect(editFor(resolution, '')).toEqual({ ok: false, message: 'Resolution is required' })
    const rollPer = field(group.fields!, 'rollPer')
    expect(editFor(rollPer, 'adjacent-enemy')).toMatchObject({
      ok: true,
      shown: 'Adjacent enemy',
      edit: { value: 'adjacent-enemy' },
    })
    expect(editFor(field(group.fields!, 'finalHex'), 'true')).toMatchObject({
      edit: { value: true },
    })
  })

  it('checks a list against its items, order and uniqueness', () => {
    const { summary: s, entry: e } = phaseNamed(SYSTEM, 'shock')
    const steps = field(settingsForm('phase', e, s.pointer)!.fields, 'steps')
    expect(editFor(steps, ['declare', 'resolve'])).toMatchObject({
      ok: true,
      edit: { value: ['declare', 'resolve'] },
      shown: 'Declare, Resolve',
    })
    expect(editFor(steps, ['declare', 'declare'])).toMatchObject({ ok: false })
    expect(editFor(steps, ['declare', 'dance'])).toMatchObject({ ok: false })
    expect(editFor(steps, [])).toMatchObject({ ok: true, edit: { value: undefined } })
  })
})
