// The core's view of the draft's device as the form edits it: every default
// filled in, what it derives (reserve blocks, the minimum over-provisioning)
// and its first problem with the setting it is at. Asked of the worker
// (SimSession.effectiveDevice) a short while after the last edit, so typing
// does not queue a call per keystroke; the answer to the latest request
// wins, an older one arriving late is dropped.

import type { EffectiveDevice } from '@flashscope/wasm/protocol';
import { useCallback, useMemo } from 'react';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { deviceFileName, overridesOf } from './scenario';
import { ASK_DEBOUNCE_MS, useLatestAnswer } from './useLatestAnswer';

/** Quiet time after an edit before the worker is asked. */
export const EFFECTIVE_DEVICE_DEBOUNCE_MS = ASK_DEBOUNCE_MS;

interface Question {
  key: string;
  deviceText: string;
  overrides: string[];
  deviceName: string;
}

export function useEffectiveDevice(): EffectiveDevice | null {
  const session = useSession();
  const draft = useAppStore((state) => state.config.draft);
  const schema = useAppStore((state) => state.config.schema);
  const question = useMemo((): Question | null => {
    if (schema === null) return null;
    const overrides = overridesOf(draft, schema);
    const deviceName = deviceFileName(draft);
    const key = JSON.stringify([draft.deviceText, overrides, deviceName]);
    return { key, deviceText: draft.deviceText, overrides, deviceName };
  }, [draft, schema]);
  const ask = useCallback(
    (q: Question) => session.effectiveDevice(q.deviceText, q.overrides, q.deviceName),
    [session],
  );
  return useLatestAnswer(question, ask);
}

/** The minimum over-provisioning to four places, rounded up so the value shown is enough. */
export function roundedMinimum(minimum: number): number {
  // The slack keeps 0.0412 (412.00000000000006 x 1e4 in floating point) from becoming 0.0413.
  return Math.ceil(minimum * 1e4 - 1e-9) / 1e4;
}

/** "minimum 0.0412 for this geometry". */
export function minimumOverprovisionText(minimum: number): string {
  return `minimum ${roundedMinimum(minimum)} for this geometry`;
}

/**
 * The core's problem when it is at `key` (a dotted device key: the reader's
 * and the relations' errors both name theirs), to show at that key's field;
 * null when there is none there.
 */
export function keyProblem(effective: EffectiveDevice | null, key: string): string | null {
  if (!effective?.error || effective.error.key !== key) return null;
  return effective.error.problem ?? effective.error.message;
}

/**
 * What to show at the over-provisioning field: the core's problem when it
 * is at that key, with the drive's minimum; null when there is none.
 */
export function overprovisionProblem(effective: EffectiveDevice | null): string | null {
  const problem = keyProblem(effective, 'overprovision');
  if (problem === null) return null;
  const minimum = effective?.derived?.min_overprovision;
  return minimum !== undefined ? `below the drive's ${minimumOverprovisionText(minimum)}` : problem;
}
