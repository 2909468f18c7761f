// A trace's fingerprint for share links: the hex SHA-256 of its first MiB
// as stored (compressed bytes for a compressed trace). A link names the
// trace by its size and this digest, so the format must never change: links
// already shared are checked with it. Hashing is done in the worker
// (crypto.subtle is there too), never on the UI's main thread:
// - 'traceFingerprint' digests a Blob the UI sends (a file dropped for a
//   link, before anything runs) with blobFingerprint;
// - a scan ('inspectTrace') keeps a copy of the first MiB as the core's
//   reader passes over it (HeadCapture), so the file picked for a run is
//   fingerprinted without reading it a second time.

import type { TraceBytes } from './trace_bytes';

/** How much of a trace its fingerprint covers. */
export const FINGERPRINT_BYTES = 1024 * 1024;

/** Hex SHA-256 of `bytes`. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The fingerprint of a Blob: its first FINGERPRINT_BYTES read once, asynchronously. */
export async function blobFingerprint(file: Blob): Promise<string> {
  return sha256Hex(new Uint8Array(await file.slice(0, FINGERPRINT_BYTES).arrayBuffer()));
}

/**
 * Wraps a trace's bytes and keeps a copy of its first FINGERPRINT_BYTES as
 * they are read (the core reads a trace from its start, in order), so
 * fingerprint() costs a digest and no read. What the reader skipped (it
 * stopped early, or read out of order) is read here, once.
 */
export class HeadCapture {
  readonly bytes: TraceBytes;
  private readonly head: Uint8Array<ArrayBuffer>;
  /** head[0, filled) holds the file's first bytes. */
  private filled = 0;

  constructor(private readonly inner: TraceBytes) {
    this.head = new Uint8Array(Math.min(inner.size, FINGERPRINT_BYTES));
    this.bytes = {
      size: inner.size,
      read: (offset, length) => {
        const chunk = inner.read(offset, length);
        this.keep(offset, chunk);
        return chunk;
      },
    };
  }

  /** The fingerprint of the wrapped trace (what blobFingerprint gives for its file). */
  fingerprint(): Promise<string> {
    while (this.filled < this.head.byteLength) {
      const before = this.filled;
      this.keep(before, this.inner.read(before, this.head.byteLength - before));
      if (this.filled === before) throw new Error('the trace ended before its reported size');
    }
    return sha256Hex(this.head);
  }

  /** Copies what `chunk`, read at `offset`, adds to the contiguous head. */
  private keep(offset: number, chunk: Uint8Array): void {
    if (offset > this.filled || this.filled >= this.head.byteLength) return;
    const end = Math.min(offset + chunk.byteLength, this.head.byteLength);
    if (end <= this.filled) return;
    this.head.set(chunk.subarray(this.filled - offset, end - offset), this.filled);
    this.filled = end;
  }
}
