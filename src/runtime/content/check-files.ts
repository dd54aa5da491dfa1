/**
 * First pass over content files: parse each one, find its format from "$schema", validate it
 * against that schema and check that its id matches its file name. Files that pass are "valid"
 * and may be read as their generated types by the later passes.
 */
import * as validators from '../generated/validators.js'
import { parseJsonDocument, locate, positionAt, type JsonDocument } from './json-document'
import type { Problem } from './problems'
import {
  CONTENT_FOLDERS,
  CONTENT_SCHEMAS,
  formatOfSchemaPath,
  type ContentFormat,
} from './schema-names'
import { hugeNumberProblems } from './number-limits'
import { reservedNameProblems } from './reserved-names'
import { rootSchema } from './schema-walk'
import { schemaProblems } from './schema-messages'
import { describePath, type ContentFile } from './content-store'
import { didYouMean } from './suggest'
import { MOD_MANIFEST } from './mod-manifest'
import type { CompiledValidator } from './validator-types'

export interface SourceText {
  path: string
  text: string
  /**
   * Set by a reader that decoded the file's bytes and found some that are not UTF-8: where the
   * first bad sequence begins in `text` (which holds U+FFFD from there) and its first byte.
   * The file is refused there; the runtime itself only ever receives text.
   */
  invalidUtf8?: { offset: number; byte: number }
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())

export function validatorFor(format: ContentFormat): CompiledValidator {
  const v = (validators as unknown as Record<string, CompiledValidator>)[camel(format)]
  if (!v) throw new Error(`no validator generated for ${format}`)
  return v
}

/** Validate a value against a format's schema; problems are located in `doc`. */
export function schemaCheck(
  doc: JsonDocument,
  format: ContentFormat,
  value: unknown = doc.value,
): Problem[] {
  const validate = validatorFor(format)
  if (validate(value)) return []
  return schemaProblems(
    { ...doc, value },
    rootSchema(CONTENT_SCHEMAS[format]),
    validate.errors ?? [],
  )
}

function problemAt(
  doc: JsonDocument,
  pointer: string,
  message: string,
  severity: Problem['severity'] = 'error',
): Problem {
  return { file: doc.file, ...locate(doc, pointer), pointer, message, severity }
}

export function checkFile(source: SourceText): { file: ContentFile; problems: Problem[] } {
  const { folder, name } = describePath(source.path, Object.keys(CONTENT_FOLDERS))
  const parsed = parseJsonDocument(source.path, source.text)
  const base = { path: source.path, folder, name, doc: parsed.doc, format: undefined, valid: false }
  if (source.invalidUtf8 !== undefined) {
    const { offset, byte } = source.invalidUtf8
    const hex = byte.toString(16).toUpperCase().padStart(2, '0')
    const message = `the file is not valid UTF-8: the character here (byte 0x${hex}) cannot be read; save the file as UTF-8`
    const at = positionAt(parsed.doc, offset)
    return {
      file: base,
      problems: [{ file: source.path, ...at, pointer: '', message, severity: 'error' }],
    }
  }
  if (!parsed.ok) return { file: base, problems: parsed.problems }
  const doc = parsed.doc
  const value = doc.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      file: base,
      problems: [problemAt(doc, '', 'a content file must hold one JSON object')],
    }
  }
  const schemaPath = (value as Record<string, unknown>).$schema
  const allowed = folder ? CONTENT_FOLDERS[folder] : undefined
  const expected = (allowed ?? Object.keys(CONTENT_SCHEMAS)).map(
    (f) => CONTENT_SCHEMAS[f as ContentFormat],
  )
  if (typeof schemaPath !== 'string') {
    return {
      file: base,
      problems: [
        problemAt(
          doc,
          '',
          `missing "$schema": name this file's schema, e.g. "../../schemas/${expected[0]}"`,
        ),
      ],
    }
  }
  const format = formatOfSchemaPath(schemaPath)
  if (!format) {
    const file = schemaPath.split('/').pop() ?? schemaPath
    return {
      file: base,
      problems: [
        problemAt(
          doc,
          '/$schema',
          `"${schemaPath}" is not a Hexwright schema${didYouMean(file, expected) || ` (expected one of ${expected.join(', ')})`}`,
        ),
      ],
    }
  }
  const problems: Problem[] = []
  if (allowed && !allowed.includes(format)) {
    const home = Object.entries(CONTENT_FOLDERS).find(([, formats]) =>
      formats.includes(format),
    )?.[0]
    problems.push(
      problemAt(
        doc,
        '/$schema',
        `a ${format} file belongs in content/${home ?? '?'}/, not content/${folder}/`,
      ),
    )
  }
  problems.push(...schemaCheck(doc, format))
  problems.push(...reservedNameProblems(doc))
  problems.push(...hugeNumberProblems(doc))
  const id = (value as Record<string, unknown>).id
  if (format === 'mod') {
    // A pack's manifest has one name whatever the pack's id (mod-manifest.ts).
    if (`${name}.json` !== MOD_MANIFEST)
      problems.push(
        problemAt(
          doc,
          '',
          `a mod manifest is read only as ${MOD_MANIFEST} at the top of its pack; rename this file`,
        ),
      )
  } else if (typeof id === 'string' && id !== name && format !== 'saved-game') {
    problems.push(
      problemAt(
        doc,
        '/id',
        `id "${id}" must equal the file name "${name}" (rename the file or change the id)`,
      ),
    )
  }
  const valid = problems.every((p) => p.severity !== 'error')
  return { file: { ...base, format, valid }, problems }
}
