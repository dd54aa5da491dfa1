/**
 * Content as the runtime uses it once loaded: a ruleset resolved with its variants, with its
 * expressions compiled once and indexes by id; a map with its grid; a scenario bound to both.
 * Everything here is derived from the JSON content and never stored in game state.
 */
import type { CompiledExpr, Environment } from '../expr'
import type {
  ModifierList,
  Resolution,
  ResolvedRuleset,
  ResultSet,
  Scenario,
  Table,
  UnitClass,
  UnitType,
} from '../generated/content-types'
import type { ContextKind } from './expression-context'
import type { LoadedMap } from '../content/load-map'

export interface LoadedRuleset {
  ruleset: ResolvedRuleset
  unitTypes: ReadonlyMap<string, UnitType>
  unitClasses: ReadonlyMap<string, UnitClass>
  tables: ReadonlyMap<string, Table>
  modifierLists: ReadonlyMap<string, ModifierList>
  resolutions: ReadonlyMap<string, Resolution>
  resultSets: ReadonlyMap<string, ResultSet>
  environments: Readonly<Record<ContextKind, Environment>>
  /**
   * The compiled form of an expression written in this ruleset's content, compiled when the
   * ruleset was loaded. Throws if `source` was not part of the content (a runtime bug).
   */
  expression(context: ContextKind, source: string): CompiledExpr
}

export type { LoadedMap }

export interface LoadedScenario {
  scenario: Scenario
  rules: LoadedRuleset
  map: LoadedMap
  /** Optional rules in force: the ruleset's defaults overridden by the scenario. */
  options: Readonly<Record<string, boolean>>
}
