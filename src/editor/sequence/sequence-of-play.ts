/**
 * A ruleset's sequence of play as the editor shows it: the phases in order with their labels,
 * the title of each mechanic (from the schema of its settings), who acts and when it runs, and
 * the forms for a phase, its settings and its reactions' settings. The schemas are the ones the
 * validator uses, so the form offers what validation accepts.
 */
import commonSchema from '../../../schemas/common.schema.json'
import phaseParamsSchema from '../../../schemas/phase-params.schema.json'
import sequenceSchema from '../../../schemas/sequence.schema.json'
import {
  formModel,
  humanize,
  propertySchema,
  schemaAt,
  shortTitle,
  type Choice,
  type FormModel,
  type SchemaAt,
  type SchemaFiles,
} from './schema-form'

/** The schema files a sequence form reads, by file name (as the `$ref`s name them). */
export const SEQUENCE_SCHEMAS: SchemaFiles = {
  'sequence.schema.json': sequenceSchema,
  'phase-params.schema.json': phaseParamsSchema,
  'common.schema.json': commonSchema,
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** Where the sequence sits in a ruleset file. */
export const SEQUENCE_POINTER = '/sequence'

export interface ReactionSummary {
  index: number
  id: string
  pointer: string
  label: string
  mechanic: string
  mechanicTitle: string
  trigger: string
  player?: string
}

export interface PhaseSummary {
  index: number
  id: string
  pointer: string
  label: string
  description?: string
  mechanic: string
  mechanicTitle: string
  player?: string
  when?: string
  repeat?: string
  reactions: ReactionSummary[]
}

export interface ActivationKindSummary {
  id: string
  label: string
  /** The phases it runs, in order, by id. */
  phases: string[]
}

export interface SequenceSummary {
  structure: string
  phases: PhaseSummary[]
  /** The activation kinds of a chain of activations, each with its phases. */
  kinds: ActivationKindSummary[]
  /** How game turns are divided, for a sequence of turns: schema labels of its settings. */
  turns: Array<{ label: string; value: string }>
}

const defOf = (name: string): SchemaAt =>
  schemaAt(SEQUENCE_SCHEMAS, 'sequence.schema.json', `/$defs/${name}`)!

/** The schema of a phase's (or a reaction's) settings, as sequence.schema.json chooses it. */
export function settingsSchema(kind: 'phase' | 'reaction', entry: unknown): SchemaAt | undefined {
  return propertySchema(SEQUENCE_SCHEMAS, defOf(kind), entry, 'params')
}

/**
 * A mechanic by name, "Movement" for movement: the title of its phase settings' schema (a reaction
 * names the same mechanics), else the mechanic in words.
 */
export function mechanicTitle(mechanic: unknown): string {
  const title = settingsSchema('phase', { mechanic })?.schema.title
  if (typeof title === 'string' && title !== '') return shortTitle(title)
  return humanize(str(mechanic) ?? '')
}

function reactionsOf(phase: Obj, pointer: string): ReactionSummary[] {
  return objs(phase.reactions).map((r, index) => ({
    index,
    id: str(r.id) ?? '',
    pointer: `${pointer}/reactions/${index}`,
    label: str(r.label) ?? str(r.id) ?? `Reaction ${index + 1}`,
    mechanic: str(r.mechanic) ?? '',
    mechanicTitle: mechanicTitle(r.mechanic),
    trigger: str(r.trigger) ?? '',
    ...(str(r.player) ? { player: str(r.player) } : {}),
  }))
}

/** The sequence of a ruleset (its parsed file, or a resolved ruleset) as a list of phases. */
export function sequenceOf(ruleset: unknown): SequenceSummary | undefined {
  if (!isObj(ruleset) || !isObj(ruleset.sequence)) return undefined
  const seq = ruleset.sequence
  const phases = objs(seq.phases).map((p, index): PhaseSummary => {
    const pointer = `${SEQUENCE_POINTER}/phases/${index}`
    return {
      index,
      id: str(p.id) ?? '',
      pointer,
      label: str(p.label) ?? str(p.id) ?? `Phase ${index + 1}`,
      ...(str(p.description) ? { description: str(p.description) } : {}),
      mechanic: str(p.mechanic) ?? '',
      mechanicTitle: mechanicTitle(p.mechanic),
      ...(str(p.player) ? { player: str(p.player) } : {}),
      ...(str(p.when) ? { when: str(p.when) } : {}),
      ...(str(p.repeat) ? { repeat: str(p.repeat) } : {}),
      reactions: reactionsOf(p, pointer),
    }
  })
  const activation = isObj(seq.activation) ? seq.activation : {}
  const kinds = objs(activation.kinds).map((k) => ({
    id: str(k.id) ?? '',
    label: str(k.label) ?? str(k.id) ?? '',
    phases: Array.isArray(k.phases)
      ? k.phases.filter((x): x is string => typeof x === 'string')
      : [],
  }))
  const turns: SequenceSummary['turns'] = []
  if (isObj(seq.turns)) {
    const form = formModel(SEQUENCE_SCHEMAS, defOf('turns'), seq.turns, '')
    for (const f of form.fields)
      if (typeof f.value === 'string')
        turns.push({
          label: f.label,
          value: f.choices?.find((c) => c.value === f.value)?.label ?? f.value,
        })
  }
  return { structure: str(seq.structure) ?? '', phases, kinds, turns }
}

/** The value at a pointer of a parsed file. */
export function valueAt(root: unknown, pointer: string): unknown {
  let v = root
  for (const seg of pointer.split('/').slice(1)) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(v)) v = v[Number(key)]
    else if (isObj(v)) v = v[key]
    else return undefined
  }
  return v
}

/** Keys a phase's form leaves to the rest of the view (its identity, settings and reactions). */
const PHASE_OWN_OMIT = ['id', 'mechanic', 'params', 'reactions']
const REACTION_OWN_OMIT = ['id', 'mechanic', 'trigger', 'params']

/** The form of a phase's (or reaction's) own fields: label, who acts, when it runs… */
export function entryForm(kind: 'phase' | 'reaction', entry: unknown, pointer: string): FormModel {
  return formModel(SEQUENCE_SCHEMAS, defOf(kind), entry, pointer, {
    omit: kind === 'phase' ? PHASE_OWN_OMIT : REACTION_OWN_OMIT,
  })
}

/**
 * The form of a phase's (or reaction's) settings, from the mechanic's schema; undefined when
 * the sequence schema gives the mechanic none (an unknown mechanic).
 */
export function settingsForm(
  kind: 'phase' | 'reaction',
  entry: unknown,
  pointer: string,
): FormModel | undefined {
  const schema = settingsSchema(kind, entry)
  if (!schema) return undefined
  const value = isObj(entry) ? entry.params : undefined
  return formModel(SEQUENCE_SCHEMAS, schema, value, `${pointer}/params`)
}

/** Where a ruleset lists the entities of each kind an x-ref names, and their labels. */
const ENTITY_LISTS: Readonly<Record<string, readonly string[]>> = {
  resolution: ['resolutions'],
  status: ['statuses', 'states'],
  statusEvent: ['statuses', 'events'],
  marker: ['markers'],
  track: ['tracks'],
  dice: ['dice'],
  option: ['options'],
  phase: ['sequence', 'phases'],
  activationKind: ['sequence', 'activation', 'kinds'],
  resultSet: ['resultSets'],
  weapon: ['weapons'],
  unitClass: ['unitClasses'],
  unitType: ['unitTypes'],
  terrain: ['terrain', 'hexTypes'],
  victoryCondition: ['victory', 'conditions'],
  table: ['tables'],
  modifierList: ['modifierLists'],
}

/** The entities of a kind a ruleset defines, by label, for a field naming one. */
export function refChoices(ruleset: unknown, kind: string | undefined): Choice[] {
  const path = kind ? ENTITY_LISTS[kind] : undefined
  if (!path) return []
  let list: unknown = ruleset
  for (const k of path) list = isObj(list) ? list[k] : undefined
  return objs(list)
    .filter((e) => typeof e.id === 'string')
    .map((e) => ({
      value: e.id as string,
      label: str(e.label) ?? str(e.name) ?? (e.id as string),
      raw: e.id,
    }))
}

/** Whether a form shows what is wrong at a pointer next to one of its fields or unknown keys. */
export function shownBy(form: FormModel | undefined, pointer: string): boolean {
  if (!form) return false
  const within = (p: string) => pointer === p || pointer.startsWith(p + '/')
  if (form.unknown.some((u) => within(u.pointer))) return true
  return form.fields.some((f) =>
    f.kind === 'group'
      ? pointer === f.pointer ||
        shownBy({ fields: f.fields ?? [], unknown: f.unknown ?? [] }, pointer)
      : within(f.pointer),
  )
}
