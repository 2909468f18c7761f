// Errors as the worker reports them: protocol errors for commands the UI got
// wrong, the wire form of any thrown value, and the test for a wasm module
// that aborted (after which no call into it is safe). Shared by the
// dispatcher (simulation_host.ts) and its jobs.

import type { SerializedError } from './protocol';
import { SimError } from './session';

export function protocolError(message: string): SimError {
  return new SimError({ kind: 'protocol', message });
}

/** Any thrown value as the wire form (SimErrors keep theirs). */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof SimError) return { ...error.serialized };
  if (isWasmCrash(error)) {
    const what = error instanceof Error ? error.message : `C++ exception at ${String(error)}`;
    return { kind: 'internal', message: `the simulator crashed: ${what}` };
  }
  if (error instanceof Error) {
    return { kind: 'internal', message: `${error.name}: ${error.message}` };
  }
  return { kind: 'internal', message: String(error) };
}

/**
 * An abort (WebAssembly.RuntimeError) or a C++ exception that escaped the C
 * API (Emscripten throws its address, a number): the module's memory may be
 * inconsistent, so no further call into it is safe.
 */
export function isWasmCrash(error: unknown): boolean {
  return (
    typeof error === 'number' ||
    (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError)
  );
}

export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
