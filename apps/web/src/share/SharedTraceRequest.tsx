// Opened from a link that names a trace: asks for the same file (its bytes
// never travel) and refuses another one, saying why. Nothing runs until
// the right file is dropped: no fallback to an older fio job.

import { useState } from 'react';
import { useStore } from 'zustand';
import { useSession } from '../app/sessionContext';
import { traceMismatch, traceRequestStore } from './traceCheck';
import './share.css';

export function SharedTraceRequest() {
  const session = useSession();
  const request = useStore(traceRequestStore, (state) => state.request);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  if (!request) return null;
  const { trace } = request;

  const check = async (file: File | undefined) => {
    if (!file) return;
    setChecking(true);
    let mismatch: string | null;
    try {
      // Hashed in the simulation worker, not here.
      mismatch = await traceMismatch(file, trace, (blob) => session.traceFingerprint(blob));
    } catch (error) {
      mismatch = `This file could not be checked: ${error instanceof Error ? error.message : String(error)}`;
    }
    setChecking(false);
    setProblem(mismatch);
    if (mismatch !== null) return;
    traceRequestStore.setState({ request: null });
    await request.start(file);
  };

  return (
    <div className="share-trace-needed" role="alert" data-testid="share-trace-needed">
      <p>
        This link runs the trace <strong>{trace.name}</strong> ({trace.size.toLocaleString('en')}{' '}
        bytes), which stays with whoever shared it. Choose the same file to run it.
      </p>
      <input
        type="file"
        data-testid="share-trace-file"
        aria-label={`The trace ${trace.name}`}
        disabled={checking}
        onChange={(event) => void check(event.currentTarget.files?.[0])}
      />
      {problem && (
        <p className="share-trace-refused" data-testid="share-trace-refused">
          {problem}
        </p>
      )}
    </div>
  );
}
