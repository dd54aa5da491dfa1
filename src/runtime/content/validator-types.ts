/** A JSON Schema document or sub-schema, as plain data. */
export type JsonSchema = { [key: string]: unknown }

/** One error as reported by a precompiled AJV validator. */
export interface AjvError {
  instancePath: string
  schemaPath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
  /** Set on errors about an object's key (propertyNames). */
  propertyName?: string
}

/** A precompiled validator: returns true when valid, otherwise sets `errors`. */
export interface CompiledValidator {
  (data: unknown): boolean
  errors?: AjvError[] | null
}
