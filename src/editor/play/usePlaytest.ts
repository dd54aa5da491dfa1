/**
 * The playtest of one scenario (or one saved game) in the editor: loading it from the workspace
 * as it stands, the game session, the unit selected, the action being weighed, the AI players,
 * and the autosave that keeps a game in progress across reloads.
 */
import {
  computed,
  getCurrentScope,
  markRaw,
  onScopeDispose,
  ref,
  shallowRef,
  watch,
  type Ref,
} from 'vue'
import type { Action, DiceChoice, LoadedScenario, Names, Problem, SavedGame } from '../../runtime'
import {
  ActionFailure,
  actionText,
  formatProblem,
  legalGroups,
  loadLibrary,
  migrateSavedGame,
  namesOf,
  openPrompt,
} from '../../runtime'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import { idOfPath, pathFor } from '../workspace/files'
import { AiPlayers } from './ai-players'
import { endHex } from './overlays'
import { missingRoll, PlaySession, type DiceAsked, type PlayResult } from './play-session'

export interface GameSetup {
  variants: string[]
  options: Record<string, boolean>
  dice: DiceChoice
}

export interface SetupChoices {
  /** Variants that can be layered on the scenario's ruleset. */
  variants: { id: string; name: string }[]
  options: { id: string; label: string; description?: string; rule?: string; on: boolean }[]
}

/** An answer naming a hex or ending in one along a path, taken by a click on that hex too. */
export const namesHex = (a: Action): boolean => endHex(a) !== null

/** A roll a table-dice game waits for, and the action that asked for it. */
export interface DiceRequest extends DiceAsked {
  action: Action
}

const AUTOSAVE = 'hexwright.play.'

function storageGet(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null
  } catch {
    return null
  }
}
function storageSet(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key)
    else globalThis.localStorage?.setItem(key, value)
  } catch {
    // A full or blocked storage loses only the autosave; the game goes on.
  }
}

export function usePlaytest(path: string) {
  const ws = useWorkspaceStore()
  const format = computed(() => ws.parsed(path)?.format)
  const isSave = computed(() => format.value === 'saved-game')
  const autosaveKey = AUTOSAVE + path

  const problems = shallowRef<Problem[]>([])
  const message = ref<string | null>(null)
  const loaded = shallowRef<LoadedScenario | null>(null)
  const session = shallowRef<PlaySession | null>(null)
  /** Bumped on every change of the session (the session itself is not reactive). */
  const version = ref(0)
  const names = shallowRef<Names | null>(null)
  const playtestMode = ref(true)
  const selected = ref<string | null>(null)
  /** The action the player is weighing (hovered or chosen, not yet taken). */
  const weighing = shallowRef<Action | null>(null)
  const diceRequest = shallowRef<DiceRequest | null>(null)
  const notice = ref<{ text: string; rule?: string } | null>(null)
  const hashMatches = ref<boolean | null>(null)

  function touch(): void {
    version.value++
    const s = session.value
    if (s && !isSave.value) storageSet(autosaveKey, JSON.stringify(s.save()))
  }

  /**
   * The scenario's errors as the workspace's validation found them (the problems panel's, the
   * CLI's validate): shown before a game is started, so a scenario that cannot be played says
   * why instead of offering a start that fails.
   */
  const scenarioErrors = computed(() =>
    isSave.value ? [] : ws.problems.filter((p) => p.file === path && p.severity === 'error'),
  )
  /** The scenario's name (a saved game's too), never its id while it has one. */
  const scenarioName = computed(
    () =>
      ws.value<{ name?: string }>(isSave.value ? pathFor('scenario', scenarioId.value) : path)
        ?.name ?? scenarioId.value,
  )

  const scenarioId = computed(() => {
    if (isSave.value) return ws.value<{ scenario?: string }>(path)?.scenario ?? ''
    return ws.value<{ id?: string }>(path)?.id ?? idOfPath(path)
  })

  /** Loads the scenario from the workspace as it is now; problems if it does not load. */
  function load(
    variants: readonly string[],
    options: Record<string, boolean>,
  ): LoadedScenario | null {
    const library = loadLibrary(ws.sources())
    const r = library.scenario(scenarioId.value, { variants, options })
    if (!r.ok) {
      problems.value = r.problems
      message.value =
        r.problems.length > 0
          ? `The scenario does not load: ${r.problems.length} problem${r.problems.length === 1 ? '' : 's'} to fix first.`
          : 'The scenario does not load.'
      return null
    }
    problems.value = []
    message.value = null
    loaded.value = markRaw(r.value)
    names.value = namesOf(r.value)
    return r.value
  }

  function setSession(s: PlaySession): void {
    session.value = markRaw(s)
    selected.value = null
    weighing.value = null
    diceRequest.value = null
    notice.value = null
    touch()
  }

  /** A table-dice game whose setup rolls (seizure counters drawn…) waits for these faces. */
  let pendingSetup: GameSetup | null = null

  function start(setup: GameSetup): boolean {
    const l = load(setup.variants, setup.options)
    if (!l) return false
    try {
      setSession(new PlaySession(l, setup.dice))
      pendingSetup = null
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error)
      const refusal = error instanceof ActionFailure ? error.error : null
      const ran = 'forced' in setup.dice && refusal !== null ? missingRoll(refusal) : null
      if (ran) {
        pendingSetup = setup
        diceRequest.value = { action: { type: 'start' }, ...ran }
        return false
      }
      message.value = `The game cannot start: ${text}`
      return false
    }
    return true
  }

  /** A saved game (a file's value or an autosave): loaded with its variants and options. */
  function open(input: unknown): boolean {
    const migrated = migrateSavedGame(input)
    if (!migrated.ok) {
      message.value = `This is not a saved game Hexwright can open: ${migrated.error}`
      return false
    }
    const save = migrated.save
    const options = Object.fromEntries(
      Object.entries(save.options ?? {}).filter(
        (e): e is [string, boolean] => typeof e[1] === 'boolean',
      ),
    )
    const l = load(save.variants ?? [], options)
    if (!l) return false
    const r = PlaySession.fromSave(l, save)
    if (!r.ok) {
      message.value = `The saved game does not replay on the scenario as it is now: ${r.message}`
      return false
    }
    hashMatches.value = r.hashMatches
    setSession(r.session)
    return true
  }

  const autosaved = computed(() => {
    if (isSave.value) return null
    const text = storageGet(autosaveKey)
    if (!text) return null
    try {
      return JSON.parse(text) as SavedGame
    } catch {
      return null
    }
  })

  function resume(): boolean {
    return autosaved.value ? open(autosaved.value) : false
  }

  function discardAutosave(): void {
    storageSet(autosaveKey, null)
  }

  /** What the setup dialog offers: variants of the scenario's ruleset and its optional rules. */
  const setupChoices = computed<SetupChoices>(() => {
    const scenario = ws.value<{ ruleset?: string; options?: Record<string, boolean> }>(
      isSave.value ? pathFor('scenario', scenarioId.value) : path,
    )
    const rulesetId = scenario?.ruleset ?? ''
    const lib = ws.content()
    const baseOf = new Map<string, string | undefined>()
    for (const e of ws.entries)
      if (e.format === 'variant') baseOf.set(e.id, ws.value<{ base?: string }>(e.path)?.base)
    /** Whether a variant builds, through any number of variants, on the scenario's ruleset. */
    const buildsOn = (id: string): boolean => {
      const seen = new Set<string>()
      for (let at = baseOf.get(id); at && !seen.has(at); at = baseOf.get(at)) {
        if (at === rulesetId) return true
        seen.add(at)
      }
      return false
    }
    const variants: { id: string; name: string }[] = []
    for (const e of ws.entries)
      if (e.format === 'variant' && buildsOn(e.id)) variants.push({ id: e.id, name: e.name })
    const resolved = lib.ruleset(rulesetId)
    const opts = resolved.ok ? (resolved.value.ruleset.options ?? []) : []
    return {
      variants,
      options: opts.map((o) => ({
        id: o.id,
        label: o.label ?? o.id,
        ...(o.description ? { description: o.description } : {}),
        ...(o.rule ? { rule: o.rule } : {}),
        on: scenario?.options?.[o.id] ?? o.default ?? false,
      })),
    }
  })

  // ---- the game as it stands -------------------------------------------------------------

  const state = computed(() => (version.value, session.value?.state ?? null))
  const prompt = computed(() => (state.value ? openPrompt(state.value) : null))
  /** The open decision's groups: whole-decision actions, and one group per unit that may act. */
  const groups = computed(() => {
    const l = loaded.value
    const s = state.value
    if (!l || !s || !session.value?.atEnd) return []
    return legalGroups(l, s)
  })
  /** Units the open decision lets act, by the groups the engine keys by unit id. */
  const actingUnits = computed(() => {
    const s = state.value
    return new Set(groups.value.map((g) => g.key).filter((k) => s?.units[k] !== undefined))
  })
  /** The actions of the open decision that name no single unit (done, pass, a choice…). */
  const generalActions = computed(() => {
    const all = groups.value
      .filter((g) => !actingUnits.value.has(g.key))
      .flatMap((g) => g.actions())
    // Answers naming a hex (placing a unit…) come last: they are also taken on the map.
    return [...all.filter((a) => !namesHex(a)), ...all.filter(namesHex)]
  })

  function describe(action: Action): string {
    return names.value ? actionText(action, names.value) : action.type
  }

  /** An engine sentence (log line, prompt, record, refusal) in words: names, not ids. */
  function say(text: string): string {
    const n = names.value
    return n ? n.text(text, prompt.value?.actions ?? []) : text
  }

  function act(action: Action): PlayResult {
    const s = session.value
    if (!s) return { ok: false, message: 'No game is open.' }
    const r = s.play(action)
    if (r.ok) {
      notice.value = null
      weighing.value = null
      diceRequest.value = null
    } else if ('needsDice' in r) {
      diceRequest.value = { action, ...r.needsDice }
    } else notice.value = r.rule ? { text: r.message, rule: r.rule } : { text: r.message }
    touch()
    return r
  }

  /** Table dice: the faces the players rolled, then the action that waited for them. */
  function enterDice(faces: number[]): PlayResult {
    const s = session.value
    const req = diceRequest.value
    const setup = pendingSetup
    if (req && setup && 'forced' in setup.dice) {
      diceRequest.value = null
      start({ ...setup, dice: { forced: [...setup.dice.forced, ...faces] } })
      return { ok: true }
    }
    if (!s || !req) return { ok: false, message: 'No roll is awaited.' }
    s.addFaces(faces)
    diceRequest.value = null
    return act(req.action)
  }

  function undo(): void {
    const s = session.value
    if (!s) return
    const r = s.undo(playtestMode.value)
    notice.value = r.ok ? null : { text: r.message }
    diceRequest.value = null
    touch()
  }

  function goTo(k: number): void {
    session.value?.goTo(k)
    diceRequest.value = null
    version.value++
  }

  const ai = new AiPlayers({
    loaded: () => loaded.value,
    session: () => session.value,
    act: (a) => act(a),
    // The computer's moves are worked out in a worker, which loads the scenario from these.
    sources: () => ws.sources(),
  })
  if (getCurrentScope()) onScopeDispose(() => ai.dispose())
  const aiSides = ai.sides as Ref<Record<string, 'human' | 'random' | 'greedy'>>
  watch([state, aiSides, ai.running], () => ai.schedule(), { deep: true })

  /** Writes the game as shown into the workspace's saves/ folder; returns the path. */
  function saveToWorkspace(name?: string): string | null {
    const s = session.value
    if (!s) return null
    const stamp = new Date().toISOString()
    const base = `${s.loaded.scenario.id}-${stamp.slice(0, 19).replace(/[:T]/g, '-')}`
    let file = pathFor('saved-game', base)
    for (let n = 2; ws.files.has(file); n++) file = pathFor('saved-game', `${base}-${n}`)
    const save = s.save({
      savedAt: stamp,
      name: name ?? `${s.loaded.scenario.name} — ${s.cursor} actions`,
    })
    ws.createFile(file, `${JSON.stringify(save, null, 2)}\n`, `Save game ${idOfPath(file)}`)
    return file
  }

  return {
    path,
    ws,
    isSave,
    scenarioId,
    problems,
    problemLines: computed(() => problems.value.map((p) => formatProblem(p))),
    scenarioErrors,
    scenarioName,
    message,
    loaded,
    session,
    version,
    names,
    state,
    prompt,
    groups,
    actingUnits,
    generalActions,
    playtestMode,
    selected,
    weighing,
    diceRequest,
    notice,
    hashMatches,
    autosaved,
    setupChoices,
    ai,
    start,
    open,
    resume,
    discardAutosave,
    describe,
    say,
    act,
    enterDice,
    undo,
    goTo,
    saveToWorkspace,
  }
}

export type Playtest = ReturnType<typeof usePlaytest>
