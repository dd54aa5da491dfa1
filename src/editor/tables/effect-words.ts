/**
 * Effects in words for the result-code legend ("defenders: status event disorder; retreat 1
 * hex"), and which of an effect's fields are simple enough to edit in place. The vocabulary of
 * effect types is the schema's; the words name the fields, never a game's terms.
 */

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Fields every effect may carry that are not its parameters. */
const COMMON = new Set(['type', 'who', 'when', 'rule', 'note'])

const show = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : JSON.stringify(v)

export function describeEffect(effect: unknown): string {
  if (!isObj(effect)) return 'an effect that is not an object'
  const e = effect
  const p = (k: string) => show(e[k])
  let what: string
  switch (e.type) {
    case 'none':
      what = 'no effect'
      break
    case 'status':
      what = `status event "${p('event')}"`
      break
    case 'eliminate':
      what = 'eliminated'
      break
    case 'retreat':
      what = `retreat ${p('hexes')} hex${e.hexes === 1 ? '' : 'es'}${e.throughFriends ? ', through friends' : ''}`
      break
    case 'advance':
      what = `${e.mandatory ? 'must' : 'may'} advance${e.hexes !== undefined ? ` ${p('hexes')}` : ''}`
      break
    case 'marker':
      what = `marker ${p('marker')}: ${typeof e.op === 'string' ? e.op : 'add'}${e.value !== undefined ? ` ${p('value')}` : ''}`
      break
    case 'track':
      what = `track ${p('track')} ${typeof e.amount === 'number' && e.amount > 0 ? '+' : ''}${p('amount')}${e.side ? ` (${p('side')})` : ''}`
      break
    case 'losses':
      what = `lose ${p('amount')} ${p('unit')}`
      break
    case 'morale-test':
      what = `morale test ${p('check')}`
      break
    case 'movement-loss':
      what = `movement loss${e.points !== undefined ? ` ${p('points')}` : ''}`
      break
    case 'transform':
      what = `becomes its ${p('form')} form`
      break
    case 'dismount':
      what = `dismount (horse: ${p('horse')})`
      break
    case 'relocate':
      what = `moved to ${p('to')}${e.within !== undefined ? ` within ${p('within')}` : ''}`
      break
    case 'resolve':
      what = `then ${p('resolution')}`
      break
    case 'choice':
      what = `a choice of ${Array.isArray(e.options) ? e.options.length : 0} options`
      break
    case 'end-activation':
      what = 'ends the activation'
      break
    default:
      what = typeof e.type === 'string' ? e.type : 'an effect with no type'
  }
  const who = typeof e.who === 'string' ? `${e.who}: ` : ''
  const when = typeof e.when === 'string' ? ` (when ${e.when})` : ''
  return `${who}${what}${when}`
}

export function describeEffects(effects: unknown): string {
  if (!Array.isArray(effects) || effects.length === 0) return 'no effect'
  return effects.map(describeEffect).join('; ')
}

export interface SimpleParam {
  key: string
  value: string | number | boolean
}

/** Parameters of an effect that are a plain number, word or yes/no, editable in a field. */
export function simpleParams(effect: unknown): SimpleParam[] {
  if (!isObj(effect)) return []
  return Object.entries(effect)
    .filter(
      ([k, v]) =>
        (!COMMON.has(k) || k === 'who') && ['string', 'number', 'boolean'].includes(typeof v),
    )
    .map(([key, value]) => ({ key, value: value as SimpleParam['value'] }))
}

/** Read a typed parameter keeping the type it had. */
export function parseParam(text: string, was: SimpleParam['value']): SimpleParam['value'] | null {
  if (typeof was === 'number') {
    const n = Number(text.trim())
    return text.trim() === '' || Number.isNaN(n) ? null : n
  }
  if (typeof was === 'boolean') return text === 'true'
  return text.trim() === '' ? null : text.trim()
}
