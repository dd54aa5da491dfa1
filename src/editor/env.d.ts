/// <reference types="vite/client" />
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

/** The build's terrain charts of the bundled rulesets (tools/bundled-terrain.ts); null in dev. */
declare module 'virtual:hexwright/bundled-terrain' {
  import type { TerrainCache } from './workspace/terrain-cache'
  const cache: TerrainCache | null
  export default cache
}
