// Synchronous random access to a trace's bytes, for the C++ reader behind
// the C API (sim-core api/js_byte_input.cpp): the parser runs inside a wasm
// call and asks Module.fsReadTrace(input, offset, length) for its next chunk
// (4 MiB), so the answer cannot wait on a Promise. In the worker a Blob is
// read with FileReaderSync, one slice per call: a multi-GB trace is never
// held in memory, in JavaScript or in the wasm heap. Node (tests, benchmarks)
// has no FileReaderSync and reads from memory.

import type { TraceRef } from './protocol';

/** The bytes of one trace. read() returns at most `length` bytes at `offset` (fewer at the end). */
export interface TraceBytes {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
}

/**
 * Opens a trace's Blob for synchronous reading; the host is given one
 * (worker.ts: openBlobTrace). Node tests serve in-memory bytes by the
 * trace's name, since a Blob cannot be read synchronously there.
 */
export type OpenTraceBytes = (trace: TraceRef) => TraceBytes;

/** Bytes already in memory. read() returns views, which the caller copies at once. */
export function memoryTraceBytes(bytes: Uint8Array): TraceBytes {
  return {
    size: bytes.byteLength,
    read: (offset, length) =>
      bytes.subarray(
        Math.min(offset, bytes.byteLength),
        Math.min(offset + length, bytes.byteLength),
      ),
  };
}

/**
 * A Blob (a dropped File) read slice by slice with FileReaderSync: only in a
 * dedicated worker. A file that changed or vanished since it was picked
 * throws (NotReadableError); the C++ side reports it as an input error
 * naming the file.
 */
export function blobTraceBytes(file: Blob): TraceBytes {
  // Looked up on globalThis: the UI's type-check (DOM lib, no WebWorker)
  // sees this file too, through the types session.ts imports.
  const ReaderSync = (globalThis as { FileReaderSync?: new () => FileReaderSyncLike })
    .FileReaderSync;
  if (ReaderSync === undefined) {
    throw new Error('reading a trace needs FileReaderSync (a dedicated worker)');
  }
  const reader = new ReaderSync();
  return {
    size: file.size,
    read: (offset, length) =>
      new Uint8Array(reader.readAsArrayBuffer(file.slice(offset, offset + length))),
  };
}

/** The part of the worker's FileReaderSync used here. */
interface FileReaderSyncLike {
  readAsArrayBuffer(blob: Blob): ArrayBuffer;
}

/** The worker's OpenTraceBytes: the trace's own Blob, through FileReaderSync. */
export const openBlobTrace: OpenTraceBytes = (trace) => blobTraceBytes(trace.file);
