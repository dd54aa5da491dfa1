/**
 * Which file is open, in which view, and where in it: the problems panel and the visual views
 * ask for a place (file + JSON pointer, or line:column) and the open view scrolls to it. The
 * choice is kept in the address (#/view/path): a reload comes back to the same place, and each
 * file or view opened is a step of the browser's history, so Back and Forward move between them.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export interface Place {
  path: string
  pointer?: string
  line?: number
  column?: number
}

/** `replace` corrects the current step (a view the file lacks) instead of adding one. */
export interface ShowOptions {
  replace?: boolean
}

export const useNavigationStore = defineStore('navigation', () => {
  const path = ref<string | null>(null)
  const view = ref<string>('overview')
  /** The latest place asked for; views watch it. `seq` changes even when the place repeats. */
  const target = ref<(Place & { seq: number }) | null>(null)
  let seq = 0

  function open(p: string, v?: string): void {
    path.value = p
    if (v) view.value = v
    writeHash()
  }

  function show(v: string, options: ShowOptions = {}): void {
    view.value = v
    writeHash(options.replace)
  }

  function locate(place: Place, v?: string): void {
    path.value = place.path
    if (v) view.value = v
    target.value = { ...place, seq: ++seq }
    writeHash()
  }

  function writeHash(replace = false): void {
    if (typeof location === 'undefined') return
    const h = `#/${encodeURIComponent(view.value)}/${path.value ? encodeURIComponent(path.value) : ''}`
    if (location.hash === h) return
    if (replace) history.replaceState(null, '', h)
    else history.pushState(null, '', h)
  }

  function readHash(): void {
    if (typeof location === 'undefined') return
    const m = /^#\/([^/]*)\/?(.*)$/.exec(location.hash)
    if (!m) {
      // Back to the address the page was opened with: no file.
      path.value = null
      view.value = 'overview'
      return
    }
    if (m[1]) view.value = decodeURIComponent(m[1])
    path.value = m[2] ? decodeURIComponent(m[2]) : null
  }

  /** Back and Forward (and a hash typed in the address bar) show the place in the address. */
  function followHistory(): () => void {
    if (typeof window === 'undefined') return () => {}
    const onPop = (): void => readHash()
    window.addEventListener('popstate', onPop)
    window.addEventListener('hashchange', onPop)
    return () => {
      window.removeEventListener('popstate', onPop)
      window.removeEventListener('hashchange', onPop)
    }
  }

  return { path, view, target, open, show, locate, readHash, followHistory }
})
