// "Policy changed — restart with it?": offered when a policy changes while
// a run is loaded. Keep leaves the run alone; the edit stays in the form.

import { appStore, useAppStore } from '../store';
import { useSession } from './sessionContext';

export function RestartBar() {
  const session = useSession();
  const offered = useAppStore((state) => state.config.restartOffered);
  const dismiss = useAppStore((state) => state.config.dismissRestartOffer);
  if (!offered) return null;
  return (
    <div className="confirm-bar" role="status" data-testid="restart-bar">
      <span>Policy changed — restart with it?</span>
      <button
        type="button"
        className="primary"
        data-testid="restart-confirm"
        onClick={() => void session.apply(appStore.getState().config.draft, true)}
      >
        Restart
      </button>
      <button type="button" data-testid="restart-keep" onClick={dismiss}>
        Keep
      </button>
    </div>
  );
}
