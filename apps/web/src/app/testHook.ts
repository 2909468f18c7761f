// window.__flashscope: what Playwright waits on (Perfetto's app-defined idle
// hook). Getters read live values, so the object never goes stale.
//   frames       device canvas repaints (static layer), one per drawn frame
//   overlayFrames  repaints of the hover/animation layer
//   simTimeNs, running, finished, phase   as the worker last reported
//   lastError    the message in the error banner, or null
//   zones        what the zones view last drew (zones/zoneRenderStats.ts):
//                frame, zoneCount, writtenBlocks, open/active and their
//                peaks against maxOpen/maxActive, resets, resetFlashes, …
//   wasmHeapBytes  the worker's WebAssembly memory at the latest frame (0 before one)
//   store        the Zustand store (getState / subscribe)
//   measureFps(ms)  animation frames per second over `ms` of wall time

import type { AppStore } from '../store';
import { renderStats } from '../device/renderStats';
import { zoneRenderStats, type ZoneRenderStats } from '../zones/zoneRenderStats';

export interface FlashScopeTestHook {
  readonly frames: number;
  readonly overlayFrames: number;
  readonly simTimeNs: number;
  readonly running: boolean;
  readonly finished: boolean;
  readonly phase: string;
  readonly lastError: string | null;
  readonly wasmHeapBytes: number;
  readonly zones: ZoneRenderStats;
  readonly store: AppStore;
  measureFps(ms?: number): Promise<number>;
}

declare global {
  interface Window {
    __flashscope?: FlashScopeTestHook;
  }
}

export function installTestHook(store: AppStore): void {
  window.__flashscope = {
    get frames() {
      return renderStats.staticRenders;
    },
    get overlayFrames() {
      return renderStats.overlayRenders;
    },
    get simTimeNs() {
      return store.getState().sim.simTimeNs;
    },
    get running() {
      return store.getState().sim.running;
    },
    get finished() {
      return store.getState().sim.finished;
    },
    get phase() {
      return store.getState().sim.phase;
    },
    get lastError() {
      return store.getState().sim.error?.message ?? null;
    },
    get wasmHeapBytes() {
      return store.getState().sim.frame?.meta.wasm_heap_bytes ?? 0;
    },
    get zones() {
      return zoneRenderStats;
    },
    store,
    measureFps(ms = 1000) {
      return new Promise((resolve) => {
        let frames = 0;
        const start = performance.now();
        const tick = (now: number) => {
          if (now - start >= ms) {
            resolve((frames * 1000) / (now - start));
            return;
          }
          frames++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
  };
}
