// Reads the store at most every `intervalMs` (trailing edge): charts and key
// figures follow a run at a few updates per second while frames arrive at up
// to 60 per second. Once the simulation stops (a pause, the end of a run)
// every change shows at once: the presenter points at the figure then, and it
// must already be the one the result gives, not a read up to `intervalMs`
// older. The selector must be stable (a module-level function).

import { useEffect, useState } from 'react';
import { appStore, type AppState } from '../store';

export function useThrottledStore<T>(selector: (state: AppState) => T, intervalMs: number): T {
  const [value, setValue] = useState(() => selector(appStore.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastUpdate = 0;
    const update = () => {
      timer = undefined;
      lastUpdate = performance.now();
      setValue(() => selector(appStore.getState()));
    };
    update();
    const unsubscribe = appStore.subscribe((state) => {
      if (!state.sim.running) {
        if (timer !== undefined) clearTimeout(timer);
        update();
        return;
      }
      if (timer !== undefined) return;
      timer = setTimeout(update, Math.max(0, lastUpdate + intervalMs - performance.now()));
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [selector, intervalMs]);
  return value;
}
