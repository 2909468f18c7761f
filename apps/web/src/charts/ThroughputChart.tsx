// Host throughput over simulated time: MB/s (read and write) or IOPS, per
// series interval, binned to at most a few hundred points.

import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { useAppStore } from '../store';
import type { ThroughputUnit } from '../store/viewSlice';
import { binSeries } from './binning';
import { ChartCard } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, timeDomain } from './chartLayout';
import { COLORS } from './palette';
import { TimeSeriesPlot, type LineSpec } from './TimeSeriesPlot';

function UnitToggle() {
  const unit = useAppStore((state) => state.view.throughputUnit);
  const setUnit = useAppStore((state) => state.view.setThroughputUnit);
  const options: [ThroughputUnit, string][] = [
    ['mbps', 'MB/s'],
    ['iops', 'IOPS'],
  ];
  return (
    <div className="segmented small" role="radiogroup" aria-label="Throughput unit">
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={unit === value}
          className={unit === value ? 'active' : ''}
          onClick={() => setUnit(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function ThroughputChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const unit = useAppStore((state) => state.view.throughputUnit);
  const { lines, domain } = useMemo(() => {
    const t = sim.series.column('t_ms');
    const specs: LineSpec[] =
      unit === 'iops'
        ? [
            {
              key: 'iops',
              label: 'IOPS',
              color: COLORS.write,
              points: binSeries(t, sim.series.column('iops')),
              area: true,
            },
          ]
        : [
            {
              key: 'write',
              label: 'write MB/s',
              color: COLORS.write,
              points: binSeries(t, sim.series.column('write_mbps')),
              area: true,
            },
            {
              key: 'read',
              label: 'read MB/s',
              color: COLORS.read,
              points: binSeries(t, sim.series.column('read_mbps')),
            },
          ];
    return { lines: specs, domain: timeDomain(t) };
  }, [sim, unit]);

  return (
    <ChartCard
      term="throughput"
      title="Throughput"
      subtitle="Host I/O per 10 ms of simulated time"
      testId="chart-throughput"
      control={<UnitToggle />}
      yUnit={unit === 'iops' ? 'host I/O per second (IOPS)' : undefined}
      legend={lines.map((spec) => ({ label: spec.label, color: spec.color }))}
      empty={sim.series.length === 0 ? 'Waiting for the first samples…' : null}
    >
      {(width) => (
        <TimeSeriesPlot
          width={width}
          xDomain={domain}
          lines={lines}
          yFormat={unit === 'iops' ? formatIops : undefined}
        />
      )}
    </ChartCard>
  );
}

function formatIops(value: number): string {
  return value >= 1000 ? `${+(value / 1000).toFixed(1)}k` : String(value);
}
