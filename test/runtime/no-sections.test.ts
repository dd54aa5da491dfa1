/**
 * No rulebook knowledge in src/ (issue 13, part 4): every rule reference a log line, a prompt or
 * a refusal shows comes from content (a mechanic's `rule` setting, or mechanics.sections), and
 * no comment cites a rulebook's section. A section number written into the engine shows one
 * game's rulebook under every other game, as the Croisades rulesets did with Men of Iron's.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { listFiles } from '../helpers/files'
import { projectRoot } from '../helpers/fixtures'

/** A section number: 12.3, 13.6–13.8, 12.3-2A, 5.0; never a leading 0 (0.5 is a number). */
const SECTION = String.raw`[1-9]\d?\.\d{1,2}[a-z]?(?:-\d+[A-Z]?)?`

/**
 * A string literal made of section numbers only: '12.1', '13.9, 16.4', `13.1-13.3`. Code writes
 * strings in single quotes (Prettier); double quotes are markup's ("stroke-width="1.5"").
 */
const SECTION_LITERAL = new RegExp(String.raw`(['\`])${SECTION}(?:\s*[-–,]\s*${SECTION})*\1`)

/**
 * A citation in a comment: a section in parentheses, alone or after a word ("(13.9)",
 * "(Tri-Pack 14.9)", "(12.3 step 2)"), unless it is a measure ("(12.7 mm)", "(1.4 MB)").
 */
const SECTION_CITATION = new RegExp(
  String.raw`\((?:[A-Za-z-]+ )?${SECTION}(?!\s*(?:mm|MB|KB|px|s\b|%))[^)]*\)`,
)

/** Rulebooks, games, battles and one game's counters by name. */
const RULEBOOK_NAME =
  /Tri-Pack|living rules|bundled series|Men of Iron|Infidel|Croisades|Cry Havoc|Blood (?:and|&) Roses|Agincourt|Arsuf|Ascalon|Tewkesbury|Into the Breach|Battle Cry|Unsteady Troops/

/** The comments of a source text: `//` to the end of the line, and `/* … *\/` blocks. */
function commentsOf(text: string): string[] {
  return [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0])
}

/** Every place in `text` that writes a section number into code or cites one in a comment. */
function findings(text: string): string[] {
  const found: string[] = []
  const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
  for (const m of code.matchAll(new RegExp(SECTION_LITERAL, 'g'))) found.push(m[0])
  for (const m of code.matchAll(new RegExp(RULEBOOK_NAME, 'g'))) found.push(m[0])
  for (const comment of commentsOf(text)) {
    const citation = SECTION_CITATION.exec(comment)
    if (citation !== null) found.push(citation[0])
    const name = RULEBOOK_NAME.exec(comment)
    if (name !== null) found.push(name[0])
  }
  return found
}

const sources = ['src/runtime', 'src/editor'].flatMap((dir) =>
  [...listFiles(join(projectRoot, dir), '.ts'), ...listFiles(join(projectRoot, dir), '.vue')]
    .filter((f) => !f.includes(join('src', 'runtime', 'generated')))
    .map((path) => ({ name: relative(projectRoot, path), text: readFileSync(path, 'utf8') })),
)

describe('no rulebook section numbers or game names in src/', () => {
  test('the scan finds literals and citations, and leaves numbers alone', () => {
    const sample = [
      "note(ctx, text, '13.9, 16.4')",
      "reject(problem, settings.rule ?? '12.1')",
      'const RANGE = `13.1-13.3`',
      'const svg = `<rect x="1.5" stroke-width="2.5"/>`',
      '// Leaders going along (7.2), if they are still with it.',
      '/** Pursuit (Tri-Pack 14.9), run by the battle-flight phase. */',
      '// in the order the rules give them (12.3 step 2)',
      'const half = 0.5 // rounds 2.5 to 3',
      "const label = '1/2 inch (12.7 mm)'",
      '// this file pulls 1.4 MB (1.4 MB) into the first download',
      "const version = '0.1.0'",
      "const text = 'play a Battle Cry counter'",
    ].join('\n')
    expect(findings(sample)).toEqual([
      "'13.9, 16.4'",
      "'12.1'",
      '`13.1-13.3`',
      'Battle Cry',
      '(7.2)',
      '(Tri-Pack 14.9)',
      'Tri-Pack',
      '(12.3 step 2)',
    ])
  })

  test('there are sources to scan', () => {
    expect(sources.length).toBeGreaterThan(200)
  })

  test('no source writes or cites a rulebook section', () => {
    const found = sources.flatMap(({ name, text }) => findings(text).map((f) => `${name}: ${f}`))
    expect(found).toEqual([])
  })
})
