import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { bundledTerrainPlugin } from './tools/bundled-terrain.js'
import { devSavePlugin } from './tools/dev-save.js'
import { preloadChunksPlugin } from './tools/preload-chunks.js'

/** Test workers: TEST_WORKERS from the environment, else every core (two on our CI machine). */
const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism())

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    vue(),
    devSavePlugin(),
    // Every page load needs the bundled content: fetched alongside the entry.
    preloadChunksPlugin(['src/editor/bundled-content.ts']),
    bundledTerrainPlugin(),
  ],
  server: {
    host: 'localhost',
    port: 5173,
  },
  // Pre-bundled at start, so the first use of a lazy view never makes the dev server reload the page.
  optimizeDeps: { include: ['leaflet', 'pdf-lib', 'fflate', 'jsonc-parser'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  test: {
    // Every test file belongs to exactly one of the projects below.
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is cores - 1, a single worker on a 2-core machine.
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        // Pure runtime, content and tool tests leave nothing behind, so each worker keeps its
        // modules from file to file: the bundled content is loaded and validated once per worker
        // (test/content/bundled.ts), not once per file.
        extends: true,
        test: {
          name: 'runtime',
          include: [
            'test/runtime/**/*.test.ts',
            'test/content/**/*.test.ts',
            'test/tools/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      {
        // Vue components, stores with IndexedDB and jsdom. Each test makes its own Pinia and
        // storage, so a worker keeps its modules (Vue, the bundled content, the schemas) from
        // file to file, which halves the editor tests' import time.
        extends: true,
        test: {
          name: 'editor',
          include: ['test/editor/**/*.test.ts'],
          exclude: ['test/editor/**/*.isolated.test.ts'],
          isolate: false,
        },
      },
      {
        // Editor tests that replace modules or globals (vi.mock, vi.stubGlobal) get a fresh
        // module graph per file, so what they replace reaches no other file
        // (test/tools/test-isolation.test.ts keeps them named so).
        extends: true,
        test: { name: 'editor-isolated', include: ['test/editor/**/*.isolated.test.ts'] },
      },
      {
        // The browser tests are one file (test/e2e/browser.e2e.test.ts) on one dev server and
        // one Chromium, run on one worker beside the CPU-bound tests on the other. Not
        // `fileParallelism: false`: Vitest runs such a project's files after every other file,
        // one core idle all the while.
        extends: true,
        test: { name: 'browser', include: ['test/e2e/**/*.test.ts'] },
      },
    ],
  },
})
