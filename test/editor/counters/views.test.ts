// @vitest-environment jsdom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import CounterSheetView from '../../../src/editor/views/CounterSheetView.vue'
import UnitsView from '../../../src/editor/views/UnitsView.vue'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'
import type { Scenario, UnitSet } from '../../../src/runtime/generated/content-types'

const UNITS = 'content/units/men-of-iron-units.json'
const SCENARIO = 'content/scenarios/sample-skirmish.json'

async function store() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  await ws.settled()
  return { ws, pinia }
}

const typeOf = (ws: ReturnType<typeof useWorkspaceStore>, id: string) =>
  ws.value<UnitSet>(UNITS)!.types!.find((t) => t.id === id)!

describe('the units view', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('lists the types and edits a rating as one undo step, redrawing the counter', async () => {
    const { ws, pinia } = await store()
    const w = mount(UnitsView, { props: { path: UNITS }, global: { plugins: [pinia] } })
    expect(w.find('[data-testid="units-view"]').exists()).toBe(true)
    expect(w.findAll('[data-testid^="unit-type-"]').length).toBe(
      ws.value<UnitSet>(UNITS)!.types!.length,
    )
    await w.find('[data-testid="unit-type-cb"]').trigger('click')
    const before = w.find('[data-testid="counter-preview"] img').attributes('src')
    const input = w.find('[data-testid="rating-input-movement"]')
    expect((input.element as HTMLInputElement).value).toBe(
      String(typeOf(ws, 'cb').ratings!.movement),
    )
    await input.setValue('7')
    expect(typeOf(ws, 'cb').ratings!.movement).toBe(7)
    expect(ws.undoLabel).toBe('Set movement of cb')
    const after = w.find('[data-testid="counter-preview"] img').attributes('src')
    expect(after).not.toBe(before)
    expect(decodeURIComponent(after!)).toContain('>7</text>')
    // A value that is not a number is refused, not written.
    // (setValue fires the change event a browser fires when the field is left.)
    await input.setValue('seven')
    expect(typeOf(ws, 'cb').ratings!.movement).toBe(7)
    expect(w.find('[data-testid="rating-input-movement"]').classes()).toContain('bad')
    ws.undo()
    expect(typeOf(ws, 'cb').ratings!.movement).toBe(4)
  })

  it('edits the back of the counter by status', async () => {
    const { ws, pinia } = await store()
    const w = mount(UnitsView, { props: { path: UNITS }, global: { plugins: [pinia] } })
    await w.find('[data-testid="unit-type-pk"]').trigger('click')
    const input = w.find('[data-testid="rating-input-disordered-fireModifier"]')
    await input.setValue('2')
    expect(typeOf(ws, 'pk').ratingsByStatus!.disordered!.fireModifier).toBe(2)
    const back = w.find('[data-testid="counter-preview-back"]').attributes('src')!
    expect(decodeURIComponent(back)).toContain('>2</text>')
  })

  it("toggles flags: a class flag through withoutFlags, others in the type's flags", async () => {
    const { ws, pinia } = await store()
    const w = mount(UnitsView, { props: { path: UNITS }, global: { plugins: [pinia] } })
    await w.find('[data-testid="unit-type-mm"]').trigger('click')
    const mounted = w.find('[data-testid="flag-toggle-mounted"]')
    expect((mounted.element as HTMLInputElement).checked).toBe(true)
    await mounted.setValue(false)
    expect(typeOf(ws, 'mm').withoutFlags).toEqual(['mounted'])
    await w.find('[data-testid="flag-toggle-mounted"]').setValue(true)
    expect(typeOf(ws, 'mm').withoutFlags).toBeUndefined()
    await w.find('[data-testid="flag-toggle-missile"]').setValue(true)
    expect(typeOf(ws, 'mm').flags).toContain('missile')
    await w.find('[data-testid="flag-toggle-missile"]').setValue(false)
    expect(typeOf(ws, 'mm').flags).not.toContain('missile')
  })

  it('adds, copies and deletes types', async () => {
    const { ws, pinia } = await store()
    const w = mount(UnitsView, { props: { path: UNITS }, global: { plugins: [pinia] } })
    const count = () => ws.value<UnitSet>(UNITS)!.types!.length
    const n = count()
    await w.find('[data-testid="unit-type-lb"]').trigger('click')
    await w.find('[data-testid="copy-type"]').trigger('click')
    expect(count()).toBe(n + 1)
    const copy = typeOf(ws, 'lb-copy')
    expect(copy.ratings).toEqual(typeOf(ws, 'lb').ratings)
    expect(w.find('[data-testid="unit-type-lb-copy"]').classes()).toContain('active')
    await w.find('[data-testid="delete-type"]').trigger('click')
    expect(count()).toBe(n)
    await w.find('[data-testid="add-type"]').trigger('click')
    expect(typeOf(ws, 'new-type').name).toBe('New unit type')
    expect(ws.undoLabel).toBe('Add unit type new-type')
  })

  it('says so, and writes nothing, while the file is not valid JSON', async () => {
    const { ws, pinia } = await store()
    ws.setText(UNITS, '{ "id": ')
    const w = mount(UnitsView, { props: { path: UNITS }, global: { plugins: [pinia] } })
    expect(w.text()).toContain('not valid JSON')
    expect(ws.text(UNITS)).toBe('{ "id": ')
  })
})

describe('the counter sheet', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('shows every unit of a scenario front and back, at the chosen size', async () => {
    const { ws, pinia } = await store()
    const w = mount(CounterSheetView, { props: { path: SCENARIO }, global: { plugins: [pinia] } })
    await flushPromises()
    const sc = ws.value<Scenario>(SCENARIO)!
    const units = sc.sides.reduce(
      (n, s) =>
        n + s.units.length + (s.reinforcements ?? []).reduce((m, r) => m + r.units.length, 0),
      0,
    )
    expect(w.find('[data-testid="counter-sheet"]').exists()).toBe(true)
    expect(w.findAll('[data-testid^="sheet-counter-"]').length).toBe(units)
    expect(w.findAll('[data-testid="counter-sheet"] img').length).toBe(units * 2)
    await w.find('[data-testid="counter-size"]').setValue('three-quarters')
    expect(w.find('[data-testid="counter-sheet"] img').attributes('style')).toContain('19.05mm')
    await w.find('[data-testid="counter-size"]').setValue('custom')
    const custom = w.find('[data-testid="counter-size-custom"]')
    await custom.setValue('22')
    expect(w.find('[data-testid="counter-sheet"] img').attributes('style')).toContain('22mm')
    expect(w.find('[data-testid="export-pdf"]').attributes('disabled')).toBeUndefined()
  })

  it('shows one counter per type of a unit set', async () => {
    const { ws, pinia } = await store()
    const w = mount(CounterSheetView, { props: { path: UNITS }, global: { plugins: [pinia] } })
    expect(w.findAll('[data-testid^="sheet-counter-"]').length).toBe(
      ws.value<UnitSet>(UNITS)!.types!.length,
    )
  })

  it("shows a rider's mounted counter twice as wide and every face of each character", async () => {
    const { pinia } = await store()
    const w = mount(CounterSheetView, {
      props: { path: 'content/units/croisades-characters.json' },
      global: { plugins: [pinia] },
    })
    await flushPromises()
    const style = (key: string) =>
      w.get(`[data-testid="sheet-counter-${key}"] img`).attributes('style')
    expect(style('average-knight')).toContain('width: 31.75mm; height: 15.875mm')
    expect(style('average-knight-on-foot')).toContain('width: 15.875mm; height: 15.875mm')
    const caption = (key: string) =>
      w.get(`[data-testid="sheet-counter-${key}"] [data-testid="sheet-caption"]`).text()
    expect(caption('average-knight')).toBe('Healthy / Wounded')
    expect(caption('average-knight-on-foot')).toBe('Healthy / Stunned')
    expect(caption('average-knight-on-foot:wounded')).toBe('Wounded / Dead')
  })
})
