// The replay options of a trace (sim-core trace/trace_options.h): the
// format (detected, or forced), the device/volume filter, timing (the
// trace's own timestamps sped up ×k, or closed loop at a queue depth), how
// offsets map onto the drive, a request limit, a time window, what a bad
// line does, and the per-format settings (csv columns, blkparse action).
// An option that changes the summary scans the file again.

import { useState } from 'react';
import { TRACE_FORMATS, type TraceOptions, type TraceSummary } from '@flashscope/wasm/protocol';
import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { DEFAULT_TRACE_OPTIONS } from '../store/traceSlice';
import { formatDetection } from './summaryFormat';

/** A queue depth to start closed-loop replay with. */
const DEFAULT_CLOSED_LOOP_QD = 32;

export function TraceOptionsFields() {
  const session = useSession();
  const options = useAppStore((state) => state.traces.options);
  const setOptions = useAppStore((state) => state.traces.setOptions);
  const file = useAppStore((state) => state.traces.file);
  const pending = useAppStore((state) => state.traces.pending);
  const accepted = useAppStore((state) => state.traces.summary);
  // The scan under way once it reports, else the accepted file's (as the summary does).
  const shown: TraceSummary | null = pending?.summary ?? accepted;
  // Fields remount (showing the store's values) when another file is chosen.
  const fieldKey = pending?.trace.name ?? file?.name ?? '';

  const change = (patch: Partial<TraceOptions>) => {
    if (setOptions(patch)) session.traces.optionsChanged();
  };

  const format = options.format ?? 'auto';
  const effectiveFormat = format === 'auto' ? shown?.format : format;
  const closedLoop = (options.queue_depth ?? 0) > 0;

  return (
    <div className="trace-options" key={fieldKey}>
      <label className="field">
        <span>Format</span>
        <select
          data-testid="trace-format"
          value={format}
          onChange={(event) => change({ format: event.target.value as TraceOptions['format'] })}
        >
          <option value="auto">auto-detect</option>
          {TRACE_FORMATS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {shown && (
        <p className="field-note trace-detected" data-testid="trace-detected">
          {format === 'auto' ? 'Detected: ' : 'Read as: '}
          <strong>{formatDetection(shown)}</strong>
          {format === 'auto' && shown.candidates.length > 1 && (
            <span>
              {' '}
              (next: {shown.candidates[1].format} {Math.round(shown.candidates[1].confidence * 100)}{' '}
              %)
            </span>
          )}
        </p>
      )}
      {shown && shown.preview.length > 0 && (
        <pre className="trace-preview" data-testid="trace-preview">
          {shown.preview.map((line, index) => (
            <span key={index}>
              <span className="trace-line-number">{index + 1}</span>
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      )}

      {format === 'csv' && (
        <TextOption
          label="CSV columns"
          testId="trace-csv-columns"
          value={options.csv_columns ?? ''}
          placeholder="time=0:us,op=1,offset=2,length=3"
          hint="0-based columns: time=COL[:s|ms|us|ns], op=COL, offset=COL[:bytes|sectors], length=COL[:bytes|sectors], device=COL, sep=,|tab|space, header=N"
          onCommit={(csv_columns) => change({ csv_columns })}
        />
      )}
      {effectiveFormat === 'blkparse' && (
        <label className="field">
          <span>blkparse action replayed</span>
          <select
            data-testid="trace-blkparse-action"
            value={options.blkparse_action ?? 'Q'}
            onChange={(event) =>
              change({ blkparse_action: event.target.value as TraceOptions['blkparse_action'] })
            }
          >
            <option value="Q">Q — queued by the block layer</option>
            <option value="D">D — issued to the driver</option>
          </select>
        </label>
      )}

      <TextOption
        label="Device / volume"
        testId="trace-volume"
        value={options.volume ?? ''}
        placeholder="all"
        hint="Replay only the records of this device or volume id"
        suggestions={shown?.devices.map((device) => device.id) ?? []}
        onCommit={(volume) => change({ volume })}
      />

      <div className="field-grid">
        <label className="field">
          <span>Timing</span>
          <select
            data-testid="trace-timing"
            value={closedLoop ? 'closed' : 'open'}
            onChange={(event) =>
              change({ queue_depth: event.target.value === 'closed' ? DEFAULT_CLOSED_LOOP_QD : 0 })
            }
          >
            <option value="open">trace timestamps</option>
            <option value="closed">closed loop</option>
          </select>
        </label>
        {closedLoop ? (
          <NumberOption
            key="qd"
            label="Queue depth"
            testId="trace-qd"
            value={options.queue_depth ?? DEFAULT_CLOSED_LOOP_QD}
            isValid={(value) => Number.isInteger(value) && value >= 1 && value <= 1024}
            onCommit={(queue_depth) =>
              change({ queue_depth: queue_depth ?? DEFAULT_CLOSED_LOOP_QD })
            }
          />
        ) : (
          <NumberOption
            key="speed"
            label="Speed"
            testId="trace-speed"
            suffix="×"
            value={options.speed ?? 1}
            step={0.1}
            hint="Arrival times are divided by this: 2 replays twice as fast"
            isValid={(value) => value > 0}
            onCommit={(speed) => change({ speed: speed ?? 1 })}
          />
        )}
        <label className="field" title="How trace offsets land on the simulated drive">
          <span>Address map</span>
          <select
            data-testid="trace-address-map"
            value={options.address_map ?? 'wrap'}
            onChange={(event) =>
              change({ address_map: event.target.value as TraceOptions['address_map'] })
            }
          >
            <option value="wrap">wrap (modulo capacity)</option>
            <option value="compact">compact the footprint</option>
          </select>
        </label>
        <label className="field" title="A line that does not parse">
          <span>Bad lines</span>
          <select
            data-testid="trace-bad-lines-policy"
            value={options.bad_lines ?? 'stop'}
            onChange={(event) =>
              change({ bad_lines: event.target.value as TraceOptions['bad_lines'] })
            }
          >
            <option value="stop">stop the run</option>
            <option value="skip">skip and count</option>
          </select>
        </label>
        <NumberOption
          label="Max requests"
          testId="trace-max-requests"
          value={positiveOrNull(options.max_requests)}
          placeholder="all"
          isValid={(value) => Number.isInteger(value) && value >= 0}
          onCommit={(max_requests) => change({ max_requests: max_requests ?? 0 })}
        />
        <span />
        <NumberOption
          label="Window from"
          testId="trace-window-start"
          suffix="s"
          value={positiveOrNull(options.window_start_s)}
          placeholder="start"
          step={0.1}
          isValid={(value) => value >= 0}
          onCommit={(window_start_s) => change({ window_start_s: window_start_s ?? 0 })}
        />
        <NumberOption
          label="to"
          testId="trace-window-end"
          suffix="s"
          value={(options.window_end_s ?? -1) >= 0 ? options.window_end_s! : null}
          placeholder="end"
          step={0.1}
          isValid={(value) => value >= 0}
          onCommit={(window_end_s) =>
            change({ window_end_s: window_end_s ?? DEFAULT_TRACE_OPTIONS.window_end_s })
          }
        />
      </div>
    </div>
  );
}

function positiveOrNull(value: number | undefined): number | null {
  return value !== undefined && value > 0 ? value : null;
}

/**
 * A number input where empty means the default (null). Uncontrolled, like
 * config/NumberField, so typing is never fought; it commits valid values.
 */
function NumberOption(props: {
  label: string;
  testId: string;
  value: number | null;
  isValid: (value: number) => boolean;
  onCommit: (value: number | null) => void;
  placeholder?: string;
  suffix?: string;
  step?: number;
  hint?: string;
}) {
  const [invalid, setInvalid] = useState(false);
  return (
    <label className="field number-field" title={props.hint}>
      <span>{props.label}</span>
      <span className="input-with-suffix">
        <input
          type="number"
          inputMode="decimal"
          data-testid={props.testId}
          defaultValue={props.value ?? ''}
          placeholder={props.placeholder}
          step={props.step ?? 1}
          aria-invalid={invalid}
          onChange={(event) => {
            if (event.target.value.trim() === '') {
              setInvalid(false);
              props.onCommit(null);
              return;
            }
            const value = event.target.valueAsNumber;
            const ok = Number.isFinite(value) && props.isValid(value);
            setInvalid(!ok);
            if (ok) props.onCommit(value);
          }}
        />
        {props.suffix && <span className="suffix">{props.suffix}</span>}
      </span>
    </label>
  );
}

/** A text option committed on Enter or when the field loses focus (each commit may rescan). */
function TextOption(props: {
  label: string;
  testId: string;
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  hint?: string;
  suggestions?: string[];
}) {
  const listId = props.suggestions ? `${props.testId}-list` : undefined;
  const commit = (text: string) => {
    if (text.trim() !== props.value) props.onCommit(text.trim());
  };
  return (
    <label className="field" title={props.hint}>
      <span>{props.label}</span>
      <input
        type="text"
        data-testid={props.testId}
        defaultValue={props.value}
        placeholder={props.placeholder}
        list={listId}
        spellCheck={false}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // Enter would submit the configuration form (Apply): commit only.
            event.preventDefault();
            commit(event.currentTarget.value);
          }
        }}
      />
      {listId && (
        <datalist id={listId}>
          {props.suggestions!.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      )}
    </label>
  );
}
