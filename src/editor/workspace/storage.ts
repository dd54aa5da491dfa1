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

/** An image or other binary the content points at by path (a map's underlay scan). */
export interface StoredAsset {
  path: string
  bytes: Uint8Array
  type: string
}

export interface WorkspaceStorage {
  loadAll(): Promise<StoredFile[]>
  put(file: StoredFile): Promise<void>
  remove(path: string): Promise<void>
  clear(): Promise<void>
  loadAssets(): Promise<StoredAsset[]>
  putAsset(asset: StoredAsset): Promise<void>
  removeAsset(path: string): Promise<void>
}

const STORE = 'files'
const ASSETS = 'assets'

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
  const open = factory.open(name, 2)
  open.onupgradeneeded = () => {
    for (const store of [STORE, ASSETS])
      if (!open.result.objectStoreNames.contains(store))
        open.result.createObjectStore(store, { keyPath: 'path' })
  }
  const db = await request(open)
  const run = async (store: string, f: (s: IDBObjectStore) => void) => {
    const tx = db.transaction(store, 'readwrite')
    f(tx.objectStore(store))
    await done(tx)
  }
  const all = async <T>(store: string) =>
    (await request(db.transaction(store, 'readonly').objectStore(store).getAll())) as T[]
  return {
    loadAll: () => all<StoredFile>(STORE),
    put: (file) => run(STORE, (s) => void s.put(file)),
    remove: (path) => run(STORE, (s) => void s.delete(path)),
    clear: () => run(STORE, (s) => void s.clear()),
    loadAssets: () => all<StoredAsset>(ASSETS),
    putAsset: (asset) => run(ASSETS, (s) => void s.put(asset)),
    removeAsset: (path) => run(ASSETS, (s) => void s.delete(path)),
  }
}

/** For tests and for browsers where IndexedDB is refused (private windows of some browsers). */
export function memoryStorage(initial: StoredFile[] = []): WorkspaceStorage & {
  files: Map<string, StoredFile>
  assets: Map<string, StoredAsset>
} {
  const files = new Map(initial.map((f) => [f.path, f]))
  const assets = new Map<string, StoredAsset>()
  return {
    files,
    assets,
    loadAssets: () => Promise.resolve([...assets.values()]),
    putAsset: (a) => (assets.set(a.path, a), Promise.resolve()),
    removeAsset: (p) => (assets.delete(p), Promise.resolve()),
    loadAll: () => Promise.resolve([...files.values()].map((f) => ({ ...f }))),
    put: (f) => (files.set(f.path, { ...f }), Promise.resolve()),
    remove: (p) => (files.delete(p), Promise.resolve()),
    clear: () => (files.clear(), Promise.resolve()),
  }
}
