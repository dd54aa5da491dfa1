import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { useNavigationStore } from './stores/useNavigationStore'
import { useWorkspaceStore } from './stores/useWorkspaceStore'
import './styles.css'

const app = createApp(App).use(createPinia())
useNavigationStore().readHash()
void useWorkspaceStore().init()
app.mount('#app')
