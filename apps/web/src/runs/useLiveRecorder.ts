// Saves the app's finished live runs (liveRecorder.ts) into the saved runs,
// with the result asked of the session from the app's session context.

import { useEffect } from 'react';
import { useSession } from '../app/sessionContext';
import { appStore } from '../store';
import { installLiveRecorder } from './liveRecorder';
import { savedRuns } from './savedRunsStore';

export function useLiveRecorder(): void {
  const session = useSession();
  useEffect(
    () => installLiveRecorder(appStore, session, (record) => savedRuns.getState().save(record)),
    [session],
  );
}
