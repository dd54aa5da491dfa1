/** The bundled content as a workspace library, read from disk, for the pure table tests. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WorkspaceLibrary } from '../../../src/editor/workspace/library'

export function contentFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const dir of readdirSync('content')) {
    for (const f of readdirSync(join('content', dir))) {
      if (f.endsWith('.json'))
        files.set(`content/${dir}/${f}`, readFileSync(join('content', dir, f), 'utf8'))
    }
  }
  return files
}

export function library(files = contentFiles()): WorkspaceLibrary {
  const lib = new WorkspaceLibrary()
  lib.update(files)
  return lib
}

export function table(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`content/tables/${id}.json`, 'utf8')) as Record<string, unknown>
}
