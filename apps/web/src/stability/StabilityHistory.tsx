// The finished stability runs side by side: what each device did about GC
// and suspend, then steady state, window IOPS, CV, consistency, read/write
// p99.9, window WAF and the QoS verdict; the lowest CV and p99.9 are
// marked. Shows the comparison's progress and what it cannot show.

import { formatCount, formatLatencyUs, formatWaf } from '../app/format';
import { freshDriveNote, lowestRows, type StabilityRunSummary } from './stabilityRuns';
import { formatFraction } from './stabilityResult';
import { stabilityStore, useStability } from './stabilityStore';

function bestClass(best: Set<number>, run: StabilityRunSummary, rows: number): string | undefined {
  return rows > 1 && best.has(run.id) ? 'best' : undefined;
}

export function StabilityHistory() {
  const history = useStability((state) => state.history);
  const comparison = useStability((state) => state.comparison);
  const status = useStability((state) => state.test?.status);
  if (history.length === 0 && comparison === null) return null;
  const comparing = comparison !== null && status === 'running';
  const lowestCv = lowestRows(history, (run) => run.cv);
  const lowestRead = lowestRows(history, (run) => run.readP999Us);
  const lowestWrite = lowestRows(history, (run) => run.writeP999Us);
  const rows = history.length;
  // Judged on the comparison's own runs, once they have all finished.
  const freshNote =
    comparison && !comparing && comparison.done > 0
      ? freshDriveNote(history.slice(-comparison.done))
      : null;
  const notes = [...(comparison?.notes ?? []), ...(freshNote ? [freshNote] : [])];
  return (
    <section className="card stability-history" data-testid="stability-history">
      <header className="card-header">
        <div>
          <h2>Runs side by side</h2>
          <p className="card-subtitle">
            Each finished test, labelled by its GC victim policy, background GC and suspend. CV,
            window IOPS and consistency over the steady-state window&apos;s intervals; p99.9 and WAF
            over its rounds. The lowest CV and p99.9 are in bold.
          </p>
        </div>
        <div className="compare-actions">
          <button
            type="button"
            data-testid="stability-history-clear"
            disabled={status === 'running'}
            onClick={() => stabilityStore.getState().clearHistory()}
          >
            Clear
          </button>
        </div>
      </header>
      {comparison && (
        <p className="field-note" data-testid="stability-comparison-progress">
          {comparing
            ? `Comparing variants: ${comparison.done} of ${comparison.total} done…`
            : `Compared ${comparison.done} of ${comparison.total} variants.`}
        </p>
      )}
      {notes.map((note) => (
        <p
          key={note}
          className="field-note stability-history-note"
          data-testid="stability-history-note"
        >
          {note}
        </p>
      ))}
      {rows > 0 && (
        <div className="stability-history-scroll">
          <table className="stability-history-table">
            <thead>
              <tr>
                <th>run</th>
                <th>CV</th>
                <th>read p99.9</th>
                <th>write p99.9</th>
                <th title="As the report's Window IOPS: the mean of the window's sampling intervals">
                  window IOPS
                </th>
                <th>consistency</th>
                <th title="The mean WAF of the window's rounds (window_waf); — when they wrote nothing">
                  WAF
                </th>
                <th>steady</th>
                <th>QoS</th>
                <th>device</th>
                <th>workload</th>
              </tr>
            </thead>
            <tbody>
              {history.map((run) => (
                <tr key={run.id} data-testid="stability-history-row" data-run-id={run.id}>
                  <th scope="row" data-testid="stability-history-label">
                    {run.label}
                  </th>
                  <td
                    data-testid="stability-history-cv"
                    data-value={run.cv ?? ''}
                    className={bestClass(lowestCv, run, rows)}
                  >
                    {formatFraction(run.cv)}
                  </td>
                  <td
                    data-testid="stability-history-read-p999"
                    data-value={run.readP999Us}
                    className={bestClass(lowestRead, run, rows)}
                  >
                    {formatLatencyUs(run.readP999Us)}
                  </td>
                  <td
                    data-testid="stability-history-write-p999"
                    data-value={run.writeP999Us}
                    className={bestClass(lowestWrite, run, rows)}
                  >
                    {formatLatencyUs(run.writeP999Us)}
                  </td>
                  <td data-testid="stability-history-iops" data-value={run.meanIops}>
                    {formatCount(run.meanIops)}
                  </td>
                  <td>{formatFraction(run.consistency)}</td>
                  <td data-testid="stability-history-waf" data-value={run.windowWaf ?? ''}>
                    {formatWaf(run.windowWaf)}
                  </td>
                  <td title={`${run.rounds} rounds run`}>
                    {run.steadyRound === null
                      ? `no (${run.rounds} rounds)`
                      : `round ${run.steadyRound}`}
                  </td>
                  <td className={run.qosPass ? 'pass' : 'fail'}>{run.qosPass ? 'PASS' : 'FAIL'}</td>
                  <td className="stability-history-text">{run.deviceLabel}</td>
                  <td className="stability-history-text">{run.workloadLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
