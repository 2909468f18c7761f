// The trace half of the workload section: a drop zone (or file picker) for
// the trace, the scan's error, a progress bar (the scan, else the replay of
// a trace run), the first lines with the detected format and its override,
// the replay options and the summary. The file is read by a worker
// (session.traces); nothing here parses it, and it never leaves the browser.

import { useState, type DragEvent } from 'react';
import { useSession } from '../app/sessionContext';
import { fetchSampleTrace } from '../config/presets';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { useAppStore, type AppState } from '../store';
import { TraceOptionsFields } from './TraceOptionsFields';
import { TraceSummaryView } from './TraceSummaryView';
import { errorWithPlace, formatProgress, progressFraction } from './summaryFormat';
import './trace.css';

export function TracePanel() {
  return (
    <div className="trace-panel" data-testid="trace-panel">
      <TraceDropZone />
      <TraceError />
      <TraceProgress />
      <TraceOptionsFields />
      <TraceSummaryView />
    </div>
  );
}

function TraceDropZone() {
  const session = useSession();
  const file = useAppStore((state) => state.traces.file);
  const reportError = useAppStore((state) => state.sim.reportError);
  const [dragging, setDragging] = useState(false);

  const accept = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen) void session.traces.choose(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files);
  };

  return (
    <div
      className={`trace-drop${dragging ? ' dragging' : ''}`}
      data-testid="trace-drop"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>
        {file ? (
          <>
            <strong data-testid="trace-file">{file.name}</strong> — drop another trace to replace it
          </>
        ) : (
          'Drop a block trace here (MSR, SPC, Alibaba, Tencent, blkparse, fio iolog, MQSim, DiskSim, CSV)'
        )}
      </p>
      <label className="trace-pick">
        <span>or choose a file</span>
        <input
          type="file"
          data-testid="trace-input"
          onChange={(event) => {
            accept(event.target.files);
            // The same file chosen again (after editing it) must scan again.
            event.target.value = '';
          }}
        />
      </label>
      <button
        type="button"
        className="link-button"
        data-testid="trace-sample"
        onClick={() =>
          void fetchSampleTrace().then(
            (sample) => session.traces.choose(sample),
            (error: unknown) =>
              reportError({
                kind: 'client',
                message: `The sample trace: ${(error as Error).message}`,
              }),
          )
        }
      >
        No trace at hand? Use the sample (a synthetic OLTP-like mix, MSR format)
      </button>
      <p className="field-note">Read in this browser only; the file is never uploaded.</p>
    </div>
  );
}

function TraceError() {
  const error = useAppStore((state) => state.traces.error);
  const clearError = useAppStore((state) => state.traces.clearError);
  if (!error) return null;
  return (
    <div className="trace-error" role="alert" data-testid="trace-error">
      <code className="error-message">{errorWithPlace(error)}</code>
      <button type="button" className="quiet" onClick={clearError}>
        Dismiss
      </button>
    </div>
  );
}

const selectReplay = (state: AppState) => state.sim.traceReplay;

/**
 * One bar for what is being read now: the scan of a dropped file, else the
 * replay of the running trace, else the accepted file (scanned in full).
 */
function TraceProgress() {
  const pending = useAppStore((state) => state.traces.pending);
  const file = useAppStore((state) => state.traces.file);
  const summary = useAppStore((state) => state.traces.summary);
  const replay = useThrottledStore(selectReplay, 200);
  const finished = useAppStore((state) => state.sim.finished);

  let phase: 'scanning' | 'replaying' | 'replayed' | 'scanned';
  let bytesRead: number;
  let sizeBytes: number;
  let done = false;
  let label: string;
  if (pending) {
    phase = 'scanning';
    sizeBytes = pending.summary?.size_bytes ?? pending.trace.sizeBytes;
    bytesRead = pending.summary?.bytes_read ?? 0;
    label = `Reading ${pending.trace.name}`;
  } else if (replay) {
    phase = finished ? 'replayed' : 'replaying';
    ({ bytes_read: bytesRead, size_bytes: sizeBytes } = replay);
    done = finished;
    const requests = replay.requests.toLocaleString('en');
    label = finished ? `Replayed ${requests} requests` : `Replaying: ${requests} requests`;
  } else if (file) {
    phase = 'scanned';
    sizeBytes = file.sizeBytes;
    bytesRead = summary?.bytes_read ?? file.sizeBytes;
    done = summary?.done ?? true;
    label = `Scanned ${file.name}`;
  } else {
    return null;
  }
  const fraction = progressFraction(bytesRead, sizeBytes, done);
  return (
    <div className="trace-progress">
      <div className="trace-progress-label">
        <span>{label}</span>
        <span data-testid="trace-progress-text">{formatProgress(bytesRead, sizeBytes, done)}</span>
      </div>
      <progress
        data-testid="trace-progress"
        data-phase={phase}
        max={1000}
        value={Math.round(fraction * 1000)}
        aria-label={`${label}: ${Math.floor(fraction * 100)} %`}
      />
    </div>
  );
}
