// The UI's entry to this package: the protocol types and the client. The
// worker, the session wrapper and the Emscripten glue are not exported here,
// so importing this never pulls the simulator into the UI bundle.

export * from './protocol';
export { SimClient, SimError } from './client';
export type { SimStatus, SnapshotFrame, WorkerLike } from './client';
