// A typed wrapper over the C API of one Emscripten module instance
// (packages/sim-core/src/api/flashscope_api.h). Engine-agnostic: the module
// is a parameter, so the browser worker (wasm_module.ts) and Node tests (the
// .node.cjs flavour) share this code.
//
// Heap discipline (docs/conventions.md convention 5): every string and buffer the C API
// returns points into wasm memory and is valid only until the next call on
// that session, and memory growth detaches every view of the old buffer. So
// HEAPU8 is read afresh for each access, never cached, and results are copied
// out at once: strings with UTF8ToString, snapshot sections with slice() into
// fresh ArrayBuffers that are safe to transfer to another thread.

import { FRONTIERS_PER_PLANE, NO_BLOCK } from './protocol';
import type {
  BlockArrays,
  BurstTemplate,
  BurstTemplateRequest,
  DeviceSchema,
  StabilityDefaults,
  EffectiveDevice,
  EffectiveDeviceRequest,
  Layout,
  LoadRequest,
  ResolvedFio,
  ResolveFioRequest,
  SerializedError,
  SnapshotMeta,
  StabilityProgress,
  StabilityRequest,
  TraceFit,
  TraceFitRequest,
  TraceOptions,
  TraceSummary,
} from './protocol';
import type { TraceBytes } from './trace_bytes';
import { TraceDecoders, type DecoderHost } from './trace_decoders';

/**
 * What this package needs from the Emscripten module (see W1's build flags).
 * The DecoderHost members (trace_decoders.ts) decode compressed traces for
 * the C++ reader (sim-core trace/decoders/js_decoder.cpp).
 */
export interface FlashScopeModule extends DecoderHost {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  stringToUTF8(text: string, outPtr: number, maxBytesToWrite: number): void;
  lengthBytesUTF8(text: string): number;
  UTF8ToString(ptr: number, maxBytesToRead?: number): string;
  _fs_api_version(): number;
  _fs_create(deviceJson: number, fioText: number, optionsJson: number): number;
  _fs_destroy(session: number): void;
  _fs_precondition(session: number): number;
  _fs_advance(session: number, untilNs: number, maxEvents: number): number;
  _fs_now_ns(session: number): number;
  _fs_describe(session: number): number;
  _fs_snapshot(session: number): number;
  _fs_snapshot_size(session: number): number;
  _fs_snapshot_meta(session: number): number;
  _fs_result_json(session: number): number;
  _fs_last_error(): number;
  _fs_trace_open(traceJson: number): number;
  _fs_trace_scan(inspection: number, maxBytes: number): number;
  _fs_trace_summary(inspection: number): number;
  _fs_trace_close(inspection: number): void;
  _fs_stability_create(deviceJson: number, fioText: number, optionsJson: number): number;
  _fs_stability_advance(run: number, slices: number): number;
  _fs_stability_progress(run: number): number;
  _fs_stability_result(run: number): number;
  // Issue 16's calls; optional so a module built before them still loads
  // (calling one then fails with a SimError naming it).
  _fs_device_schema?(): number;
  _fs_effective_device?(deviceJson: number, optionsJson: number): number;
  _fs_fio_resolve?(deviceJson: number, fioText: number, optionsJson: number): number;
  _fs_stability_defaults?(): number;
  // Issue 19's; optional likewise.
  _fs_burst_template?(
    deviceJson: number,
    optionsJson: number,
    multiple: number,
    idleS: number,
    bursts: number,
  ): number;
  // Issue 28's; optional likewise.
  _fs_trace_fit?(requestJson: number): number;
  /**
   * Called from C++ (api/js_byte_input.cpp's EM_JS) for the next chunk of
   * trace `input` (an id of the trace object's "input" key): at most
   * `length` bytes at `offset`. Installed by WasmSessionFactory.
   */
  fsReadTrace?: (input: number, offset: number, length: number) => Uint8Array;
}

/** A trace as the C API reads it: its name, options and bytes. */
export interface TraceInput {
  /** The file name errors and the result cite. */
  name: string;
  options: TraceOptions;
  bytes: TraceBytes;
}

/** A trace scan in progress (fs_trace_open / scan / summary / close). Methods throw SimError. */
export interface TraceInspection {
  /** Reads about maxBytes more (whole 4 MiB chunks); true once the whole trace is read. */
  scan(maxBytes: number): boolean;
  /** The summary so far, exactly as `flashscope trace inspect --json` prints it. */
  summaryJson(): string;
  summary(): TraceSummary;
  close(): void;
}

/** An error that carries its wire form; what SimClient promises reject with. */
export class SimError extends Error {
  readonly serialized: SerializedError;

  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = 'SimError';
    this.serialized = serialized;
  }
}

/** Why fs_advance returned (its 0 / 1 / 2). */
export type AdvanceStop = 'time' | 'budget' | 'finished';

export interface DecodedSnapshot {
  /** The frame number the C++ session wrote into the header. */
  frame: number;
  blocks: BlockArrays;
  /** The ArrayBuffers behind `blocks`: fresh copies, never the wasm heap. */
  transfer: ArrayBuffer[];
}

export interface SessionSnapshot extends DecodedSnapshot {
  meta: SnapshotMeta;
}

/** One simulated drive. Methods throw SimError. */
export interface SimSession {
  precondition(): void;
  advance(untilNs: number, maxEvents: number): AdvanceStop;
  nowNs(): number;
  describe(): { layout: Layout; device: Record<string, unknown> };
  snapshot(): SessionSnapshot;
  result(): string;
  destroy(): void;
}

/** A stability test in progress (fs_stability_*). Methods throw SimError. */
export interface StabilityRun {
  /** Runs up to `slices` slices of the flow (16384 events each); true once it has ended. */
  advance(slices: number): boolean;
  progress(): StabilityProgress;
  /** Once advance returned true: what `flashscope stability --json` prints. */
  resultJson(): string;
  destroy(): void;
}

/** Makes sessions; the simulation host depends on this, not on Emscripten. */
export interface SessionFactory {
  apiVersion(): number;
  /**
   * A drive running request's fio job, or `trace` when given (then
   * request.fioText must be ''; request.trace is the host's Blob, which the
   * host has opened into `trace`, and is not read here).
   */
  create(request: LoadRequest, trace?: TraceInput): SimSession;
  /** Opens a trace for inspection (detects its format; throws for a binary file). */
  inspectTrace(trace: TraceInput): TraceInspection;
  /** Starts a stability test (validates the device, options and fio text; throws SimError). */
  createStability(request: StabilityRequest): StabilityRun;
  /** The device JSON Schema (fs_device_schema). */
  deviceSchema(): DeviceSchema;
  /** The stability flow's defaults and --compare variants (fs_stability_defaults). */
  stabilityDefaults(): StabilityDefaults;
  /** The device with overrides and defaults applied (fs_effective_device); bad input is in `error`. */
  effectiveDevice(request: EffectiveDeviceRequest): EffectiveDevice;
  /** The fio job file as a run resolves it (fs_fio_resolve); throws SimError for a bad one. */
  resolveFio(request: ResolveFioRequest): ResolvedFio;
  /** The burst / idle / burst job sized to the device (fs_burst_template); throws SimError. */
  burstTemplate(request: BurstTemplateRequest): BurstTemplate;
  /** Whether a trace fits a drive and the preset that holds it (fs_trace_fit); throws SimError. */
  traceFit(request: TraceFitRequest): TraceFit;
}

// Snapshot header (flashscope_api.h "Snapshot buffer"), in uint32 words.
const SNAPSHOT_MAGIC = 0x31535346; // "FSS1"
// Layout 2 (the SLC cache) added a per-block mode and two more frontiers per
// plane. Layout 1 is still read, as a drive of native blocks only, so the UI
// keeps working against a core built before it. Layout 3 added the per-block
// read counters and the refresh threshold. Layout 4 gave a block the GC
// engine empties for another reason than GC a state of its own (BlockState).
const SNAPSHOT_LAYOUT_VERSIONS = [1, 2, 3, 4];
const HEADER_WORDS = 16;
// Word indices of the header (names as in api/snapshot.h).
const Word = {
  Magic: 0,
  Version: 1,
  Blocks: 2,
  Planes: 3,
  UnitsPerBlock: 4,
  PageStateUnits: 5,
  StateOffset: 6,
  ValidUnitsOffset: 7,
  EraseCountOffset: 8,
  WrittenUnitsOffset: 9,
  FrontiersOffset: 10,
  PageStateOffset: 11,
  Frame: 12,
  ModeOffset: 13, // layout 2
  ReadsOffset: 14, // layout 3
  RefreshThreshold: 15, // layout 3
} as const;

function internalError(message: string): SimError {
  return new SimError({ kind: 'internal', message });
}

/**
 * Copies a snapshot out of `heap` (bytes [ptr, ptr + size)). Each section
 * becomes its own ArrayBuffer via slice(), so the result shares nothing with
 * the heap and every buffer can be transferred. Throws SimError('internal')
 * on a malformed buffer rather than reading past it.
 */
export function decodeSnapshot(heap: Uint8Array, ptr: number, size: number): DecodedSnapshot {
  if (size < HEADER_WORDS * 4 || ptr < 0 || ptr + size > heap.byteLength) {
    throw internalError(`snapshot buffer out of range (ptr ${ptr}, size ${size})`);
  }
  const header = new DataView(heap.buffer, heap.byteOffset + ptr, HEADER_WORDS * 4);
  const word = (w: number) => header.getUint32(w * 4, true);
  if (word(Word.Magic) !== SNAPSHOT_MAGIC) {
    throw internalError(`snapshot magic 0x${word(Word.Magic).toString(16)} is not "FSS1"`);
  }
  const version = word(Word.Version);
  if (!SNAPSHOT_LAYOUT_VERSIONS.includes(version)) {
    throw internalError(`snapshot layout version ${version} is not 1, 2, 3 or 4`);
  }
  const blocks = word(Word.Blocks);
  const planes = word(Word.Planes);
  const pageStateUnits = word(Word.PageStateUnits);
  const transfer: ArrayBuffer[] = [];

  // A section [offset, offset + bytes) of the snapshot, copied; `keep`
  // false for a copy that is only read here (it is not transferred).
  const copy = (name: string, offset: number, bytes: number, keep = true): ArrayBuffer => {
    if (offset % 8 !== 0 || offset < HEADER_WORDS * 4 || offset + bytes > size) {
      throw internalError(`snapshot section ${name} (offset ${offset}, ${bytes} bytes) is invalid`);
    }
    const start = heap.byteOffset + ptr + offset;
    const buffer = heap.buffer.slice(start, start + bytes) as ArrayBuffer;
    if (keep) transfer.push(buffer);
    return buffer;
  };
  const layout2 = version >= 2;

  const arrays: BlockArrays = {
    state: new Uint8Array(copy('state', word(Word.StateOffset), blocks)),
    validUnits: new Uint32Array(copy('valid_units', word(Word.ValidUnitsOffset), blocks * 4)),
    eraseCount: new Uint32Array(copy('erase_count', word(Word.EraseCountOffset), blocks * 4)),
    writtenUnits: new Uint32Array(copy('written_units', word(Word.WrittenUnitsOffset), blocks * 4)),
    mode: layout2
      ? new Uint8Array(copy('mode', word(Word.ModeOffset), blocks))
      : ownBuffer(new Uint8Array(blocks), transfer),
    frontiers: layout2
      ? new Uint32Array(
          copy('frontiers', word(Word.FrontiersOffset), planes * FRONTIERS_PER_PLANE * 4),
        )
      : ownBuffer(
          widenFrontiers(
            new Uint32Array(copy('frontiers', word(Word.FrontiersOffset), planes * 2 * 4, false)),
            planes,
          ),
          transfer,
        ),
    pageState:
      pageStateUnits > 0
        ? new Uint8Array(copy('page_state', word(Word.PageStateOffset), pageStateUnits))
        : null,
  };
  if (version >= 3) {
    arrays.reads = new Uint32Array(copy('reads', word(Word.ReadsOffset), blocks * 4));
    arrays.refreshThreshold = word(Word.RefreshThreshold);
  }
  return { frame: word(Word.Frame), blocks: arrays, transfer };
}

/** Registers an array made here (not copied from the heap) for transfer. */
function ownBuffer<T extends Uint8Array | Uint32Array>(array: T, transfer: ArrayBuffer[]): T {
  transfer.push(array.buffer as ArrayBuffer);
  return array;
}

/**
 * Layout 1's two frontiers per plane (host, GC) in layout 2's four slots;
 * the SLC slots stay empty.
 */
function widenFrontiers(narrow: Uint32Array, planes: number): Uint32Array {
  const wide = new Uint32Array(planes * FRONTIERS_PER_PLANE).fill(NO_BLOCK);
  for (let p = 0; p < planes; p++) {
    wide[p * FRONTIERS_PER_PLANE] = narrow[2 * p];
    wide[p * FRONTIERS_PER_PLANE + 1] = narrow[2 * p + 1];
  }
  return wide;
}

/** Parses fs_last_error's JSON into the wire form. */
export function parseLastError(text: string): SerializedError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'internal', message: text || 'unknown simulator error' };
  }
  if (typeof parsed !== 'object' || parsed === null) {
    // fs_last_error() is "null" when the failed call recorded nothing.
    return { kind: 'internal', message: `simulator call failed without an error (${text})` };
  }
  const fields = parsed as Record<string, unknown>;
  const error: SerializedError = {
    kind: fields.kind === 'input' ? 'input' : 'internal',
    message: typeof fields.message === 'string' ? fields.message : text,
  };
  if (typeof fields.file === 'string') error.file = fields.file;
  if (typeof fields.line === 'number') error.line = fields.line;
  if (typeof fields.problem === 'string') error.problem = fields.problem;
  return error;
}

/**
 * The trace object of fs_create's options and of fs_trace_open: the input's
 * id for fsReadTrace, its name and size, and the trace options' keys.
 */
export function traceObject(
  input: number,
  trace: Pick<TraceInput, 'name' | 'options'>,
  sizeBytes: number,
): Record<string, unknown> {
  return { ...trace.options, input, name: trace.name, size_bytes: sizeBytes };
}

/**
 * fs_create's options_json from a LoadRequest (only the keys given), plus
 * the trace object; a generator workload travels as the `workload` option.
 */
export function sessionOptionsJson(request: LoadRequest, trace?: Record<string, unknown>): string {
  const options: Record<string, unknown> = {};
  if (request.seriesIntervalMs !== undefined) options.series_interval_ms = request.seriesIntervalMs;
  if (request.deviceName !== undefined) options.device_name = request.deviceName;
  if (request.workloadName !== undefined) options.workload_name = request.workloadName;
  if (request.set !== undefined && request.set.length > 0) options.set = request.set;
  if (trace !== undefined) options.trace = trace;
  if (request.workload !== undefined) options.workload = request.workload;
  return JSON.stringify(options);
}

/** fs_stability_create's options_json from a StabilityRequest (only the keys given). */
export function stabilityOptionsJson(request: StabilityRequest): string {
  const options: Record<string, unknown> = {};
  if (request.set !== undefined && request.set.length > 0) options.set = request.set;
  if (request.roundsMax !== undefined) options.rounds_max = request.roundsMax;
  if (request.qosReadUs !== undefined) options.qos_read_us = request.qosReadUs;
  if (request.qosWriteUs !== undefined) options.qos_write_us = request.qosWriteUs;
  if (request.qosPercentile !== undefined) options.qos_percentile = request.qosPercentile;
  if (request.seriesIntervalMs !== undefined) options.series_interval_ms = request.seriesIntervalMs;
  if (request.randomPreconditionCapacity !== undefined) {
    options.random_precondition = request.randomPreconditionCapacity;
  }
  if (request.deviceName !== undefined) options.device_name = request.deviceName;
  if (request.workloadName !== undefined) options.workload_name = request.workloadName;
  return JSON.stringify(options);
}

/** The options_json of fs_effective_device and fs_fio_resolve (only the keys given). */
export function deviceOptionsJson(
  request: EffectiveDeviceRequest & { workloadName?: string },
): string {
  const options: Record<string, unknown> = {};
  if (request.set !== undefined && request.set.length > 0) options.set = request.set;
  if (request.deviceName !== undefined) options.device_name = request.deviceName;
  if (request.workloadName !== undefined) options.workload_name = request.workloadName;
  return JSON.stringify(options);
}

/**
 * The traces a module's C++ readers may ask for, by input id. One registry
 * per module (its fsReadTrace is one function), whichever factory opened
 * them; an input leaves when its session or inspection is closed.
 */
class TraceInputs {
  private readonly inputs = new Map<number, TraceBytes>();
  private nextId = 1;

  static of(module: FlashScopeModule): TraceInputs {
    let registry = registries.get(module);
    if (registry === undefined) {
      const created = new TraceInputs();
      module.fsReadTrace = (input, offset, length) => created.read(input, offset, length);
      new TraceDecoders().install(module);
      registries.set(module, created);
      registry = created;
    }
    return registry;
  }

  add(bytes: TraceBytes): number {
    const id = this.nextId++;
    this.inputs.set(id, bytes);
    return id;
  }

  remove(id: number): void {
    this.inputs.delete(id);
  }

  private read(input: number, offset: number, length: number): Uint8Array {
    const bytes = this.inputs.get(input);
    if (bytes === undefined) throw new Error(`no trace input ${input}`);
    return bytes.read(offset, length);
  }
}

const registries = new WeakMap<FlashScopeModule, TraceInputs>();

export class WasmSessionFactory implements SessionFactory {
  private readonly inputs: TraceInputs;

  constructor(private readonly module: FlashScopeModule) {
    this.inputs = TraceInputs.of(module);
  }

  apiVersion(): number {
    return this.module._fs_api_version() >>> 0;
  }

  create(request: LoadRequest, trace?: TraceInput): SimSession {
    const m = this.module;
    const input = trace === undefined ? 0 : this.inputs.add(trace.bytes);
    try {
      const options = sessionOptionsJson(
        request,
        trace === undefined ? undefined : traceObject(input, trace, trace.bytes.size),
      );
      const handle = withCStrings(
        m,
        [
          request.deviceJson,
          trace === undefined && request.workload === undefined ? request.fioText : '',
          options,
        ],
        ([device, fio, optionsPtr]) => m._fs_create(device, fio, optionsPtr) >>> 0,
      );
      if (handle === 0) throw lastError(m);
      return new WasmSession(m, handle, () => this.inputs.remove(input));
    } catch (error) {
      this.inputs.remove(input);
      throw error;
    }
  }

  inspectTrace(trace: TraceInput): TraceInspection {
    const m = this.module;
    const input = this.inputs.add(trace.bytes);
    try {
      const json = JSON.stringify(traceObject(input, trace, trace.bytes.size));
      const handle = withCStrings(m, [json], ([ptr]) => m._fs_trace_open(ptr) >>> 0);
      if (handle === 0) throw lastError(m);
      return new WasmTraceInspection(m, handle, () => this.inputs.remove(input));
    } catch (error) {
      this.inputs.remove(input);
      throw error;
    }
  }

  createStability(request: StabilityRequest): StabilityRun {
    const m = this.module;
    const handle = withCStrings(
      m,
      [request.deviceJson, request.fioText, stabilityOptionsJson(request)],
      ([device, fio, options]) => m._fs_stability_create(device, fio, options) >>> 0,
    );
    if (handle === 0) throw lastError(m);
    return new WasmStabilityRun(m, handle);
  }

  deviceSchema(): DeviceSchema {
    const m = this.module;
    const call = requireExport(m._fs_device_schema, 'fs_device_schema');
    return JSON.parse(resultString(m, call.call(m))) as DeviceSchema;
  }

  stabilityDefaults(): StabilityDefaults {
    const m = this.module;
    const call = requireExport(m._fs_stability_defaults, 'fs_stability_defaults');
    return JSON.parse(resultString(m, call.call(m))) as StabilityDefaults;
  }

  effectiveDevice(request: EffectiveDeviceRequest): EffectiveDevice {
    const m = this.module;
    const call = requireExport(m._fs_effective_device, 'fs_effective_device');
    const text = withCStrings(
      m,
      [request.deviceJson, deviceOptionsJson(request)],
      ([device, options]) => resultString(m, call.call(m, device, options)),
    );
    return JSON.parse(text) as EffectiveDevice;
  }

  resolveFio(request: ResolveFioRequest): ResolvedFio {
    const m = this.module;
    const call = requireExport(m._fs_fio_resolve, 'fs_fio_resolve');
    const text = withCStrings(
      m,
      [request.deviceJson, request.fioText, deviceOptionsJson(request)],
      ([device, fio, options]) => resultString(m, call.call(m, device, fio, options)),
    );
    return JSON.parse(text) as ResolvedFio;
  }

  burstTemplate(request: BurstTemplateRequest): BurstTemplate {
    const m = this.module;
    const call = requireExport(m._fs_burst_template, 'fs_burst_template');
    const text = withCStrings(
      m,
      [request.deviceJson, deviceOptionsJson(request)],
      ([device, options]) =>
        resultString(
          m,
          call.call(m, device, options, request.multiple, request.idleS, request.bursts),
        ),
    );
    return JSON.parse(text) as BurstTemplate;
  }

  traceFit(request: TraceFitRequest): TraceFit {
    const m = this.module;
    const call = requireExport(m._fs_trace_fit, 'fs_trace_fit');
    const text = withCStrings(m, [JSON.stringify(request)], ([json]) =>
      resultString(m, call.call(m, json)),
    );
    return JSON.parse(text) as TraceFit;
  }
}

function requireExport<F>(fn: F | undefined, name: string): F {
  if (typeof fn !== 'function') {
    throw internalError(`this simulator build has no ${name} (rebuild the wasm)`);
  }
  return fn;
}

/** The string a call returned, copied out at once; 0 is its failure (fs_last_error). */
function resultString(m: FlashScopeModule, ptr: number): string {
  if (ptr === 0) throw lastError(m);
  return m.UTF8ToString(ptr);
}

class WasmStabilityRun implements StabilityRun {
  private handle: number;

  constructor(
    private readonly module: FlashScopeModule,
    handle: number,
  ) {
    this.handle = handle;
  }

  advance(slices: number): boolean {
    const code = this.module._fs_stability_advance(this.live(), slices);
    if (code < 0) throw lastError(this.module);
    return code === 1;
  }

  progress(): StabilityProgress {
    return JSON.parse(
      this.string(this.module._fs_stability_progress(this.live())),
    ) as StabilityProgress;
  }

  resultJson(): string {
    return this.string(this.module._fs_stability_result(this.live()));
  }

  destroy(): void {
    if (this.handle !== 0) this.module._fs_destroy(this.handle);
    this.handle = 0;
  }

  private live(): number {
    if (this.handle === 0) throw internalError('stability run used after destroy');
    return this.handle;
  }

  private string(ptr: number): string {
    if (ptr === 0) throw lastError(this.module);
    return this.module.UTF8ToString(ptr);
  }
}

class WasmTraceInspection implements TraceInspection {
  private handle: number;

  constructor(
    private readonly module: FlashScopeModule,
    handle: number,
    private readonly release: () => void,
  ) {
    this.handle = handle;
  }

  scan(maxBytes: number): boolean {
    const code = this.module._fs_trace_scan(this.live(), maxBytes);
    if (code < 0) throw lastError(this.module);
    return code === 1;
  }

  summaryJson(): string {
    const ptr = this.module._fs_trace_summary(this.live());
    if (ptr === 0) throw lastError(this.module);
    return this.module.UTF8ToString(ptr);
  }

  summary(): TraceSummary {
    return JSON.parse(this.summaryJson()) as TraceSummary;
  }

  close(): void {
    if (this.handle !== 0) {
      this.module._fs_trace_close(this.handle);
      this.release();
    }
    this.handle = 0;
  }

  private live(): number {
    if (this.handle === 0) throw internalError('trace inspection used after close');
    return this.handle;
  }
}

class WasmSession implements SimSession {
  private handle: number;

  constructor(
    private readonly module: FlashScopeModule,
    handle: number,
    private readonly release: () => void = () => {},
  ) {
    this.handle = handle;
  }

  precondition(): void {
    if (this.module._fs_precondition(this.live()) !== 0) throw lastError(this.module);
  }

  advance(untilNs: number, maxEvents: number): AdvanceStop {
    const code = this.module._fs_advance(this.live(), untilNs, maxEvents);
    switch (code) {
      case 0:
        return 'time';
      case 1:
        return 'budget';
      case 2:
        return 'finished';
      default:
        throw lastError(this.module);
    }
  }

  nowNs(): number {
    return this.module._fs_now_ns(this.live());
  }

  describe(): { layout: Layout; device: Record<string, unknown> } {
    const text = this.string(this.module._fs_describe(this.live()));
    const parsed = JSON.parse(text) as { layout: Layout; device: Record<string, unknown> };
    return { layout: parsed.layout, device: parsed.device };
  }

  snapshot(): SessionSnapshot {
    const m = this.module;
    const handle = this.live();
    const ptr = m._fs_snapshot(handle) >>> 0;
    if (ptr === 0) throw lastError(m);
    const size = m._fs_snapshot_size(handle) >>> 0;
    // Copy before the next call on the session (fs_snapshot_meta may
    // allocate and grow memory).
    const decoded = decodeSnapshot(m.HEAPU8, ptr, size);
    const meta = JSON.parse(this.string(m._fs_snapshot_meta(handle))) as SnapshotMeta;
    // The core cannot see its own heap's size; the live view's memory check reads it here.
    meta.wasm_heap_bytes = m.HEAPU8.length;
    return { ...decoded, meta };
  }

  result(): string {
    return this.string(this.module._fs_result_json(this.live()));
  }

  destroy(): void {
    if (this.handle !== 0) {
      this.module._fs_destroy(this.handle);
      this.release();
    }
    this.handle = 0;
  }

  private live(): number {
    if (this.handle === 0) throw internalError('session used after destroy');
    return this.handle;
  }

  private string(ptr: number): string {
    if (ptr === 0) throw lastError(this.module);
    return this.module.UTF8ToString(ptr);
  }
}

function lastError(m: FlashScopeModule): SimError {
  const ptr = m._fs_last_error();
  return new SimError(parseLastError(ptr === 0 ? '' : m.UTF8ToString(ptr)));
}

/** Copies `texts` into malloc'd NUL-terminated UTF-8, calls `body`, frees them. */
export function withCStrings<T>(
  m: FlashScopeModule,
  texts: string[],
  body: (ptrs: number[]) => T,
): T {
  const ptrs: number[] = [];
  try {
    for (const text of texts) {
      const bytes = m.lengthBytesUTF8(text) + 1;
      const ptr = m._malloc(bytes);
      if (ptr === 0) throw internalError(`out of wasm memory for a ${bytes}-byte string`);
      ptrs.push(ptr);
      m.stringToUTF8(text, ptr, bytes);
    }
    return body(ptrs);
  } finally {
    for (const ptr of ptrs) m._free(ptr);
  }
}
