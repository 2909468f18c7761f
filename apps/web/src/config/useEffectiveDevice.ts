// The core's view of the draft's device as the form edits it: every default
// filled in, what it derives (reserve blocks, the minimum over-provisioning)
// and its first problem with the setting it is at. Asked of the worker
// (SimSession.effectiveDevice) a short while after the last edit, so typing
// does not queue a call per keystroke; the answer to the latest request
// wins, an older one arriving late is dropped.

import type { EffectiveDevice } from '@flashscope/wasm/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { LatestAnswer } from './latestAnswer';
import { deviceFileName, overridesOf } from './scenario';

/** Quiet time after an edit before the worker is asked. */
export const EFFECTIVE_DEVICE_DEBOUNCE_MS = 250;

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
  const [answer, setAnswer] = useState<{ key: string; effective: EffectiveDevice } | null>(null);
  const question = useMemo((): Question | null => {
    if (schema === null) return null;
    const overrides = overridesOf(draft, schema);
    const deviceName = deviceFileName(draft);
    const key = JSON.stringify([draft.deviceText, overrides, deviceName]);
    return { key, deviceText: draft.deviceText, overrides, deviceName };
  }, [draft, schema]);

  const asker = useMemo(
    () =>
      new LatestAnswer<Question, EffectiveDevice | null>(
        (q) => session.effectiveDevice(q.deviceText, q.overrides, q.deviceName),
        (q, effective) => {
          if (effective) setAnswer({ key: q.key, effective });
        },
        EFFECTIVE_DEVICE_DEBOUNCE_MS,
      ),
    [session],
  );
  useEffect(() => () => asker.cancel(), [asker]);

  const key = question?.key ?? null;
  useEffect(() => {
    if (question !== null) asker.change(question);
    // A new question only when what is asked changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asker]);

  // An answer for an older edit does not describe the fields as they are now.
  return answer !== null && answer.key === key ? answer.effective : null;
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
