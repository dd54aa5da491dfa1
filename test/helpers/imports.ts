/**
 * A light scan of a module's imports for the architecture tests (import cycles, the runtime's
 * public entry): `import … from`, `export … from`, `import()` and bare `import '…'`.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

export interface ModuleImport {
  spec: string
  /** `import type`, `export type`, or braces naming `type` names only: erased before anything runs. */
  typeOnly: boolean
}

/** Every import of a relative path in `text`, in the order found by kind. */
export function relativeImports(text: string): ModuleImport[] {
  const found: ModuleImport[] = []
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]/gms
  for (const m of text.matchAll(statement)) {
    const clause = m[3] as string
    const braces = /^\{([^}]*)\}$/.exec(clause.trim())
    const names = braces?.[1]
      ?.split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '')
    const typeNames =
      names !== undefined && names.length > 0 && names.every((n) => n.startsWith('type '))
    found.push({ spec: m[4] as string, typeOnly: m[2] !== undefined || typeNames })
  }
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ spec: m[1] as string, typeOnly: false })
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm))
    found.push({ spec: m[1] as string, typeOnly: false })
  return found.filter((i) => i.spec.startsWith('.'))
}

/** The file a relative import names (`x.ts`, `x/index.ts`, or `x` itself), if it exists. */
export function resolveModule(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec)
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return undefined
}
