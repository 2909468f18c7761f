// The simulator in Node (tests, benchmarks, scripts), from the Node flavour
// of the WebAssembly build: dist/flashscope.node.cjs, CommonJS with the
// .wasm inlined and compiled synchronously (scripts/build-wasm.sh). So
// everything here is synchronous; the module is loaded once and memoised
// (the trace decoders are loaded at import: trace_decoders.ts).
//
// The browser never imports this file (it pulls in node:module); the worker
// loads the web flavour through wasm_module.ts.

import { createRequire } from 'node:module';

import {
  PROTOCOL_VERSION,
  type BurstTemplate,
  type DeviceSchema,
  type StabilityDefaults,
  type EffectiveDevice,
  type LoadRequest,
  type ResolvedFio,
  type StabilityRequest,
  type TraceFit,
  type TraceFitRequest,
} from './protocol';
import {
  SimError,
  WasmSessionFactory,
  withCStrings,
  parseLastError,
  type FlashScopeModule,
  type SimSession,
  type StabilityRun,
  type TraceInput,
  type TraceInspection,
} from './session';
import { loadTraceDecoders } from './trace_decoders';

// The xz decoder's wasm compiles asynchronously; everything after this is
// synchronous, so it is loaded when this module is.
await loadTraceDecoders();

/** The Node flavour also has the one-shot call (fs_run_scenario). */
export interface NodeFlashScopeModule extends FlashScopeModule {
  _fs_run_scenario(deviceJson: number, fioText: number, workloadName: number): number;
}

// Emscripten 3.1.6 MODULARIZE factory: with WASM_ASYNC_COMPILATION=0 it
// fills the object it is given (and returns it) before returning.
type NodeModuleFactory = (module: object) => unknown;

const GLUE_PATH = '../dist/flashscope.node.cjs';

let nodeModule: NodeFlashScopeModule | null = null;
let nodeFactory: WasmSessionFactory | null = null;

/** The instantiated Node flavour (one per process). Throws if not built. */
export function loadNodeModule(): NodeFlashScopeModule {
  if (nodeModule) return nodeModule;
  const require = createRequire(import.meta.url);
  let factory: NodeModuleFactory;
  try {
    factory = require(GLUE_PATH) as NodeModuleFactory;
  } catch (error) {
    throw new Error(`cannot load ${GLUE_PATH}; build it with scripts/build-wasm.sh`, {
      cause: error,
    });
  }
  const module = {} as NodeFlashScopeModule;
  factory(module);
  if (typeof module._fs_api_version !== 'function') {
    throw new Error(`${GLUE_PATH} did not instantiate synchronously`);
  }
  const version = module._fs_api_version() >>> 0;
  if (version !== PROTOCOL_VERSION) {
    throw new Error(`${GLUE_PATH} speaks API ${version}, this package ${PROTOCOL_VERSION}`);
  }
  nodeModule = module;
  return module;
}

/**
 * Runs a scenario to the end, as `flashscope run --device D --fio W --json`
 * does, and returns the result JSON text (byte-identical to the CLI's when
 * workloadName is the CLI's --fio path). Throws SimError for bad input, its
 * message "FILE:LINE: problem" as the CLI prints it.
 */
export function runScenario(deviceJson: string, fioText: string, workloadName = 'job.fio'): string {
  const m = loadNodeModule();
  const text = withCStrings(m, [deviceJson, fioText, workloadName], ([device, fio, workload]) =>
    m.UTF8ToString(m._fs_run_scenario(device, fio, workload)),
  );
  // A result starts {"seed":...; a failure is {"error": {...}}.
  if (text.startsWith('{"error":')) {
    const { error } = JSON.parse(text) as { error: unknown };
    throw new SimError(parseLastError(JSON.stringify(error)));
  }
  return text;
}

/**
 * A session for stepping through a run (create, precondition, advance in
 * slices, snapshots, result), the same wrapper the worker uses.
 */
export function openSession(request: LoadRequest, trace?: TraceInput): SimSession {
  return factory().create(request, trace);
}

/**
 * Opens a trace for inspection (fs_trace_open); scan it to the end for what
 * `flashscope trace inspect --json` prints. Bytes usually come from
 * memoryTraceBytes (trace_bytes.ts).
 */
export function inspectTrace(trace: TraceInput): TraceInspection {
  return factory().inspectTrace(trace);
}

/**
 * Runs a stability test to the end, as `flashscope stability --device D
 * [--fio W] --json` does, and returns the result JSON text (byte-identical
 * to the CLI's when workloadName is the CLI's --fio path). onSlice, if
 * given, sees the run after every slice (16384 events). Throws SimError for bad input.
 */
export function runStability(
  request: StabilityRequest,
  onSlice?: (run: StabilityRun) => void,
): string {
  const run = factory().createStability(request);
  try {
    while (!run.advance(1)) onSlice?.(run);
    return run.resultJson();
  } finally {
    run.destroy();
  }
}

/** The device JSON Schema (fs_device_schema): what `flashscope schema` prints. */
export function deviceSchema(): DeviceSchema {
  return factory().deviceSchema();
}

/** The stability flow's defaults and --compare variants (fs_stability_defaults). */
export function stabilityDefaults(): StabilityDefaults {
  return factory().stabilityDefaults();
}

/**
 * The device with `overrides` applied and every default filled in, and its
 * derived geometry (fs_effective_device). Bad input is reported in `error`,
 * not thrown.
 */
export function effectiveDevice(
  deviceJson: string,
  overrides: string[] = [],
  deviceName?: string,
): EffectiveDevice {
  return factory().effectiveDevice({ deviceJson, set: overrides, deviceName });
}

/**
 * The fio job file resolved against the device as a run resolves it
 * (fs_fio_resolve). Throws SimError (kind 'input', file and line) for a bad one.
 */
export function resolveFio(
  deviceJson: string,
  fioText: string,
  overrides: string[] = [],
  workloadName?: string,
): ResolvedFio {
  return factory().resolveFio({ deviceJson, fioText, set: overrides, workloadName });
}

/**
 * The burst / idle / burst job sized to the device as configured
 * (fs_burst_template). Throws SimError (kind 'input') naming the problem.
 */
export function burstTemplate(
  deviceJson: string,
  request: { multiple: number; idleS: number; bursts: number },
  overrides: string[] = [],
  deviceName?: string,
): BurstTemplate {
  return factory().burstTemplate({ deviceJson, set: overrides, deviceName, ...request });
}

/**
 * Whether a trace fits a drive and the preset that holds it (fs_trace_fit).
 * Throws SimError (kind 'input') for a malformed request.
 */
export function traceFit(request: TraceFitRequest): TraceFit {
  return factory().traceFit(request);
}

function factory(): WasmSessionFactory {
  nodeFactory ??= new WasmSessionFactory(loadNodeModule());
  return nodeFactory;
}
