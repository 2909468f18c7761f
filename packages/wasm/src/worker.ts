// The browser worker entry: the simulation host wired to this worker's
// postMessage and to the browser flavour of the wasm module, on the real
// clock and event loop. All logic lives in simulation_host.ts and its jobs,
// which the Node tests drive directly on a fake clock.

import type { Command, WorkerMessage } from './protocol';
import { WasmSessionFactory } from './session';
import { SimulationHost } from './simulation_host';
import { openBlobTrace } from './trace_bytes';
import { loadTraceDecoders } from './trace_decoders';
import { loadFlashScopeModule } from './wasm_module';

// This file runs only as a dedicated worker; the DOM lib's `self` is Window.
declare const self: DedicatedWorkerGlobalScope;

const host = new SimulationHost({
  sessionFactory: async () => {
    // Compressed traces are decoded synchronously inside wasm calls; the
    // xz decoder's wasm must be compiled before (trace_decoders.ts). If it
    // cannot be, only .xz traces fail, each with an error saying so.
    await loadTraceDecoders().catch(() => undefined);
    return new WasmSessionFactory(await loadFlashScopeModule());
  },
  // Snapshot buffers are fresh copies (session.ts), so transferring them
  // detaches nothing the host still uses.
  post: (message, transfer) => self.postMessage(message, transfer),
  // Traces are read a chunk at a time while the C++ parser runs, hence the
  // synchronous reader (only a worker has one).
  openTrace: openBlobTrace,
});

self.onmessage = (event: MessageEvent<Command>) => host.handle(event.data);
self.onmessageerror = () => {
  const message: WorkerMessage = {
    type: 'error',
    seq: 0,
    error: { kind: 'protocol', message: 'a command could not be deserialised' },
  };
  self.postMessage(message);
};
