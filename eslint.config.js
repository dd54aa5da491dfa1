import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import vue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Modules the runtime must never import: it runs unchanged in Node, browsers and workers. */
const runtimeForbidden = {
  paths: ['vue', 'pinia', 'leaflet', 'monaco-editor', 'fs', 'path', 'url', 'os', 'child_process'],
  patterns: [
    {
      group: ['node:*'],
      message: 'src/runtime is pure: file and process access belongs in tools/.',
    },
    {
      group: [
        'vue',
        'vue/*',
        '@vue/*',
        'pinia',
        'leaflet',
        'leaflet/*',
        'monaco-editor',
        'monaco-editor/*',
      ],
      message: 'src/runtime must not depend on UI libraries.',
    },
    {
      group: ['**/editor', '**/editor/*', '**/editor/**'],
      message: 'src/runtime must not import the editor.',
    },
  ],
}

/** The editor and the tools reach the runtime through its public entry, src/runtime/index.ts. */
const runtimeEntryOnly = {
  patterns: [
    {
      group: ['**/runtime/*', '**/runtime/**', '!**/runtime/index'],
      message:
        'Import the runtime through its public entry (src/runtime, the index), not a file inside it.',
    },
  ],
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/runtime/generated/**',
      'scratch/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'Content is data: never eval.' },
        {
          selector: "NewExpression[callee.name='Function']",
          message: 'Content is data: never new Function.',
        },
      ],
    },
  },
  {
    files: ['src/runtime/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', runtimeForbidden] },
  },
  {
    files: ['src/editor/**/*.ts', 'src/editor/**/*.vue', 'tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', runtimeEntryOnly] },
  },
  prettier,
)
