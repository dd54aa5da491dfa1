/// <reference lib="webworker" />
// The computer players' moves (ai-move.ts): the greedy policy weighs a decision by trying its
// actions on copies of the game, which takes long enough on a large battle to stall the page.
import { loadLibrary } from '../../runtime'
import { moveWorkerHandler, type WorkerRequest } from './ai-move'

const handle = moveWorkerHandler(loadLibrary)

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  self.postMessage(handle(e.data))
}
