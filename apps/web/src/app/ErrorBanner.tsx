// Shows the last error: a quick check of the draft, the simulator's own
// validation ("FILE:LINE: problem"), or a worker failure. The app keeps
// working underneath and the user's edits stay as they were.

import { useAppStore } from '../store';

const TITLES = {
  input: 'The scenario has a problem',
  internal: 'The simulator failed',
  protocol: 'The simulator and the UI disagree',
  client: 'Something went wrong',
} as const;

export function ErrorBanner() {
  const error = useAppStore((state) => state.sim.error);
  const clearError = useAppStore((state) => state.sim.clearError);
  if (!error) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <div>
        <strong>{TITLES[error.kind]}</strong>
        <code className="error-message">{error.message}</code>
        {error.kind === 'input' && (
          <p>Fix it in the configuration panel and choose “Apply &amp; restart”.</p>
        )}
      </div>
      <button type="button" className="quiet" data-testid="error-dismiss" onClick={clearError}>
        Dismiss
      </button>
    </div>
  );
}
