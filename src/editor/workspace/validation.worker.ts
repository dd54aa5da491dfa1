/// <reference lib="webworker" />
// The full validation (schemas, references, rules preparation, scenario checks) takes about half
// a second over the bundled content; it runs here so typing and painting never wait for it.
import { validateContent, type SourceText } from '../../runtime'

self.onmessage = (e: MessageEvent<{ id: number; sources: SourceText[] }>) => {
  const { id, sources } = e.data
  try {
    const { problems } = validateContent(sources)
    self.postMessage({ id, problems })
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
