import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDevSave, formatForDisk, type DevSave } from '../../tools/dev-save-core'
import { contentDirFrom, devSaveMiddleware, devSavePlugin } from '../../tools/dev-save'
import { projectRoot } from '../helpers/fixtures'

/**
 * The content the saves write into: a copy of the small kernel content (11 files). The save
 * validates everything on disk with what it writes, and the bundled content (84 files) takes
 * seconds to validate where this takes a tenth of one: what is tested is the save, whatever the
 * content. The dev server test saves into a copy of the bundled content, as `npm start` does.
 */
const FIXTURE = 'test/fixtures/state'
const MAP = 'content/maps/kernel-map.json'
const MAP_FILE = 'maps/kernel-map.json'
let tmp: string
let dir: string
let save: DevSave

/** `text` with `from` replaced by `to`; `from` must be there, so that the edit is not lost. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the text does not contain ${from}`)
  return text.replace(from, to)
}

/** Every file under the folder with its bytes: "the disk is untouched" compares these. */
function snapshot(folder: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out[p.slice(folder.length)] = readFileSync(p, 'utf8')
    }
  }
  walk(folder)
  return out
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'hexwright-save-'))
  dir = join(tmp, 'content')
  cpSync(join(projectRoot, FIXTURE), dir, { recursive: true })
  save = createDevSave({ contentDir: dir, projectRoot })
})
afterEach(() => rmSync(tmp, { recursive: true, force: true }))

describe('dev-server save', () => {
  it('writes a valid change and a new file, leaving no temporary files behind', async () => {
    const before = readFileSync(join(dir, MAP_FILE), 'utf8')
    const edited = edit(before, '"Kernel test map"', '"The kernel map, renamed"')
    const fresh = edit(before, '"id": "kernel-map"', '"id": "second-map"')
    const reply = await save.save({
      files: [
        { path: MAP, text: edited },
        { path: 'content/maps/second-map.json', text: fresh },
      ],
    })
    expect(reply.status).toBe(200)
    // content/ is in .prettierignore: the designer's layout is written as typed.
    expect(readFileSync(join(dir, MAP_FILE), 'utf8')).toBe(edited)
    expect(readFileSync(join(dir, 'maps/second-map.json'), 'utf8')).toBe(fresh)
    expect(readdirSync(join(dir, 'maps')).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(reply.body).toMatchObject({
      saved: [{ path: MAP }, { path: 'content/maps/second-map.json' }],
      deleted: [],
    })
  })

  it('refuses content with errors, naming line and column, and touches nothing', async () => {
    const disk = snapshot(dir)
    const broken = edit(
      readFileSync(join(dir, MAP_FILE), 'utf8'),
      '"defaultTerrain": "clear"',
      '"defaultTerrain": "lava-lake"',
    )
    const reply = await save.save({
      files: [
        { path: MAP, text: broken },
        { path: 'content/maps/ok-new.json', text: '{"nothing": "valid"' },
      ],
    })
    expect(reply.status).toBe(422)
    const problems = (reply.body as { problems: Array<Record<string, unknown>> }).problems
    const terrain = problems.find((p) => p.file === MAP && p.pointer === '/defaultTerrain')
    expect(terrain).toMatchObject({
      severity: 'error',
      line: expect.any(Number),
      column: expect.any(Number),
    })
    expect(terrain!.line).toBe(broken.split('\n').findIndex((l) => l.includes('lava-lake')) + 1)
    expect(problems.some((p) => p.file === 'content/maps/ok-new.json' && p.line === 1)).toBe(true)
    expect(snapshot(dir)).toEqual(disk)
  })

  it('checks the saved files against what is on disk (a reference to a missing map fails)', async () => {
    const scenario = readFileSync(join(dir, 'scenarios/kernel-skirmish.json'), 'utf8')
    const reply = await save.save({
      files: [
        {
          path: 'content/scenarios/kernel-skirmish.json',
          text: edit(scenario, '"map": "kernel-map"', '"map": "no-such-map"'),
        },
      ],
    })
    expect(reply.status).toBe(422)
  })

  it('writes all files or none: a file that cannot be written leaves the others untouched', async () => {
    const disk = snapshot(dir)
    const edited = edit(disk[`/${MAP_FILE}`]!, 'Kernel test map"', 'Kernel test map, again"')
    const copy = edit(edited, '"id": "kernel-map"', '"id": "x"')
    // A folder cannot be made where a file stands: the second write fails after the first.
    await expect(
      save.save({
        files: [
          { path: MAP, text: edited },
          { path: `${MAP}/x.json`, text: copy },
        ],
      }),
    ).rejects.toThrow()
    expect(snapshot(dir)).toEqual(disk)
  })

  it('deletes a file when its text is null', async () => {
    const scenario = readFileSync(join(dir, 'scenarios/kernel-skirmish.json'), 'utf8')
    writeFileSync(
      join(dir, 'scenarios/spare.json'),
      edit(scenario, '"id": "kernel-skirmish"', '"id": "spare"'),
    )
    const reply = await save.save({ files: [{ path: 'content/scenarios/spare.json', text: null }] })
    expect(reply.status).toBe(200)
    expect(existsSync(join(dir, 'scenarios/spare.json'))).toBe(false)
  })

  it('refuses paths outside the content folder', async () => {
    const disk = snapshot(dir)
    for (const path of [
      'content/../package.json',
      '../content/maps/x.json',
      '/etc/passwd.json',
      join(dir, 'maps/x.json'),
      'content/maps/..\\..\\x.json',
      'content//maps/x.json',
      'src/x.json',
      'content/maps/x.js',
    ]) {
      const reply = await save.save({ files: [{ path, text: '{}' }] })
      expect(reply.status, path).toBe(400)
    }
    expect(existsSync(join(tmp, 'package.json'))).toBe(false)
    expect(snapshot(dir)).toEqual(disk)
  })

  it('formats with prettier where the project does not ignore the file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hexwright-root-'))
    writeFileSync(join(root, '.prettierrc.json'), '{"printWidth": 100}')
    try {
      expect(await formatForDisk('content/maps/x.json', '{"a":1,\n"b":[1,2]}', root)).toBe(
        '{ "a": 1, "b": [1, 2] }\n',
      )
      expect(await formatForDisk('content/maps/x.json', '{"a":1}', projectRoot)).toBe('{"a":1}')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('takes the content folder from HEXWRIGHT_CONTENT_DIR, else <root>/content', () => {
    expect(contentDirFrom('/p', {})).toBe('/p/content')
    expect(contentDirFrom('/p', { HEXWRIGHT_CONTENT_DIR: '/tmp/c' })).toBe('/tmp/c')
    expect(contentDirFrom('/p', { HEXWRIGHT_CONTENT_DIR: 'other' })).toBe('/p/other')
  })

  it('is a dev-server-only plugin', () => {
    expect(devSavePlugin()).toMatchObject({ name: 'hexwright-dev-save', apply: 'serve' })
  })
})

describe('dev-server save over HTTP', () => {
  let server: Server
  let base = ''
  beforeEach(async () => {
    const handle = devSaveMiddleware(() => save)
    server = createServer((req, res) => void handle(req, res, () => res.writeHead(404).end()))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const a = server.address()
    if (!a || typeof a === 'string') throw new Error('no address')
    base = `http://127.0.0.1:${a.port}/__hexwright`
  })
  afterEach(() => new Promise<void>((r) => server.close(() => r())))

  it('answers status, files and save', async () => {
    expect(await (await fetch(`${base}/status`)).json()).toEqual({
      writable: true,
      contentDir: dir,
    })
    const files = (await (await fetch(`${base}/files`)).json()) as {
      files: Array<{ path: string }>
    }
    expect(files.files.map((f) => f.path)).toContain(MAP)
    const text = edit(
      readFileSync(join(dir, MAP_FILE), 'utf8'),
      'Kernel test map"',
      'Kernel test map, again"',
    )
    const ok = await fetch(`${base}/save`, {
      method: 'POST',
      body: JSON.stringify({ files: [{ path: MAP, text }] }),
    })
    expect(ok.status).toBe(200)
    expect(readFileSync(join(dir, MAP_FILE), 'utf8')).toBe(text)
    const bad = await fetch(`${base}/save`, { method: 'POST', body: '{not json' })
    expect(bad.status).toBe(400)
    const refused = await fetch(`${base}/save`, {
      method: 'POST',
      body: JSON.stringify({ files: [{ path: MAP, text: '{' }] }),
    })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { problems: unknown[] }).problems.length).toBeGreaterThan(0)
  })
})

describe('the dev-save plugin in the Vite dev server', () => {
  it('serves status and saves into HEXWRIGHT_CONTENT_DIR', async () => {
    // The bundled content, which `npm start` saves into, rather than the kernel content.
    rmSync(dir, { recursive: true, force: true })
    cpSync(join(projectRoot, 'content'), dir, { recursive: true })
    const { createServer: createVite } = await import('vite')
    const before = process.env.HEXWRIGHT_CONTENT_DIR
    process.env.HEXWRIGHT_CONTENT_DIR = dir
    const vite = await createVite({
      root: projectRoot,
      configFile: join(projectRoot, 'vite.config.ts'),
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    })
    try {
      await vite.listen()
      const a = vite.httpServer?.address()
      if (!a || typeof a === 'string') throw new Error('no address')
      const base = `http://127.0.0.1:${a.port}/__hexwright`
      expect(await (await fetch(`${base}/status`)).json()).toEqual({
        writable: true,
        contentDir: dir,
      })
      const text = edit(
        readFileSync(join(dir, 'maps/sample-ford.json'), 'utf8'),
        'Tell Hamar"',
        'Tell Hamar, saved"',
      )
      const res = await fetch(`${base}/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ files: [{ path: 'content/maps/sample-ford.json', text }] }),
      })
      expect(res.status).toBe(200)
      expect(readFileSync(join(dir, 'maps/sample-ford.json'), 'utf8')).toBe(text)
      expect(readFileSync(join(projectRoot, 'content/maps/sample-ford.json'), 'utf8')).not.toBe(
        text,
      )
    } finally {
      await vite.close()
      if (before === undefined) delete process.env.HEXWRIGHT_CONTENT_DIR
      else process.env.HEXWRIGHT_CONTENT_DIR = before
    }
  })
})
