/**
 * Legal moves on a 64 by 48 map: the movement fixture `move-large` (test/fixtures/movement,
 * twenty units a side on open ground with scattered woods and rough), its red line activated so
 * the game waits in the move-and-fire phase, as test/runtime/play/movement/large-map.test.ts
 * sets it up. The leader (10 movement points) has the widest search; a mounted men-at-arms unit adds a
 * move for each facing at every hex it reaches.
 */
import type { ContentLibrary, Frame, PlayContext } from '../../src/runtime'
import {
  buildFacts,
  legalActions,
  moveChoices,
  moverOf,
  openPrompt,
  playAction,
  reachable,
  startGame,
} from '../../src/runtime'
import { check, checkBetween, unwrap } from './checks'
import { BenchError } from './harness'
import type { AnyCase } from './harness'

const FIXTURES = 'test/fixtures/movement'
const SCENARIO = 'move-large'
const COMMAND = 'l-red'
const LEADER = 'l-red-lord'
const LINE_UNIT = 'l-red-1'

const REACH = 'moves: reachable 64×48'
const LISTING = 'moves: one unit 64×48'
const LEGAL = 'moves: legalActions 64×48'
export const MOVEMENT_CASES = [REACH, LISTING, LEGAL] as const

export function movementCases(libraryWith: (folder: string) => ContentLibrary): AnyCase[] {
  const loaded = unwrap(`scenario "${SCENARIO}"`, libraryWith(FIXTURES).scenario(SCENARIO))
  const started = startGame(loaded, { seed: 1 }).state
  const activated = playAction(loaded, started, {
    type: 'activate',
    kind: 'battle',
    command: COMMAND,
  })
  if (!activated.ok)
    throw new BenchError(`activating ${COMMAND} refused: ${activated.error.message}`)
  const state = activated.state
  check(`${SCENARIO} prompt after activating ${COMMAND}`, openPrompt(state)?.kind, 'move-and-fire')
  const frame = state.flow?.stack[state.flow.stack.length - 1] as Frame
  // The context legalActions gives a procedure: one it cannot leave changes in.
  const ctx: PlayContext = { loaded, state, applied: [], pending: [], records: [] }

  const facts = buildFacts(ctx)
  const leader = moverOf(ctx, frame, facts, LEADER)
  const hexes = reachable(facts, leader).size
  // large-map.test.ts: a 10-MP leader on open ground reaches some 300 hexes.
  checkBetween(`hexes ${LEADER} reaches`, hexes, 250, 400)

  const listing = () => moveChoices(ctx, frame, [LINE_UNIT])
  const moves = listing()
  checkBetween(`moves of ${LINE_UNIT}`, moves.length, 100, 2000)
  const stray = moves.find((a) => a.type !== 'move' || a.unit !== LINE_UNIT)
  if (stray !== undefined)
    throw new BenchError(`${LINE_UNIT}'s moves list ${JSON.stringify(stray)}`)
  const unitHexes = new Set(moves.map((a) => (a.path as string[]).at(-1))).size

  const all = legalActions(loaded, state)
  checkBetween(`legal actions of ${COMMAND}`, all.length, 5000, 20000)
  const count = (type: string) => all.filter((a) => a.type === type).length
  const units = new Set(all.filter((a) => a.type === 'move').map((a) => a.unit)).size

  return [
    {
      name: REACH,
      notes: `${LEADER} (10 MP): ${hexes} hexes, cheapest paths; facts built once, untimed`,
      run: () => reachable(facts, leader),
    },
    {
      name: LISTING,
      notes: `moveChoices for ${LINE_UNIT} (mounted men-at-arms, 6 MP): ${moves.length} moves to ${unitHexes} hexes`,
      run: listing,
    },
    {
      name: LEGAL,
      notes: `${COMMAND} activated, ${units} units: ${all.length.toLocaleString('en-US')} actions (${count('move').toLocaleString('en-US')} moves, ${count('turn')} turns)`,
      run: () => legalActions(loaded, state),
    },
  ]
}
