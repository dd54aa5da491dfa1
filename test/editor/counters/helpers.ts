/** The bundled content read from disk into a workspace library, as the editor sees it. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WorkspaceLibrary } from '../../../src/editor/workspace/library'

// Vitest runs from the project root.
const root = process.cwd()

export function contentFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const dir of readdirSync(join(root, 'content'))) {
    for (const f of readdirSync(join(root, 'content', dir))) {
      if (f.endsWith('.json')) {
        const path = `content/${dir}/${f}`
        files.set(path, readFileSync(join(root, path), 'utf8'))
      }
    }
  }
  return files
}

export function library(): WorkspaceLibrary {
  const lib = new WorkspaceLibrary()
  lib.update(contentFiles())
  return lib
}

export function json<T>(path: string): T {
  return JSON.parse(readFileSync(join(root, path), 'utf8')) as T
}
