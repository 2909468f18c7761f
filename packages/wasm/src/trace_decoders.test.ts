// The JavaScript decoders the wasm build reads compressed traces with,
// driven as the C++ reader drives them (sim-core trace/decoders/
// js_decoder.cpp): compressed bytes in slices, decoded bytes out in bounded
// pieces, the end of input announced. The real MSR sample from
// ../shared/traces/real, compressed by Node's zlib and the xz, zstd and
// bzip2 tools, must come back byte for byte.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { beforeAll, describe, expect, it } from 'vitest';

import { TraceDecoders, loadTraceDecoders, type CompressionName } from './trace_decoders';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const msr = () =>
  new Uint8Array(readFileSync(resolve(repoRoot, '../shared/traces/real/msr_hm0_sample.csv')));

function compress(compression: CompressionName, text: Uint8Array): Uint8Array {
  if (compression === 'gzip') return new Uint8Array(gzipSync(text));
  const run = spawnSync(compression, ['-c'], { input: text, maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`${compression} -c failed: ${run.stderr}`);
  return new Uint8Array(run.stdout);
}

/** Decodes `stored` feeding `inputSlice` bytes and taking `outputSlice` at a time. */
function decodeAll(
  compression: CompressionName,
  stored: Uint8Array,
  inputSlice: number,
  outputSlice: number,
): { text: Uint8Array; finished: boolean } {
  const decoders = new TraceDecoders();
  const id = decoders.open(compression);
  const pieces: Uint8Array[] = [];
  let at = 0;
  let finished = false;
  try {
    for (let calls = 0; calls < 10_000_000; ++calls) {
      const end = Math.min(stored.length, at + inputSlice);
      const step = decoders.decode(
        id,
        stored.subarray(at, end),
        end === stored.length,
        outputSlice,
      );
      expect(step.output.length).toBeLessThanOrEqual(outputSlice);
      at += step.consumed;
      pieces.push(step.output.slice());
      if (step.output.length === 0 && step.finished) {
        finished = true;
        break;
      }
      if (step.output.length === 0 && step.consumed === 0 && at === stored.length) break;
    }
  } finally {
    decoders.close(id);
  }
  const text = new Uint8Array(pieces.reduce((n, piece) => n + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    text.set(piece, offset);
    offset += piece.length;
  }
  return { text, finished };
}

beforeAll(() => loadTraceDecoders());

describe('trace decoders', () => {
  for (const compression of ['gzip', 'bzip2', 'xz', 'zstd'] as const) {
    it(`${compression}: the real MSR sample comes back byte for byte, in any slices`, () => {
      const text = msr();
      const stored = compress(compression, text);
      for (const [inputSlice, outputSlice] of [
        [1 << 20, 4 << 20],
        [1000, 777],
        [64, 100_000],
      ]) {
        const decoded = decodeAll(compression, stored, inputSlice, outputSlice);
        expect(decoded.finished, `${inputSlice}/${outputSlice}`).toBe(true);
        expect(decoded.text.length).toBe(text.length);
        expect(Buffer.from(decoded.text).equals(Buffer.from(text))).toBe(true);
      }
    });

    it(`${compression}: a cut file never finishes`, () => {
      const stored = compress(compression, msr());
      const decoded = decodeAll(compression, stored.subarray(0, stored.length >> 1), 4096, 65536);
      expect(decoded.finished).toBe(false);
    });
  }

  it('an unknown compression is refused by name', () => {
    expect(() => new TraceDecoders().open('lz4')).toThrow('no decoder for lz4');
  });
});
