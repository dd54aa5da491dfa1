/**
 * Playtest in Chromium, as a new user would: a Men of Iron system scenario (the sample
 * skirmish, Infidel rules) opened in Play with our own dice; a unit moved, a shot with its odds
 * shown before the roll and rolled with the faces we type; a continuation roll; a knight moved
 * and a charge declared on the map, resolved with our dice, and the retired defender placed by
 * clicking a hex; the log and the board checked at each step; the game saved, the page
 * reloaded, the save opened and replayed step by step to the same state hash.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../tools/browser-harness'
import type { SessionOf } from './session'

const RESULTS = join(projectRoot, 'test-results')
const SCENARIO = 'content/scenarios/sample-skirmish.json'
/** The name of franks-pk-1 in the sample skirmish: the log says names, not ids. */
const PIKES = 'Pikes 1'
/** A face every die of the ruleset has (d6 and d10 alike): rolls then read in the middle. */
const FACE = 5

interface Action {
  type: string
  [key: string]: unknown
}
interface Hooks {
  __hexwright: {
    ws: {
      ready: boolean
      files: Map<string, string>
      value(path: string): unknown
      createFile(path: string, text: string): void
    }
    nav: { open(path: string, view?: string): void }
  }
  __hexwrightMap: { hexCenterOnScreen(hex: string): { x: number; y: number } | null }
  __hexwrightPlay: {
    hash(): string | null
    prompt(): { side: string; kind: string; text: string } | null
    hexOf(unit: string): string | null
    /** Selects the unit (and returns what it may do). */
    options(unit: string): unknown
    answers(): Action[]
    actions(): Action[]
    cursor(): number
    length(): number
  }
}
type W = Window & Hooks

let url: string
let page: Page

const play = <T>(fn: (p: Hooks['__hexwrightPlay']) => T): Promise<T> =>
  page.evaluate(`(${fn.toString()})(window.__hexwrightPlay)`) as Promise<T>

async function prompt(): Promise<{ side: string; kind: string; text: string } | null> {
  return play((p) => p.prompt())
}

async function ready(): Promise<void> {
  await page.waitForFunction(() => (window as unknown as Partial<W>).__hexwright?.ws.ready === true)
}

async function openPlay(path: string): Promise<void> {
  await page.evaluate((p) => (window as unknown as W).__hexwright.nav.open(p, 'play'), path)
}

/** Clicks the decision panel's answer for which `pick` is true. */
async function answer(pick: (a: Action) => boolean): Promise<void> {
  // The panel follows the game a frame later: wait until it offers answers.
  await page.waitForFunction(() => (window as unknown as W).__hexwrightPlay.answers().length > 0)
  const answers = await play((p) => p.answers())
  const i = answers.findIndex(pick)
  expect(i, `no answer like that among ${JSON.stringify(answers)}`).toBeGreaterThanOrEqual(0)
  try {
    await page.locator('[data-testid=answer]').nth(i).click({ timeout: 5000 })
  } catch (e) {
    await page.screenshot({ path: join(RESULTS, 'play-failed-click.png') })
    throw e
  }
}

/**
 * Types the faces of a roll the game waits for (`face`, or FACE), and returns what the roll is
 * for as the dice panel says it.
 */
async function roll(face = FACE): Promise<string> {
  await page.waitForSelector('[data-testid=dice-request]')
  // A draw from a cup of counters rolls smaller and smaller dice ("d3 (0–2)"): stay on a face.
  const asked = await page.locator('[data-testid=dice-request] b').innerText()
  const forWhat = page.locator('[data-testid=dice-for]')
  const what = (await forWhat.count()) > 0 ? await forWhat.innerText() : ''
  const range = /\((\d+)–(\d+)\)/.exec(asked)
  const typed = range ? Math.max(Number(range[1]), Math.min(face, Number(range[2]))) : face
  await page.fill('[data-testid=dice-faces]', String(typed))
  await page.press('[data-testid=dice-faces]', 'Enter')
  return what
}

/** Rolls every roll the game waits for (an action may roll several times, asked in turn). */
async function rollAll(): Promise<void> {
  while ((await page.locator('[data-testid=dice-request]').count()) > 0) await roll()
}

/** Answers with a passive choice (done, decline, pass) until the decision is of `kind`. */
async function passUntil(kind: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await rollAll()
    const p = await prompt()
    if (p?.kind === kind) return
    await answer((a) => ['done', 'decline', 'pass', 'declare-done'].includes(a.type))
  }
  throw new Error(`the game did not reach a ${kind} decision`)
}

/** Rolls and answers passively until the last action's record matches `what`. */
async function rollThrough(what: RegExp): Promise<void> {
  for (let i = 0; i < 12; i++) {
    if ((await page.locator('[data-testid=dice-request]').count()) > 0) {
      await roll()
      continue
    }
    const records = await page.locator('[data-testid=last-record]').allInnerTexts()
    if (records.some((t) => what.test(t))) return
    await answer((a) => ['declare-done', 'decline', 'done', 'pass'].includes(a.type))
  }
  throw new Error(`no roll matching ${what} came`)
}

async function clickHex(hex: string): Promise<void> {
  const at = await page.evaluate(
    (h) => (window as unknown as W).__hexwrightMap.hexCenterOnScreen(h),
    hex,
  )
  if (!at) throw new Error(`hex ${hex} is not on the map`)
  await page.mouse.click(at.x, at.y)
}

/** Moves the pointer over a hex: its counters show large in the magnifier, its answers below. */
async function hoverHex(hex: string): Promise<void> {
  const at = await page.evaluate(
    (h) => (window as unknown as W).__hexwrightMap.hexCenterOnScreen(h),
    hex,
  )
  if (!at) throw new Error(`hex ${hex} is not on the map`)
  await page.mouse.move(at.x, at.y)
}

async function unitHex(unit: string): Promise<string | null> {
  return page.evaluate((u) => (window as unknown as W).__hexwrightPlay.hexOf(u), unit)
}

/** Clicks the unit's hex until the unit is the one selected (a stack selects in turn). */
async function selectUnit(unit: string, name: string): Promise<void> {
  const hex = await unitHex(unit)
  if (!hex) throw new Error(`${unit} is not on the map`)
  for (let i = 0; i < 4; i++) {
    await clickHex(hex)
    const heading = page.locator('[data-testid=selected-unit] h3')
    await heading.waitFor()
    if ((await heading.innerText()) === name) return
  }
  throw new Error(`clicking ${hex} never selected ${name}`)
}

async function lastAction(): Promise<Action | undefined> {
  return play((p) => p.actions().at(-1))
}

async function logText(): Promise<string> {
  await page.click('[data-testid=tab-log]')
  const text = await page.locator('[data-testid=game-log]').innerText()
  await page.click('[data-testid=tab-combat]')
  return text
}

/** The colour the play map draws a charge's route in (src/editor/play/overlays.ts). */
const CHARGE_COLOUR = '#a040c0'
const CLASH = 'content/scenarios/first-clash-in-the-grove.json'

/**
 * A small Croisades tactical fight on the olive grove, made for this test: a knight who can
 * charge a Syrian rider head-on down file F, a sergeant who must walk past a foot archer.
 */
function clashText(): string {
  return JSON.stringify({
    $schema: '../../schemas/scenario.schema.json',
    id: 'first-clash-in-the-grove',
    schemaVersion: 1,
    name: 'First clash in the grove',
    description: 'A knight and a sergeant against a Syrian rider and a foot archer.',
    ruleset: 'croisades-tactical',
    map: 'croisades-olive-grove',
    setup: { firstSide: 'crusaders', turns: 4 },
    sides: [
      {
        id: 'crusaders',
        name: 'Crusaders',
        color: '#2f4f9f',
        units: [
          { id: 'knight', type: 'average-knight', name: 'Sir Guy', hex: 'F15', facing: 'N' },
          { id: 'sergeant', type: 'sergeant', name: 'Hugh', hex: 'L16' },
        ],
      },
      {
        id: 'saracens',
        name: 'Saracens',
        color: '#9f2f2f',
        units: [
          { id: 'syrian', type: 'syrian-heavy-cavalry', name: 'Tarik', hex: 'F7', facing: 'S' },
          { id: 'archer', type: 'saracen-foot-archer', name: 'Walid', hex: 'N10' },
        ],
      },
    ],
  })
}

/** Hovers the answer button of the open decision for which `pick` is true. */
async function hoverAnswer(pick: (a: Action) => boolean): Promise<void> {
  await page.waitForFunction(() => (window as unknown as W).__hexwrightPlay.answers().length > 0)
  const i = (await play((p) => p.answers())).findIndex(pick)
  expect(i).toBeGreaterThanOrEqual(0)
  await page.locator('[data-testid=answer]').nth(i).hover()
}

/** Opens a scenario in Play and starts it with table dice, rolling what its setup rolls. */
async function startWithTableDice(path: string): Promise<void> {
  await openPlay(path)
  await page.waitForSelector('[data-testid=play-setup]')
  await page.check('[data-testid=dice-table]')
  await page.click('[data-testid=start-game]')
  for (;;) {
    await page.waitForSelector('[data-testid=play-map], [data-testid=dice-request]')
    if ((await page.locator('[data-testid=play-map]').count()) > 0) break
    await roll()
  }
}

/** A page of its own (a new browser context: an empty workspace) for the describe block. */
function ownPage(of: SessionOf): void {
  beforeAll(async () => {
    const session = of()
    url = session.url
    page = await session.browser.newPage({ viewport: { width: 1500, height: 950 } })
  })

  afterAll(async () => {
    await page?.context().close()
  })
}

/** Croisades tactical played as a new user would, in a context of its own. */
export function croisadesInTheBrowser(of: SessionOf): void {
  describe('Croisades tactical in the browser', () => {
    ownPage(of)

    it('fires defensively into a move, sees a charge and a counter-charge, a melee with its odds and a stunned man recovering', async () => {
      await page.goto(url)
      await ready()
      await page.evaluate(
        ([p, t]) => (window as unknown as W).__hexwright.ws.createFile(p as string, t as string),
        [CLASH, clashText()],
      )
      await startWithTableDice(CLASH)

      // B.1.21 phase 1: the crusaders have nobody to shoot with.
      expect(await prompt()).toMatchObject({ side: 'crusaders', kind: 'fire' })
      await answer((a) => a.type === 'done')

      // Phase 2 (B.1.56): Sir Guy's charge at Tarik straight down file F, its route drawn on
      // the map while the answer is weighed, before it is declared.
      expect(await prompt()).toMatchObject({ side: 'crusaders', kind: 'charge-declaration' })
      const straight = (a: Action) =>
        a.type === 'charge' &&
        a.target === 'syrian' &&
        JSON.stringify(a.route) === JSON.stringify(['F14', 'F13', 'F12', 'F11', 'F10', 'F9', 'F8'])
      await hoverAnswer(straight)
      // Attached, not "visible": a straight line down a file has an empty bounding box.
      await page.waitForSelector(`.play-map path[stroke="${CHARGE_COLOUR}"]`, { state: 'attached' })
      await page.screenshot({ path: join(RESULTS, 'croisades-charge-route.png') })
      await answer(straight)

      // The Saracens answer at once: Tarik counter-charges two hexes back along the route.
      expect(await prompt()).toMatchObject({ side: 'saracens', kind: 'counter-charge' })
      await answer((a) => a.type === 'counter-charge' && a.unit === 'syrian')
      expect(await unitHex('syrian')).toBe('F9')
      // Both riders carry their markers' badges (B.1.56: CHARGE, CONTRE-CHARGE): Tarik's
      // counter, magnified under the pointer.
      await hoverHex('F9')
      await page.waitForSelector('[data-testid=magnifier]')
      await page.screenshot({ path: join(RESULTS, 'croisades-charge-markers.png') })

      // Phase 3: a declared charge must be ridden (no "Done" while it is owed); Sir Guy rides
      // to F10, where the counter-charge meets him.
      expect(await prompt()).toMatchObject({ side: 'crusaders', kind: 'movement' })
      expect((await play((p) => p.answers())).some((a) => a.type === 'done')).toBe(false)
      await selectUnit('knight', 'Sir Guy')
      await clickHex('F10')
      await clickHex('F10')
      expect(await unitHex('knight')).toBe('F10')

      // Hugh walks past Walid: entering L15 he is shot at defensively (B.1.33), a 1 wounds.
      await selectUnit('sergeant', 'Hugh')
      await clickHex('L13')
      await clickHex('L13')
      expect(await prompt()).toMatchObject({ side: 'saracens', kind: 'reaction-fire' })
      await answer((a) => a.type === 'fire' && a.unit === 'archer' && a.target === 'sergeant')
      expect(await roll(1)).toMatch(/Missile fire/)
      expect(await logText()).toMatch(/Missile fire \(Walid at Hugh\)[^\n]*result B \(Wounded\)/)
      await page.screenshot({ path: join(RESULTS, 'croisades-defensive-fire.png') })

      // Phase 4 (B.1.7): the melee's odds shown before the roll; a 1 kills Tarik's horse and
      // stuns him (result D), and he is set down beside it.
      await passUntil('melee')
      await hoverAnswer((a) => a.type === 'attack')
      await expect.poll(() => page.locator('[data-testid=combat-panel]').innerText()).toMatch(/3:1/)
      await page.screenshot({ path: join(RESULTS, 'croisades-melee-odds.png') })
      await answer((a) => a.type === 'attack')
      await roll(1)
      expect(await logText()).toMatch(/Melee \(Sir Guy against Tarik\): odds 3:1[^\n]*result D/)
      expect(await prompt()).toMatchObject({ side: 'saracens', kind: 'unhorsed' })
      // Seven hexes beside the horse: the answers fold away, the suggested one shown apart.
      await page.click('[data-testid=suggested-answer]')
      expect(await logText()).toMatch(/Tarik: healthy → stunned/)

      // The Saracens' player turn passes; in its phase 5 Tarik, stunned in the previous player
      // turn, recovers (B.1.21).
      // B.1.75: Sir Guy's advance is picked on the map: the hex where the shortest one ends is
      // highlighted, a click weighs it (its way drawn), a second click takes it.
      expect(await prompt()).toMatchObject({ side: 'crusaders', kind: 'advance' })
      const advances = (await play((p) => p.answers())).filter((a) => a.type === 'advance')
      const shortest = advances.reduce((x, y) =>
        (y.path as string[]).length < (x.path as string[]).length ? y : x,
      )
      const end = (shortest.path as string[]).at(-1) as string
      await clickHex(end)
      await page.waitForSelector('[data-testid=path-here]')
      await page.screenshot({ path: join(RESULTS, 'croisades-advance-on-the-map.png') })
      await clickHex(end)
      await rollAll()
      expect(await lastAction()).toMatchObject({ type: 'advance', unit: 'knight' })
      expect(await unitHex('knight')).toBe(end)
      let planned = false
      for (let i = 0; i < 14 && (await prompt())?.side === 'saracens'; i++) {
        await rollAll()
        if ((await prompt())?.kind === 'fire' && !planned) {
          planned = true
          // B.1.34: Walid, still without a plan, is marked; selected, he is given one, and his
          // counter shows its OFF and DEF badges.
          await selectUnit('archer', 'Walid')
          await page
            .getByRole('button', { name: 'Walid plans offensive and defensive fire' })
            .click()
          await expect
            .poll(() => page.locator('[data-testid=fire-plan]').innerText())
            .toMatch(/offensive and defensive fire/)
          await hoverHex((await unitHex('archer')) as string)
          await page.waitForSelector('[data-testid=magnifier]')
          await page.screenshot({ path: join(RESULTS, 'croisades-fire-plan.png') })
          // Hugh's hex is Walid's target now: select him as the page's hook does.
          await play((p) => void p.options('sergeant'))
          continue
        }
        await answer((a) => ['done', 'decline', 'pass'].includes(a.type))
      }
      expect(await prompt()).toMatchObject({ side: 'crusaders', kind: 'fire' })
      expect(await logText()).toMatch(/Tarik: stunned → healthy/)
      // The last unit selected (Hugh) says why he has nothing to do, by his name.
      expect(await page.locator('[data-testid=selected-unit]').innerText()).toContain(
        'Hugh has no part in this decision',
      )
      await page.screenshot({ path: join(RESULTS, 'croisades-recovered.png') })
    }, 300_000)
  })
}

/** The playtest, in a context of its own of the browser `of` gives. */
export function playtestInTheBrowser(of: SessionOf): void {
  describe('playtest in the browser', () => {
    ownPage(of)

    it('plays a move, a shot, a continuation and a charge with our own dice, then saves and replays', async () => {
      await page.goto(url)
      await ready()
      // The setup draws seizure counters (6.3) with our dice too.
      await startWithTableDice(SCENARIO)
      expect(await prompt()).toMatchObject({ side: 'franks', kind: 'activation-choice' })

      // 6.1: the Franks take their free activation with the foot battle.
      await answer(
        (a) => a.type === 'activate' && a.command === 'franks-foot' && a.kind === 'battle',
      )
      await passUntil('move-and-fire')

      // The board pans by a left drag.
      const pane = () =>
        page.evaluate(
          () =>
            (document.querySelector('.play-map .leaflet-map-pane') as HTMLElement).style.transform,
        )
      const box = (await page.locator('[data-testid=hex-map]').boundingBox())!
      const before = await pane()
      await page.mouse.move(box.x + box.width / 2, box.y + 100)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width / 2 - 60, box.y + 140, { steps: 5 })
      await page.mouse.up()
      expect(await pane()).not.toBe(before)
      await page.click('[data-testid=whole-map]')

      // 7.2: a pike unit steps forward one hex; the move costs 1 MP and ends facing E.
      await clickHex('0705')
      await page.waitForSelector('[data-testid=selected-unit]')
      await clickHex('0704')
      await page.click('[data-testid=facing-E]')
      expect(await unitHex('franks-pk-1')).toBe('0704')
      expect(await logText()).toContain(`${PIKES} moves from 0705 to 0704`)

      // 11.0: the crossbow fires at the garrison archers; the odds show before the roll.
      await clickHex('0808')
      await clickHex('1007')
      await page.waitForSelector('[data-testid=odds-outcome]')
      const outcomes = await page.locator('[data-testid=odds-outcome]').count()
      expect(outcomes).toBeGreaterThan(0)
      await page.screenshot({ path: join(RESULTS, 'play-combat-panel-before.png') })
      await page.click('[data-testid=take-weighed]')
      // The garrison may return fire (11.3): it declines, then the shot is rolled.
      await rollThrough(/fire/i)
      await page.screenshot({ path: join(RESULTS, 'play-combat-panel-after.png') })
      expect(await page.locator('[data-testid=last-record]').first().innerText()).toMatch(/roll/)

      // 6.2: the Franks end the phase (each side's loss check rolls, asked in turn) and name the
      // Count's horse to go on; its leader must roll his activation rating or less: a 0 does it.
      await passUntil('continuation')
      await answer((a) => a.type === 'continue' && a.command === 'franks-horse')
      expect(await roll(0)).toMatch(/^Continuation \(Frankish column/)
      await passUntil('move-and-fire')
      const continued = await logText()
      expect(continued).toMatch(/Continuation \(Frankish column[^)]*\): d10z rolled 0, success/)

      // 7.2: the first knight rides three hexes to 0705 and ends facing E.
      await selectUnit('franks-kn-1', 'Knights 1')
      await clickHex('0705')
      await page.click('[data-testid=facing-E]')
      expect(await unitHex('franks-kn-1')).toBe('0705')
      expect(await logText()).toContain('Knights 1 moves from 0405 to 0705')

      // 13.0: it charges the archers with flails in 1005 through 0805 and 0905. The first click
      // weighs the charge (the path drawn, no dice yet), the second declares it.
      await passUntil('shock-declaration')
      await clickHex('1005')
      const weighed = page.locator('[data-testid=combat-panel]')
      await expect.poll(() => weighed.innerText()).toContain('via 0805, 0905')
      await clickHex('1005')
      expect(await lastAction()).toMatchObject({
        type: 'declare',
        attackers: ['franks-kn-1'],
        defenders: ['garrison-af-1'],
        charge: true,
        paths: { 'franks-kn-1': ['0805', '0905'] },
      })
      // The archers may fire as the knight enters 0905 (they decline); no bonus counter is played;
      // then the charge is rolled with a 5: 5 + 2 (weapons) + 1 (shock defence) − 1 (moved) = 7.
      await rollThrough(/Shock or charge/)
      const record = await page.locator('[data-testid=last-record]').first().innerText()
      expect(record).toContain('roll d10z: 5')
      expect(record).toContain('modified roll 5 +2 = 7')
      expect(record).toMatch(/result DRT \(Defender retired\)/)
      expect(await unitHex('franks-kn-1')).toBe('0905')
      const log = await logText()
      expect(log).toMatch(/Shock or charge \(Knights 1 against Archers with Flails 1\)/)
      // Words, not ids, in the log.
      expect(log).not.toMatch(/franks-|garrison-|[{}]/)
      await page.screenshot({ path: join(RESULTS, 'play-charge.png') })

      // 14.5: the retired archers are placed near their standard by clicking a highlighted hex.
      expect(await prompt()).toMatchObject({ side: 'emirate', kind: 'relocate' })
      // Too many answers to list: they fold away, the suggested one shown apart (and starred).
      await expect
        .poll(() => page.locator('[data-testid=suggested-answer]').innerText())
        .toMatch(/^★ Place Archers with Flails 1 in \d{4}, facing /)
      const places = await play((p) => p.answers().filter((a) => typeof a.hex === 'string'))
      const place = places[0] as Action & { hex: string }
      await clickHex(place.hex)
      // Each hex allows several facings: the panel asks which one.
      const facings = page.locator('[data-testid=facing-choice] button')
      await facings.first().waitFor()
      expect(await facings.count()).toBeGreaterThan(1)
      await facings.first().click()
      expect(await unitHex('garrison-af-1')).toBe(place.hex)
      expect(await lastAction()).toMatchObject({ type: 'place', unit: 'garrison-af-1' })

      // Save: the saved game goes into the workspace; a reload and a replay reach the same hash.
      const hash = await play((p) => p.hash())
      const actions = await play((p) => p.length())
      await page.click('[data-testid=save-game]')
      await page.waitForSelector('text=Saved as')
      const saved = await page.evaluate(() =>
        [...(window as unknown as W).__hexwright.ws.files.keys()].find((k) =>
          k.startsWith('content/saves/'),
        ),
      )
      expect(saved).toBeDefined()
      await page.reload()
      await ready()
      await openPlay(saved as string)
      await page.waitForSelector('[data-testid=play-map]')
      expect(await play((p) => p.hash())).toBe(hash)
      expect(await play((p) => p.length())).toBe(actions)
      await page.click('[data-testid=tab-log]')
      await page.click('[data-testid=replay-start]')
      expect(await play((p) => p.cursor())).toBe(0)
      for (let i = 0; i < actions; i++) await page.click('[data-testid=replay-forward]')
      expect(await page.locator('[data-testid=replay-position]').innerText()).toBe(
        `${actions} / ${actions}`,
      )
      expect(await play((p) => p.hash())).toBe(hash)
      expect(await unitHex('franks-kn-1')).toBe('0905')
      await page.screenshot({ path: join(RESULTS, 'play-replayed.png') })
    }, 300_000)
  })
}
