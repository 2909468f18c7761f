// The summary of the trace (what `flashscope trace inspect` prints): what
// would replay with the current filter, window and limit. While a scan
// runs it fills in as the worker reports; once done it stays until another
// scan succeeds, so a failed drop or option leaves it in place.

import type { TraceOptions, TraceSummary } from '@flashscope/wasm/protocol';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { histogramBars, repairActionLabel, sentence, summaryFigures } from './summaryFormat';

/** Devices listed before "and N more". */
const DEVICES_SHOWN = 6;

/** Figures whose values are phrases: they take the row's full width. */
const WIDE_FIGURES = new Set(['mix', 'bytes', 'interarrival']);

export function TraceSummaryView() {
  const pending = useAppStore((state) => state.traces.pending);
  const accepted = useAppStore((state) => state.traces.summary);
  const summary = pending?.summary ?? accepted;
  if (!summary) return null;
  return (
    <section
      className="trace-summary"
      data-testid="trace-summary"
      data-done={summary.done}
      aria-label={`Summary of ${summary.name}`}
    >
      <h4>
        {summary.name}
        {!summary.done && <span className="trace-scanning"> — scanning…</span>}
      </h4>
      <RepairWarnings summary={summary} />
      <dl className="trace-figures">
        {summaryFigures(summary).map((figure) => (
          <div
            key={figure.key}
            className={WIDE_FIGURES.has(figure.key) ? 'trace-figure wide' : 'trace-figure'}
          >
            <dt>{figure.label}</dt>
            <dd data-testid={`trace-figure-${figure.key}`}>{figure.value}</dd>
            {figure.note && <dd className="trace-figure-note">{figure.note}</dd>}
          </div>
        ))}
      </dl>
      <SizeHistogram summary={summary} />
      <Devices summary={summary} />
      <ClockNotes summary={summary} />
      <BadLines summary={summary} />
    </section>
  );
}

/**
 * A repair of the trace's clock that decides the figures, said before them
 * (the core's sentence), with a button that replays without it.
 */
function RepairWarnings({ summary }: { summary: TraceSummary }) {
  const session = useSession();
  const setOptions = useAppStore((state) => state.traces.setOptions);
  if (summary.repair_warnings.length === 0) return null;
  const replayWithout = (patch: Partial<TraceOptions>) => {
    if (setOptions(patch)) session.traces.optionsChanged();
  };
  return (
    <div className="trace-repair-warnings" role="alert" data-testid="trace-repair-warnings">
      {summary.repair_warnings.map((warning) => (
        <p key={warning.text}>
          <strong>A repair decides these figures:</strong> {sentence(warning.text)}{' '}
          <button
            type="button"
            className="quiet"
            data-testid={`trace-repair-${warning.option}`}
            onClick={() => replayWithout({ [warning.option]: warning.value })}
          >
            {repairActionLabel(warning)}
          </button>
        </p>
      ))}
    </div>
  );
}

function SizeHistogram({ summary }: { summary: TraceSummary }) {
  const bars = histogramBars(summary.size_histogram);
  if (bars.length === 0) return null;
  return (
    <div className="trace-histogram" data-testid="trace-size-histogram">
      <h5>Request sizes</h5>
      {bars.map((bar) => (
        <div
          key={bar.label}
          className="trace-bar"
          title={`${bar.count.toLocaleString('en')} requests (${bar.share})`}
        >
          <span className="trace-bar-label">{bar.label}</span>
          <span className="trace-bar-track">
            <span className="trace-bar-fill" style={{ width: `${bar.fraction * 100}%` }} />
          </span>
          <span className="trace-bar-value">{bar.share}</span>
        </div>
      ))}
    </div>
  );
}

function Devices({ summary }: { summary: TraceSummary }) {
  if (summary.devices.length === 0) return null;
  const shown = summary.devices.slice(0, DEVICES_SHOWN);
  const more = summary.devices.length - shown.length;
  return (
    <p className="trace-devices" data-testid="trace-devices">
      <span>Devices: </span>
      {shown.map((device) => `${device.id} (${device.requests.toLocaleString('en')})`).join(', ')}
      {more > 0 && `, and ${more} more`}
    </p>
  );
}

/** What the clock handling did: sorted records, spread ticks (the core's sentences). */
function ClockNotes({ summary }: { summary: TraceSummary }) {
  if (summary.notes.length === 0) return null;
  return (
    <ul className="trace-notes" data-testid="trace-notes">
      {summary.notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

function BadLines({ summary }: { summary: TraceSummary }) {
  if (summary.bad_lines === 0 && summary.skipped_lines === 0) {
    return (
      <p className="trace-bad-lines none" data-testid="trace-bad-lines">
        No bad lines
      </p>
    );
  }
  const unlisted = summary.bad_lines - summary.bad_line_examples.length;
  return (
    <div className="trace-bad-lines" data-testid="trace-bad-lines">
      <p>
        {summary.bad_lines.toLocaleString('en')} bad line{summary.bad_lines === 1 ? '' : 's'}
        {summary.skipped_lines > 0 &&
          ` · ${summary.skipped_lines.toLocaleString('en')} lines skipped (headers, other actions)`}
        {summary.comment_lines > 0 &&
          ` · ${summary.comment_lines.toLocaleString('en')} # comment line${summary.comment_lines === 1 ? '' : 's'}`}
      </p>
      {summary.bad_line_examples.length > 0 && (
        <ul>
          {summary.bad_line_examples.map((bad) => (
            <li key={bad.line}>
              <code>
                {summary.name}:{bad.line}
              </code>{' '}
              {bad.reason}
            </li>
          ))}
          {unlisted > 0 && <li>… and {unlisted.toLocaleString('en')} more</li>}
        </ul>
      )}
    </div>
  );
}
