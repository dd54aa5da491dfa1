/**
 * The Infidel shock and charge resolution written out by hand, as a game coded without content
 * files would have it: the Weapons System Matrix, the Shock Defense ratings and the two results
 * tables as literals, and every term of the two modifier lists (mois-shock-drm, inf-shock-drm)
 * as an `if`. `npm run bench` times it against the same resolution read from the tables, to
 * put a number on what the data-driven path costs. Values copied from content/tables and
 * content/units/infidel-units.json; if those change, the bench's check against the tables fails.
 */

/** The fields of the attack variables (see rules/expression-context.ts) that this code reads. */
interface Leader {
  command: string
  flags: { commander: boolean }
  ratings: { charisma: number }
}

interface Participant {
  type: string
  status: string
  command: string
  angle: string
  charging: boolean
  moved: boolean
  markers: { reactionFired: number }
  hex: { elevation: number; attributes: { shockDrm: number } }
  crossing: { attributes: { shockDrm: number } }
  leaders: readonly Leader[]
}

export interface AttackSituation {
  attackers: readonly Participant[]
  defender: Participant
  attack: { continued: number; counterChargedVsShock: boolean; bonus: number; defending: number }
}

export interface HandWrittenResult {
  modified: number
  codes: readonly string[]
}

/** Attacker type → defender type → modifier (inf-weapons-matrix). */
// prettier-ignore
const WEAPONS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  kn: { kn: 0, hc: 1, mc: 2, 'lc-a': 3, a: 3, af: 2, cb: 3, ma: 1, pk: 2, cf: 4, wagons: 2, carroccio: 1 },
  hc: { kn: -1, hc: 0, mc: 1, 'lc-a': 2, a: 2, af: 1, cb: 2, ma: 0, pk: 1, cf: 3, wagons: 1, carroccio: 0 },
  mc: { kn: -2, hc: -1, mc: 0, 'lc-a': 1, a: 1, af: 0, cb: 1, ma: -1, pk: 0, cf: 2, wagons: 0, carroccio: -1 },
  'lc-a': { kn: -3, hc: -2, mc: -1, 'lc-a': 0, a: 0, af: -1, cb: 0, ma: -2, pk: -1, cf: 1, wagons: -1, carroccio: -2 },
  af: { kn: -2, hc: -1, mc: 0, 'lc-a': 1, a: 1, af: 0, cb: 1, ma: 0, pk: 1, cf: 2, wagons: 0, carroccio: -1 },
  ma: { kn: -1, hc: 0, mc: 1, 'lc-a': 1, a: 2, af: 1, cb: 2, ma: 0, pk: 1, cf: 3, wagons: 1, carroccio: 0 },
  pk: { kn: -2, hc: -1, mc: 0, 'lc-a': 0, a: 1, af: 0, cb: 1, ma: -1, pk: 0, cf: 2, wagons: 0, carroccio: -1 },
}
const WEAPONS_ALIAS: Readonly<Record<string, string>> = { 'mc-a': 'mc', pkj: 'pk' }

/** Unit type → Shock Defense [normal side, disordered side] (infidel-units). */
const SHOCK_DEFENSE: Readonly<Record<string, readonly [number, number]>> = {
  kn: [-3, -1],
  hc: [-1, 0],
  mc: [0, 1],
  'mc-a': [0, 1],
  'lc-a': [0, 1],
  a: [1, 2],
  af: [1, 2],
  cb: [1, 2],
  ma: [0, 1],
  pk: [1, 1],
  pkj: [1, 1],
  cf: [2, 3],
  wagons: [1, 2],
  carroccio: [0, 1],
}

type Column = readonly (readonly string[])[]
/** The tables' "-": a roll with no result, still reported as a code. */
const NONE: readonly string[] = ['-']

/** Rows 0 (or less) to 9 (or more) of each column: inf-charge-crt and inf-shock-crt. */
// prettier-ignore
const CHARGE: { normal: Column; disordered: Column } = {
  normal: [['AD', 'AR'], ['AD'], ['AD'], NONE, ['DD'], ['DD'], ['DD', 'DR'], ['DRT'], ['DRT'], ['DE', 'CA']],
  disordered: [['AD'], NONE, ['DR'], ['DR'], ['DRT'], ['DE', 'CA'], ['DE', 'CA'], ['DE', 'CA'], ['DE', 'CA'], ['DE', 'CA']],
}
// prettier-ignore
const SHOCK: { normal: Column; disordered: Column } = {
  normal: [['AD', 'AR'], ['AD', 'AR'], ['AD'], ['AD'], NONE, NONE, ['DD'], ['DD'], ['DD', 'DR'], ['DRT']],
  disordered: [['AD', 'AR'], ['AD'], ['AD'], NONE, ['DR'], ['DR'], ['DR'], ['DRT'], ['DE', 'CA'], ['DE', 'CA']],
}

const ownLeaders = (a: Participant): Leader[] =>
  a.leaders.filter((l) => l.command === a.command || l.flags.commander)

/** 12.3-2A: the largest angle that applies (flank 2, rear 3, two or more sides 4). */
function angleOfAttack(attackers: readonly Participant[]): number {
  const first = attackers[0]?.angle
  if (attackers.some((a) => a.angle !== first)) return 4
  if (first === 'rear') return 3
  if (first === 'left-flank' || first === 'right-flank') return 2
  return 0
}

/** The modified roll: the natural roll plus every shock and charge modifier (12.3, 13.4, 13.8). */
function modifiedRoll(s: AttackSituation, natural: number): number {
  const { attackers, defender, attack } = s
  let drm = natural
  if (attackers.length !== attack.defending) drm += attackers.length - attack.defending
  drm += angleOfAttack(attackers)
  drm += defender.hex.attributes.shockDrm
  drm += Math.min(...attackers.map((a) => a.crossing.attributes.shockDrm))
  if (attackers.some((a) => a.hex.elevation < defender.hex.elevation)) drm -= 1
  const defense = SHOCK_DEFENSE[defender.type]
  if (defense === undefined) throw new Error(`no Shock Defense for "${defender.type}"`)
  drm += defender.status === 'normal' ? defense[0] : defense[1]
  drm += Math.max(
    ...attackers.map((a) => Math.max(0, ...ownLeaders(a).map((l) => l.ratings.charisma))),
  )
  if (attackers.some((a) => a.status === 'disordered')) drm -= 2
  if (attackers.some((a) => a.charging && a.moved)) drm -= 1
  if (defender.status === 'retired') drm += 2
  drm -= attack.continued
  if (attack.counterChargedVsShock) drm -= 2
  drm += attack.bonus
  // 12.3-5: the best matrix line among the attackers; flail archers who fired defend as archers.
  const target =
    defender.type === 'af' && defender.markers.reactionFired > 0
      ? 'a'
      : (WEAPONS_ALIAS[defender.type] ?? defender.type)
  drm += Math.max(
    ...attackers.map((a) => {
      const cell = WEAPONS[WEAPONS_ALIAS[a.type] ?? a.type]?.[target]
      if (cell === undefined) throw new Error(`no matrix cell for ${a.type} against ${target}`)
      return cell
    }),
  )
  const knightsLed = attackers.some(
    (a) => (a.type === 'kn' || a.type === 'hc') && ownLeaders(a).length > 0,
  )
  if (knightsLed) drm += 1
  return drm
}

/** One roll of the Infidel shock resolution on one defending hex: the modified roll and the codes. */
export function handWrittenShock(s: AttackSituation, natural: number): HandWrittenResult {
  const modified = modifiedRoll(s, natural)
  const charging = s.attackers.filter((a) => a.charging).length
  const table = charging * 2 >= s.attackers.length ? CHARGE : SHOCK
  const column = s.defender.status === 'normal' ? table.normal : table.disordered
  const codes = column[Math.min(9, Math.max(0, modified))] ?? NONE
  return { modified, codes }
}
