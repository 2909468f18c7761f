// Saved runs in IndexedDB: a small hand-written wrapper (no dependency)
// that turns requests and transactions into promises. One object store,
// "runs", keyed by an auto-increment id; records are stored by structured
// clone (typed arrays and NaN survive), so nothing is serialised by hand.
//
// Versioning: DB_VERSION creates the store; a record's own `version`
// (RUN_RECORD_VERSION) says whether this UI can read it, and records it
// cannot read are left out of the list rather than breaking it.

import { asRunRecord, type RunRecord } from './runRecord';

export const DB_NAME = 'flashscope';
const DB_VERSION = 1;
const STORE = 'runs';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when the transaction commits (a request's success is not yet durable). */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

export class RunDatabase {
  private constructor(private readonly db: IDBDatabase) {}

  /** Opens (creating on first use) the database; rejects where IndexedDB is unavailable. */
  static async open(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<RunDatabase> {
    if (!factory) throw new Error('this browser offers no IndexedDB (private window?)');
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      }
    };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    });
    // Another tab upgrading the schema: let it, and fail our next call instead of blocking it.
    db.onversionchange = () => db.close();
    return new RunDatabase(db);
  }

  /** Stores a new record; resolves with its id once committed. */
  async add(record: RunRecord): Promise<number> {
    const transaction = this.db.transaction(STORE, 'readwrite');
    const { id: _id, ...withoutId } = record;
    const key = promised(transaction.objectStore(STORE).add(withoutId));
    await committed(transaction);
    return Number(await key);
  }

  /** Every readable record, newest first. */
  async list(): Promise<RunRecord[]> {
    const transaction = this.db.transaction(STORE, 'readonly');
    const values = await promised(transaction.objectStore(STORE).getAll());
    return values
      .map(asRunRecord)
      .filter((record): record is RunRecord => record !== null)
      .sort((a, b) => b.createdAtMs - a.createdAtMs || (b.id ?? 0) - (a.id ?? 0));
  }

  async get(id: number): Promise<RunRecord | null> {
    const transaction = this.db.transaction(STORE, 'readonly');
    return asRunRecord(await promised(transaction.objectStore(STORE).get(id)));
  }

  async delete(id: number): Promise<void> {
    const transaction = this.db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).delete(id);
    await committed(transaction);
  }

  close(): void {
    this.db.close();
  }
}
