/**
 * Words, not ids, wherever a player reads: each bundled scenario played some random actions, and
 * every answer's button, prompt, log line, change and roll record put in words as the play view
 * shows them, with no unit, leader, side or command id left and no JSON brace.
 */
import { describe, expect, it } from 'vitest'
import { actionText, loadLibrary, namesOf, type LoadedScenario } from '../../../src/runtime'
import { legalActions, openPrompt } from '../../../src/runtime/play'
import { playout, randomLegal } from '../../../src/runtime/play/ai'
import { recordLines } from '../../../src/runtime/rules'
import { readContentFolder } from '../../helpers/fixtures'

const library = loadLibrary(readContentFolder('content'))
const scenarios = library.report.store.ids(['scenario']).sort()

/**
 * Every id of the scenario that has a name of its own (units and leaders, sides, commands), and
 * the names, which may hold a word that is also an id ("the rearguard").
 */
function namedIds(loaded: LoadedScenario): { ids: Set<string>; names: string[] } {
  const ids = new Set<string>()
  const names: string[] = []
  const add = (thing: { id: string; name?: string }) => {
    if (!thing.name) return
    ids.add(thing.id)
    names.push(thing.name)
  }
  for (const side of loaded.scenario.sides) {
    add(side)
    for (const c of side.commands ?? []) add(c)
    for (const u of side.units ?? []) add(u)
    for (const g of side.reinforcements ?? []) for (const u of g.units ?? []) add(u)
  }
  return { ids, names: names.sort((a, b) => b.length - a.length) }
}

/** Finds the whole ids in a text (not part of a longer id), as the play view replaces them. */
function idFinder(ids: ReadonlySet<string>): (text: string) => string[] {
  const alternatives = [...ids].sort((a, b) => b.length - a.length).join('|')
  const re = new RegExp(`(?<![\\w-])(${alternatives})(?![\\w-])`, 'g')
  return (text) => [...text.matchAll(re)].map((m) => m[0])
}

describe('the play view says names, not ids', () => {
  it.each(scenarios)('%s: buttons, prompts, log lines and records', (id) => {
    const r = library.scenario(id)
    if (!r.ok) throw new Error(`${id} does not load`)
    const loaded = r.value
    const names = namesOf(loaded)
    const named = namedIds(loaded)
    const idsIn = idFinder(named.ids)
    const withoutNames = (text: string) => named.names.reduce((t, n) => t.split(n).join('·'), text)
    const bad: string[] = []
    const check = (where: string, text: string) => {
      const found = idsIn(withoutNames(text))
      if (found.length || /[{}]/.test(text)) bad.push(`${where}: ${text}`)
    }
    let answers: readonly string[] = []
    let step = 0
    playout(loaded, 1, randomLegal, 40, (state, _action, entries) => {
      for (const e of entries) {
        check('log', names.text(e.text, answers))
        for (const x of e.effects) check('change', names.text(x.text))
        for (const rec of e.records)
          for (const l of recordLines(rec)) check('record', names.text(l))
      }
      const p = openPrompt(state)
      answers = p?.actions ?? []
      if (!p) return
      check('prompt', names.text(p.text, p.actions))
      // Every few decisions: listing the answers costs more than playing them.
      if (step++ % 4 === 0)
        for (const a of legalActions(loaded, state).slice(0, 25))
          check('button', names.text(actionText(a, names)))
    })
    expect(bad.slice(0, 10)).toEqual([])
  })

  it('a leader going with a unit, and a prompt quoting its answers, read as words', () => {
    const r = library.scenario('sample-skirmish')
    if (!r.ok) throw new Error('sample-skirmish does not load')
    const names = namesOf(r.value)
    const text = actionText(
      {
        type: 'declare',
        side: 'franks',
        attackers: ['franks-kn-1'],
        defenders: ['garrison-af-1'],
        charge: true,
        with: { 'franks-kn-1': ['count-aymar'] },
      },
      names,
    )
    expect(text).toBe(
      `${names.unit('franks-kn-1')} charge ${names.unit('garrison-af-1')} (${names.unit('count-aymar')} with ${names.unit('franks-kn-1')})`,
    )
    expect(
      names.text('play a bonus counter ("play-counter"), or carry on ("done")', [
        'play-counter',
        'done',
      ]),
    ).toBe('play a bonus counter, or carry on')
    expect(
      names.text('garrison-af-1 is fired upon: "counter-charge" or "decline"', [
        'counter-charge',
        'decline',
      ]),
    ).toBe(`${names.unit('garrison-af-1')} is fired upon: counter charge or decline`)
  })
})

describe('the answers of the Croisades mechanics read as sentences (B.1.3–B.1.75)', () => {
  const r = library.scenario('croisades-battle-for-the-grove')
  if (!r.ok) throw new Error('croisades-battle-for-the-grove does not load')
  const names = namesOf(r.value)
  const say = (action: Record<string, unknown>) =>
    actionText({ side: 'saracens', ...action } as never, names)

  it.each([
    [
      { type: 'charge', unit: 'sa-saladin', target: 'cr-richard', route: ['K15', 'K14', 'K13'] },
      'Saladin charges Richard I by K15 → K14 → K13',
    ],
    [
      { type: 'counter-charge', unit: 'cr-knight', route: ['O9', 'N10'] },
      'Knight counter-charges by O9 → N10',
    ],
    [
      { type: 'attack', attackers: ['sa-seljuk-1'], defenders: ['cr-templar-1'] },
      'Seljuk horseman 1 attacks Templar 1',
    ],
    [
      { type: 'attack', attackers: ['sa-seljuk-1', 'sa-seljuk-2'], defenders: ['cr-templar-1'] },
      'Seljuk horseman 1, Seljuk horseman 2 attack Templar 1',
    ],
    [
      { type: 'retreat', unit: 'sa-seljuk-2', hex: 'E10', facing: 2 },
      'Seljuk horseman 2 retreats to E10, facing NE',
    ],
    [
      { type: 'advance', unit: 'cr-arnulf', path: ['F8', 'F7'] },
      'Arnulf advances to F7 by F8 → F7',
    ],
    [
      { type: 'mount', unit: 'sa-yesugai', horse: 'sa-yesugai-horse' },
      'Yesugai mounts Riderless horse (Yesugai)',
    ],
    [{ type: 'dismount', unit: 'sa-saladin', hex: 'I16' }, 'Saladin dismounts, standing in I16'],
    [
      {
        type: 'exchange-ammunition',
        unit: 'sa-javelin-1',
        from: 'sa-javelin-2',
        weapon: 'javelin',
      },
      'Javelinman 1 takes javelin ammunition from Javelinman 2',
    ],
    [
      {
        type: 'clear-remains',
        units: ['cr-knight', 'cr-templar-2'],
        from: 'P9',
        to: 'Q8',
        kind: 'dead-man',
      },
      'Knight, Templar 2 clear the dead man from P9 to Q8',
    ],
    [
      { type: 'fire-plan', unit: 'sa-javelin-1', plan: 'offensive-and-defensive' },
      'Javelinman 1 plans offensive and defensive fire',
    ],
    [
      {
        type: 'move',
        unit: 'sa-saladin',
        path: ['J15', 'J14'],
        facing: 'N',
        lead: ['sa-yesugai-horse'],
      },
      'Saladin moves to J14, facing N, leading Riderless horse (Yesugai)',
    ],
    [
      {
        type: 'move',
        unit: 'cr-knight',
        path: ['O9', 'N10'],
        carry: { unit: 'cr-templar-2', drop: 'N11' },
      },
      'Knight moves to N10, carrying Templar 2 to set down in N11',
    ],
  ])('%j', (action, sentence) => {
    expect(say(action)).toBe(sentence)
  })
})
