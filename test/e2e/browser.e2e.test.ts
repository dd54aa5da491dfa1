/**
 * Every browser test, on one built editor (tools/browser-harness.ts: built once in development
 * mode, served with the dev server's Save endpoints) and one Chromium: playtests in the browser
 * (play-flow.ts: Men of Iron and Croisades tactical), a designer in the editor (editor-flow.ts) and Croisades riders
 * (riders-flow.ts), each in a browser context of its own, so each starts from an empty
 * workspace. One file, so that Vitest runs it beside the other tests on the second core
 * instead of after them all (files of a project without file parallelism wait for every other
 * file), and the browser tests build one editor and start one Chromium instead of three. The
 * build takes some 10 s; each page load then fetches a few dozen files instead of the dev
 * server's several hundred modules (alone on this machine: 159 s → 121 s). `npm start`'s dev server
 * itself is checked by test/editor/dev-server.test.ts and test/tools/dev-save.test.ts.
 * Screenshots land in test-results/.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import {
  launchChromium,
  projectRoot,
  startBuiltEditor,
  type EditorServer,
} from '../../tools/browser-harness'
import { designerInTheEditor } from './editor-flow'
import { croisadesInTheBrowser, playtestInTheBrowser } from './play-flow'
import { ridersInTheBrowser } from './riders-flow'
import type { BrowserSession } from './session'

let server: EditorServer | undefined
let session: BrowserSession | undefined

beforeAll(async () => {
  mkdirSync(join(projectRoot, 'test-results'), { recursive: true })
  const content = mkdtempSync(join(tmpdir(), 'hexwright-e2e-content-'))
  cpSync(join(projectRoot, 'content'), content, { recursive: true })
  server = await startBuiltEditor(content)
  session = { browser: await launchChromium(), url: server.url, content }
}, 120_000)

afterAll(async () => {
  await session?.browser.close()
  await server?.close()
  if (session) rmSync(session.content, { recursive: true, force: true })
})

const current = (): BrowserSession => {
  if (session === undefined) throw new Error('the browser session did not start')
  return session
}

playtestInTheBrowser(current)
croisadesInTheBrowser(current)
designerInTheEditor(current)
ridersInTheBrowser(current)
