// Host throughput over simulated time: read and write rates or IOPS, per
// series interval (the core's, which a long run doubles as it goes), binned
// to at most a few hundred points. Rates read in the decimal unit their
// largest value calls for: MB/s for a drive at work, kB/s or B/s for a
// sparse week-long trace.

import { max } from 'd3';
import { useMemo } from 'react';
import { rateUnit } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { useAppStore } from '../store';
import type { ThroughputUnit } from '../store/viewSlice';
import { binSeries, type Points } from './binning';
import { ChartCard } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, seriesIntervalText, timeDomain } from './chartLayout';
import { COLORS } from './palette';
import { TimeSeriesPlot, type LineSpec } from './TimeSeriesPlot';

/** Rates or IOPS; the rate button names the unit the rates read in ("MB/s", "B/s"). */
function UnitToggle({ rateLabel }: { rateLabel: string }) {
  const unit = useAppStore((state) => state.view.throughputUnit);
  const setUnit = useAppStore((state) => state.view.setThroughputUnit);
  const options: [ThroughputUnit, string][] = [
    ['mbps', rateLabel],
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
  const { lines, domain, rate } = useMemo(() => {
    const t = sim.series.column('t_ms');
    const write = binSeries(t, sim.series.column('write_mbps'));
    const read = binSeries(t, sim.series.column('read_mbps'));
    const rate = rateUnit(Math.max(max(write.y) ?? 0, max(read.y) ?? 0));
    if (unit === 'iops') {
      const specs: LineSpec[] = [
        {
          key: 'iops',
          label: 'IOPS',
          color: COLORS.write,
          points: binSeries(t, sim.series.column('iops')),
          area: true,
        },
      ];
      return { lines: specs, domain: timeDomain(t), rate };
    }
    const specs: LineSpec[] = [
      {
        key: 'write',
        label: `write ${rate.label}`,
        color: COLORS.write,
        points: inUnit(write, rate.perMbps),
        area: true,
      },
      {
        key: 'read',
        label: `read ${rate.label}`,
        color: COLORS.read,
        points: inUnit(read, rate.perMbps),
      },
    ];
    return { lines: specs, domain: timeDomain(t), rate };
  }, [sim, unit]);
  const interval = seriesIntervalText(sim.frame?.meta.series_interval_ms, sim.series.length);

  return (
    <ChartCard
      term="throughput"
      title="Throughput"
      subtitle={`Host I/O over simulated time${interval ? `, ${interval}` : ''}`}
      testId="chart-throughput"
      control={<UnitToggle rateLabel={rate.label} />}
      yUnit={unit === 'iops' ? 'host I/O per second (IOPS)' : `throughput (${rate.description})`}
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

/** Points in MB/s as `perMbps` of another unit per MB/s. */
function inUnit(points: Points, perMbps: number): Points {
  return perMbps === 1 ? points : { x: points.x, y: points.y.map((mbps) => mbps * perMbps) };
}

function formatIops(value: number): string {
  return value >= 1000 ? `${+(value / 1000).toFixed(1)}k` : String(value);
}
