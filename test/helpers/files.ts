import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Files under a folder (recursively) whose names end with `suffix`. */
export function listFiles(dir: string, suffix: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(path, suffix))
    else if (entry.name.endsWith(suffix)) out.push(path)
  }
  return out.sort()
}
