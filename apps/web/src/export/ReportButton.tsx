// "Report": downloads the finished live run as one self-contained HTML file
// for a customer (export/report.ts builds it): what ran, the core's cliff
// and key figures from the result JSON, the key charts as inline SVG, and
// the share link that reproduces the run. Disabled until the run finishes
// (the result JSON is final only then).

import { useState } from 'react';
import { useSession } from '../app/sessionContext';
import { parseRunResult } from '../runs/resultJson';
import { shareUrl, sharedConfigOf } from '../share/shareConfig';
import { appStore, useAppStore } from '../store';
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

export function ReportButton() {
  const session = useSession();
  const finished = useAppStore((state) => state.sim.finished);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    const state = appStore.getState();
    const names = reportNamesOf(state);
    const { applied, schema } = state.config;
    if (!names || !applied || !schema) return;
    try {
      const result = parseRunResult(await session.result());
      const html = buildReport({
        result,
        names,
        charts: liveChartSvgs(),
        shareUrl: shareUrl(window.location.href, sharedConfigOf(applied, schema)),
        generatedAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
      downloadText(reportFileName(names.drive), html, 'text/html');
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
            ? 'Download a report of this run for a customer: one HTML file, printable to PDF'
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
