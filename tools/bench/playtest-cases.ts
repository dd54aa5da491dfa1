/**
 * What the playtest view asks the runtime on every click, in the sample skirmish (Infidel rules)
 * played as test/e2e/play-flow.ts plays it with forced dice: a knight's options once the
 * Count's horse has continued (6.2), the exact odds of a crossbow shot, those odds followed
 * through the garrison's return-fire answer (11.3), and the suggested answer among the 36 ways
 * of placing a retired unit near its standard (14.5).
 */
import type { Action, ContentLibrary, GameState, LoadedScenario } from '../../src/runtime'
import {
  actionOdds,
  actionOddsThroughReactions,
  legalActions,
  openPrompt,
  playAction,
  rankActions,
  startGame,
  unitOptions,
} from '../../src/runtime'
import { check, checkBetween, unwrap } from './checks'
import { BenchError } from './harness'
import type { AnyCase } from './harness'

const SCENARIO = 'sample-skirmish'
const OPTIONS = 'playtest: unitOptions (knight)'
const ODDS = 'playtest: actionOdds (shot)'
const THROUGH = 'playtest: odds through return fire'
const SUGGEST = 'playtest: suggestion among 36 placements'
export const PLAYTEST_CASES = [OPTIONS, ODDS, THROUGH, SUGGEST] as const

/** The setup's draws, the shot, both loss checks, a continuation roll of 0, then the charge. */
const FACES = [5, 5, 5, 5, 5, 5, 4, 5, 5, 5, 0, 5, 5, 5, 5]
const FIRE: Action = { type: 'fire', unit: 'franks-cb-1', target: 'garrison-a-1', side: 'franks' }
const TO_SHOT: Action[] = [
  { type: 'activate', kind: 'battle', command: 'franks-foot', side: 'franks' },
  { type: 'done', side: 'emirate' },
  { type: 'done', side: 'franks' },
  { type: 'move', unit: 'franks-pk-1', path: ['0704'], facing: 'E', side: 'franks' },
]
const TO_KNIGHT: Action[] = [
  FIRE,
  { type: 'decline', side: 'emirate' },
  { type: 'done', side: 'franks' },
  { type: 'continue', kind: 'battle', command: 'franks-horse', side: 'franks' },
  { type: 'done', side: 'emirate' },
  { type: 'done', side: 'franks' },
]
const TO_PLACE: Action[] = [
  {
    type: 'move',
    unit: 'franks-kn-1',
    path: ['0505', '0604', '0705'],
    facing: 'E',
    side: 'franks',
  },
  { type: 'done', side: 'franks' },
  {
    type: 'declare',
    attackers: ['franks-kn-1'],
    defenders: ['garrison-af-1'],
    charge: true,
    paths: { 'franks-kn-1': ['0805', '0905'] },
    side: 'franks',
  },
  { type: 'declare-done', side: 'franks' },
  { type: 'decline', side: 'emirate' },
  { type: 'decline', side: 'franks' },
]

function playAll(loaded: LoadedScenario, state: GameState, actions: Action[]): GameState {
  let at = state
  for (const action of actions) {
    const r = playAction(loaded, at, action)
    if (!r.ok) throw new BenchError(`${action.type} refused: ${r.error.message}`)
    at = r.state
  }
  return at
}

export function playtestCases(library: ContentLibrary): AnyCase[] {
  const loaded = unwrap(`scenario "${SCENARIO}"`, library.scenario(SCENARIO))
  const shot = playAll(loaded, startGame(loaded, { forced: FACES }).state, TO_SHOT)
  const knight = playAll(loaded, shot, TO_KNIGHT)
  const placing = playAll(loaded, knight, TO_PLACE)
  check('the decision before the placement', openPrompt(placing)?.kind, 'relocate')
  const placements = legalActions(loaded, placing)

  const options = () => unitOptions(loaded, knight, 'franks-kn-1')
  checkBetween('hexes the knight reaches', options().moves.length, 40, 200)
  const odds = () => actionOdds(loaded, shot, FIRE)
  const through = () => actionOddsThroughReactions(loaded, shot, FIRE)
  const followed = through()
  const own = odds()
  check('rolls of the shot before return fire', own.ok && own.rolls.length, 0)
  check('answers assumed before the shot', followed.assumed.length, 1)
  check('rolls after them', followed.odds.ok && followed.odds.rolls.length, 1)
  const suggest = () => rankActions(loaded, placing, placements)
  check('placements ranked', suggest().length, 36)
  return [
    { name: OPTIONS, notes: '69-hex reach with every facing', run: options },
    { name: ODDS, notes: 'no roll until the other side answers', run: odds },
    { name: THROUGH, notes: 'the decline followed, then the d10 enumerated', run: through },
    { name: SUGGEST, notes: 'greedy ranking, each tried on scripted dice', run: suggest },
  ]
}
