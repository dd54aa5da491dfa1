import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { projectRoot } from '../helpers/fixtures'

// `npm start` runs this same Vite configuration; check it serves the editor and its modules compile.
describe('the editor dev server', () => {
  let server: ViteDevServer
  let base = ''

  beforeAll(async () => {
    server = await createServer({
      root: projectRoot,
      configFile: `${projectRoot}/vite.config.ts`,
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    })
    await server.listen()
    const address = server.httpServer?.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    base = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await server?.close()
  })

  it('serves the page that mounts the app', async () => {
    const res = await fetch(`${base}/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<div id="app"></div>')
    expect(html).toContain('/src/editor/main.ts')
  })

  it('compiles the entry, the root component and the bundled content list', async () => {
    for (const path of [
      '/src/editor/main.ts',
      '/src/editor/App.vue',
      '/src/editor/bundled-content.ts',
    ]) {
      const res = await fetch(`${base}${path}`)
      expect(res.status, path).toBe(200)
      expect((await res.text()).length, path).toBeGreaterThan(100)
    }
    const content = await (await fetch(`${base}/src/editor/bundled-content.ts`)).text()
    expect(content).toContain('/content/rulesets/')
  })
})
