/**
 * Vite plugin for the production build: the page's HTML asks for some lazy chunks at once
 * (`<link rel="modulepreload">`), with the chunks they import. The editor imports the bundled
 * content and the code that reads it lazily, so they stay out of the entry chunk, but every
 * page load needs them: fetched alongside the entry, they no longer wait for it to download and
 * run (a quarter of a second of a cold load on a busy machine).
 */
import type { HtmlTagDescriptor, Plugin } from 'vite'

/** `modules`: paths from the project root of the lazily imported modules to fetch early. */
export function preloadChunksPlugin(modules: readonly string[]): Plugin {
  let base = '/'
  return {
    name: 'hexwright-preload-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const files = new Set<string>()
        const add = (fileName: string): void => {
          const chunk = bundle[fileName]
          if (chunk?.type !== 'chunk' || files.has(fileName)) return
          files.add(fileName)
          for (const i of chunk.imports) add(i)
        }
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && modules.some((m) => chunk.facadeModuleId?.endsWith(m)))
            add(chunk.fileName)
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((f) => !html.includes(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + f },
            injectTo: 'head',
          }))
        return { html, tags }
      },
    },
  }
}
