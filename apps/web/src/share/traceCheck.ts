// The check of a trace a shared link names: same size, and the same SHA-256
// of the first MiB (crypto.subtle digests off the main thread).

import { createStore } from 'zustand/vanilla';
import type { SharedTrace } from './shareConfig';

export const FINGERPRINT_BYTES = 1024 * 1024;

/** Hex SHA-256 of the first MiB of `file`. */
export async function traceFingerprint(file: Blob): Promise<string> {
  const head = await file.slice(0, FINGERPRINT_BYTES).arrayBuffer();
  const digest = await crypto.subtle.digest('SHA-256', head);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Null when `file` is the trace the link names, else why it is not. */
export async function traceMismatch(file: Blob, wanted: SharedTrace): Promise<string | null> {
  if (file.size !== wanted.size) {
    return `This file has ${file.size} bytes; the link's trace "${wanted.name}" has ${wanted.size}. Drop the same file.`;
  }
  if ((await traceFingerprint(file)) !== wanted.sha256) {
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
