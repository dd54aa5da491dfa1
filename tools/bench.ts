/**
 * `npm run bench`: times the runtime's hot paths on the bundled content and prints a table;
 * `npm run bench -- --json` prints the same results as JSON. docs/PERFORMANCE.md explains the
 * cases and keeps the figures measured so far. Failures end with one line and exit 1.
 */
import { cpus, platform, arch } from 'node:os'
import { fileURLToPath } from 'node:url'
import { loadLibrary } from '../src/runtime'
import { buildCases } from './bench/cases'
import { BenchError, formatTable, measure, skippedResult } from './bench/harness'
import type { BenchResult, MeasureOptions } from './bench/harness'
import { listJsonFiles, readSources } from './content-files'

/** About 0.7 s per case plus warm-up: the whole run stays well under 20 s. */
const OPTIONS: MeasureOptions = { warmupMs: 200, targetMs: 700 }
const CONTENT = fileURLToPath(new URL('../content', import.meta.url))
const USAGE = 'usage: npm run bench [-- --json]'

interface Report {
  date: string
  node: string
  cpu: string
  cores: number
  platform: string
  contentFiles: number
  loadMs: number
  options: MeasureOptions
  results: BenchResult[]
}

function parseArgs(args: readonly string[]): { json: boolean } {
  let json = false
  for (const arg of args) {
    if (arg === '--json') json = true
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE)
      process.exit(0)
    } else throw new BenchError(`unknown argument "${arg}" (${USAGE})`)
  }
  return { json }
}

function run(json: boolean): Report {
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
    results: [],
  }
  if (!json) {
    console.log(`Hexwright benchmarks, ${report.date}`)
    console.log(`Node ${report.node} · ${report.cpu} · ${report.cores} cores · ${report.platform}`)
    console.log(
      `content/: ${files.length} files validated and loaded in ${Math.round(loadMs)} ms (once, untimed below)\n`,
    )
  }
  for (const c of buildCases(library)) {
    const result = 'skipped' in c ? skippedResult(c) : measure(c, OPTIONS)
    report.results.push(result)
    if (!json && process.stderr.isTTY) process.stderr.write(`  ${c.name} done\r\x1b[K`)
  }
  return report
}

try {
  const { json } = parseArgs(process.argv.slice(2))
  const report = run(json)
  console.log(json ? JSON.stringify(report, null, 2) : formatTable(report.results))
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  console.error(`bench failed: ${error instanceof BenchError ? '' : 'unexpected error: '}${reason}`)
  process.exitCode = 1
}
