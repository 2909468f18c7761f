// Export JSON / Export CSV for the run on screen (a finished compare or an
// opened saved run). Disabled while there is nothing finished to export.

import type { RunRecord } from '../runs/runRecord';
import { downloadText } from './download';
import { exportFileName, runToCsv, runToJson } from './exportRun';
import './export.css';

export function ExportButtons({ record }: { record: RunRecord | null }) {
  return (
    <div className="export-bar" role="group" aria-label="Export the results">
      <button
        type="button"
        data-testid="export-json"
        disabled={!record}
        title="The configurations and their result JSON, with the chart series"
        onClick={() =>
          record &&
          downloadText(exportFileName(record, 'json'), runToJson(record), 'application/json')
        }
      >
        Export JSON
      </button>
      <button
        type="button"
        data-testid="export-csv"
        disabled={!record}
        title="One row per metric and a column per configuration, then the series"
        onClick={() =>
          record && downloadText(exportFileName(record, 'csv'), runToCsv(record), 'text/csv')
        }
      >
        Export CSV
      </button>
    </div>
  );
}
