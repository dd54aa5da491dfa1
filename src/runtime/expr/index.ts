/**
 * The expression language of content files: conditions and computed values, compiled once
 * to closures, type-checked against an environment, evaluated without eval.
 */
export { compileExpression, createFrame } from './compile-expression'
export type {
  CompileOptions,
  CompileResult,
  CompiledExpr,
  EvaluationFrame,
} from './compile-expression'
export { createEnvironment, extendEnvironment } from './environment'
export type {
  Environment,
  EnvironmentDeclaration,
  FunctionDeclaration,
  FunctionSignature,
  HostFunction,
  TypeSource,
} from './environment'
export { ExprEnvironmentError, ExprEvaluationError, describePosition } from './errors'
export type { ExprError } from './errors'
export { parseExpression } from './parser'
export type { ParseResult } from './parser'
export { printExpression } from './printer'
export { checkExpression } from './checker'
export type { CheckResult } from './checker'
export { parseType } from './type-syntax'
export type { TypeParseResult } from './type-syntax'
export { describeType, formatType, isAssignable } from './types'
export type { ExprType, FieldType } from './types'
export type { BinaryOperator, ExprNode, LiteralValue, Span, UnaryOperator } from './ast'
export { MAX_DEPTH, MAX_MACRO_NESTING, MAX_MACRO_STEPS, MAX_SOURCE_LENGTH } from './ast'
