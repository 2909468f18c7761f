// "Report": downloads the finished live run as one self-contained HTML file
// for a customer (export/report.ts builds it): what ran, the core's cliff
// and key figures from the result JSON, the core's reading of the job file
// (its sizes, and whether it overwrites the fill's data), the key charts as
// inline SVG, and the Share button's short link to the run, at the address
// links open at (share/linkBase.ts). Disabled until the run finishes (the
// result JSON is final only then).

import { useState } from 'react';
import type { ResolvedFio } from '@flashscope/wasm/protocol';
import { useSession } from '../app/sessionContext';
import type { SimSession } from '../app/simSession';
import { overridesOf } from '../config/scenario';
import { parseRunResult } from '../runs/resultJson';
import { sharedConfigFor, sharedLink } from '../share/sharedConfigFor';
import { appStore, useAppStore, type AppState } from '../store';
import { traceChoiceOf } from '../store/traceSlice';
import { workloadOf } from '../trace/currentWorkload';
import { downloadText } from './download';
import { liveChartSvgs } from './liveCharts';
import { buildReport } from './report';
import { reportNamesOf } from './reportNames';
import './export.css';

/** "qlc-1tb-665p-like" → "flashscope-report-qlc-1tb-665p-like.html". */
export function reportFileName(drive: string): string {
  const slug = drive
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `flashscope-report${slug ? `-${slug}` : ''}.html`;
}

/** The core's resolution of the run's fio job on the run's device (null for a trace or generator). */
async function runJobs(session: SimSession, state: AppState): Promise<ResolvedFio | null> {
  const { applied, schema } = state.config;
  if (!applied || !schema) return null;
  const workload = workloadOf(applied, state.traces.applied ?? state.traces);
  if (workload.kind !== 'fio') return null;
  // The overrides the run was loaded with (loadRequestFor: the workload's, then the device's).
  return session.resolveFio(
    applied.deviceText,
    workload.fioText,
    overridesOf(applied, schema),
    workload.label,
  );
}

export function ReportButton() {
  const session = useSession();
  const finished = useAppStore((state) => state.sim.finished);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    const state = appStore.getState();
    const names = reportNamesOf(state);
    const { applied } = state.config;
    if (!names || !applied) return;
    try {
      const result = parseRunResult(await session.result());
      // The run's draft and trace, as the Share button would link them.
      const traces = state.traces.applied ?? traceChoiceOf(state.traces);
      const shared = await sharedConfigFor(session, applied, traces);
      if (shared === null) return;
      const html = buildReport({
        result,
        names,
        charts: liveChartSvgs(),
        shareUrl: sharedLink(shared),
        fio: await runJobs(session, state),
        generatedAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
      downloadText(reportFileName(names.driveFileName), html, 'text/html');
      setError(null);
    } catch (reason) {
      setError((reason as Error).message);
    }
  };

  return (
    <>
      <button
        type="button"
        data-testid="export-report"
        disabled={!finished}
        title={
          finished
            ? 'Download a report of this run for a customer: one HTML file, printable to PDF (its link opens where Share config says links open)'
            : 'Available when the run has finished'
        }
        onClick={() => void download()}
      >
        Report
      </button>
      {error && (
        <span className="field-note" role="status">
          Could not make the report: {error}
        </span>
      )}
    </>
  );
}
