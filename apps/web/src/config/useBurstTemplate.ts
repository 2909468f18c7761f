// The core's burst / idle / burst template for the draft's device as
// configured (preset, overrides, fill level) and the user's request, asked
// of the worker (SimSession.burstTemplate) a short while after the last
// change; the answer to the latest question wins. A refusal ("this drive
// has no SLC cache", bursts that do not fit) is an answer too: the panel
// shows it.

import { useCallback, useMemo } from 'react';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import type { BurstAnswer, BurstRequest } from './burstTemplate';
import { deviceFileName, overridesOf } from './scenario';
import { useLatestAnswer } from './useLatestAnswer';

interface Question {
  key: string;
  deviceText: string;
  overrides: string[];
  deviceName: string;
  request: BurstRequest;
}

function problemOf(error: unknown): string {
  const serialized = (error as { serialized?: { problem?: string; message?: string } }).serialized;
  return serialized?.problem ?? serialized?.message ?? String(error);
}

/** null until the core has answered for the draft and request as they are now. */
export function useBurstTemplate(request: BurstRequest | null): BurstAnswer | null {
  const session = useSession();
  const draft = useAppStore((state) => state.config.draft);
  const schema = useAppStore((state) => state.config.schema);
  const question = useMemo((): Question | null => {
    if (schema === null || request === null) return null;
    const overrides = overridesOf(draft, schema);
    const deviceName = deviceFileName(draft);
    const key = JSON.stringify([draft.deviceText, overrides, deviceName, request]);
    return { key, deviceText: draft.deviceText, overrides, deviceName, request };
  }, [draft, schema, request]);
  const ask = useCallback(
    async (q: Question): Promise<BurstAnswer | null> => {
      try {
        const burst = await session.burstTemplate(
          q.deviceText,
          q.overrides,
          q.request,
          q.deviceName,
        );
        return burst === null ? null : { burst };
      } catch (error) {
        return { problem: problemOf(error) };
      }
    },
    [session],
  );
  return useLatestAnswer(question, ask);
}
