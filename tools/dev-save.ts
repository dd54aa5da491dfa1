/**
 * Vite plugin for `npm start`: lets the editor write validated files into the content folder.
 * Only the dev server has it (`apply: 'serve'`); a built editor has no server to write with,
 * so it keeps to IndexedDB and packs.
 *
 *   GET  /__hexwright/status → {writable: true, contentDir}
 *   GET  /__hexwright/files  → {files: [{path, text}]}   what is on disk, to show what differs
 *   POST /__hexwright/save   {files: [{path, text|null}]} → 200 {saved, deleted, problems}
 *                                                         | 422 {error, problems} | 400 {error}
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
// Types only: the save itself (and the validator it runs) is loaded through the dev server on
// the first request, so vite.config.ts does not bundle the whole runtime at every start.
import type { createDevSave, DevSave, Reply } from './dev-save-core'

export const API = '/__hexwright'

/** The content folder: `HEXWRIGHT_CONTENT_DIR` when set (tests point it at a copy), else `<root>/content`. */
export function contentDirFrom(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.HEXWRIGHT_CONTENT_DIR
  return dir ? resolve(root, dir) : join(root, 'content')
}
const MAX_BODY = 64 * 1024 * 1024

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) {
        fail(new Error('the request is too large'))
        req.destroy()
      } else chunks.push(c)
    })
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

function send(res: ServerResponse, reply: Reply): void {
  res.statusCode = reply.status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(JSON.stringify(reply.body))
}

/** A connect middleware over a DevSave: the part of the plugin tests run against a real socket. */
export function devSaveMiddleware(getSave: () => DevSave | Promise<DevSave>) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> => {
    const url = (req.url ?? '').split('?')[0]
    if (!url?.startsWith(API + '/')) return next()
    const route = `${req.method ?? 'GET'} ${url.slice(API.length)}`
    try {
      const save = await getSave()
      if (route === 'GET /status') return send(res, save.status())
      if (route === 'GET /files') return send(res, save.files())
      if (route === 'POST /save') {
        let body: unknown
        try {
          body = JSON.parse(await readBody(req))
        } catch (e) {
          return send(res, {
            status: 400,
            body: { error: `the request is not JSON (${String(e)})` },
          })
        }
        return send(res, await save.save(body))
      }
      send(res, { status: 404, body: { error: `no such request: ${route}` } })
    } catch (e) {
      send(res, {
        status: 500,
        body: { error: `Saving failed: ${e instanceof Error ? e.message : String(e)}` },
      })
    }
  }
}

export function devSavePlugin(): Plugin {
  // Files this plugin just wrote: the page already has their text, so a reload would only
  // interrupt the designer (and hide the save report).
  const written = new Map<string, number>()
  return {
    name: 'hexwright-dev-save',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root
      let loading: Promise<DevSave> | undefined
      const load = async (): Promise<DevSave> => {
        const core = (await server.ssrLoadModule('/tools/dev-save-core.ts')) as {
          createDevSave: typeof createDevSave
        }
        return core.createDevSave({
          contentDir: contentDirFrom(root),
          projectRoot: root,
          onWritten: (files) => {
            const now = Date.now()
            for (const [f, t] of written) if (now - t > 10_000) written.delete(f)
            for (const f of files) written.set(f, now)
          },
        })
      }
      // A failed load (a syntax error while editing the tools) is retried on the next request.
      const handle = devSaveMiddleware(
        () =>
          (loading ??= load().catch((e: unknown) => {
            loading = undefined
            throw e
          })),
      )
      server.middlewares.use((req, res, next) => void handle(req, res, next))
    },
    hotUpdate({ file }) {
      const at = written.get(resolve(file))
      if (at !== undefined && Date.now() - at < 10_000) return []
    },
  }
}
