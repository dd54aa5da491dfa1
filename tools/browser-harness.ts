/**
 * The editor in a real browser, for the end-to-end tests and the benchmark: a Vite dev server
 * on a free port (its content folder can be a scratch copy, so Save never touches content/),
 * and Debian's Chromium driven by playwright-core. Nothing is downloaded.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'

export const projectRoot = fileURLToPath(new URL('..', import.meta.url))

export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

export function chromiumPath(): string {
  const found = process.env.CHROMIUM_PATH ?? CHROMIUM_PATHS.find((p) => existsSync(p))
  if (!found)
    throw new Error(
      'Chromium is not installed: run `apt-get install -y chromium` (or set CHROMIUM_PATH)',
    )
  return found
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  })
}

export interface EditorServer {
  url: string
  close(): Promise<void>
}

/** The dev server `npm start` runs, with Save writing into `contentDir`. */
export async function startEditor(contentDir?: string): Promise<EditorServer> {
  // The save plugin reads this for as long as the server runs; callers run in their own process.
  if (contentDir) process.env.HEXWRIGHT_CONTENT_DIR = contentDir
  const server: ViteDevServer = await createServer({
    root: projectRoot,
    configFile: `${projectRoot}/vite.config.ts`,
    // No hot reload: a source file saved while the tests run must not remount the page under test.
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
    logLevel: 'error',
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('the dev server has no address')
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() }
}
