// Decoders for compressed traces, called synchronously by the C++ reader in
// the wasm build (sim-core src/trace/decoders/js_decoder.cpp) through
// Module.fsDecoderOpen / fsDecoderDecode / fsDecoderClose, which session.ts
// installs. The reader runs inside a wasm call, so decoding cannot wait on
// a Promise: the browser's DecompressionStream (async) is no use here, and
// each decoder is a maintained npm package with a synchronous, incremental
// API, pinned in package.json:
//   gzip   fflate's Gunzip (multi-member, as gunzip reads `cat a.gz b.gz`)
//   zstd   fzstd's Decompress (frame after frame, skippable frames skipped)
//   xz     xz-embedded compiled to wasm, from xz-decompress (its own
//          instance and memory; concatenated streams)
//   bzip2  unbzip2-stream's block decoder, fed whole blocks (below)
// Memory stays bounded: the C++ side hands over the stored file 1 MiB at a
// time, each decoder is pushed at most 64 KiB of it per call, and what that
// decodes to is handed back before more is pushed.

import { Gunzip } from 'fflate';
import { Decompress as ZstdDecompress } from 'fzstd';
// @ts-expect-error -- plain JavaScript without typings (its shape: Bzip2 below).
import bzip2Module from 'unbzip2-stream/lib/bzip2.js';
import { XzReadableStream } from 'xz-decompress';

export type CompressionName = 'gzip' | 'bzip2' | 'xz' | 'zstd';

/** One fsDecoderDecode answer: input bytes taken, decoded bytes, clean end. */
export interface DecodeResult {
  consumed: number;
  output: Uint8Array;
  finished: boolean;
}

/** The module members trace decoding installs (session.ts's FlashScopeModule has them). */
export interface DecoderHost {
  fsDecoderOpen?: (compression: string) => number;
  fsDecoderDecode?: (
    decoder: number,
    input: Uint8Array,
    inputEnds: boolean,
    maxOutput: number,
  ) => DecodeResult;
  fsDecoderClose?: (decoder: number) => void;
}

/** Compressed bytes pushed into a decoder at once (bounds what one push decodes to). */
const MAX_PUSH_BYTES = 64 * 1024;

/**
 * A decoder fed by push; decoded bytes go to the sink it was made with.
 * push(…, true) ends the input: the data must be complete, else it throws
 * TruncatedData.
 */
interface Codec {
  push(chunk: Uint8Array, final: boolean): void;
  dispose?(): void;
}

/** The input ended inside a stream: the C++ side reports a truncated file. */
class TruncatedData extends Error {}

/** Adapts a push codec to the pull contract of sim-core's IStreamDecoder. */
class QueuedDecoder {
  private readonly codec: Codec;
  private readonly queue: Uint8Array[] = [];
  private head = 0; // bytes of queue[0] already handed out
  private finalPushed = false;
  private truncated = false;

  constructor(make: (sink: (data: Uint8Array) => void) => Codec) {
    // Copied: decoders may hand out views of buffers they reuse.
    this.codec = make((data) => {
      if (data.length > 0) this.queue.push(data.slice());
    });
  }

  decode(input: Uint8Array, inputEnds: boolean, maxOutput: number): DecodeResult {
    let consumed = 0;
    if (this.queue.length === 0 && !this.finalPushed) {
      const take = Math.min(input.length, MAX_PUSH_BYTES);
      const final = inputEnds && take === input.length;
      if (take > 0 || final) {
        // A copy: `input` is a view of the wasm heap.
        const chunk = input.slice(0, take);
        consumed = take;
        if (final) this.finalPushed = true;
        try {
          this.codec.push(chunk, final);
        } catch (error) {
          if (!(error instanceof TruncatedData)) throw error;
          this.truncated = true;
        }
      }
    }
    const output = this.take(maxOutput);
    return {
      consumed,
      output,
      finished: this.finalPushed && !this.truncated && this.queue.length === 0,
    };
  }

  dispose(): void {
    this.codec.dispose?.();
  }

  private take(maxOutput: number): Uint8Array {
    const first = this.queue[0];
    if (first === undefined || maxOutput <= 0) return new Uint8Array(0);
    const n = Math.min(maxOutput, first.length - this.head);
    const out = first.subarray(this.head, this.head + n);
    this.head += n;
    if (this.head === first.length) {
      this.queue.shift();
      this.head = 0;
    }
    return out;
  }
}

function isUnexpectedEof(error: unknown): boolean {
  // fflate: code 0 "unexpected EOF"; fzstd: code 5 "unexpected EOF".
  return error instanceof Error && /unexpected EOF/.test(error.message);
}

function gzipCodec(sink: (data: Uint8Array) => void): Codec {
  const gunzip = new Gunzip((data) => sink(data));
  return {
    push(chunk, final) {
      try {
        gunzip.push(chunk, final);
      } catch (error) {
        if (final && isUnexpectedEof(error)) throw new TruncatedData();
        throw error;
      }
    },
  };
}

function zstdCodec(sink: (data: Uint8Array) => void): Codec {
  const zstd = new ZstdDecompress((data) => sink(data));
  return {
    push(chunk, final) {
      try {
        zstd.push(chunk, final);
      } catch (error) {
        if (final && isUnexpectedEof(error)) throw new TruncatedData();
        throw error;
      }
    },
  };
}

// --- bzip2 -------------------------------------------------------------------
// unbzip2-stream's own stream wrapper needs Node streams; its block decoder
// (lib/bzip2.js) is plain JavaScript. A block is decoded only once it is
// wholly buffered: a 900 KB block compresses to at most ~ its size plus a
// little, so at least level x 100000 + 25000 unread bytes (unbzip2-stream's
// own rule) or the end of the input. Should a block still run out of bytes,
// the reader rewinds to the block's start and waits for more.

/** Reads `n` bits, most significant first; `null` skips to the next byte boundary. */
type BitReader = (n: number | null) => number;

/** The block decoder in unbzip2-stream's lib/bzip2.js (a port of Rob Landley's micro-bunzip). */
interface Bzip2 {
  /** Reads a stream header ("BZh" + '1'..'9'); returns the block size level 1..9. */
  header(bits: BitReader): number;
  /**
   * Decodes one block, passing each byte to `write`; returns the running
   * stream CRC, or null after the end-of-stream marker (whose CRC it checks).
   */
  decompress(
    bits: BitReader,
    write: (byte: number) => void,
    buffer: Int32Array,
    bufferSize: number,
    streamCrc: number,
  ): number | null;
}
const bzip2 = bzip2Module as Bzip2;

const OUT_OF_DATA = new Error('bzip2: out of data');
const BITMASK = [0, 0x01, 0x03, 0x07, 0x0f, 0x1f, 0x3f, 0x7f, 0xff];

class Bzip2Codec implements Codec {
  private buffer = new Uint8Array(0);
  private bytePos = 0;
  private bitPos = 0;
  private level = 0; // block size level of the stream being read; 0 between streams
  private streamCrc = 0;
  private streams = 0; // streams read to their end marker
  private block = new Int32Array(0);
  private out = new Uint8Array(0);
  private outBytes = 0;
  private readonly bits = (n: number | null): number => this.readBits(n);
  private readonly write = (byte: number): void => {
    if (this.outBytes === this.out.length) {
      const grown = new Uint8Array(Math.max(1 << 20, this.out.length * 2));
      grown.set(this.out);
      this.out = grown;
    }
    this.out[this.outBytes++] = byte;
  };

  constructor(private readonly sink: (data: Uint8Array) => void) {}

  push(chunk: Uint8Array, final: boolean): void {
    this.append(chunk);
    for (;;) {
      if (this.level === 0) this.skipPadding();
      const unread = this.buffer.length - this.bytePos;
      if (unread <= 0) break;
      if (!final && unread < (this.level ? 100000 * this.level + 25000 : 4)) return;
      const bytePos = this.bytePos;
      const bitPos = this.bitPos;
      try {
        this.step();
      } catch (error) {
        if (error !== OUT_OF_DATA) throw this.explain(error);
        this.bytePos = bytePos;
        this.bitPos = bitPos;
        if (final) throw new TruncatedData();
        return;
      }
    }
    if (final && (this.level !== 0 || this.streams === 0)) throw new TruncatedData();
  }

  private step(): void {
    if (this.level === 0) {
      this.level = bzip2.header(this.bits);
      this.streamCrc = 0;
      if (this.block.length !== 100000 * this.level)
        this.block = new Int32Array(100000 * this.level);
      return;
    }
    this.outBytes = 0;
    const crc = bzip2.decompress(
      this.bits,
      this.write,
      this.block,
      this.block.length,
      this.streamCrc,
    );
    if (crc === null) {
      this.level = 0;
      this.streams += 1;
      return;
    }
    this.streamCrc = crc;
    if (this.outBytes > 0) this.sink(this.out.subarray(0, this.outBytes));
  }

  /** NUL bytes between streams are padding, skipped as bzip2(1) does. */
  private skipPadding(): void {
    if (this.streams === 0 || this.bitPos !== 0) return;
    while (this.bytePos < this.buffer.length && this.buffer[this.bytePos] === 0) this.bytePos++;
  }

  private explain(error: unknown): Error {
    const message = error instanceof Error ? error.message : String(error);
    if (this.level === 0 && this.streams > 0) {
      return new Error('unexpected bytes after the end of the bzip2 data');
    }
    if (/crc32/.test(message)) return new Error('a block is damaged (its CRC does not match)');
    if (/magic|BZIP/.test(message)) return new Error('not bzip2 data (bad stream header)');
    return new Error(`a block is damaged (${message})`);
  }

  private append(chunk: Uint8Array): void {
    const keep = this.buffer.subarray(this.bytePos);
    const joined = new Uint8Array(keep.length + chunk.length);
    joined.set(keep);
    joined.set(chunk, keep.length);
    this.buffer = joined;
    this.bytePos = 0;
  }

  private readBits(n: number | null): number {
    if (n === null) {
      if (this.bitPos !== 0) {
        this.bitPos = 0;
        this.bytePos++;
      }
      return 0;
    }
    let result = 0;
    while (n > 0) {
      if (this.bytePos >= this.buffer.length) throw OUT_OF_DATA;
      const left = 8 - this.bitPos;
      const byte = this.buffer[this.bytePos] as number;
      if (n >= left) {
        result = (result << left) | (byte & (BITMASK[left] as number));
        this.bitPos = 0;
        this.bytePos++;
        n -= left;
      } else {
        result = (result << n) | ((byte >> (left - n)) & (BITMASK[n] as number));
        this.bitPos += n;
        n = 0;
      }
    }
    return result;
  }
}

// --- xz ------------------------------------------------------------------------
// xz-decompress exposes only an async ReadableStream, but its wasm (xzwasm's
// build of xz-embedded) has a synchronous C API: create_context,
// supply_input (a length of 0 means the input has ended), get_next_output,
// destroy_context. The context's first six uint32 are {buffer size, input
// buffer, input position, input size, output buffer, output position}, as
// the package's own XzContext reads them. Loading the wasm is async, hence
// loadTraceDecoders(); xz-decompress is pinned to the version this matches.

interface XzExports {
  memory: WebAssembly.Memory;
  create_context(): number;
  destroy_context(context: number): void;
  supply_input(context: number, length: number): void;
  get_next_output(context: number): number;
}

const XZ_OK = 0;
const XZ_STREAM_END = 1;
const XZ_DATA_ERROR = 7;
const XZ_BUF_ERROR = 8;
const XZ_ERRORS: Record<number, string> = {
  2: 'unsupported integrity check',
  3: 'out of memory',
  4: 'the dictionary is larger than the memory limit',
  5: 'not xz data (bad stream header)',
  6: 'unsupported compression options',
  7: 'compressed data is corrupt (or a check does not match)',
  8: 'the data cannot continue',
};

let xzExports: XzExports | null = null;
let xzLoading: Promise<void> | null = null;

type XzStreamStatics = {
  _getModuleInstance(): Promise<void>;
  _moduleInstance?: WebAssembly.Instance;
};

/**
 * Loads what the synchronous decoders need ahead of time (the xz decoder's
 * wasm compiles asynchronously). The worker awaits it before its first
 * session; node.ts at import. Memoised; a failure is forgotten.
 */
export function loadTraceDecoders(): Promise<void> {
  xzLoading ??= (async () => {
    const statics = XzReadableStream as unknown as XzStreamStatics;
    if (statics._moduleInstance === undefined) await statics._getModuleInstance();
    if (statics._moduleInstance === undefined) throw new Error('xz-decompress did not load');
    xzExports = statics._moduleInstance.exports as unknown as XzExports;
  })().catch((error: unknown) => {
    xzLoading = null;
    throw error;
  });
  return xzLoading;
}

class XzCodec implements Codec {
  private readonly xz: XzExports;
  private readonly context: number;
  private readonly bufferBytes: number;
  private readonly inputAt: number;
  private readonly outputAt: number;

  constructor(private readonly sink: (data: Uint8Array) => void) {
    if (xzExports === null) {
      throw new Error('the xz decoder is not loaded (await loadTraceDecoders() first)');
    }
    this.xz = xzExports;
    this.context = this.xz.create_context();
    const fields = this.fields();
    this.bufferBytes = fields[0] as number;
    this.inputAt = fields[1] as number;
    this.outputAt = fields[4] as number;
  }

  push(chunk: Uint8Array, final: boolean): void {
    for (let offset = 0; offset < chunk.length;) {
      const n = Math.min(this.bufferBytes, chunk.length - offset);
      new Uint8Array(this.xz.memory.buffer, this.inputAt, n).set(
        chunk.subarray(offset, offset + n),
      );
      this.xz.supply_input(this.context, n);
      offset += n;
      this.drain(false);
    }
    if (final) {
      this.xz.supply_input(this.context, 0);
      this.drain(true);
    }
  }

  dispose(): void {
    this.xz.destroy_context(this.context);
  }

  /** Decodes what the supplied input holds; with `finishing`, to the end. */
  private drain(finishing: boolean): void {
    for (;;) {
      const result = this.xz.get_next_output(this.context);
      const fields = this.fields();
      const produced = fields[5] as number;
      if (produced > 0) {
        // A view: the sink copies it at once.
        this.sink(new Uint8Array(this.xz.memory.buffer, this.outputAt, produced));
      }
      fields[5] = 0; // output position back to the buffer's start
      if (result === XZ_STREAM_END) return;
      if (result !== XZ_OK) {
        if (finishing && (result === XZ_DATA_ERROR || result === XZ_BUF_ERROR)) {
          throw new TruncatedData();
        }
        throw new Error(XZ_ERRORS[result] ?? `xz-embedded error ${result}`);
      }
      if (produced === this.bufferBytes) continue; // the output was full: more may follow
      if (finishing) throw new TruncatedData();
      // supply_input replaces the input buffer: all of it must have been used.
      if (fields[2] !== fields[3]) throw new Error('the xz decoder stopped inside its input');
      return;
    }
  }

  private fields(): Uint32Array {
    return new Uint32Array(this.xz.memory.buffer, this.context, 6);
  }
}

const CODECS: Record<CompressionName, (sink: (data: Uint8Array) => void) => Codec> = {
  gzip: gzipCodec,
  zstd: zstdCodec,
  bzip2: (sink) => new Bzip2Codec(sink),
  xz: (sink) => new XzCodec(sink),
};

/** The decoders one wasm module's C++ readers have open, by id. */
export class TraceDecoders {
  private readonly decoders = new Map<number, QueuedDecoder>();
  private nextId = 1;

  open(compression: string): number {
    const make = (
      CODECS as Record<string, ((sink: (data: Uint8Array) => void) => Codec) | undefined>
    )[compression];
    if (make === undefined) throw new Error(`no decoder for ${compression}`);
    const id = this.nextId++;
    this.decoders.set(id, new QueuedDecoder(make));
    return id;
  }

  decode(id: number, input: Uint8Array, inputEnds: boolean, maxOutput: number): DecodeResult {
    const decoder = this.decoders.get(id);
    if (decoder === undefined) throw new Error(`no decoder ${id}`);
    return decoder.decode(input, inputEnds, maxOutput);
  }

  close(id: number): void {
    this.decoders.get(id)?.dispose();
    this.decoders.delete(id);
  }

  /** Points `host`'s fsDecoder* members at these decoders. */
  install(host: DecoderHost): void {
    host.fsDecoderOpen = (compression) => this.open(compression);
    host.fsDecoderDecode = (id, input, inputEnds, maxOutput) =>
      this.decode(id, input, inputEnds, maxOutput);
    host.fsDecoderClose = (id) => this.close(id);
  }
}
