/**
 * Content: parsing with positions, schema validation in designers' words, references across
 * files and variant overlays: each file and the rulesets they make, before any rule is
 * prepared. Validating a whole library and loading it for play sit above the rules and the
 * state kernel, in library/.
 */
export { checkFile, schemaCheck } from './check-files'
export type { SourceText } from './check-files'
export { compareProblems, formatProblem } from './problems'
export type { Problem } from './problems'
export {
  CONTENT_FOLDERS,
  CONTENT_SCHEMAS,
  SCHEMA_ANNOTATIONS,
  SCHEMA_ID_BASE,
  formatOfSchemaPath,
} from './schema-names'
export type { ContentFormat } from './schema-names'
export type { LoadedMap } from './load-map'
export { createContentStore, describePath } from './content-store'
export type { ContentFile, ContentStore } from './content-store'
export { createRulesetResolver } from './resolve-ruleset'
export type { ResolveResult, ResolvedWithOrigins } from './resolve-ruleset'
export { parseJsonDocument, locate, joinPointer, parsePointer } from './json-document'
export type { JsonDocument } from './json-document'
export { didYouMean, suggest } from './suggest'
export {
  BUNDLED_PACK_ID,
  MOD_MANIFEST,
  packOf,
  packStackProblems,
  versionSatisfies,
} from './mod-manifest'
export type { PackLayer } from './mod-manifest'
