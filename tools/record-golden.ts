/**
 * `npm run golden -- --record`: plays the golden games of every bundled scenario (tools/golden.ts)
 * and writes their record. Without `--record` it plays them and says which differ from the
 * record, exiting 1 if any does. Re-record only for a deliberate rule fix, in its own commit.
 */
import { content, formatProblem } from '../src/runtime'
import { listJsonFiles, readSources } from './content-files'
import type { PlayedGame } from './golden'
import {
  GOLDEN_SEEDS,
  firstDifference,
  playGolden,
  readGoldenActions,
  readGoldenRecord,
  writeGoldenRecord,
} from './golden'

const record = process.argv.includes('--record')
// `--seeds n`: check only the first n golden seeds of each scenario (a quicker look).
const seedsArg = process.argv.indexOf('--seeds')
const seedCount = seedsArg < 0 ? GOLDEN_SEEDS.length : Number(process.argv[seedsArg + 1])
if (!Number.isInteger(seedCount) || seedCount < 1 || (record && seedCount < GOLDEN_SEEDS.length)) {
  console.error('golden: --seeds needs a whole number, and --record records every golden seed')
  process.exit(1)
}
const library = content.loadLibrary(readSources(listJsonFiles('content')))
// Warnings (a value nothing reads…) leave the games as they are; errors stop the recording.
if (library.report.problems.some((p) => p.severity === 'error')) {
  for (const p of library.report.problems) console.error(formatProblem(p))
  console.error('golden: content/ has problems; fix them first')
  process.exit(1)
}
const played = new Map<string, PlayedGame[]>()
let differing = 0
/** Games the engine broke off: never recorded, and a failure when checking. */
let stoppedGames = 0
for (const id of library.report.store.ids(['scenario']).sort()) {
  const loaded = library.scenario(id)
  if (!loaded.ok) {
    for (const p of loaded.problems) console.error(formatProblem(p))
    console.error(`golden: scenario ${id} does not load; fix it first`)
    process.exit(1)
  }
  const started = performance.now()
  const games = GOLDEN_SEEDS.slice(0, seedCount).map((seed) => playGolden(loaded.value, seed))
  played.set(id, games)
  const stopped = games.filter((g) => g.stopped !== undefined)
  for (const g of stopped) console.error(`golden: ${id} seed ${g.seed} stopped: ${g.stopped}`)
  stoppedGames += stopped.length
  if (!record) {
    const recorded = new Map((readGoldenRecord()[id] ?? []).map((g) => [g.seed, g]))
    const lists = readGoldenActions(id)
    for (const g of games) {
      const r = recorded.get(g.seed)
      if (r === undefined) {
        console.log(`${id} seed ${g.seed}: not recorded`)
        differing++
        continue
      }
      const diff = firstDifference(lists.get(g.seed) ?? [], g.actionList)
      const same =
        r.actionsHash === g.actionsHash && r.stateHash === g.stateHash && r.logHash === g.logHash
      if (!same) {
        differing++
        console.log(
          `${id} seed ${g.seed}: ${diff ?? 'same actions'}; state ${r.stateHash === g.stateHash ? 'same' : 'differs'}, log ${r.logHash === g.logHash ? 'same' : 'differs'}`,
        )
      }
    }
  }
  const ms = performance.now() - started
  console.log(
    `${id}: ${games.length} games, ${games.reduce((n, g) => n + g.actions, 0)} actions, ${(ms / 1000).toFixed(1)} s`,
  )
}
if (stoppedGames > 0) {
  console.error(
    `golden: ${stoppedGames} games stopped before their end; ${record ? 'nothing recorded' : 'the engine must play them to the end'}`,
  )
  process.exit(1)
} else if (record) {
  writeGoldenRecord(played)
  console.log('golden: recorded test/golden/games.json and test/golden/actions/')
} else if (differing > 0) {
  console.error(`golden: ${differing} games differ from the record`)
  process.exit(1)
} else console.log('golden: every game as recorded')
