/**
 * The corpus of bad content (issue 12, "Bad inputs"): each case a small change to one file of
 * the mini fixture (test/fixtures/mini, every kind of content file in seven small files), and
 * where `validate` must report it: the file, the JSON pointer, the words. The runner
 * (bad-inputs-corpus.test.ts) validates each changed copy in-process, as `validate <file>` does.
 */
import type { Change } from './mutate'
import { all, duplicate, remove, replace, set, truncate, whole } from './mutate'

export interface ContentCase {
  name: string
  /** The file changed, under the fixture's root: 'rulesets/mini.json'. */
  file: string
  change: Change
  /** Other files changed (or added) for this case, by path under the root. */
  also?: Readonly<Record<string, Change>>
  /** The file the problem is reported in, when not `file`. */
  reportedIn?: string
  /** The pointer the problem is reported at (a pattern when it depends on where the text stops). */
  pointer: string | RegExp
  message: RegExp
  /** A warning leaves the exit code 0; the default is an error, exit 1. */
  severity?: 'warning'
}

export const RULESET = 'rulesets/mini.json'
export const VARIANT = 'rulesets/mini-plus.json'
export const UNITS = 'units/mini-units.json'
export const TABLE = 'tables/mini-crt.json'
export const MODIFIERS = 'tables/mini-drm.json'
export const MAP = 'maps/mini-map.json'
export const SCENARIO = 'scenarios/mini-battle.json'

export const KINDS: Readonly<Record<string, string>> = {
  ruleset: RULESET,
  variant: VARIANT,
  'unit set': UNITS,
  table: TABLE,
  'modifier list': MODIFIERS,
  map: MAP,
  scenario: SCENARIO,
}

/** Cases every kind of file gets: its text broken, its header wrong. */
function commonCases(kind: string, file: string): ContentCase[] {
  const id = file.split('/')[1]?.replace('.json', '') ?? ''
  const c = (name: string, change: Change, pointer: string | RegExp, message: RegExp) => ({
    name: `${kind}: ${name}`,
    file,
    change,
    pointer,
    message,
  })
  const anyPointer = /^(\/.*)?$/
  return [
    c('cut off halfway', truncate(0.5), anyPointer, /ends|end of|unexpected|expected/i),
    c('cut off after its first bracket', truncate(0.002), anyPointer, /ends|end of|expected/i),
    c('empty', whole(''), anyPointer, /empty|ends|expected/i),
    c('a list instead of an object', whole('[]\n'), '', /object/i),
    c('a bare string', whole('"mini"\n'), '', /object/i),
    c('null', whole('null\n'), '', /object/i),
    c('a trailing comma', replace('\n}', ',\n}'), anyPointer, /comma|expected|trailing/i),
    c(
      'single quotes',
      replace(`"id": "${id}"`, `'id': '${id}'`),
      anyPointer,
      /quote|expected|invalid/i,
    ),
    c('a comment', replace('{', '{\n  // a note\n'), anyPointer, /comment|expected/i),
    c(
      'NaN as a number',
      replace('"schemaVersion": 1', '"schemaVersion": NaN'),
      anyPointer,
      /expected|invalid|value/i,
    ),
    c(
      'a key written twice',
      replace(`"id": "${id}",`, `"id": "${id}",\n  "id": "${id}",`),
      '/id',
      /twice|duplicate|more than once/i,
    ),
    c('no "$schema"', remove('/$schema'), '', /\$schema/),
    c(
      '"$schema" of another format',
      set('/$schema', '../../../../schemas/no-such.schema.json'),
      '/$schema',
      /schema/i,
    ),
    c(
      'an id that is not its file name',
      set('/id', `${id}-x`),
      '/id',
      /file name|file's name|named/i,
    ),
    c('an id in capitals', set('/id', id.toUpperCase()), '/id', /lower-case/),
    c('no id', remove('/id'), '', /"id"/),
    c('schemaVersion as text', set('/schemaVersion', '1'), '/schemaVersion', /number|integer/i),
    c(
      'schemaVersion from the future',
      set('/schemaVersion', 99),
      '/schemaVersion',
      /version|must be|at most|equal/i,
    ),
    c(
      'schemaVersion 0',
      set('/schemaVersion', 0),
      '/schemaVersion',
      /must be|at least|equal|version/i,
    ),
    c('an unknown field', set('/colour', 'red'), '/colour', /unknown field|not allowed|colour/i),
    c('"__proto__" as a field', replace('{', '{\n  "__proto__": {},'), '/__proto__', /__proto__/),
  ]
}

const ruleset = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({ name: `ruleset: ${name}`, file: RULESET, change, pointer, message, ...more })
const variant = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({ name: `variant: ${name}`, file: VARIANT, change, pointer, message, ...more })
const units = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({ name: `unit set: ${name}`, file: UNITS, change, pointer, message, ...more })
const table = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({ name: `table: ${name}`, file: TABLE, change, pointer, message, ...more })
const modifiers = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({
  name: `modifier list: ${name}`,
  file: MODIFIERS,
  change,
  pointer,
  message,
  ...more,
})
const map = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({ name: `map: ${name}`, file: MAP, change, pointer, message, ...more })
const scenario = (
  name: string,
  change: Change,
  pointer: string | RegExp,
  message: RegExp,
  more: Partial<ContentCase> = {},
): ContentCase => ({ name: `scenario: ${name}`, file: SCENARIO, change, pointer, message, ...more })

/** 40 nested `exists` over a list: within the length limit, and exponential to evaluate. */
const NESTED_EXISTS = `attackers.exists(a0, ${Array.from({ length: 39 }, (_, i) => `attackers.exists(a${i + 1}, `).join('')}a0.isLeader${')'.repeat(40)}`
const RANGE = { minimum: 0, maximum: 9 }
/** The case run with the mini ruleset declaring a range of 0 to 9 for its rating `index`. */
const ranged = (index: number): Partial<ContentCase> => ({
  also: {
    [RULESET]: all(
      set(`/ratings/${index}/minimum`, RANGE.minimum),
      set(`/ratings/${index}/maximum`, RANGE.maximum),
    ),
  },
})
/** What a number beyond exact arithmetic is refused with, wherever it is written. */
const HUGE = /is too large for a number of a game/

const RULESET_CASES: ContentCase[] = [
  ruleset(
    'a unit set that does not exist',
    set('/unitSets/0', 'no-such-units'),
    '/unitSets/0',
    /no-such-units/,
  ),
  ruleset(
    'a table that does not exist',
    set('/tables/0', 'no-such-table'),
    '/tables/0',
    /no-such-table/,
  ),
  ruleset(
    'a modifier list that does not exist',
    set('/modifierLists/0', 'no-such-drm'),
    '/modifierLists/0',
    /no-such-drm/,
  ),
  ruleset('dice with no sides', set('/dice/0/sides', 0), '/dice/0/sides', /at least|must be/i),
  ruleset(
    'dice with negative count',
    set('/dice/0/count', -1),
    '/dice/0/count',
    /at least|must be/i,
  ),
  ruleset(
    'dice with 1e308 sides',
    set('/dice/0/sides', 1e308),
    '/dice/0/sides',
    /at most|must be|too/i,
  ),
  ruleset('dice with 2.5 sides', set('/dice/0/sides', 2.5), '/dice/0/sides', /whole|integer/i),
  ruleset('dice sides as text', set('/dice/0/sides', 'six'), '/dice/0/sides', /number|integer/i),
  ruleset(
    'two dice with one id',
    duplicate('/dice'),
    '/dice/1',
    /dice "d6" is defined more than once/,
  ),
  ruleset(
    'two initial statuses',
    set('/statuses/states/1/initial', true),
    /^\/statuses\/states\/1/,
    /initial/i,
  ),
  ruleset(
    'two statuses with one id',
    duplicate('/statuses/states'),
    /^\/statuses\/states\/3/,
    /ok|twice|already|duplicate/i,
  ),
  ruleset(
    'a transition to an unknown status',
    set('/statuses/transitions/0/to', 'broken'),
    '/statuses/transitions/0/to',
    /broken/,
  ),
  ruleset(
    'a transition from an unknown status',
    set('/statuses/transitions/0/from', 'dazed'),
    '/statuses/transitions/0/from',
    /dazed/,
  ),
  ruleset(
    'a transition on an unknown event',
    set('/statuses/transitions/0/event', 'poke'),
    '/statuses/transitions/0/event',
    /poke/,
  ),
  ruleset(
    'a track effect on an unknown track',
    set('/statuses/transitions/1/effects/0/track', 'gains'),
    '/statuses/transitions/1/effects/0/track',
    /gains/,
  ),
  ruleset(
    'a track amount that does not parse',
    set('/statuses/transitions/1/effects/0/amount', 'unit.ratings.strength +'),
    '/statuses/transitions/1/effects/0/amount',
    /expression|expected|end/i,
  ),
  ruleset(
    'two hex types with one id',
    duplicate('/terrain/hexTypes'),
    /^\/terrain\/hexTypes\/2/,
    /clear|twice|already|duplicate/i,
  ),
  ruleset(
    'a negative movement cost',
    set('/terrain/hexTypes/0/movement/foot', -1),
    '/terrain/hexTypes/0/movement/foot',
    /at least|must be|negative/i,
  ),
  ruleset(
    'a movement cost as a word',
    set('/terrain/hexTypes/0/movement/foot', 'two'),
    '/terrain/hexTypes/0/movement/foot',
    /number|prohibited|must be/i,
  ),
  ruleset(
    'a movement cost of 1e308',
    set('/terrain/hexTypes/0/movement/foot', 1e308),
    '/terrain/hexTypes/0/movement/foot',
    /at most|too|must be/i,
  ),
  ruleset(
    'a movement cost for an unknown movement class',
    set('/terrain/hexTypes/0/movement/wings', 1),
    '/terrain/hexTypes/0/movement/wings',
    /wings/,
  ),
  ruleset(
    'a hexside cost for an unknown movement class',
    set('/terrain/hexsideTypes/0/movement/boat', 1),
    '/terrain/hexsideTypes/0/movement/boat',
    /boat/,
  ),
  ruleset(
    'a terrain attribute default of the wrong type',
    set('/terrain/attributes/0/default', 'none'),
    '/terrain/attributes/0/default',
    /number/i,
  ),
  ruleset(
    'a hex type attribute that is not declared',
    set('/terrain/hexTypes/1/attributes/cover', 1),
    '/terrain/hexTypes/1/attributes/cover',
    /cover/,
  ),
  ruleset(
    'a hex colour that is not a colour',
    set('/terrain/hexTypes/0/color', 'greenish'),
    '/terrain/hexTypes/0/color',
    /colou?r|#/i,
  ),
  ruleset(
    'a result effect with an unknown event',
    set('/resultSets/0/codes/1/effects/0/event', 'wobble'),
    '/resultSets/0/codes/1/effects/0/event',
    /wobble/,
  ),
  ruleset(
    'a result effect of an unknown type',
    set('/resultSets/0/codes/1/effects/0/type', 'explode'),
    /^\/resultSets\/0\/codes\/1\/effects\/0/,
    /explode|type/,
  ),
  ruleset(
    'two result codes alike',
    duplicate('/resultSets/0/codes'),
    /^\/resultSets\/0\/codes\/3/,
    /"-"|twice|already|duplicate/i,
  ),
  ruleset(
    'a resolution on an unknown table',
    set('/resolutions/0/table', 'no-crt'),
    '/resolutions/0/table',
    /no-crt/,
  ),
  ruleset(
    'a resolution in an unknown context',
    set('/resolutions/0/context', 'lunch'),
    '/resolutions/0/context',
    /lunch|context|must be/i,
  ),
  ruleset(
    'a column expression that does not parse',
    set('/resolutions/0/column', "defender.status == 'ok' ?"),
    '/resolutions/0/column',
    /expected|end|expression/i,
  ),
  ruleset(
    'a column expression reading an unknown variable',
    set('/resolutions/0/column', "foe.status == 'ok' ? 'ok' : 'shaken'"),
    '/resolutions/0/column',
    /foe/,
  ),
  ruleset(
    'a column expression with a misspelt status',
    set('/resolutions/0/column', "defender.status == 'okay' ? 'ok' : 'shaken'"),
    '/resolutions/0/column',
    /okay/,
  ),
  ruleset(
    'a column expression giving a number',
    set('/resolutions/0/column', 'size(attackers)'),
    '/resolutions/0/column',
    /this must give a string, but it gives a number/,
  ),
  ruleset(
    'a column expression comparing text to a number',
    set('/resolutions/0/column', "defender.status == 1 ? 'ok' : 'shaken'"),
    '/resolutions/0/column',
    /compare|number|status/i,
  ),
  ruleset(
    'a literal column the table does not have',
    set('/resolutions/0/column', "'broken'"),
    '/resolutions/0/column',
    /table "mini-crt" has no column "broken"/,
  ),
  ruleset(
    'a conditional column with a misspelt branch',
    set('/resolutions/0/column', "defender.status == 'ok' ? 'ok' : 'shakn'"),
    '/resolutions/0/column',
    /no column "shakn" — did you mean "shaken"\?/,
  ),
  ruleset(
    'a roll modifier list that does not exist',
    set('/resolutions/0/rollModifiers/0', 'no-drm'),
    '/resolutions/0/rollModifiers/0',
    /no-drm/,
  ),
  ruleset(
    '40 nested exists in the stacking count',
    set('/board/stacking/counts', NESTED_EXISTS),
    '/board/stacking/counts',
    /nested in 3 other list macros/,
  ),
  ruleset(
    'an expression longer than the limit',
    set('/board/stacking/counts', `${'!unit.isLeader && '.repeat(120)}true`),
    '/board/stacking/counts',
    /at most 2000 characters/,
  ),
  ruleset(
    'a stacking count that is not true or false',
    set('/board/stacking/counts', 'unit.ratings.strength'),
    '/board/stacking/counts',
    /true or false/,
  ),
  ruleset(
    'a negative stacking limit',
    set('/board/stacking/limit', -1),
    '/board/stacking/limit',
    /at least|must be/i,
  ),
  ruleset(
    'a facing sector bearing of 1000',
    set('/board/facing/sectors/0/bearing', 1000),
    '/board/facing/sectors/0/bearing',
    /at most|must be|bearing/i,
  ),
  ruleset(
    'a facing mode that does not exist',
    set('/board/facing/mode', 'diagonal'),
    '/board/facing/mode',
    /diagonal|must be|mode/i,
  ),
  ruleset(
    'two ratings with one key',
    duplicate('/ratings'),
    /^\/ratings\/2/,
    /strength|twice|already|duplicate/i,
  ),
  ruleset(
    'a rating of an unknown type',
    set('/ratings/0/type', 'colour'),
    '/ratings/0/type',
    /colour|must be/i,
  ),
  ruleset(
    'a rating range upside down',
    all(set('/ratings/0/minimum', 5), set('/ratings/0/maximum', 1)),
    /^\/ratings\/0/,
    /minimum|maximum|range/i,
  ),
  ruleset(
    'a rating default outside its range',
    all(set('/ratings/0/minimum', 0), set('/ratings/0/maximum', 9), set('/ratings/0/default', 12)),
    '/ratings/0/default',
    /range|from 0 to 9/,
  ),
  ruleset(
    'two unit flags with one key',
    duplicate('/unitFlags'),
    /^\/unitFlags\/2/,
    /mounted|twice|already|duplicate/i,
  ),
  ruleset(
    'a phase of an unknown mechanic',
    set('/sequence/phases/0/mechanic', 'teleport'),
    '/sequence/phases/0/mechanic',
    /teleport/,
  ),
  ruleset(
    'two phases with one id',
    duplicate('/sequence/phases'),
    /^\/sequence\/phases\/2/,
    /move|twice|already|duplicate/i,
  ),
  ruleset(
    'a sequence of an unknown structure',
    set('/sequence/structure', 'chaos'),
    '/sequence/structure',
    /chaos|must be/i,
  ),
  ruleset(
    'a victory condition of an unknown kind',
    set('/victory/conditions/0/kind', 'luck'),
    /^\/victory\/conditions\/0/,
    /luck|kind/i,
  ),
  ruleset(
    'two options with one id',
    duplicate('/options'),
    /^\/options\/1/,
    /fog|twice|already|duplicate/i,
  ),
  ruleset(
    'an option default that is not true or false',
    set('/options/0/default', 'maybe'),
    '/options/0/default',
    /true or false|boolean/i,
  ),
  ruleset(
    'two markers with one id',
    duplicate('/markers'),
    /^\/markers\/1/,
    /pinned|twice|already|duplicate/i,
  ),
  ruleset(
    'a track of an unknown scope',
    set('/tracks/0/scope', 'world'),
    '/tracks/0/scope',
    /world|must be/i,
  ),
  ruleset(
    'a unit class named "constructor"',
    set('/unitFlags/0/key', 'constructor'),
    '/unitFlags/0/key',
    /constructor/,
  ),
  ruleset(
    'a status named "toString"',
    set('/statuses/states/1/id', 'toString'),
    '/statuses/states/1/id',
    /toString|lower-case/,
  ),
]

const VARIANT_CASES: ContentCase[] = [
  variant('a base that does not exist', set('/base', 'maxi'), '/base', /maxi/),
  variant('a base that is itself', set('/base', 'mini-plus'), '/base', /itself|cycle|mini-plus/i),
  variant(
    'a cycle of two variants',
    set('/base', 'mini-plus-2'),
    '/base',
    /leads back to this variant \(mini-plus → mini-plus-2 → mini-plus\)/,
    {
      reportedIn: 'rulesets/mini-plus-2.json',
      also: {
        'rulesets/mini-plus-2.json': whole(
          JSON.stringify(
            {
              $schema: '../../../../schemas/variant.schema.json',
              id: 'mini-plus-2',
              schemaVersion: 1,
              name: 'Mini 2',
              base: 'mini-plus',
            },
            null,
            2,
          ),
        ),
      },
    },
  ),
  variant(
    'a patch of an unknown unit type, which adds one without a name',
    set('/patch/unitTypes/0/id', 'dragon'),
    '/patch/unitTypes/0',
    /missing required field "name"/,
  ),
  variant(
    'a patch giving a rating a list',
    set('/patch/unitTypes/0/ratings/strength', [5]),
    /^\/patch\/unitTypes\/0\/ratings\/strength/,
    /number|list/i,
  ),
  variant(
    'a patch giving a rating 1e308',
    set('/patch/unitTypes/0/ratings/strength', 1e308),
    '/patch/unitTypes/0/ratings/strength',
    HUGE,
  ),
  variant(
    'a patch giving a rating 1e9',
    set('/patch/unitTypes/0/ratings/strength', 1e9),
    '/patch/unitTypes/0/ratings/strength',
    /beyond any counter/,
  ),
  variant(
    'a patch of an undeclared rating',
    set('/patch/unitTypes/0/ratings/luck', 1),
    '/patch/unitTypes/0/ratings/luck',
    /luck/,
  ),
  variant(
    'a patch deleting a type that is not there',
    set('/patch/unitTypes/1/id', 'wizard'),
    /^\/patch\/unitTypes\/1/,
    /wizard/,
  ),
  variant(
    'an operation on an unknown table',
    set('/operations/0/path', '/tables/@no-crt/rows/0/cells/1'),
    /^\/operations\/0/,
    /no-crt/,
  ),
  variant(
    'an operation on a row that is not there',
    set('/operations/0/path', '/tables/@mini-crt/rows/40/cells/1'),
    /^\/operations\/0/,
    /40|no|exist|not/i,
  ),
  variant(
    'an operation that JSON Patch does not have',
    set('/operations/0/op', 'swap'),
    /^\/operations\/0/,
    /swap|op|must be/i,
  ),
  variant(
    'an operation putting an unknown result code',
    set('/operations/0/value', 'Q'),
    /^\/operations\/0/,
    /"Q"|Q\b/,
  ),
  variant(
    'a failing test operation',
    set('/operations/0', { op: 'test', path: '/name', value: 'Maxi' }),
    /^\/operations\/0/,
    /test|Maxi/i,
  ),
  variant(
    'an operation path "__proto__"',
    set('/operations/0/path', '/__proto__/polluted'),
    /^\/operations\/0/,
    /__proto__/,
  ),
  variant(
    'an include of a table that does not exist',
    set('/include', { tables: ['no-such-table'] }),
    /^\/include\/tables\/0/,
    /no-such-table/,
  ),
  variant(
    'a patch with "$delete" and more',
    set('/patch/unitTypes/1/name', 'Still here'),
    /^\/patch\/unitTypes\/1/,
    /\$delete|only/i,
  ),
]

const UNIT_CASES: ContentCase[] = [
  units('a ruleset that does not exist', set('/ruleset', 'maxi'), '/ruleset', /maxi/),
  units(
    'a type of an unknown class',
    set('/types/0/class', 'archers'),
    '/types/0/class',
    /archers/,
  ),
  units(
    'a class of an unknown movement class',
    set('/classes/0/movementClass', 'swim'),
    '/classes/0/movementClass',
    /swim/,
  ),
  units(
    'a class with an unknown flag',
    set('/classes/1/flags/0', 'flying'),
    '/classes/1/flags/0',
    /flying/,
  ),
  units('an undeclared rating', set('/types/0/ratings/luck', 2), '/types/0/ratings/luck', /luck/),
  units(
    'a rating as text',
    set('/types/0/ratings/strength', 'three'),
    '/types/0/ratings/strength',
    /must be a number/,
  ),
  units(
    'a rating as a list',
    set('/types/0/ratings/strength', [3]),
    '/types/0/ratings/strength',
    /number|list/i,
  ),
  units(
    'a rating of 1e308',
    set('/types/0/ratings/strength', 1e308),
    '/types/0/ratings/strength',
    HUGE,
  ),
  units(
    'a rating of 1e9',
    set('/types/0/ratings/strength', 1e9),
    '/types/0/ratings/strength',
    /rating "strength" is the number 1000000000, beyond any counter/,
  ),
  units(
    'a rating of -1e308',
    set('/types/0/ratings/strength', -1e308),
    '/types/0/ratings/strength',
    HUGE,
  ),
  units(
    'a rating of -2e6',
    set('/types/0/ratings/strength', -2e6),
    '/types/0/ratings/strength',
    /beyond any counter/,
  ),
  units(
    'a rating below the declared range',
    set('/types/0/ratings/strength', -5),
    '/types/0/ratings/strength',
    /from 0 to 9, the range the ruleset declares/,
    ranged(0),
  ),
  units(
    'a rating above the declared range',
    set('/types/1/ratings/strength', 12),
    '/types/1/ratings/strength',
    /from 0 to 9/,
    ranged(0),
  ),
  units(
    'a class rating above the declared range',
    set('/classes/0/ratings/movement', 99),
    '/classes/0/ratings/movement',
    /from 0 to 9/,
    ranged(1),
  ),
  units(
    'a status rating below the declared range',
    set('/types/1/ratingsByStatus/shaken/strength', -5),
    '/types/1/ratingsByStatus/shaken/strength',
    /from 0 to 9/,
    ranged(0),
  ),
  units(
    'ratings for an unknown status',
    set('/types/1/ratingsByStatus/dazed', { strength: 1 }),
    '/types/1/ratingsByStatus/dazed',
    /dazed/,
  ),
  units('two types with one id', duplicate('/types'), '/types/3/id', /already defined/),
  units(
    'two classes with one id',
    duplicate('/classes'),
    /^\/classes\/3/,
    /infantry|already|twice|duplicate/i,
  ),
  units('a type id with a space', set('/types/0/id', 'spear men'), '/types/0/id', /lower-case/),
  units(
    'a type called "constructor"',
    set('/types/0/id', 'constructor'),
    '/types/0/id',
    /constructor/,
  ),
  units('a type with no class', remove('/types/0/class'), '/types/0', /class/),
  units('a type with no name', remove('/types/0/name'), '/types/0', /name/),
]

const TABLE_CASES: ContentCase[] = [
  table('a ruleset that does not exist', set('/ruleset', 'maxi'), '/ruleset', /maxi/),
  table('dice the ruleset does not have', set('/dice', 'd20'), '/dice', /d20/),
  table(
    'a result set that does not exist',
    set('/results', 'other-results'),
    '/results',
    /other-results/,
  ),
  table('a cell with an unknown code', set('/rows/1/cells/1', 'X'), '/rows/1/cells/1', /"X"|X\b/),
  table(
    'a row with a cell missing',
    set('/rows/1/cells', ['-']),
    /^\/rows\/1\/cells/,
    /cells|columns|2/i,
  ),
  table(
    'a row with a cell too many',
    set('/rows/1/cells', ['-', 'S', 'K']),
    /^\/rows\/1\/cells/,
    /cells|columns|2/i,
  ),
  table(
    'rows that overlap',
    set('/rows/1/roll', { min: 2, max: 4 }),
    /^\/rows\/1/,
    /overlap|disjoint|order|2/i,
  ),
  table(
    'a row from 5 to 4',
    set('/rows/2/roll', { min: 5, max: 4 }),
    /^\/rows\/2/,
    /min|max|order|5/i,
  ),
  table(
    'a gap between rows',
    set('/rows/1/roll', { min: 4, max: 4 }),
    /^\/rows\/1/,
    /gap|3|cover|missing/i,
  ),
  table(
    'rows out of order',
    json2((v) => (v.rows as unknown[]).reverse()),
    '/rows/2/roll',
    /list them from the lowest to the highest/,
  ),
  table('no rows', set('/rows', []), /^\/rows/, /at least|empty|row/i),
  table(
    'two columns with one id',
    set('/columns/1/id', 'ok'),
    /^\/columns\/1/,
    /ok|twice|already|duplicate/i,
  ),
  table('a kind that does not exist', set('/kind', 'lottery'), /^\/kind|^$/, /lottery|kind/),
  table(
    'a roll bound as text',
    set('/rows/0/roll/max', 'two'),
    '/rows/0/roll/max',
    /number|integer/i,
  ),
  table(
    'a roll bound of 1e308',
    set('/rows/3/roll/min', 1e308),
    /^\/rows/,
    /order|overlap|gap|at most|1e\+308/i,
  ),
  table(
    'a cell that is a number',
    set('/rows/1/cells/1', 5),
    '/rows/1/cells/1',
    /unknown result code "5"/,
  ),
]

const MODIFIER_CASES: ContentCase[] = [
  modifiers('a ruleset that does not exist', set('/ruleset', 'maxi'), '/ruleset', /maxi/),
  modifiers(
    'a context that does not exist',
    set('/context', 'picnic'),
    '/context',
    /picnic|must be/i,
  ),
  modifiers(
    'a value that does not parse',
    set('/terms/0/value', 'size(attackers) -'),
    '/terms/0/value',
    /expected|end|expression/i,
  ),
  modifiers(
    'a value reading an unknown variable',
    set('/terms/0/value', 'size(archers)'),
    '/terms/0/value',
    /archers/,
  ),
  modifiers('a value of text', set('/terms/0/value', "'two'"), '/terms/0/value', /number/i),
  modifiers(
    'a condition that gives a number',
    set('/terms/0/when', 'size(attackers)'),
    '/terms/0/when',
    /true or false/,
  ),
  modifiers(
    'a condition with an unknown function',
    set('/terms/0/when', 'luck(attackers)'),
    '/terms/0/when',
    /luck/,
  ),
  modifiers(
    'a condition with an unknown field',
    set('/terms/1/value', '-defender.hex.attributes.cover'),
    '/terms/1/value',
    /cover/,
  ),
  modifiers(
    'a condition dividing text',
    set('/terms/0/when', 'defender.status / 2 > 1'),
    '/terms/0/when',
    /number|status|text/i,
  ),
  modifiers(
    'an unclosed parenthesis',
    set('/terms/0/when', '(size(attackers) > size(defenders)'),
    '/terms/0/when',
    /\)|close|expected/i,
  ),
  modifiers(
    'an unclosed string',
    set('/terms/0/when', "defender.status == 'ok"),
    '/terms/0/when',
    /string|quote|unterminated|close/i,
  ),
  modifiers(
    '"and" for "&&"',
    set('/terms/0/when', 'size(attackers) > 1 and size(defenders) > 1'),
    '/terms/0/when',
    /&&/,
  ),
  modifiers(
    'a value of 1e308',
    set('/terms/1/value', 1e308),
    '/terms/1/value',
    /at most|too|must be|beyond|1e\+308/i,
  ),
  modifiers(
    '40 nested exists',
    set('/terms/0/when', NESTED_EXISTS),
    '/terms/0/when',
    /nested in 3 other list macros/,
  ),
  modifiers(
    'two terms with one id',
    duplicate('/terms'),
    /^\/terms\/2/,
    /numbers|twice|already|duplicate/i,
  ),
  modifiers('a term with no label', remove('/terms/0/label'), '/terms/0', /label/),
  modifiers(
    'a "__proto__" read',
    set('/terms/0/value', 'attackers.__proto__'),
    '/terms/0/value',
    /__proto__/,
  ),
  modifiers(
    'a macro over a number',
    set('/terms/0/when', 'size(attackers).exists(a, true)'),
    '/terms/0/when',
    /list/,
  ),
]

const MAP_CASES: ContentCase[] = [
  map('a ruleset that does not exist', set('/ruleset', 'maxi'), '/ruleset', /maxi/),
  map('no columns', set('/grid/columns', 0), '/grid/columns', /at least|must be/i),
  map('negative rows', set('/grid/rows', -1), '/grid/rows', /at least|must be/i),
  map(
    'a million columns',
    set('/grid/columns', 1_000_000),
    '/grid/columns',
    /at most|too|must be/i,
  ),
  map('columns as text', set('/grid/columns', 'six'), '/grid/columns', /number|integer/i),
  map('half a column', set('/grid/columns', 5.5), '/grid/columns', /whole|integer/i),
  map(
    'an orientation that does not exist',
    set('/grid/orientation', 'round'),
    '/grid/orientation',
    /round|must be/i,
  ),
  map('a hex off the map', set('/hexes/0909', { terrain: 'woods' }), '/hexes/0909', /0909/),
  map(
    'a hex number that is not a number',
    set('/hexes/ab', { terrain: 'woods' }),
    '/hexes/ab',
    /ab/,
  ),
  map(
    'a hex of unknown terrain',
    set('/hexes/0203/terrain', 'lava'),
    '/hexes/0203/terrain',
    /lava/,
  ),
  map(
    'a default terrain that does not exist',
    set('/defaultTerrain', 'snow'),
    '/defaultTerrain',
    /snow/,
  ),
  map(
    'an elevation as a word',
    set('/hexes/0303/elevation', 'high'),
    '/hexes/0303/elevation',
    /number|integer/i,
  ),
  map(
    'an elevation of 1e308',
    set('/hexes/0303/elevation', 1e308),
    '/hexes/0303/elevation',
    /at most|too|must be|1e\+308/i,
  ),
  map(
    'a hexside on an unknown side',
    set('/hexsides/0/side', 'Q'),
    '/hexsides/0/side',
    /Q|must be/,
  ),
  map(
    'a hexside of an unknown feature',
    set('/hexsides/0/features/0', 'canal'),
    '/hexsides/0/features/0',
    /canal/,
  ),
  map('a hexside off the map', set('/hexsides/0/hex', '0909'), '/hexsides/0/hex', /0909/),
  map(
    'a hexside listed twice',
    duplicate('/hexsides'),
    /^\/hexsides\/1/,
    /twice|already|duplicate|0402/i,
  ),
  map('a label off the map', set('/labels/0/hex', '0009'), '/labels/0/hex', /0009/),
  map(
    'a region with a hex off the map',
    set('/regions/0/hexes/0', '0900'),
    '/regions/0/hexes/0',
    /0900/,
  ),
  map(
    'two regions with one id',
    duplicate('/regions'),
    /^\/regions\/1/,
    /west-edge|twice|already|duplicate/i,
  ),
  map(
    'a region with no hexes',
    set('/regions/0/hexes', []),
    /^\/regions\/0\/hexes/,
    /at least|empty|hex/i,
  ),
  map(
    'a numbering with no digits',
    set('/grid/numbering/columnDigits', 0),
    '/grid/numbering/columnDigits',
    /at least|must be/i,
  ),
  map(
    'a numbering too short for the grid',
    all(set('/grid/columns', 120), set('/grid/numbering/columnDigits', 1)),
    /^\/grid/,
    /digit|numbering|fit/i,
  ),
  map(
    'a hex called "__proto__"',
    replace('"0203": {', '"__proto__": {'),
    '/hexes/__proto__',
    /__proto__/,
  ),
  map(
    'a hex called "constructor"',
    replace('"0203": {', '"constructor": {'),
    '/hexes/constructor',
    /constructor/,
  ),
]

const SCENARIO_CASES: ContentCase[] = [
  scenario('a ruleset that does not exist', set('/ruleset', 'maxi'), '/ruleset', /maxi/),
  scenario('a map that does not exist', set('/map', 'maxi-map'), '/map', /maxi-map/),
  scenario(
    'a variant that does not exist',
    set('/variants', ['mini-minus']),
    '/variants/0',
    /mini-minus/,
  ),
  scenario('an unknown option', set('/options/rain', true), '/options/rain', /rain/),
  scenario(
    'an option set to a number',
    set('/options/fog', 3),
    '/options/fog',
    /true or false|boolean/i,
  ),
  scenario(
    'a first side that does not exist',
    set('/setup/firstSide', 'green'),
    '/setup/firstSide',
    /green/,
  ),
  scenario('negative turns', set('/setup/turns', -3), '/setup/turns', /at least|must be/i),
  scenario(
    '1e308 turns',
    set('/setup/turns', 1e308),
    '/setup/turns',
    /at most|too|must be|1e\+308/i,
  ),
  scenario('turns as text', set('/setup/turns', 'six'), '/setup/turns', /number|integer/i),
  scenario('no sides', set('/sides', []), /^\/sides/, /at least|empty|side/i),
  scenario(
    'two sides with one id',
    set('/sides/1/id', 'blue'),
    /^\/sides\/1\/id/,
    /blue|twice|already|duplicate/i,
  ),
  scenario(
    'a unit of an unknown type',
    set('/sides/0/units/1/type', 'dragon'),
    '/sides/0/units/1/type',
    /dragon/,
  ),
  scenario(
    'a unit off the map',
    set('/sides/0/units/1/hex', '0909'),
    '/sides/0/units/1/hex',
    /0909/,
  ),
  scenario(
    'a unit on a hex number that cannot be',
    set('/sides/0/units/1/hex', 'A1'),
    '/sides/0/units/1/hex',
    /A1/,
  ),
  scenario(
    'a horse unit in woods it cannot enter',
    set('/sides/0/units/2/hex', '0203'),
    '/sides/0/units/2/hex',
    /woods|cannot|prohibited|enter/i,
  ),
  scenario(
    'a unit facing nowhere',
    set('/sides/0/units/1/facing', 'Q'),
    '/sides/0/units/1/facing',
    /Q|must be/,
  ),
  scenario(
    'a unit facing a side on a vertex map',
    set('/sides/0/units/1/facing', 'N'),
    '/sides/0/units/1/facing',
    /N\b|facing/,
  ),
  scenario(
    'a unit of an unknown status',
    set('/sides/1/units/0/status', 'dazed'),
    '/sides/1/units/0/status',
    /dazed/,
  ),
  scenario(
    'a unit of an unknown command',
    set('/sides/0/units/1/command', 'rear-guard'),
    '/sides/0/units/1/command',
    /rear-guard/,
  ),
  scenario(
    'two units with one id',
    set('/sides/1/units/0/id', 'blue-spear-1'),
    /^\/sides\/1\/units\/0\/id/,
    /blue-spear-1|twice|already|duplicate/i,
  ),
  scenario('a unit with no type', remove('/sides/0/units/1/type'), '/sides/0/units/1', /type/),
  scenario(
    'a unit marker that does not exist',
    set('/sides/0/units/1/markers', { tired: 1 }),
    '/sides/0/units/1/markers/tired',
    /tired/,
  ),
  scenario(
    'a negative marker count',
    set('/sides/0/units/1/markers', { pinned: -1 }),
    '/sides/0/units/1/markers/pinned',
    /at least|negative|must be/i,
  ),
  scenario(
    'a marker count of 1e308',
    set('/sides/0/units/1/markers', { pinned: 1e308 }),
    '/sides/0/units/1/markers/pinned',
    /at most|too|must be|1e\+308/i,
  ),
  scenario(
    'a unit rating of 1e308',
    set('/sides/0/units/0/ratings', { strength: 1e308 }),
    '/sides/0/units/0/ratings/strength',
    HUGE,
  ),
  scenario(
    'a unit rating of 5e6',
    set('/sides/0/units/0/ratings', { strength: 5e6 }),
    '/sides/0/units/0/ratings/strength',
    /beyond any counter/,
  ),
  scenario(
    'a unit rating below the declared range',
    set('/sides/0/units/0/ratings', { strength: -5 }),
    '/sides/0/units/0/ratings/strength',
    /from 0 to 9/,
    ranged(0),
  ),
  scenario(
    'a unit rating of an undeclared key',
    set('/sides/0/units/0/ratings', { luck: 1 }),
    '/sides/0/units/0/ratings/luck',
    /luck/,
  ),
  scenario(
    'a leader that is not a unit',
    set('/sides/0/commands/0/leader', 'blue-king'),
    '/sides/0/commands/0/leader',
    /blue-king/,
  ),
  scenario(
    'a leader of the other side',
    set('/sides/0/commands/0/leader', 'red-spear-1'),
    '/sides/0/commands/0/leader',
    /red-spear-1|side|leader/i,
  ),
  scenario(
    'a stripe that is not a colour',
    set('/sides/0/commands/0/stripe', 'blueish'),
    '/sides/0/commands/0/stripe',
    /colou?r|#/i,
  ),
  scenario(
    'two commands with one id',
    duplicate('/sides/0/commands'),
    '/sides/0/commands/1/id',
    /command "blue-main" is already defined/,
  ),
  scenario(
    'reinforcements from an unknown region',
    set('/sides/0/reinforcements/0/entry/region', 'east-edge'),
    '/sides/0/reinforcements/0/entry/region',
    /east-edge/,
  ),
  scenario(
    'reinforcements on turn -3',
    set('/sides/0/reinforcements/0/arrive/turn', -3),
    '/sides/0/reinforcements/0/arrive/turn',
    /at least|must be/i,
  ),
  scenario(
    'reinforcements with no units',
    set('/sides/0/reinforcements/0/units', []),
    '/sides/0/reinforcements/0/units',
    /at least|empty|unit/i,
  ),
  scenario(
    'a reinforcement unit id used on the map',
    set('/sides/0/reinforcements/0/units/0/id', 'blue-spear-1'),
    /^\/sides\/0\/reinforcements\/0\/units\/0\/id/,
    /blue-spear-1|twice|already|duplicate/i,
  ),
  scenario(
    'three units in one hex over a limit of one',
    all(set('/sides/0/units/2/hex', '0102')),
    /^\/sides\/0\/units/,
    /stack|limit/i,
  ),
  scenario(
    'a side called "constructor"',
    set('/sides/1/id', 'constructor'),
    '/sides/1/id',
    /constructor/,
  ),
  scenario(
    'a unit called "toString"',
    set('/sides/1/units/0/id', 'toString'),
    '/sides/1/units/0/id',
    /toString|lower-case/,
  ),
  scenario(
    'a victory condition that does not parse',
    set('/victory', {
      conditions: [{ id: 'hold', label: 'Hold', kind: 'expression', when: 'side.tracks.losses >' }],
    }),
    /^\/victory\/conditions\/0/,
    /expected|end|expression|kind/i,
  ),
]

/** JSON edited by a function (for changes set/remove cannot say). */
function json2(edit: (value: Record<string, unknown>) => void): Change {
  return (text) => {
    const value = JSON.parse(text) as Record<string, unknown>
    edit(value)
    return `${JSON.stringify(value, null, 2)}\n`
  }
}

export const CONTENT_CASES: ContentCase[] = [
  ...Object.entries(KINDS).flatMap(([kind, file]) => commonCases(kind, file)),
  ...RULESET_CASES,
  ...VARIANT_CASES,
  ...UNIT_CASES,
  ...TABLE_CASES,
  ...MODIFIER_CASES,
  ...MAP_CASES,
  ...SCENARIO_CASES,
]
