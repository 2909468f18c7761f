// Loads the browser flavour of the simulator once per worker and memoises it
// as a Promise (the Squoosh habit): every caller shares one instantiation, and
// a failed load is forgotten so a later 'init' can try again.
//
// The glue (dist/flashscope.web.mjs, an ES6 MODULARIZE'd Emscripten build) and
// its binary (dist/flashscope.web.wasm) are outputs of scripts/build-wasm.sh.
// The .wasm URL is written as new URL(literal, import.meta.url) so that Vite
// emits it as an asset and rewrites the URL.
//
// The glue detects a classic worker by importScripts, which a module worker
// lacks, so in ours it recognises no environment and has no fallback fetch.
// instantiateWasm therefore does the instantiation itself: streaming when the
// server sends application/wasm, from an ArrayBuffer otherwise.

import type { FlashScopeModule } from './session';

type ReceiveInstance = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void;

type ModuleFactory = (overrides: {
  locateFile: (path: string, scriptDirectory: string) => string;
  instantiateWasm: (imports: WebAssembly.Imports, receive: ReceiveInstance) => object;
}) => Promise<FlashScopeModule>;

let modulePromise: Promise<FlashScopeModule> | null = null;

export function loadFlashScopeModule(): Promise<FlashScopeModule> {
  modulePromise ??= instantiate().catch((error: unknown) => {
    modulePromise = null;
    throw error;
  });
  return modulePromise;
}

async function instantiate(): Promise<FlashScopeModule> {
  // @ts-expect-error -- a build output without typings (absent until build-wasm.sh runs).
  const glue = (await import('../dist/flashscope.web.mjs')) as { default: ModuleFactory };
  const wasmUrl = new URL('../dist/flashscope.web.wasm', import.meta.url).href;
  return new Promise<FlashScopeModule>((resolve, reject) => {
    // Promise.resolve: a synchronously compiled build returns the module itself.
    Promise.resolve(
      glue.default({
        locateFile: (path, scriptDirectory) =>
          path.endsWith('.wasm') ? wasmUrl : scriptDirectory + path,
        instantiateWasm: (imports, receive) => {
          // The glue cannot see a failure here; reject the load directly.
          instantiateFrom(wasmUrl, imports).then(
            ({ instance, module }) => receive(instance, module),
            reject,
          );
          return {}; // exports arrive later, through receive
        },
      }),
    ).then(resolve, reject);
  });
}

async function instantiateFrom(
  url: string,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return await WebAssembly.instantiateStreaming(response.clone(), imports);
    } catch {
      // Most often a server that does not send application/wasm: compile
      // from the bytes instead.
    }
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), imports);
}
