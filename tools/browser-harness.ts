/**
 * The editor in a real browser, for the end-to-end tests and the benchmark: the editor built
 * and served on a free port with the dev server's Save endpoints (its content folder can be a
 * scratch copy, so Save never touches content/), and Debian's Chromium driven by
 * playwright-core. Nothing is downloaded.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { build, preview } from 'vite'
import { contentDirFrom, devSaveMiddleware } from './dev-save'
import { createDevSave } from './dev-save-core'

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

/**
 * The editor built once (development mode: the same checks and the Save endpoints as `npm
 * start`) and served as static files, with the dev server's Save middleware writing into
 * `contentDir`. A page load then fetches a few dozen bundled files instead of the dev server's
 * several hundred modules, each transformed on request.
 */
export async function startBuiltEditor(contentDir?: string): Promise<EditorServer> {
  if (contentDir) process.env.HEXWRIGHT_CONTENT_DIR = contentDir
  const outDir = mkdtempSync(join(tmpdir(), 'hexwright-editor-build-'))
  await build({
    root: projectRoot,
    configFile: `${projectRoot}/vite.config.ts`,
    mode: 'development',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      reportCompressedSize: false,
    },
    logLevel: 'error',
  })
  const save = devSaveMiddleware(() =>
    createDevSave({ contentDir: contentDirFrom(projectRoot), projectRoot }),
  )
  const server = await preview({
    root: projectRoot,
    configFile: false,
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', open: false },
    logLevel: 'error',
    plugins: [
      {
        name: 'hexwright-save-in-preview',
        configurePreviewServer(s) {
          s.middlewares.use((req, res, next) => void save(req, res, next))
        },
      },
    ],
  })
  const address = server.httpServer.address()
  if (!address || typeof address === 'string') throw new Error('the preview server has no address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
