// The core's fill-overwrite warnings (sim-core sim/fill_overwrite.h) for the
// draft's fio job at its fill level: the jobs that write sequentially into
// data the fill already put on the drive (a 90 % fill under a job at
// offset=50%). Asked of the worker (SimSession.resolveFio) a short while
// after the last change; nothing here decides what overlaps.

import { useCallback, useMemo } from 'react';
import type { FillOverwrite } from '@flashscope/wasm/protocol';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { overridesOf, workloadFileName } from './scenario';
import { useLatestAnswer } from './useLatestAnswer';

interface Question {
  key: string;
  deviceText: string;
  fioText: string;
  overrides: string[];
  workloadName: string;
}

/**
 * The warnings for the draft as it is now; null until the core has answered,
 * and while `enabled` is false (the panel replays a trace) or there is no fio job.
 */
export function useFillOverwrites(enabled: boolean): FillOverwrite[] | null {
  const session = useSession();
  const draft = useAppStore((state) => state.config.draft);
  const schema = useAppStore((state) => state.config.schema);
  const question = useMemo((): Question | null => {
    if (!enabled || schema === null || draft.workloadGenerator || draft.fioText.trim() === '') {
      return null;
    }
    const overrides = overridesOf(draft, schema);
    const workloadName = workloadFileName(draft);
    const key = JSON.stringify([draft.deviceText, draft.fioText, overrides, workloadName]);
    return { key, deviceText: draft.deviceText, fioText: draft.fioText, overrides, workloadName };
  }, [enabled, draft, schema]);
  const ask = useCallback(
    async (q: Question): Promise<FillOverwrite[] | null> => {
      // A job the core refuses is the run's to report (Apply names the file and line).
      const fio = await session.resolveFio(q.deviceText, q.fioText, q.overrides, q.workloadName);
      return fio === null ? null : fio.fill_overwrites;
    },
    [session],
  );
  return useLatestAnswer(question, ask);
}
