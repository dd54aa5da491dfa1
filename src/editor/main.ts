import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { useNavigationStore } from './stores/useNavigationStore'
import { useWorkspaceStore } from './stores/useWorkspaceStore'
import { preloadView } from './views/registry'
import './styles.css'

const app = createApp(App).use(createPinia())
const nav = useNavigationStore()
const ws = useWorkspaceStore()
nav.readHash()
if (nav.path) preloadView(nav.view)
void ws.init()
app.mount('#app')

// End-to-end tests and the benchmark drive the stores for set-up they do not test; a designer
// can inspect the workspace from the console the same way.
Object.assign(window, { __hexwright: { ws, nav } })
