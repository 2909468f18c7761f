// The replay options of a trace (sim-core trace/trace_options.h): the
// format (detected, or forced), the device/volume filter, timing (the
// trace's own timestamps sped up ×k, or closed loop at a queue depth), how
// offsets map onto the drive, a request limit, a time window, what a bad
// line does, and the per-format settings (csv columns, blkparse action).
// An option that changes the summary scans the file again.

import { TRACE_FORMATS, type TraceOptions, type TraceSummary } from '@flashscope/wasm/protocol';
import { useSession } from '../app/sessionContext';
import { NameSelect } from '../config/ChoiceFields';
import { NumberInput } from '../config/NumberField';
import { useAppStore } from '../store';
import { DEFAULT_TRACE_OPTIONS } from '../store/traceSlice';
import { formatDetection } from './summaryFormat';

/** A queue depth to start closed-loop replay with. */
const DEFAULT_CLOSED_LOOP_QD = 32;

type FormatChoice = NonNullable<TraceOptions['format']>;
const FORMAT_NAMES: readonly FormatChoice[] = ['auto', ...TRACE_FORMATS];
const FORMAT_LABELS = Object.fromEntries(
  FORMAT_NAMES.map((name) => [name, name === 'auto' ? 'auto-detect' : name]),
) as Record<FormatChoice, string>;

const BLKPARSE_ACTIONS = ['Q', 'D'] as const;
const BLKPARSE_ACTION_LABELS: Record<(typeof BLKPARSE_ACTIONS)[number], string> = {
  Q: 'Q — queued by the block layer',
  D: 'D — issued to the driver',
};

const TIMINGS = ['open', 'closed'] as const;
const TIMING_LABELS: Record<(typeof TIMINGS)[number], string> = {
  open: 'trace timestamps',
  closed: 'closed loop',
};

const ADDRESS_MAPS = ['wrap', 'compact'] as const;
const ADDRESS_MAP_LABELS: Record<(typeof ADDRESS_MAPS)[number], string> = {
  wrap: 'wrap (modulo capacity)',
  compact: 'compact the footprint',
};

const BAD_LINE_POLICIES = ['stop', 'skip'] as const;
const BAD_LINE_LABELS: Record<(typeof BAD_LINE_POLICIES)[number], string> = {
  stop: 'stop the run',
  skip: 'skip and count',
};

const CLOCKS = ['spread', 'sorted', 'as_is'] as const;
const CLOCK_LABELS: Record<(typeof CLOCKS)[number], string> = {
  spread: 'sort, spread coarse ticks',
  sorted: 'sort, keep ticks',
  as_is: 'file order',
};

const LATE_RECORDS = ['keep', 'drop'] as const;
const LATE_RECORD_LABELS: Record<(typeof LATE_RECORDS)[number], string> = {
  keep: "at the predecessor's time",
  drop: 'left out',
};

const VOLUME_PLACEMENTS = ['regions', 'shared'] as const;
const VOLUME_PLACEMENT_LABELS: Record<(typeof VOLUME_PLACEMENTS)[number], string> = {
  regions: 'a region each',
  shared: 'one shared space',
};

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
      <NameSelect
        label="Format"
        testId="trace-format"
        value={format}
        names={FORMAT_NAMES}
        labels={FORMAT_LABELS}
        onChange={(format) => change({ format })}
      />
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
          hint="0-based columns: time=COL[:s|ms|us|100ns|ns], op=COL, offset=COL[:bytes|sectors], length=COL[:bytes|sectors], device=COL, sep=,|tab|space, header=N"
          onCommit={(csv_columns) => change({ csv_columns })}
        />
      )}
      {effectiveFormat === 'blkparse' && (
        <NameSelect
          label="blkparse action replayed"
          testId="trace-blkparse-action"
          value={options.blkparse_action ?? 'Q'}
          names={BLKPARSE_ACTIONS}
          labels={BLKPARSE_ACTION_LABELS}
          onChange={(blkparse_action) => change({ blkparse_action })}
        />
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
        <NameSelect
          label="Timing"
          testId="trace-timing"
          value={closedLoop ? 'closed' : 'open'}
          names={TIMINGS}
          labels={TIMING_LABELS}
          onChange={(timing) =>
            change({ queue_depth: timing === 'closed' ? DEFAULT_CLOSED_LOOP_QD : 0 })
          }
        />
        {closedLoop ? (
          <NumberInput
            key="qd"
            label="Queue depth"
            testId="trace-qd"
            value={options.queue_depth ?? DEFAULT_CLOSED_LOOP_QD}
            isValid={(value) => Number.isInteger(value) && value >= 1 && value <= 1024}
            emptyValue={DEFAULT_CLOSED_LOOP_QD}
            onCommit={(queue_depth) => change({ queue_depth })}
          />
        ) : (
          <NumberInput
            key="speed"
            label="Speed"
            testId="trace-speed"
            suffix="×"
            value={options.speed ?? 1}
            step={0.1}
            hint="Arrival times are divided by this: 2 replays twice as fast"
            isValid={(value) => value > 0}
            emptyValue={DEFAULT_TRACE_OPTIONS.speed}
            onCommit={(speed) => change({ speed })}
          />
        )}
        <NameSelect
          label="Address map"
          testId="trace-address-map"
          hint="How trace offsets land on the simulated drive"
          value={options.address_map ?? 'wrap'}
          names={ADDRESS_MAPS}
          labels={ADDRESS_MAP_LABELS}
          onChange={(address_map) => change({ address_map })}
        />
        <NameSelect
          label="Bad lines"
          testId="trace-bad-lines-policy"
          hint="A line that does not parse"
          value={options.bad_lines ?? 'stop'}
          names={BAD_LINE_POLICIES}
          labels={BAD_LINE_LABELS}
          onChange={(bad_lines) => change({ bad_lines })}
        />
        <NameSelect
          label="Clock"
          testId="trace-clock"
          hint="Records out of order are sorted within a window; records sharing a coarse tick (whole seconds) are spread across it"
          value={options.clock ?? 'spread'}
          names={CLOCKS}
          labels={CLOCK_LABELS}
          onChange={(clock) => change({ clock })}
        />
        <NameSelect
          label="Late records"
          testId="trace-late-records"
          hint="A record the clock cannot put in order (out of order beyond the sorting window; in file order, earlier than its predecessor)"
          value={options.late_records ?? 'keep'}
          names={LATE_RECORDS}
          labels={LATE_RECORD_LABELS}
          onChange={(late_records) => change({ late_records })}
        />
        <NameSelect
          label="Volumes"
          testId="trace-volume-placement"
          hint="Several volumes of one trace: each in its own region of the drive, or all in one address space (they may alias)"
          value={options.volume_placement ?? 'regions'}
          names={VOLUME_PLACEMENTS}
          labels={VOLUME_PLACEMENT_LABELS}
          onChange={(volume_placement) => change({ volume_placement })}
        />
        <NumberInput
          label="Max requests"
          testId="trace-max-requests"
          value={positiveOrNull(options.max_requests)}
          placeholder="all"
          isValid={(value) => Number.isInteger(value) && value >= 0}
          emptyValue={DEFAULT_TRACE_OPTIONS.max_requests}
          onCommit={(max_requests) => change({ max_requests })}
        />
        <NumberInput
          label="Window from"
          testId="trace-window-start"
          suffix="s"
          value={positiveOrNull(options.window_start_s)}
          placeholder="start"
          step={0.1}
          isValid={(value) => value >= 0}
          emptyValue={DEFAULT_TRACE_OPTIONS.window_start_s}
          onCommit={(window_start_s) => change({ window_start_s })}
        />
        <NumberInput
          label="to"
          testId="trace-window-end"
          suffix="s"
          value={(options.window_end_s ?? -1) >= 0 ? options.window_end_s! : null}
          placeholder="end"
          step={0.1}
          isValid={(value) => value >= 0}
          emptyValue={DEFAULT_TRACE_OPTIONS.window_end_s}
          onCommit={(window_end_s) => change({ window_end_s })}
        />
      </div>
    </div>
  );
}

function positiveOrNull(value: number | undefined): number | null {
  return value !== undefined && value > 0 ? value : null;
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
