/**
 * Content: parsing with positions, schema validation in designers' words, references across
 * files, variant overlays, and loading rulesets, maps and scenarios for play.
 */
export { validateContent } from './validate'
export type { ValidationReport } from './validate'
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
export { libraryOfReport, loadLibrary } from './loader'
export type { ContentLibrary, LoadResult, ScenarioOptions } from './loader'
export type { LoadedMap, LoadedRuleset, LoadedScenario } from './loaded'
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
