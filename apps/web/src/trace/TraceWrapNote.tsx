// The banner a presenter needs when a trace does not fit the drive it
// replays on: its addresses wrap onto the drive, so the figures are the
// small drive's, not the trace's. The sentence (footprint, the drive's
// capacity, the smallest preset that holds the footprint) is the core's
// (useTraceFit), the same the CLI prints.

import { useTraceFit } from './useTraceFit';
import { sentence } from './summaryFormat';
import './trace.css';

export function TraceWrapNote() {
  const fit = useTraceFit();
  if (!fit?.wraps || fit.note === '') return null;
  return (
    <div className="trace-wrap-note" role="note" data-testid="trace-wrap-note">
      <strong>This trace does not fit the drive.</strong> {sentence(fit.note)}
    </div>
  );
}
