// The check of a trace a shared link names: same size, and the same SHA-256
// of the first MiB. The hashing is the simulation worker's
// (SimSession.traceFingerprint, @flashscope/wasm trace_fingerprint.ts): the
// main thread neither reads nor hashes the file.

import { createStore } from 'zustand/vanilla';
import type { SharedTrace } from './shareConfig';

/** The fingerprint of a file as a link names it (hex SHA-256 of its first MiB). */
export type TraceFingerprinter = (file: Blob) => Promise<string>;

/** Null when `file` is the trace the link names, else why it is not. */
export async function traceMismatch(
  file: Blob,
  wanted: SharedTrace,
  fingerprint: TraceFingerprinter,
): Promise<string | null> {
  if (file.size !== wanted.size) {
    return `This file has ${file.size} bytes; the link's trace "${wanted.name}" has ${wanted.size}. Drop the same file.`;
  }
  if ((await fingerprint(file)) !== wanted.sha256) {
    return `This file's content differs from the link's trace "${wanted.name}" (same size, another SHA-256 of its first MiB). Drop the same file.`;
  }
  return null;
}

/** The trace an opened link waits for, with the run to start once it is dropped. */
export interface TraceRequest {
  trace: SharedTrace;
  /** Runs the shared configuration with the accepted file. */
  start: (file: File) => Promise<void>;
}

export const traceRequestStore = createStore<{ request: TraceRequest | null }>(() => ({
  request: null,
}));
