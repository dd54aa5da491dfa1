/**
 * The Monaco we ship: the editor API, the JSON language and only the editor features a JSON
 * view needs. The full `monaco-editor` entry brings some eighty languages and weighs about three
 * times as much. This module is reached only through a dynamic import (see load-monaco.ts), so
 * none of it is in the first page load.
 */
import 'monaco-editor/features/codicon/register'
import 'monaco-editor/features/codeEditor/register'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/clipboard/register'
import 'monaco-editor/features/contextmenu/register'
import 'monaco-editor/features/cursorUndo/register'
import 'monaco-editor/features/find/register'
import 'monaco-editor/features/folding/register'
import 'monaco-editor/features/format/register'
import 'monaco-editor/features/gotoError/register'
import 'monaco-editor/features/gotoLine/register'
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/indentation/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/multicursor/register'
import 'monaco-editor/features/quickCommand/register'
import 'monaco-editor/features/smartSelect/register'
import 'monaco-editor/features/suggest/register'
import 'monaco-editor/features/wordHighlighter/register'
import 'monaco-editor/features/wordOperations/register'
// The completion list itself: the feature entry above only adds inline suggestions.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/features/snippet/register'

export * as monaco from 'monaco-editor/editor'
export { jsonDefaults } from 'monaco-editor/languages/features/json/register'
