/**
 * `npm run bench`: times the runtime's hot paths on the bundled content and prints a table;
 * `npm run bench -- --json` prints the same results as JSON, and `--only <text>` runs the cases
 * whose names contain the text. docs/PERFORMANCE.md explains the cases and keeps the figures
 * measured so far. The editor's figures (bundle size, cold load, map paint, brush repaint;
 * `--only editor`) follow in a table of their own; `--no-editor` leaves them out.
 * `--baseline <ref> [--rounds n]` runs another commit's bench and this one's side by side
 * (bench/baseline.ts). Failures end with one line and exit 1.
 */
import { cpus, platform, arch } from 'node:os'
import { fileURLToPath } from 'node:url'
import { loadLibrary } from '../src/runtime'
import type { ContentLibrary } from '../src/runtime'
import { CASE_GROUPS } from './bench/cases'
import type { CaseEnv } from './bench/cases'
import { BenchError, formatTable, measure, ratioResult, skippedResult } from './bench/harness'
import type { BenchResult, MeasureOptions } from './bench/harness'
import { listJsonFiles, readSources } from './content-files'

/**
 * About 0.9 s per calibrated case with warm-up, and some 20 s of whole games for the playouts:
 * the whole run stays under a minute.
 */
const OPTIONS: MeasureOptions = { warmupMs: 200, targetMs: 700 }
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CONTENT = `${ROOT}content`
const USAGE =
  'usage: npm run bench [-- [--json] [--only <text in case names>] [--no-editor] [--baseline <git ref> [--rounds <n>]]]'

interface Report {
  date: string
  node: string
  cpu: string
  cores: number
  platform: string
  contentFiles: number
  loadMs: number
  options: MeasureOptions
  /** The --only text, or null when every case ran. */
  only: string | null
  results: BenchResult[]
}

interface Args {
  json: boolean
  only: string | null
  /** The runtime's cases only, as each tree runs for --baseline. */
  noEditor: boolean
  baseline: string | null
  rounds: number | null
}

/** The value of `--name value` or `--name=value`, moving `i` past it. */
function optionValue(args: readonly string[], i: { at: number }, name: string): string {
  const arg = args[i.at] as string
  const text = arg === name ? args[++i.at] : arg.slice(name.length + 1)
  if (text === undefined || text === '') throw new BenchError(`${name} needs a value (${USAGE})`)
  return text
}

function parseArgs(args: readonly string[]): Args {
  const parsed: Args = { json: false, only: null, noEditor: false, baseline: null, rounds: null }
  const is = (arg: string, name: string) => arg === name || arg.startsWith(`${name}=`)
  for (const i = { at: 0 }; i.at < args.length; i.at++) {
    const arg = args[i.at] as string
    if (arg === '--json') parsed.json = true
    else if (arg === '--no-editor') parsed.noEditor = true
    else if (is(arg, '--only')) parsed.only = optionValue(args, i, '--only').toLowerCase()
    else if (is(arg, '--baseline')) parsed.baseline = optionValue(args, i, '--baseline')
    else if (is(arg, '--rounds')) {
      const text = optionValue(args, i, '--rounds')
      parsed.rounds = Number(text)
      if (!Number.isInteger(parsed.rounds) || parsed.rounds < 1)
        throw new BenchError(`--rounds needs a whole number from 1 (got "${text}")`)
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE)
      process.exit(0)
    } else throw new BenchError(`unknown argument "${arg}" (${USAGE})`)
  }
  if (parsed.rounds !== null && parsed.baseline === null)
    throw new BenchError(`--rounds goes with --baseline (${USAGE})`)
  return parsed
}

/** The bundled library with a folder of test fixtures added, loaded the first time it is asked for. */
function fixturesLoader(): (folder: string) => ContentLibrary {
  const loaded = new Map<string, ContentLibrary>()
  return (folder) => {
    let library = loaded.get(folder)
    if (library === undefined) {
      library = loadLibrary(
        readSources([...listJsonFiles(CONTENT), ...listJsonFiles(ROOT + folder)]),
      )
      const errors = library.report.problems.filter((p) => p.severity === 'error').length
      if (errors > 0) throw new BenchError(`content/ with ${folder} has ${errors} error(s)`)
      loaded.set(folder, library)
    }
    return library
  }
}

function run({ json, only }: Args): Report {
  const wanted = (name: string): boolean => only === null || name.toLowerCase().includes(only)
  const groups = CASE_GROUPS.filter((g) => g.names.some(wanted))
  if (groups.length === 0) {
    const names = CASE_GROUPS.flatMap((g) => g.names).join(', ')
    throw new BenchError(`no case name contains "${only}"; the cases are: ${names}`)
  }
  const files = listJsonFiles(CONTENT)
  const start = performance.now()
  const library = loadLibrary(readSources(files))
  const loadMs = performance.now() - start
  const errors = library.report.problems.filter((p) => p.severity === 'error')
  if (errors.length > 0)
    throw new BenchError(
      `the bundled content has ${errors.length} error(s); run npm run cli -- validate`,
    )
  const cpu = cpus()
  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    platform: `${platform()} ${arch()}`,
    contentFiles: files.length,
    loadMs,
    options: OPTIONS,
    only,
    results: [],
  }
  if (!json) {
    console.log(`Hexwright benchmarks, ${report.date}`)
    console.log(`Node ${report.node} · ${report.cpu} · ${report.cores} cores · ${report.platform}`)
    console.log(
      `content/: ${files.length} files validated and loaded in ${Math.round(loadMs)} ms (once, untimed below)\n`,
    )
  }
  const env: CaseEnv = { library, libraryWith: fixturesLoader() }
  for (const group of groups)
    for (const c of group.build(env)) {
      // A name missing from the group's list could never be chosen with --only.
      if (!group.names.includes(c.name))
        throw new BenchError(`case "${c.name}" is missing from its group's names`)
      if (!wanted(c.name)) continue
      const result =
        'skipped' in c
          ? skippedResult(c)
          : 'ratio' in c
            ? ratioResult(c, report.results)
            : measure(c, OPTIONS)
      report.results.push(result)
      if (!json && process.stderr.isTTY) process.stderr.write(`  ${c.name} done\r\x1b[K`)
    }
  return report
}

try {
  const args = parseArgs(process.argv.slice(2))
  const editorOnly = args.only?.startsWith('editor') ?? false
  // The editor's figures need a build and a browser: a separate table after the runtime's.
  const withEditor = (args.only === null && !args.noEditor) || editorOnly
  if (args.baseline !== null) {
    // Loaded only when used: Vite and Playwright take seconds to import, and each tree's bench
    // of a baseline comparison is a process of its own.
    const { compareWithBaseline } = await import('./bench/baseline')
    await compareWithBaseline({
      ref: args.baseline,
      rounds: args.rounds ?? 3,
      only: args.only,
      json: args.json,
      root: ROOT,
      editor: withEditor,
      runtime: !editorOnly,
    })
  } else {
    const report = editorOnly ? null : run(args)
    if (report && !args.json) console.log(formatTable(report.results))
    const figures = withEditor ? await import('./bench/editor') : null
    const editor = figures ? await figures.editorFigures() : []
    if (args.json) console.log(JSON.stringify({ ...report, editor }, null, 2))
    else if (figures && editor.length) console.log(`\n${figures.formatEditorFigures(editor)}`)
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  console.error(`bench failed: ${error instanceof BenchError ? '' : 'unexpected error: '}${reason}`)
  process.exitCode = 1
}
