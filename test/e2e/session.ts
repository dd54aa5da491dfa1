/** What the browser tests share: one editor dev server on a copy of the bundled content, one Chromium. */
import type { Browser } from 'playwright-core'

export interface BrowserSession {
  browser: Browser
  /** The editor's address. */
  url: string
  /** The folder the server serves as content/ (a copy: the editor may save into it). */
  content: string
}

/** Gives a test the session once the file's set-up has made it. */
export type SessionOf = () => BrowserSession
