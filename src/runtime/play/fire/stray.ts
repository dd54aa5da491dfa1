/**
 * Stray missiles (mechanics.fire.stray): after a shot that missed (every code of its roll among
 * `missCodes`), while the setting's option is in force, a die is rolled. A total from 1 to the
 * number of hexes in `ring` sends the missile into the hex of that number around the target
 * (around its front hex: for a two-hex counter the half that bears its heading), numbered by the
 * compass names of `ring`. Every unit there but the firer and the target gets the stray
 * resolution rolled against it with the same dice, the firer shooting at it, provided the
 * firer's line of fire to it is clear; its effects (a wound, a retreat) are carried out with the
 * shot's. Any other total, an empty hex, a hex off the map or a blocked line: nothing, and the
 * log says so.
 */
import { rollDice } from '../../dice'
import { sideClockFromName } from '../../hex'
import type { ResolutionRecord } from '../../rules'
import { boardOf } from '../../state/board'
import { rejectRoll } from '../../state/failure'
import { hexAtClock, unitsCovering } from '../../state/footprints'
import { applyRolled, rollResolution } from '../../state/resolve-action'
import { isEquipment } from '../equipment'
import { optionOn } from '../extras/common'
import { note } from '../logged'
import type { PlayContext } from '../procedure'
import type { ResultsWatch } from '../results/frames'
import { fireSettings } from './settings'
import type { Shot } from './shots'
import { weaponsOf } from './shots'
import { lineOfSight } from './sight'

const nameOf = (ctx: PlayContext, id: string): string => ctx.state.units[id]?.name ?? id

/** Whether the roll of a shot was a miss under the stray settings. */
function missed(record: ResolutionRecord, missCodes: readonly string[]): boolean {
  return record.codes.length > 0 && record.codes.every((c) => missCodes.includes(c.code))
}

/**
 * After `shot`, rolled as `record` with its target in `hex`: the stray missile, if it missed
 * and the rules send misses astray. The units it may hit join `watch` before their roll.
 */
export function strayMissile(
  ctx: PlayContext,
  shot: Shot,
  record: ResolutionRecord,
  hex: string | null,
  watch: ResultsWatch,
): void {
  const settings = ctx.loaded.rules.ruleset.mechanics?.fire?.stray
  if (settings === undefined || hex === null || !optionOn(ctx, settings.option)) return
  if (!missed(record, settings.missCodes)) return
  const rule = settings.rule
  const spec = ctx.loaded.rules.ruleset.dice.find((d) => d.id === settings.dice)
  if (spec === undefined) return
  const rolled = rollDice(ctx.state.dice, spec)
  if (!rolled.ok) return rejectRoll(`stray missile: ${rolled.error}`, rolled.failure)
  ctx.state.dice = rolled.source
  const total = rolled.roll.total
  const firer = nameOf(ctx, shot.firer)
  const target = nameOf(ctx, shot.target)
  const opening = `${firer}'s missile missed ${target} and goes astray: the die shows ${total}`
  const direction = settings.ring[total - 1]
  if (direction === undefined) return note(ctx, `${opening}, so it falls harmlessly`, rule)
  const clock = sideClockFromName(direction, ctx.loaded.map.grid.orientation)
  const landing = clock.ok ? hexAtClock(ctx.loaded, hex, clock.clock) : null
  if (landing === null)
    return note(ctx, `${opening}: hex ${total} around ${target} is off the map`, rule)
  const struck = unitsCovering(ctx, landing).filter(
    (id) =>
      id !== shot.firer &&
      id !== shot.target &&
      ctx.state.units[id]?.location === 'map' &&
      !isEquipment(ctx, id),
  )
  const into = `${opening}: it comes down in ${landing} (hex ${total} around ${target})`
  // The ring is counted around the front half of a two-hex target: its other half is the
  // target itself, whom the missile has missed.
  if (struck.length === 0 && unitsCovering(ctx, landing).includes(shot.target))
    return note(ctx, `${into}, on ${target}'s own counter: it misses him`, rule)
  if (struck.length === 0) return note(ctx, `${into}, where nobody stands`, rule)
  if (ctx.state.units[shot.firer]?.location !== 'map')
    return note(ctx, `${into}, but ${firer} has fallen: it is lost`, rule)
  note(ctx, into, rule)
  const fire = fireSettings(ctx.loaded.rules)
  const weapon = weaponsOf(ctx, shot.firer).find((w) => w.id === shot.weapon)
  const from = ctx.state.units[shot.firer]?.hex as string
  for (const id of struck) {
    const sight = lineOfSight(ctx, fire, {
      firer: shot.firer,
      target: id,
      toHex: landing,
      firesOver: weapon?.firesOver ?? 'never',
      ...(weapon === undefined ? {} : { weapon }),
      range: boardOf(ctx.loaded).distance(from, landing),
    })
    if (!sight.clear) {
      note(
        ctx,
        `the line of fire from ${firer} to ${nameOf(ctx, id)} is blocked by ${sight.blockedBy ?? 'something'}, so he is unharmed`,
        rule,
      )
      continue
    }
    watch.hexes[id] = ctx.state.units[id]?.hex ?? null
    watch.markers[id] = { ...(ctx.state.units[id]?.markers ?? {}) }
    const stray = rollResolution(ctx, {
      type: 'resolve',
      resolution: settings.resolution,
      firer: shot.firer,
      target: id,
      weapon: shot.weapon,
      mode: shot.phaseMode ?? shot.mode,
      faces: rolled.roll.faces,
    })
    ctx.records.push(stray.record)
    note(ctx, stray.text, rule)
    applyRolled(ctx, stray)
  }
}
