/**
 * Checks that every id a file mentions names something that exists: another file (a ruleset, a
 * map), an entity of the ruleset in force (a terrain, a unit type, a status), or a name defined in
 * the file itself (a command, a column). The schema's x-ref annotations say which kind each place
 * names, so this stays generic.
 */
import type { ContentFile, ContentStore } from './content-store'
import { FILE_REF_KINDS } from './content-store'
import { escapePointerSegment, locate } from './json-document'
import type { Problem } from './problems'
import { annotation, rootSchema, walkWithSchema } from './schema-walk'
import { CONTENT_SCHEMAS } from './schema-names'
import { didYouMean } from './suggest'
import { describeValue } from './schema-messages'
import { REF_KIND_NAMES, type Vocabulary } from './vocabulary'

export interface ReferenceScope {
  /** Names by kind; a kind missing here is not checked (its context failed to load, reported elsewhere). */
  vocabulary: Vocabulary | undefined
  /** Checks a hex number against the map in force; returns a message or null. */
  hex?: (label: string) => string | null
  /** Declared ratings, to check the type of the values given for them. */
  ratings?: ReadonlyMap<string, RatingDeclaration>
  /**
   * For a ruleset that others build on (a game system its variants complete): their names and
   * vocabularies. A name this ruleset leaves to them is known when every one of them defines
   * it, and reported naming those that do not.
   */
  derived?: readonly { readonly name: string; readonly vocabulary: Vocabulary | undefined }[]
}

export interface RatingDeclaration {
  type: 'number' | 'string' | 'boolean'
  values?: string[]
  minimum?: number
  maximum?: number
}

/** The size no number rating may pass when its ruleset declares no range: no counter prints more. */
export const RATING_LIMIT = 1_000_000

/** Why a number is not a value of the declared rating, or null when it is. */
export function ratingRangeProblem(
  key: string,
  value: number,
  declared: RatingDeclaration,
): string | null {
  const { minimum, maximum } = declared
  const shown = describeValue(value)
  if (minimum !== undefined || maximum !== undefined) {
    if ((minimum === undefined || value >= minimum) && (maximum === undefined || value <= maximum))
      return null
    const range =
      minimum === undefined
        ? `at most ${maximum}`
        : maximum === undefined
          ? `at least ${minimum}`
          : `from ${minimum} to ${maximum}`
    return `rating "${key}" must be ${range}, the range the ruleset declares for it, found ${shown}`
  }
  if (Math.abs(value) <= RATING_LIMIT) return null
  return `rating "${key}" is ${shown}, beyond any counter: a number rating must lie between -${RATING_LIMIT.toLocaleString('en-US')} and ${RATING_LIMIT.toLocaleString('en-US')} (or in the range its ruleset declares with "minimum" and "maximum")`
}

const ratingTypeNames = { number: 'a number', string: 'text', boolean: 'true or false' }

export function referenceProblems(
  file: ContentFile,
  scope: ReferenceScope,
  store: ContentStore,
): Problem[] {
  if (!file.format || !file.valid) return []
  const doc = file.doc
  const problems: Problem[] = []
  const report = (pointer: string, message: string, key: boolean): void => {
    problems.push({
      file: doc.file,
      ...locate(doc, pointer, { key }),
      pointer,
      message,
      severity: 'error',
    })
  }
  const check = (kind: string, name: string, pointer: string, key: boolean): void => {
    const what = REF_KIND_NAMES[kind] ?? kind
    const fileFormats = FILE_REF_KINDS[kind]
    if (fileFormats) {
      if (!store.exists(fileFormats, name)) {
        const known = store.ids(fileFormats)
        report(
          pointer,
          `unknown ${what} "${name}"${didYouMean(name, known) || (known.length ? '' : ` (there is no ${what} in the content)`)}`,
          key,
        )
      }
      return
    }
    if (kind === 'hex') {
      const message = scope.hex?.(name)
      if (message) report(pointer, message, key)
      return
    }
    const names = scope.vocabulary?.get(kind)
    if (!names || names.has(name)) return
    const derived = scope.derived ?? []
    if (derived.length > 0) {
      const lacking = derived.filter((d) => d.vocabulary?.get(kind)?.has(name) === false)
      if (lacking.length === 0) return
      const who = lacking.map((d) => d.name).join(', ')
      // Suggested from the names of the games too: a misspelling of what they all define.
      const known = new Set([
        ...names,
        ...lacking.flatMap((d) => [...(d.vocabulary?.get(kind) ?? [])]),
      ])
      const verb = lacking.length === 1 ? 'builds' : 'build'
      report(
        pointer,
        `unknown ${what} "${name}": ${who}, which ${verb} on this ruleset, ${lacking.length === 1 ? 'does' : 'do'} not define it${didYouMean(name, known)}`,
        key,
      )
      return
    }
    report(pointer, `unknown ${what} "${name}"${didYouMean(name, names)}`, key)
  }
  const checkRating = (
    key: string,
    v: unknown,
    declared: RatingDeclaration,
    pointer: string,
  ): void => {
    if (typeof v !== declared.type) {
      report(
        pointer,
        `rating "${key}" must be ${ratingTypeNames[declared.type]}, found ${describeValue(v)}`,
        false,
      )
    } else if (typeof v === 'number') {
      const outside = ratingRangeProblem(key, v, declared)
      if (outside !== null) report(pointer, outside, false)
    } else if (declared.values && typeof v === 'string' && !declared.values.includes(v)) {
      report(
        pointer,
        `rating "${key}" must be one of ${declared.values.map((x) => `"${x}"`).join(', ')}, found "${v}"${didYouMean(v, declared.values)}`,
        false,
      )
    }
  }
  walkWithSchema(
    rootSchema(CONTENT_SCHEMAS[file.format]),
    doc.value,
    ({ pointer, value, schemas }) => {
      const kind = annotation(schemas, 'x-ref')
      if (typeof kind === 'string' && typeof value === 'string') check(kind, value, pointer, false)
      const keyKind = annotation(schemas, 'x-ref-keys')
      if (
        typeof keyKind === 'string' &&
        value &&
        typeof value === 'object' &&
        !Array.isArray(value)
      ) {
        for (const [k, v] of Object.entries(value)) {
          const at = `${pointer}/${escapePointerSegment(k)}`
          check(keyKind, k, at, true)
          const declared = keyKind === 'rating' ? scope.ratings?.get(k) : undefined
          if (declared) checkRating(k, v, declared, at)
          // Optional rules are on or off: the engine reads any other value as one of them.
          if (keyKind === 'option' && typeof v !== 'boolean')
            report(
              at,
              `optional rule "${k}" is on or off: write true or false, not ${describeValue(v)}`,
              false,
            )
        }
      }
    },
  )
  return problems
}
