// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useNavigationStore } from '../../../src/editor/stores/useNavigationStore'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import JsonView from '../../../src/editor/views/JsonView.vue'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import type { Validator } from '../../../src/editor/workspace/validation'
import { validateContent } from '../../../src/runtime/library'
import { fake, fakeMonaco } from './fake-monaco'

vi.mock('../../../src/editor/monaco/load-monaco', () => ({
  loadMonaco: async () => ({ monaco: fakeMonaco, jsonDefaults: {} }),
}))

const PATH = 'content/maps/sample-ford.json'
const URI = 'file:///content/maps/sample-ford.json'

// Validation after the keystroke, as the worker does: run in-line, it would take long enough to
// split one burst of typing into two undo steps.
const deferredValidator = (): Validator => ({
  validate: (sources) =>
    new Promise((resolve) => setTimeout(() => resolve(validateContent(sources).problems), 0)),
  dispose: () => {},
})

async function open() {
  const pinia = createPinia()
  setActivePinia(pinia)
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: deferredValidator() })
  await ws.settled()
  const nav = useNavigationStore()
  const wrapper = mount(JsonView, { props: { path: PATH }, global: { plugins: [pinia] } })
  await flushPromises()
  const model = fake.models.get(URI)!
  const editor = fake.editors[fake.editors.length - 1]!
  return { ws, nav, wrapper, model, editor }
}

describe('the JSON view', () => {
  beforeEach(() => {
    fake.models.clear()
    fake.markers.clear()
    fake.editors.length = 0
  })

  it('opens the file’s text in a model named by its path', async () => {
    const { ws, wrapper, model } = await open()
    expect(model.getValue()).toBe(ws.text(PATH))
    expect(wrapper.find('[data-testid="monaco-host"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="json-schema"]').text()).toContain('map.schema.json')
    expect(wrapper.find('[data-testid="json-counts"]').text()).toBe(
      '0 errors, 0 warnings in this file',
    )
    wrapper.unmount()
  })

  it('counts one error as "1 error", not "1 errors"', async () => {
    const { ws, wrapper } = await open()
    ws.edit(PATH, [{ pointer: '/defaultTerrain', value: 'lava' }], 'Paint lava')
    await ws.settled()
    await flushPromises()
    expect(wrapper.find('[data-testid="json-counts"]').text()).toBe(
      '1 error, 0 warnings in this file',
    )
    wrapper.unmount()
  })

  it('writes typing into the store as one undo step per burst', async () => {
    const { ws, model, wrapper } = await open()
    const before = ws.text(PATH)!
    const at = before.indexOf('"clear"') + 1
    model.type(at, 'X')
    model.type(at + 1, 'Y')
    expect(ws.text(PATH)).toBe(model.getValue())
    expect(ws.text(PATH)).toContain('"XYclear"')
    expect(ws.undoLabel).toBe('Edit JSON')
    ws.undo()
    expect(ws.text(PATH)).toBe(before)
    expect(model.getValue()).toBe(before)
    expect(ws.canUndo).toBe(false)
    wrapper.unmount()
  })

  it('takes a change made elsewhere as one small edit, without echoing it back', async () => {
    const { ws, model, wrapper } = await open()
    ws.edit(PATH, [{ pointer: '/grid/columns', value: 17 }], 'Resize map')
    expect(model.getValue()).toBe(ws.text(PATH))
    const last = model.pushed[model.pushed.length - 1]!
    expect(last.text).toBe('7')
    expect(last.range.startLineNumber).toBe(last.range.endLineNumber)
    // No echo: the last undo step is still the visual edit.
    expect(ws.undoLabel).toBe('Resize map')
    wrapper.unmount()
  })

  it('routes Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y in the editor to the workspace history', async () => {
    const { ws, editor, model, wrapper } = await open()
    const before = ws.text(PATH)!
    ws.edit(PATH, [{ pointer: '/defaultTerrain', value: 'woods' }], 'Paint')
    const undo = editor.actions.get('hexwright.undo')!
    const redo = editor.actions.get('hexwright.redo')!
    expect(undo.keybindings).toEqual([fakeMonaco.KeyMod.CtrlCmd | fakeMonaco.KeyCode.KeyZ])
    expect(redo.keybindings).toContain(fakeMonaco.KeyMod.CtrlCmd | fakeMonaco.KeyCode.KeyY)
    undo.run()
    expect(model.getValue()).toBe(before)
    redo.run()
    expect(model.getValue()).toContain('"defaultTerrain": "woods"')
    wrapper.unmount()
  })

  it('shows a syntax error at once, located, in the markers and the test hook', async () => {
    const { ws, model, wrapper } = await open()
    const text = model.getValue()
    const at = text.indexOf('"schemaVersion": 1,') + '"schemaVersion": 1'.length
    model.type(at, '', 1) // delete the comma
    await flushPromises()
    expect(ws.text(PATH)).toBe(model.getValue())
    const markers = window.__hexwrightMonaco!.markers()
    expect(markers).toHaveLength(1)
    const nameLine = model.getValue().slice(0, model.getValue().indexOf('"name"')).split('\n')
    expect(markers[0]).toMatchObject({ line: nameLine.length, column: nameLine.at(-1)!.length + 1 })
    expect(markers[0]!.message).toMatch(/expected ","/)
    expect(wrapper.find('[data-testid="json-syntax-error"]').text()).toContain(
      `line ${nameLine.length}`,
    )
    // The broken text is kept as typed.
    expect(ws.parsed(PATH)?.value).toBeUndefined()
    wrapper.unmount()
  })

  it('sets text through the test hook as typing would', async () => {
    const { ws, wrapper } = await open()
    window.__hexwrightMonaco!.setText('{ "id": ')
    expect(ws.text(PATH)).toBe('{ "id": ')
    expect(window.__hexwrightMonaco!.getText()).toBe('{ "id": ')
    wrapper.unmount()
    expect(window.__hexwrightMonaco).toBeUndefined()
  })

  it('reveals and selects the place the problems panel asks for', async () => {
    const { nav, editor, model, wrapper } = await open()
    const text = model.getValue()
    const line = text.slice(0, text.indexOf('"defaultTerrain"')).split('\n').length
    nav.locate({ path: PATH, pointer: '/defaultTerrain', line: 0, column: 0 }, 'json')
    await flushPromises()
    expect(editor.selection).toMatchObject({ startLineNumber: line, endLineNumber: line })
    const value = '"clear"'
    expect(editor.selection!.endColumn - editor.selection!.startColumn).toBe(value.length)
    expect(editor.focused).toBe(true)
    // A place for another file is not this view's business.
    editor.selection = undefined
    nav.locate({ path: 'content/maps/arsuf.json', line: 3, column: 1 }, 'json')
    await flushPromises()
    expect(editor.selection).toBeUndefined()
    wrapper.unmount()
  })

  it('disposes the editor and the model when closed', async () => {
    const { editor, model, wrapper } = await open()
    wrapper.unmount()
    expect(editor.disposed).toBe(true)
    expect(model.disposed).toBe(true)
  })
})
