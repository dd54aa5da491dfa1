/**
 * `npm run bench -- --baseline <ref>`: the benchmark of another commit and of the working tree,
 * in one run on the same machine, so a speed claim is a ratio of figures taken side by side.
 *
 * The ref is checked out into a temporary git worktree (removed at the end, on failure and on
 * Ctrl-C too) with the working tree's node_modules linked in when the ref's package-lock.json is
 * the current one or contained in it (every package it lists is installed at the same version),
 * else installed with `npm ci`. Each tree's own `tools/bench.ts --json` then runs as a child
 * process, one at a time, alternating over the rounds (baseline first in odd rounds, current
 * first in even ones, so a machine growing busier does not favour one side).
 */
import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compareRounds, formatComparison, formatEditorComparison } from './compare'
import type { ComparedRow } from './compare'
import { editorFigures } from './editor'
import type { EditorFigure } from './editor'
import { BenchError } from './harness'
import type { BenchResult } from './harness'

export interface BaselineOptions {
  ref: string
  rounds: number
  /** The --only text (lower case), passed on to both trees; null for every runtime case. */
  only: string | null
  json: boolean
  root: string
  /** Also the editor's figures of both trees (a production build and Chromium for each). */
  editor: boolean
  /** Whether any runtime case is wanted (not with --only editor…). */
  runtime: boolean
}

/** What one child printed with --json: the fields both old and new benches write. */
interface ChildReport {
  results: BenchResult[]
  loadMs?: number
}

interface Baseline {
  dir: string
  sha: string
  modules: 'linked' | 'installed'
}

const git = (root: string, args: string[]): string =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

function resolveRef(root: string, ref: string): string {
  try {
    if (ref.startsWith('-')) throw new Error('not a ref')
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim()
  } catch {
    throw new BenchError(`--baseline "${ref}" is not a commit of this repository`)
  }
}

type Lock = { packages?: Record<string, { version?: string; integrity?: string }> }

/** Whether every package the baseline's lock installs is installed here at the same version. */
export function lockContained(baseText: string, currentText: string): boolean {
  if (baseText === currentText) return true
  try {
    const base = (JSON.parse(baseText) as Lock).packages ?? {}
    const current = (JSON.parse(currentText) as Lock).packages ?? {}
    return Object.entries(base).every(([path, p]) => {
      if (path === '') return true
      const here = current[path]
      return here?.version === p.version && here?.integrity === p.integrity
    })
  } catch {
    return false
  }
}

function say(text: string): void {
  process.stderr.write(`${text}\n`)
}

function addWorktree(root: string, sha: string, dir: string): Baseline {
  git(root, ['worktree', 'add', '--detach', dir, sha])
  let baseLock = ''
  try {
    baseLock = git(root, ['show', `${sha}:package-lock.json`])
  } catch {
    // No lockfile at that commit: npm ci will say why it cannot install.
  }
  const current = readFileSync(join(root, 'package-lock.json'), 'utf8')
  if (baseLock && lockContained(baseLock, current)) {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
    return { dir, sha, modules: 'linked' }
  }
  say(`The baseline's package-lock.json differs from this one: npm ci in ${dir} (a minute or two)`)
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' })
  return { dir, sha, modules: 'installed' }
}

function removeWorktree(root: string, dir: string): void {
  try {
    git(root, ['worktree', 'remove', '--force', dir])
  } catch {
    // Half made, or already gone: delete what is left and forget the registration.
    rmSync(dir, { recursive: true, force: true })
    try {
      git(root, ['worktree', 'prune'])
    } catch {
      // Nothing more can be done here; `git worktree prune` later will.
    }
  }
}

/** The JSON object a child printed last; an older bench may print other lines before it. */
export function parseReport(stdout: string): ChildReport | null {
  const end = stdout.lastIndexOf('}') + 1
  let offset = 0
  for (const line of stdout.split('\n')) {
    const start = offset
    offset += line.length + 1
    if (!line.startsWith('{')) continue
    const text = stdout.slice(start, end)
    try {
      const value = JSON.parse(text) as Partial<ChildReport>
      if (Array.isArray(value.results)) return value as ChildReport
    } catch {
      // Not this one: try the next line that opens an object.
    }
  }
  return null
}

let running: ChildProcess | null = null

/** One run of a tree's bench: its results, none when no case of the tree matches --only. */
function runChild(dir: string, args: readonly string[], label: string): Promise<BenchResult[]> {
  const tsx = join(dir, 'node_modules/tsx/dist/cli.mjs')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, 'tools/bench.ts', ...args], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running = child
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', (e) => reject(new BenchError(`${label}: ${e.message}`)))
    child.on('close', (code) => {
      running = null
      const report = parseReport(out)
      if (code === 0 && report) return resolve(report.results)
      if (/no case name contains/.test(err)) return resolve([])
      const why = err.trim().split('\n').pop() || `exit code ${code}`
      reject(new BenchError(`${label}: ${why.replace(/^bench failed: /, '')}`))
    })
  })
}

/** The arguments that make a tree's bench run its runtime cases only. */
function childArgs(root: string, sha: string | null, only: string | null): string[] {
  if (only !== null) return ['--json', '--only', only]
  const source =
    sha === null
      ? readFileSync(join(root, 'tools/bench.ts'), 'utf8')
      : git(root, ['show', `${sha}:tools/bench.ts`])
  // A bench without --no-editor builds the editor unless given --only; every case name of such
  // a bench holds a space, so --only " " picks them all and leaves the editor out.
  return source.includes("'--no-editor'") ? ['--json', '--no-editor'] : ['--json', '--only', ' ']
}

export interface BaselineReport {
  baseline: { ref: string; sha: string; modules: Baseline['modules'] }
  rounds: number
  only: string | null
  rows: ComparedRow[]
  runs: { baseline: BenchResult[][]; current: BenchResult[][] }
  editor: { baseline: EditorFigure[]; current: EditorFigure[] } | null
}

/**
 * Runs both trees, prints the table (or the JSON), and returns the report. The worktree is
 * removed before this returns or throws, and on SIGINT / SIGTERM.
 */
export async function compareWithBaseline(o: BaselineOptions): Promise<BaselineReport> {
  const sha = resolveRef(o.root, o.ref)
  const dir = mkdtempSync(join(tmpdir(), 'hexwright-baseline-'))
  const onSignal = (signal: NodeJS.Signals) => {
    running?.kill(signal)
    removeWorktree(o.root, dir)
    say(`bench stopped (${signal}); the baseline worktree is removed`)
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    say(`Baseline ${o.ref} (${sha.slice(0, 7)}): checking out a temporary worktree in ${dir}`)
    const base = addWorktree(o.root, sha, dir)
    const runs = { baseline: [] as BenchResult[][], current: [] as BenchResult[][] }
    const sides = [
      { key: 'baseline' as const, dir: base.dir, args: childArgs(o.root, sha, o.only) },
      { key: 'current' as const, dir: o.root, args: childArgs(o.root, null, o.only) },
    ]
    for (let round = 1; o.runtime && round <= o.rounds; round++) {
      for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
        say(`round ${round}/${o.rounds}: ${side.key}…`)
        runs[side.key].push(await runChild(side.dir, side.args, `${side.key} bench`))
      }
    }
    const rows = compareRounds(runs.baseline, runs.current)
    if (o.runtime && rows.length === 0)
      throw new BenchError(`neither tree has a case whose name contains "${o.only}"`)
    let editor: BaselineReport['editor'] = null
    if (o.editor) {
      // Both builds measured by this tree's code, so the baseline gets the newer figures too.
      say('editor figures: baseline…')
      const baselineFigures = await editorFigures(base.dir)
      say('editor figures: current…')
      editor = { baseline: baselineFigures, current: await editorFigures(o.root) }
    }
    const report: BaselineReport = {
      baseline: { ref: o.ref, sha, modules: base.modules },
      rounds: o.rounds,
      only: o.only,
      rows,
      runs,
      editor,
    }
    if (o.json) console.log(JSON.stringify(report, null, 2))
    else {
      const modules = base.modules === 'linked' ? 'node_modules linked' : 'installed with npm ci'
      console.log(`Baseline ${o.ref} (${sha.slice(0, 7)}, ${modules}) against the working tree`)
      if (o.runtime)
        console.log(
          `${o.rounds} round(s), one bench process at a time: figures are per core. Times are the best µs/op of all rounds; games/s are all games of all rounds.`,
        )
      else console.log('The editor of each tree, built and measured by the working tree.')
      console.log('')
      if (rows.length) console.log(formatComparison(rows))
      if (editor)
        console.log(
          `${rows.length ? '\n' : ''}${formatEditorComparison(editor.baseline, editor.current)}`,
        )
    }
    return report
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    removeWorktree(o.root, dir)
  }
}
