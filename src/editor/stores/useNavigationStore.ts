/**
 * Which file is open, in which view, and where in it: the problems panel and the visual views
 * ask for a place (file + JSON pointer, or line:column) and the open view scrolls to it. The
 * choice is kept in the address (#/view/path) so a reload comes back to the same place.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export interface Place {
  path: string
  pointer?: string
  line?: number
  column?: number
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

  function show(v: string): void {
    view.value = v
    writeHash()
  }

  function locate(place: Place, v?: string): void {
    path.value = place.path
    if (v) view.value = v
    target.value = { ...place, seq: ++seq }
    writeHash()
  }

  function writeHash(): void {
    if (typeof location === 'undefined') return
    const h = `#/${encodeURIComponent(view.value)}/${path.value ? encodeURIComponent(path.value) : ''}`
    if (location.hash !== h) history.replaceState(null, '', h)
  }

  function readHash(): void {
    if (typeof location === 'undefined') return
    const m = /^#\/([^/]*)\/?(.*)$/.exec(location.hash)
    if (!m) return
    if (m[1]) view.value = decodeURIComponent(m[1])
    if (m[2]) path.value = decodeURIComponent(m[2])
  }

  return { path, view, target, open, show, locate, readHash }
})
