// A share link's trace fingerprint keeps its format (hex SHA-256 of the
// first MiB as stored), so links shared before it moved into the worker
// still match: every digest here is computed independently with node:crypto
// (or is the FIPS 180-2 test vector), never with the code under test.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { memoryTraceBytes } from './trace_bytes';
import type { TraceBytes } from './trace_bytes';
import { blobFingerprint, FINGERPRINT_BYTES, HeadCapture } from './trace_fingerprint';

const MIB = 1024 * 1024;
const sharedTrace = (name: string) =>
  new Uint8Array(
    readFileSync(fileURLToPath(new URL(`../../../../shared/traces/${name}`, import.meta.url))),
  );
// 2.9 MB: its fingerprint covers the first MiB only. 195 KB: the whole file.
const DISKSIM = sharedTrace('disksim_valid_ascii.trace');
const TPCC = sharedTrace('mqsim_tpcc-small.trace');
const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** memoryTraceBytes counting the bytes read through it. */
function countingBytes(bytes: Uint8Array): TraceBytes & { bytesRead: number } {
  const inner = memoryTraceBytes(bytes);
  const counted = {
    size: inner.size,
    bytesRead: 0,
    read: (offset: number, length: number) => {
      const chunk = inner.read(offset, length);
      counted.bytesRead += chunk.byteLength;
      return chunk;
    },
  };
  return counted;
}

/** Reads `bytes` from its start in chunks of `chunkBytes` up to `until`, as the core's reader does. */
function readInOrder(bytes: TraceBytes, chunkBytes: number, until = bytes.size): void {
  for (let offset = 0; offset < until; offset += chunkBytes) bytes.read(offset, chunkBytes);
}

describe('trace fingerprint (share links)', () => {
  it('is the hex SHA-256 of the first MiB of a Blob, as links made before have it', async () => {
    expect(FINGERPRINT_BYTES).toBe(MIB);
    expect(await blobFingerprint(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const disksim = await blobFingerprint(new Blob([DISKSIM]));
    expect(disksim).toBe(nodeSha256(DISKSIM.subarray(0, MIB)));
    expect(disksim).not.toBe(nodeSha256(DISKSIM));
    expect(await blobFingerprint(new Blob([TPCC]))).toBe(nodeSha256(TPCC));
  });

  it('ignores everything after the first MiB', async () => {
    const changedTail = DISKSIM.slice();
    changedTail[MIB] ^= 0xff;
    const changedHead = DISKSIM.slice();
    changedHead[MIB - 1] ^= 0xff;
    const original = await blobFingerprint(new Blob([DISKSIM]));
    expect(await blobFingerprint(new Blob([changedTail]))).toBe(original);
    expect(await blobFingerprint(new Blob([changedHead]))).not.toBe(original);
  });

  it('takes the same digest from a scan reading the file, without a second read', async () => {
    for (const [bytes, chunk] of [
      [DISKSIM, 4 * MIB], // the core's chunk: one read covers the head
      [DISKSIM, 64 * 1024], // many small reads
      [DISKSIM, 300_000], // a read that straddles the head's end
      [TPCC, 4 * MIB], // a file shorter than a MiB
    ] as const) {
      const counted = countingBytes(bytes);
      const head = new HeadCapture(counted);
      readInOrder(head.bytes, chunk);
      const readByScan = counted.bytesRead;
      expect(readByScan).toBe(bytes.byteLength);
      expect(await head.fingerprint()).toBe(nodeSha256(bytes.subarray(0, MIB)));
      expect(counted.bytesRead).toBe(readByScan);
    }
  });

  it('reads what the scan skipped of the head, once', async () => {
    // A scan that failed after 100 KB, then one that read out of order.
    const stopped = countingBytes(DISKSIM);
    const early = new HeadCapture(stopped);
    readInOrder(early.bytes, 50_000, 100_000);
    expect(await early.fingerprint()).toBe(nodeSha256(DISKSIM.subarray(0, MIB)));
    expect(stopped.bytesRead).toBe(MIB);

    const jumping = countingBytes(DISKSIM);
    const outOfOrder = new HeadCapture(jumping);
    outOfOrder.bytes.read(512 * 1024, 4096);
    outOfOrder.bytes.read(0, 4096);
    expect(await outOfOrder.fingerprint()).toBe(nodeSha256(DISKSIM.subarray(0, MIB)));
    expect(jumping.bytesRead).toBe(4096 + MIB);
  });

  it('hands the reader the bytes unchanged', () => {
    const head = new HeadCapture(memoryTraceBytes(TPCC));
    expect(head.bytes.size).toBe(TPCC.byteLength);
    expect(head.bytes.read(10, 20)).toEqual(TPCC.subarray(10, 30));
    expect(head.bytes.read(TPCC.byteLength - 5, 100)).toEqual(TPCC.subarray(-5));
  });
});
