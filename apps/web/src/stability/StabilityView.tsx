// The Stability tab: seed 001's enterprise stability test on the device of
// the panel on the left — purge, 2× capacity of 128 KiB sequential
// preconditioning, rounds of the measurement workload until SNIA PTS steady
// state — run in a worker of its own. While it runs, the rounds appear as
// they end; then the report: IOPS over time with the steady-state window,
// IOPS per round, CV, Intel's consistency, the QoS verdict and latency
// percentiles, exportable as JSON (the simulator's own text) and CSV.
// Finished runs stay in a table side by side (StabilityHistory), labelled
// by what their device does about GC and suspend; "Compare variants" runs
// the variants of `flashscope stability --compare`, as the core lists them.

import type { ReactNode } from 'react';
import { formatBytes, formatCount, formatLatencyUs, formatPercent, formatWaf } from '../app/format';
import { downloadText } from '../export/download';
import { exportFileName } from '../export/exportRun';
import '../export/export.css';
import { Term } from '../glossary/Term';
import { appStore, useAppStore } from '../store';
import { IopsOverTimeChart, RoundIopsChart } from './StabilityCharts';
import { StabilityHistory } from './StabilityHistory';
import { consistencyNote } from './consistencyNote';
import {
  formatFraction,
  qosVerdict,
  stabilityToCsv,
  type StabilityResult,
} from './stabilityResult';
import { stabilityInputFrom, stabilityRunner } from './stabilityRunner';
import { stabilityStore, useStability, type StabilityTest } from './stabilityStore';
import './stability.css';

/**
 * Starts a test with the current settings on the panel's device (the Run
 * button, a lesson step); nothing before the core's defaults have loaded.
 */
export async function runStabilityFromPanel(): Promise<void> {
  const { settings } = stabilityStore.getState();
  if (settings) await stabilityRunner.start(stabilityInputFrom(appStore.getState(), settings));
}

/** Runs the core's --compare variants on the panel's device one after another. */
export async function compareVariantsFromPanel(): Promise<void> {
  const { settings } = stabilityStore.getState();
  if (settings) await stabilityRunner.compare(stabilityInputFrom(appStore.getState(), settings));
}

function NumberInput(props: {
  label: string;
  value: number;
  min: number;
  max?: number;
  testId: string;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <label className="inline-field">
      <span>{props.label}</span>
      <input
        type="number"
        data-testid={props.testId}
        value={props.value}
        min={props.min}
        max={props.max}
        disabled={props.disabled}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (Number.isFinite(value) && value >= props.min) props.onChange(value);
        }}
      />
    </label>
  );
}

export function StabilityView() {
  const settings = useStability((state) => state.settings);
  const defaults = useStability((state) => state.defaults);
  const test = useStability((state) => state.test);
  const deviceLabel = useAppStore(
    (state) =>
      state.config.draft.devicePresetId ?? state.config.draft.scenarioId ?? 'custom device',
  );
  const running = test?.status === 'running';
  const set = stabilityStore.getState().setSettings;
  if (!settings || !defaults) {
    return (
      <div className="stability-view" data-testid="stability-view">
        <section className="card">
          <p className="field-note">Loading the simulator…</p>
        </section>
      </div>
    );
  }
  const variantLabels = defaults.variants.map((variant) => variant.label).join('; ');
  return (
    <div className="stability-view" data-testid="stability-view">
      <section className="card" data-testid="stability-setup">
        <header className="card-header">
          <div>
            <h2>Stability test</h2>
            <p className="card-subtitle">
              Purge, precondition with 2× the capacity of 128 KiB sequential writes (then, if set, 4
              KiB random writes), then rounds of the measurement workload (1/8 of the capacity each)
              until SNIA PTS steady state: {defaults.window_rounds} rounds within{' '}
              {formatPercent(defaults.max_range_fraction)} of their mean, fitted slope within{' '}
              {formatPercent(defaults.max_slope_excursion_fraction)} (at most {settings.roundsMax}{' '}
              rounds)
            </p>
          </div>
          <div className="compare-actions">
            {running ? (
              <button
                type="button"
                data-testid="stability-stop"
                onClick={() => stabilityRunner.stop()}
              >
                ■ Stop
              </button>
            ) : (
              <>
                <button
                  type="button"
                  data-testid="stability-compare"
                  title={`Run the test ${defaults.variants.length} times: ${variantLabels}`}
                  onClick={() => void compareVariantsFromPanel()}
                >
                  Compare variants
                </button>
                <button
                  type="button"
                  className="primary"
                  data-testid="stability-run"
                  onClick={() => void runStabilityFromPanel()}
                >
                  ▶ Run stability test
                </button>
              </>
            )}
          </div>
        </header>
        <div className="stability-settings">
          <span className="field-note">
            Device: <strong data-testid="stability-device">{deviceLabel}</strong> (from the panel on
            the left)
          </span>
          <label className="inline-field">
            <span>Workload</span>
            <select
              data-testid="stability-workload"
              value={settings.workload}
              disabled={running}
              onChange={(event) =>
                set({ workload: event.target.value === 'panel' ? 'panel' : 'default' })
              }
            >
              <option value="default">4 KiB random 70/30, QD32 (enterprise test)</option>
              <option value="panel">The fio job in the panel</option>
            </select>
          </label>
          <NumberInput
            label="QoS read ≤ µs"
            value={settings.qosReadUs}
            min={1}
            testId="stability-qos-read"
            disabled={running}
            onChange={(qosReadUs) => set({ qosReadUs })}
          />
          <NumberInput
            label="QoS write ≤ µs"
            value={settings.qosWriteUs}
            min={1}
            testId="stability-qos-write"
            disabled={running}
            onChange={(qosWriteUs) => set({ qosWriteUs })}
          />
          <NumberInput
            label="Rounds at most"
            value={settings.roundsMax}
            min={1}
            max={defaults.rounds_max_limit}
            testId="stability-rounds-max"
            disabled={running}
            onChange={(roundsMax) =>
              set({ roundsMax: Math.min(defaults.rounds_max_limit, Math.round(roundsMax)) })
            }
          />
          <NumberInput
            label="Random precondition × capacity"
            value={settings.randomPrecondition}
            min={0}
            max={defaults.random_precondition_max}
            testId="stability-random-precondition"
            disabled={running}
            onChange={(randomPrecondition) =>
              set({
                randomPrecondition: Math.min(defaults.random_precondition_max, randomPrecondition),
              })
            }
          />
          <NumberInput
            label="IOPS sampling, ms"
            value={settings.samplingMs}
            min={1}
            testId="stability-sampling-ms"
            disabled={running}
            onChange={(samplingMs) => set({ samplingMs })}
          />
        </div>
        {test && <StabilityStatusLine test={test} />}
      </section>
      <StabilityHistory />
      {test?.result && <StabilityReport test={test} result={test.result} />}
    </div>
  );
}

function StabilityStatusLine({ test }: { test: StabilityTest }) {
  const progress = test.progress;
  if (test.status === 'error') {
    return (
      <p className="compare-problem" role="alert" data-testid="stability-error">
        {test.error}
      </p>
    );
  }
  let text: string;
  if (test.status === 'done') text = 'Done.';
  else if (!progress) text = test.status === 'stopped' ? 'Stopped.' : 'Starting the worker…';
  else if (progress.phase === 'precondition') {
    text = `Preconditioning: ${formatBytes(progress.precondition_bytes)} of ${formatBytes(
      progress.precondition_total_bytes ?? 2 * progress.user_capacity_bytes,
    )} written`;
  } else {
    const last = progress.rounds[progress.rounds.length - 1];
    text = `Round ${progress.rounds.length} of at most ${progress.rounds_max} done${
      last ? ` (${formatCount(last.iops)} IOPS)` : ''
    }`;
  }
  if (test.status === 'stopped' && progress) text = `Stopped. ${text}`;
  return (
    <div className="stability-progress" data-testid="stability-progress" aria-live="polite">
      <span>{text}</span>
      {progress && progress.rounds.length > 0 && test.status !== 'done' && (
        <span className="stability-progress-rounds">
          {progress.rounds.map((round) => (
            <span key={round.round} title={`Round ${round.round}`}>
              {formatCount(round.iops)}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

function Metric(props: {
  label: ReactNode;
  value: string;
  note: string;
  testId: string;
  noteTestId?: string;
}) {
  return (
    <div className="stability-metric">
      <span className="stability-metric-label">{props.label}</span>
      <strong data-testid={props.testId}>{props.value}</strong>
      <span className="field-note" data-testid={props.noteTestId}>
        {props.note}
      </span>
    </div>
  );
}

/**
 * What the Window IOPS figure is: the mean of the same intervals the CV is
 * taken over (iops_intervals.mean), not the rounds' mean the steady-state
 * rule judges (steady_state.mean_iops, which weighs a short round like a
 * long one; the report's steady-state line gives it as such).
 */
function windowIopsNote(result: StabilityResult): string {
  const { samples, interval_ms: intervalMs, stddev } = result.iops_intervals;
  return `mean of the ${samples} intervals of ${intervalMs} ms in the window (the CV's samples), σ ${formatCount(stddev)}`;
}

function StabilityReport({ test, result }: { test: StabilityTest; result: StabilityResult }) {
  const steady = result.steady_state;
  const qos = qosVerdict(result.qos);
  const name = `stability ${test.deviceLabel}`;
  const file = { name, createdAtMs: test.createdAtMs };
  return (
    <section className="card stability-report" data-testid="stability-report">
      <header className="card-header">
        <div>
          <h2>
            {test.deviceLabel}: {steady.reached ? `steady at round ${steady.round}` : 'not steady'}
          </h2>
          <p className="card-subtitle" data-testid="stability-controls">
            {test.controlsLabel}
          </p>
          <p className="card-subtitle" data-testid="stability-steady">
            {steady.reached
              ? `Steady state reached at round ${steady.round}: window rounds ${steady.window[0]}–${steady.window[1]}`
              : `Steady state NOT reached in ${result.rounds.length} rounds; last window rounds ${steady.window[0]}–${steady.window[1]}`}
            ; the rounds&apos; mean{' '}
            <span data-testid="stability-rounds-mean">{formatCount(steady.mean_iops)}</span> IOPS,
            range {(steady.range_fraction * 100).toFixed(1)} % of it (≤{' '}
            {formatPercent(steady.max_range_fraction)}), slope excursion{' '}
            {(steady.slope_excursion_fraction * 100).toFixed(1)} % (≤{' '}
            {formatPercent(steady.max_slope_excursion_fraction)}) · {test.workloadLabel}
          </p>
        </div>
        <div className="export-bar" role="group" aria-label="Export the results">
          <button
            type="button"
            data-testid="export-json"
            title="The result JSON exactly as `flashscope stability --json` prints it"
            onClick={() =>
              test.resultText &&
              downloadText(exportFileName(file, 'json'), test.resultText, 'application/json')
            }
          >
            Export JSON
          </button>
          <button
            type="button"
            data-testid="export-csv"
            title="Summary figures, the rounds, then the per-interval series"
            onClick={() =>
              downloadText(exportFileName(file, 'csv'), stabilityToCsv(result), 'text/csv')
            }
          >
            Export CSV
          </button>
        </div>
      </header>
      <div className="stability-metrics">
        <Metric
          label={
            <>
              <Term id="cv">CV</Term> of <Term id="iops">IOPS</Term>
            </>
          }
          value={formatFraction(result.cv)}
          note={`σ/mean of ${result.iops_intervals.samples} intervals of ${result.iops_intervals.interval_ms} ms in the window (lower is steadier)`}
          testId="metric-cv"
        />
        <Metric
          label={<Term id="consistency">Consistency</Term>}
          value={formatFraction(result.consistency)}
          note={consistencyNote(result).text}
          testId="metric-consistency"
          noteTestId="consistency-note"
        />
        <Metric
          label="Window IOPS"
          value={formatCount(result.iops_intervals.mean)}
          note={windowIopsNote(result)}
          testId="metric-window-iops"
        />
        <Metric
          label={
            <>
              Window <Term id="waf">WAF</Term>
            </>
          }
          value={formatWaf(result.window_waf)}
          note={
            result.window_waf === null
              ? "the window's rounds wrote or programmed nothing"
              : `mean of the ${steady.window[1] - steady.window[0] + 1} window rounds' WAF`
          }
          testId="metric-window-waf"
        />
        <div
          className={`stability-metric qos ${qos.pass ? 'pass' : 'fail'}`}
          data-testid="stability-qos"
          data-pass={qos.pass}
        >
          <span className="stability-metric-label">
            <Term id="qos">QoS</Term> ({qos.statistic} latency)
          </span>
          <strong>{qos.pass ? 'PASS' : 'FAIL'}</strong>
          {qos.lines.map((line) => (
            <span key={line.direction} className={line.pass ? 'field-note' : 'field-note fail'}>
              {line.direction}{' '}
              {line.measuredUs === null ? 'no I/O' : formatLatencyUs(line.measuredUs)}{' '}
              {line.pass ? '≤' : '>'} {formatLatencyUs(line.limitUs)}
            </span>
          ))}
        </div>
      </div>
      <div className="charts-grid">
        <IopsOverTimeChart result={result} />
        <RoundIopsChart result={result} />
      </div>
      <table className="stability-latency" data-testid="stability-latency">
        <caption>Latency in the window&apos;s rounds</caption>
        <thead>
          <tr>
            <th />
            <th>I/Os</th>
            <th>mean</th>
            <th>p50</th>
            <th>p99</th>
            <th>p99.9</th>
            <th>p99.99</th>
            <th>max</th>
          </tr>
        </thead>
        <tbody>
          {(['read', 'write'] as const).map((direction) => {
            const l = result.latency_us[direction];
            return (
              <tr key={direction}>
                <th>{direction}</th>
                <td>{formatCount(l.count)}</td>
                {[l.mean, l.p50, l.p99, l.p999, l.p9999, l.max].map((value, i) => (
                  <td key={i}>{formatLatencyUs(value)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="field-note">
        Preconditioning: {formatBytes(result.precondition.bytes)} of 128 KiB sequential writes, done
        at {(result.precondition.end_ms / 1000).toFixed(2)} s simulated, WAF{' '}
        {result.precondition.waf.toFixed(3)}
        {result.precondition.random
          ? `; then ${formatBytes(result.precondition.random.bytes)} of 4 KiB random writes, done at ${(
              result.precondition.random.end_ms / 1000
            ).toFixed(2)} s, WAF ${result.precondition.random.waf.toFixed(3)}`
          : ''}
        .
      </p>
    </section>
  );
}
