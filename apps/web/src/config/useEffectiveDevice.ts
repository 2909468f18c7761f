// The core's view of the draft's device as the form edits it: every default
// filled in, what it derives (reserve blocks, the minimum over-provisioning)
// and its first problem with the setting it is at. Asked of the worker
// (SimSession.effectiveDevice) a short while after the last edit, so typing
// does not queue a call per keystroke; the answer to the latest request
// wins, an older one arriving late is dropped.

import type { EffectiveDevice } from '@flashscope/wasm/protocol';
import { useEffect, useState } from 'react';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { deviceFileName, overridesOf } from './scenario';

/** Quiet time after an edit before the worker is asked. */
export const EFFECTIVE_DEVICE_DEBOUNCE_MS = 250;

export function useEffectiveDevice(): EffectiveDevice | null {
  const session = useSession();
  const draft = useAppStore((state) => state.config.draft);
  const schema = useAppStore((state) => state.config.schema);
  const [answer, setAnswer] = useState<{ key: string; effective: EffectiveDevice } | null>(null);
  const overrides = schema ? overridesOf(draft, schema) : null;
  const key = overrides ? JSON.stringify([draft.deviceText, overrides]) : null;

  useEffect(() => {
    if (key === null) return;
    const [deviceText, set] = JSON.parse(key) as [string, string[]];
    let latest = true;
    const timer = setTimeout(() => {
      session
        .effectiveDevice(deviceText, set, deviceFileName(draft))
        .then((effective) => {
          if (latest && effective) setAnswer({ key, effective });
        })
        // The run reports a device it cannot read when applied; the form keeps quiet.
        .catch(() => {});
    }, EFFECTIVE_DEVICE_DEBOUNCE_MS);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
    // draft is read only for its file name, which changes with the text anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, session]);

  // An answer for an older edit does not describe the fields as they are now.
  return answer !== null && answer.key === key ? answer.effective : null;
}

/** "minimum 0.0412 for this geometry": the minimum rounded up, so it is enough. */
export function minimumOverprovisionText(minimum: number): string {
  const rounded = Math.ceil(minimum * 1e4 - 1e-9) / 1e4;
  return `minimum ${rounded} for this geometry`;
}

/**
 * What to show at the over-provisioning field: the core's problem when it
 * is at that key, with the drive's minimum; null when there is none.
 */
export function overprovisionProblem(effective: EffectiveDevice | null): string | null {
  if (effective?.error?.key !== 'overprovision') return null;
  const minimum = effective.derived?.min_overprovision;
  return minimum !== undefined
    ? `below the drive's ${minimumOverprovisionText(minimum)}`
    : (effective.error.problem ?? effective.error.message);
}
