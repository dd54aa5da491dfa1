import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { devSavePlugin } from './tools/dev-save.js'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [vue(), devSavePlugin()],
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
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
