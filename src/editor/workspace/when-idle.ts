/**
 * Resolves when the browser is next idle (at the latest after `timeoutMs`); at once where there
 * is no idle callback (Node, the component tests). Work that can follow the first paint of a
 * page (the full validation, the workspace library, the file list) waits for it.
 */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve()
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: timeoutMs }))
}
