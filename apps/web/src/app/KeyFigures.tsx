// The row of key figures above the device view.

import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import type { AppState } from '../store';
import { formatCount, formatLatencyUs, formatMbps, formatSimTime, formatWaf } from './format';
import { keyFigures } from './computeKeyFigures';

const selectSim = (state: AppState) => state.sim;

function Figure(props: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="figure">
      <div className="figure-label">{props.label}</div>
      <div className="figure-value" data-testid={props.testId}>
        {props.value}
      </div>
      {props.note && <div className="figure-note">{props.note}</div>}
    </div>
  );
}

export function KeyFiguresRow() {
  const sim = useThrottledStore(selectSim, 200);
  const figures = useMemo(() => keyFigures(sim), [sim]);
  const hasData = sim.series.length > 0;
  return (
    <div className="figures" aria-label="Key figures">
      <Figure
        label="WAF"
        testId="metric-waf"
        value={formatWaf(figures.waf)}
        note="NAND ÷ host bytes"
      />
      <Figure
        label="IOPS"
        testId="metric-iops"
        value={hasData ? formatCount(figures.iops) : '—'}
        note={
          Number.isFinite(figures.runIops)
            ? `run avg ${formatCount(figures.runIops)}`
            : 'last 100 ms'
        }
      />
      <Figure
        label="Throughput"
        testId="metric-mbps"
        value={hasData ? formatMbps(figures.mbps) : '—'}
        note="last 100 ms"
      />
      <Figure
        label="p99 latency"
        testId="metric-p99"
        value={formatLatencyUs(figures.p99Us)}
        note={
          figures.p99Op && Number.isFinite(figures.p50Us)
            ? `${figures.p99Op}s · p50 ${formatLatencyUs(figures.p50Us)}`
            : 'whole run'
        }
      />
      <Figure
        label="Free blocks"
        testId="metric-free-blocks"
        value={figures.freeBlocks === null ? '—' : figures.freeBlocks.toLocaleString('en')}
        note={figures.totalBlocks ? `of ${figures.totalBlocks.toLocaleString('en')}` : undefined}
      />
      <Figure label="GC runs" testId="metric-gc-runs" value={figures.gcRuns.toLocaleString('en')} />
      <Figure label="Simulated time" testId="sim-time" value={formatSimTime(figures.simTimeNs)} />
    </div>
  );
}
