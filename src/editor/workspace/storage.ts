/**
 * Where the workspace lives between visits: the user's files (new ones and edited copies of
 * bundled ones) in IndexedDB. Bundled files are not stored; a stored text overrides the bundled
 * one, and a stored `null` records that the user deleted a bundled file.
 */
export interface StoredFile {
  path: string
  text: string | null
  updatedAt: number
}

export interface WorkspaceStorage {
  loadAll(): Promise<StoredFile[]>
  put(file: StoredFile): Promise<void>
  remove(path: string): Promise<void>
  clear(): Promise<void>
}

const STORE = 'files'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
  })
}

export async function openIndexedDbStorage(
  name = 'hexwright-workspace',
  factory: IDBFactory = indexedDB,
): Promise<WorkspaceStorage> {
  const open = factory.open(name, 1)
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE))
      open.result.createObjectStore(STORE, { keyPath: 'path' })
  }
  const db = await request(open)
  const run = async (mode: IDBTransactionMode, f: (s: IDBObjectStore) => void) => {
    const tx = db.transaction(STORE, mode)
    f(tx.objectStore(STORE))
    await done(tx)
  }
  return {
    async loadAll() {
      const tx = db.transaction(STORE, 'readonly')
      return (await request(tx.objectStore(STORE).getAll())) as StoredFile[]
    },
    put: (file) => run('readwrite', (s) => void s.put(file)),
    remove: (path) => run('readwrite', (s) => void s.delete(path)),
    clear: () => run('readwrite', (s) => void s.clear()),
  }
}

/** For tests and for browsers where IndexedDB is refused (private windows of some browsers). */
export function memoryStorage(initial: StoredFile[] = []): WorkspaceStorage & {
  files: Map<string, StoredFile>
} {
  const files = new Map(initial.map((f) => [f.path, f]))
  return {
    files,
    loadAll: () => Promise.resolve([...files.values()].map((f) => ({ ...f }))),
    put: (f) => (files.set(f.path, { ...f }), Promise.resolve()),
    remove: (p) => (files.delete(p), Promise.resolve()),
    clear: () => (files.clear(), Promise.resolve()),
  }
}
