// @vitest-environment jsdom
/**
 * The sequence-of-play view of a ruleset: the phases in order by their labels, the picked
 * phase's settings as a form generated from its mechanic's schema, edits written into the file
 * at the setting's place (one undo step each, the rest of the text untouched), a cleared
 * optional setting removed, unknown settings shown with the validator's words, and a variant's
 * sequence read-only.
 */
import { readFileSync } from 'node:fs'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import SequenceView from '../../../src/editor/views/SequenceView.vue'
import { defaultView, viewsFor } from '../../../src/editor/views/registry'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator, type Validator } from '../../../src/editor/workspace/validation'

const SYSTEM = 'content/rulesets/men-of-iron-system.json'
const TACTICAL = 'content/rulesets/croisades-tactical.json'
const VARIANT = 'content/rulesets/men-of-iron.json'
const source = (path: string) => ({ path, text: readFileSync(path, 'utf8') })

/** Tests that read no problems skip validation: the edits are what they check. */
const quiet: Validator = { validate: async () => [], dispose: () => {} }

/** A workspace of the given files alone (all the bundled content when none are given). */
async function workspace(paths: string[], validator: Validator = quiet) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({
    storage: memoryStorage(),
    validator,
    ...(paths.length ? { bundled: paths.map(source) } : {}),
  })
  await ws.settled()
  const view = mount(SequenceView, {
    props: { path: paths[0] ?? VARIANT },
    global: { plugins: [pinia] },
  })
  return { ws, view }
}

async function pick(view: VueWrapper, label: string): Promise<void> {
  const button = view.findAll('[data-testid^="phase-"]').find((b) => b.text().startsWith(label))
  if (!button) throw new Error(`no phase ${label}`)
  await button.trigger('click')
}

const settings = (view: VueWrapper) => view.find('[data-testid="phase-settings"]')

describe('the sequence of play view', () => {
  it('is offered for rulesets and variants, after their overview', () => {
    expect(viewsFor('ruleset').map((v) => v.id)).toContain('sequence')
    expect(viewsFor('variant').map((v) => v.id)).toContain('sequence')
    expect(defaultView('ruleset')).toBe('overview')
  })

  it('lists the phases by label and shows the shock phase settings as a labelled form', async () => {
    const { view } = await workspace([SYSTEM])
    const list = view.find('[data-testid="phase-list"]')
    expect(list.findAll('button .title').map((t) => t.text())).toEqual([
      'A. Activation choice',
      'B1. Replacement leaders',
      'B2. Battle Cry and Unsteady Troops',
      'B3. Command status',
      'B4. Move and fire',
      'C. Shock',
      'C4. Continued attacks',
      'D. Rally',
      'Standard',
      'A1. Time marker',
      'E1. Loss checks',
      'E2. Continuation',
    ])
    expect(list.find('[data-testid="phase-9"]').text()).toContain(
      'only when options.timedEngagement',
    )
    expect(view.findAll('[data-testid="activation-kind"] h3').map((h) => h.text())).toEqual([
      'Battle activation',
      'Standard activation',
      'Pass',
    ])

    await pick(view, 'C. Shock')
    expect(view.find('[data-testid="phase-title"]').text()).toBe('C. Shock')
    expect(view.find('[data-testid="phase-mechanic"]').text()).toMatch(/^Shock phase · Active/)
    expect(settings(view).find('legend').text()).toBe('Shock phase settings')
    const resolution = settings(view).find('[data-testid="field-resolution"]')
    expect(resolution.find('label').text()).toBe('Resolution*')
    expect(resolution.text()).toContain('The resolution rolled for each defending hex.')
    expect((resolution.find('input').element as HTMLInputElement).value).toBe('shock')
    const steps = settings(view).find('[data-testid="field-steps"]')
    expect(steps.findAll('[data-testid="list-item"]').map((li) => li.find('.item').text())).toEqual(
      [
        'Declare',
        'Place chargers',
        'Terrain disorder',
        'Reluctance',
        'Retreat before combat',
        'Counter charge',
        'Resolve',
      ],
    )
    expect(view.findAll('[data-testid="reaction"] summary strong').map((s) => s.text())).toEqual([
      'Reaction fire at a charger',
      'Retreat before combat',
      'Counter-charge',
    ])
    view.unmount()
  })

  it('writes an edited setting at its place in the text, as one undo step', async () => {
    const { ws, view } = await workspace([SYSTEM])
    const before = ws.text(SYSTEM)!
    await pick(view, 'C. Shock')
    const input = settings(view).find('[data-testid="field-resolution"] input')
    await input.setValue('charge')
    expect(
      ws.value<{ sequence: { phases: Array<{ params: { resolution: string } }> } }>(SYSTEM)!
        .sequence.phases[5]!.params.resolution,
    ).toBe('charge')
    // Only the value changed: every other line of the file is as it was.
    const at = before.indexOf(
      '"resolution": "shock"',
      before.indexOf('"id": "shock",\n        "label": "C. Shock"'),
    )
    expect(ws.text(SYSTEM)).toBe(
      before.slice(0, at) + '"resolution": "charge"' + before.slice(at + 21),
    )
    expect(ws.undoLabel).toBe('Set Resolution of C. Shock to charge')
    ws.undo()
    expect(ws.text(SYSTEM)).toBe(before)
    await nextTick()
    expect(
      (settings(view).find('[data-testid="field-resolution"] input').element as HTMLInputElement)
        .value,
    ).toBe('shock')

    // A step moved down the list is written in its new order.
    const steps = settings(view).find('[data-testid="field-steps"]')
    await steps.find('button[aria-label="Move Declare down"]').trigger('click')
    expect(
      ws
        .value<{ sequence: { phases: Array<{ params: { steps: string[] } }> } }>(SYSTEM)!
        .sequence.phases[5]!.params.steps.slice(0, 2),
    ).toEqual(['place-chargers', 'declare'])
    view.unmount()
  })

  it('removes the key of a cleared optional field, and refuses to clear a required one', async () => {
    const { ws, view } = await workspace([TACTICAL])
    const before = ws.text(TACTICAL)!
    await pick(view, '3. Movement and defensive fire')
    const group = settings(view).find('[data-testid="group-infiltration"]')
    const finalHex = group.find('[data-testid="field-finalHex"] select')
    expect((finalHex.element as HTMLSelectElement).value).toBe('false')
    await finalHex.setValue('')
    type Tactical = {
      sequence: { phases: Array<{ params: { infiltration: Record<string, unknown> } }> }
    }
    expect(ws.value<Tactical>(TACTICAL)!.sequence.phases[2]!.params.infiltration).toEqual({
      resolution: 'infiltration',
      rollPer: 'crossed-hex',
    })
    expect(ws.undoLabel).toBe('Clear Final hex of 3. Movement and defensive fire')

    const resolution = settings(view).find('[data-testid="field-resolution"] input')
    await resolution.setValue('')
    expect(settings(view).find('[data-testid="refused"]').text()).toBe('Resolution is required')
    // What was typed stays in the input, to be corrected; the file keeps its value.
    expect(
      (settings(view).find('[data-testid="field-resolution"] input').element as HTMLInputElement)
        .value,
    ).toBe('')
    expect(ws.value<Tactical>(TACTICAL)!.sequence.phases[2]!.params.infiltration.resolution).toBe(
      'infiltration',
    )

    // An optional setting not in the file yet is added where it belongs.
    const within = settings(view).find('[data-testid="field-mayNotComeWithin"] input')
    await within.setValue('2')
    expect(
      ws.value<{ sequence: { phases: Array<{ params: Record<string, unknown> }> } }>(TACTICAL)!
        .sequence.phases[2]!.params.mayNotComeWithin,
    ).toBe(2)
    ws.undo()
    ws.undo()
    expect(ws.text(TACTICAL)).toBe(before)
    view.unmount()
  })

  it('shows an unknown setting with the validator’s words, and removes it', async () => {
    const { ws, view } = await workspace([SYSTEM], inProcessValidator())
    ws.edit(SYSTEM, [{ pointer: '/sequence/phases/5/params/bogus', value: 3 }], 'typo')
    await ws.settled()
    await flushPromises()
    await pick(view, 'C. Shock')
    const unknown = settings(view).find('[data-testid="unknown-key"]')
    expect(unknown.text()).toContain('Unknown setting bogus = 3: unknown field "bogus"')
    expect(view.find('[data-testid="phase-5"] .badge').text()).toBe('1')
    await settings(view).find('[data-testid="remove-unknown-bogus"]').trigger('click')
    expect(
      Object.keys(
        ws.value<{ sequence: { phases: Array<{ params: object }> } }>(SYSTEM)!.sequence.phases[5]!
          .params,
      ),
    ).toEqual(['resolution', 'steps'])
    view.unmount()
  })

  it('shows a variant’s sequence in force, read-only', async () => {
    const { view } = await workspace([])
    await pick(view, 'C. Shock')
    const resolution = settings(view).find('[data-testid="field-resolution"]')
    expect((resolution.find('input').element as HTMLInputElement).disabled).toBe(true)
    // The resolution the variant adds is named by its label.
    expect(resolution.find('[data-testid="ref-note"]').text()).toBe('Shock or charge')
    expect(view.text()).toContain('read-only')
    expect(view.find('[data-testid="open-base"]').text()).toBe('Men of Iron system')
    view.unmount()
  })
})
