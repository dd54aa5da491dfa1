/**
 * The dev server's save: the editor sends the files it wants written into the content folder;
 * they are validated together with everything already on disk by the CLI's own validator and
 * written only when none of them has an error. Each file lands whole or not at all (written
 * beside its target, then renamed over it), so a crash mid-save never leaves half a file.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { validateContent, type Problem } from '../src/runtime'
import { listJsonFiles } from './content-files'

export interface DevSaveOptions {
  /** The folder written to; `content/…` paths from the editor are resolved against it. */
  contentDir: string
  /** The project whose prettier settings (and .prettierignore) apply to content files. */
  projectRoot: string
  /** Told the absolute paths each successful save wrote or deleted. */
  onWritten?: (files: string[]) => void
}

export interface SaveRequest {
  files: Array<{ path: string; text: string | null }>
}

export interface Reply {
  status: number
  body: unknown
}

const PREFIX = 'content/'

/** Why a path may not be written, or undefined when it may. */
export function pathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || path === '') return 'a file has no path'
  if (isAbsolute(path) || /^[a-z]:/i.test(path) || path.includes('\\') || path.includes('\0'))
    return `${path}: only paths inside the content folder can be saved`
  if (!path.startsWith(PREFIX)) return `${path}: only files under content/ can be saved`
  const parts = path.split('/')
  if (parts.some((s) => s === '' || s === '.' || s === '..'))
    return `${path}: a path may not contain empty, "." or ".." steps`
  if (!path.toLowerCase().endsWith('.json')) return `${path}: only .json content files can be saved`
  return undefined
}

/** Read the content folder as the editor names its files (`content/maps/x.json`). */
export function readDisk(contentDir: string): Map<string, string> {
  const out = new Map<string, string>()
  if (!existsSync(contentDir)) return out
  for (const abs of listJsonFiles(contentDir)) {
    const rel = relative(contentDir, abs).split(sep).join('/')
    out.set(PREFIX + rel, readFileSync(abs, 'utf8'))
  }
  return out
}

/**
 * Lay the JSON out as prettier would in this project. Files the project's .prettierignore
 * leaves alone (content/ is hand-laid-out, compact rows a designer reads as a chart) are written
 * exactly as typed, so a save changes only what the designer changed.
 */
export async function formatForDisk(
  path: string,
  text: string,
  projectRoot: string,
): Promise<string> {
  const prettier = await import('prettier')
  // Judged as if the file sat in the project's own content folder, wherever it is written.
  const asInProject = join(projectRoot, path)
  const ignorePath = join(projectRoot, '.prettierignore')
  const info = await prettier.getFileInfo(asInProject, {
    ignorePath: existsSync(ignorePath) ? ignorePath : undefined,
  })
  if (info.ignored) return text
  const config = (await prettier.resolveConfig(asInProject)) ?? {}
  return prettier.format(text, { ...config, filepath: asInProject, parser: 'json' })
}

function parseRequest(body: unknown): SaveRequest | string {
  const files = (body as { files?: unknown } | null)?.files
  if (!Array.isArray(files) || files.length === 0)
    return 'the request must list the files to save: {"files": [{"path", "text"}]}'
  for (const f of files as Array<{ path?: unknown; text?: unknown }>) {
    const bad = pathProblem(f?.path)
    if (bad) return bad
    if (f.text !== null && typeof f.text !== 'string')
      return `${String(f.path)}: text must be a string, or null to delete the file`
  }
  const paths = (files as Array<{ path: string }>).map((f) => f.path)
  if (new Set(paths).size !== paths.length) return 'a file is listed twice'
  return { files: files as SaveRequest['files'] }
}

function absolute(contentDir: string, path: string): string {
  const abs = resolve(contentDir, path.slice(PREFIX.length))
  const rel = relative(contentDir, abs)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    throw new Error(`${path} resolves outside the content folder`)
  return abs
}

/** Write every file beside its target first; rename only when all of them were written. */
async function writeAll(
  contentDir: string,
  writes: Array<{ path: string; text: string }>,
  deletes: string[],
): Promise<void> {
  const staged: Array<{ tmp: string; abs: string }> = []
  try {
    for (const w of writes) {
      const abs = absolute(contentDir, w.path)
      await mkdir(dirname(abs), { recursive: true })
      const tmp = join(dirname(abs), `.${basename(abs)}.${randomBytes(6).toString('hex')}.tmp`)
      staged.push({ tmp, abs })
      await writeFile(tmp, w.text, 'utf8')
    }
  } catch (e) {
    await Promise.all(staged.map((s) => rm(s.tmp, { force: true })))
    throw e
  }
  for (const s of staged) await rename(s.tmp, s.abs)
  for (const path of deletes) {
    await unlink(absolute(contentDir, path)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e
    })
  }
}

export function createDevSave(options: DevSaveOptions) {
  const contentDir = resolve(options.contentDir)
  // One save at a time: the second validates against what the first wrote.
  let queue: Promise<unknown> = Promise.resolve()

  function status(): Reply {
    return { status: 200, body: { writable: true, contentDir } }
  }

  function files(): Reply {
    const disk = readDisk(contentDir)
    return { status: 200, body: { files: [...disk].map(([path, text]) => ({ path, text })) } }
  }

  async function saveNow(body: unknown): Promise<Reply> {
    const req = parseRequest(body)
    if (typeof req === 'string') return { status: 400, body: { error: req } }
    const next = readDisk(contentDir)
    for (const f of req.files) {
      if (f.text === null) next.delete(f.path)
      else next.set(f.path, f.text)
    }
    const sources = [...next].map(([path, text]) => ({ path, text }))
    const saving = new Set(req.files.filter((f) => f.text !== null).map((f) => f.path))
    const problems: Problem[] = validateContent(sources).problems.filter((p) => saving.has(p.file))
    const errors = problems.filter((p) => p.severity === 'error')
    if (errors.length > 0) {
      const n = errors.length
      return {
        status: 422,
        body: {
          error: `Nothing was saved: ${n} error${n === 1 ? '' : 's'} in the files being saved`,
          problems,
        },
      }
    }
    const writes: Array<{ path: string; text: string }> = []
    for (const f of req.files)
      if (f.text !== null)
        writes.push({
          path: f.path,
          text: await formatForDisk(f.path, f.text, options.projectRoot),
        })
    const deletes = req.files.filter((f) => f.text === null).map((f) => f.path)
    await writeAll(contentDir, writes, deletes)
    options.onWritten?.(
      [...writes.map((w) => w.path), ...deletes].map((p) => absolute(contentDir, p)),
    )
    return { status: 200, body: { saved: writes, deleted: deletes, problems } }
  }

  function save(body: unknown): Promise<Reply> {
    const run = queue.then(() => saveNow(body))
    queue = run.catch(() => undefined)
    return run
  }

  return { contentDir, status, files, save }
}

export type DevSave = ReturnType<typeof createDevSave>
