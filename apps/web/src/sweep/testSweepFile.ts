// Test fixtures: results.parquet files laid out as issue 20's contract says
// (point, status, error, volume, one column per swept key, every metric as
// a nullable double; `flashscope.swept`, `flashscope.metrics` and
// `flashscope.spec` in the footer), written with hyparquet-writer (the
// reader's companion) at test time, so no test needs Python. The unit
// tests and e2e/sweep.spec.ts both use them.

import { parquetWriteBuffer } from 'hyparquet-writer';

export const SWEEP_METRICS = [
  'waf',
  'iops',
  'read_iops',
  'write_iops',
  'read_mbps',
  'write_mbps',
  'read_lat_mean_us',
  'read_lat_p50_us',
  'read_lat_p99_us',
  'read_lat_p99_9_us',
  'write_lat_mean_us',
  'write_lat_p50_us',
  'write_lat_p99_us',
  'write_lat_p99_9_us',
  'block_erases',
  'gc_runs',
  'gc_stall_ms',
  'migration_stall_ms',
  'slc_cliff_bytes',
  'slc_cliff_after_mbps',
  'zns_waf',
  'zns_gc_bytes',
  'zns_gc_count',
  'zns_mean_reclaimed_gp',
  'host_requests',
  'host_write_bytes',
  'sim_time_ms',
  'wall_s',
] as const;

export interface FixtureRow {
  point: string;
  status: 'ok' | 'failed';
  error?: string;
  volume?: string;
  settings: Record<string, number | string>;
  /** Metrics not given are null. */
  metrics: Partial<Record<string, number>>;
}

export interface FixtureSweep {
  swept: string[];
  spec: unknown;
  rows: FixtureRow[];
  perVolume?: boolean;
}

export function writeSweepParquet(sweep: FixtureSweep): ArrayBuffer {
  const { rows } = sweep;
  const text = (values: Array<string | null>) => ({ data: values, type: 'STRING' as const });
  const columnData = [
    { name: 'point', ...text(rows.map((row) => row.point)) },
    { name: 'status', ...text(rows.map((row) => row.status)) },
    { name: 'error', ...text(rows.map((row) => row.error ?? null)) },
    { name: 'volume', ...text(rows.map((row) => row.volume ?? null)) },
    ...sweep.swept.map((key) => {
      const values = rows.map((row) => row.settings[key] ?? null);
      const numeric = values.every((value) => value === null || typeof value === 'number');
      return { name: key, data: values, type: numeric ? ('DOUBLE' as const) : ('STRING' as const) };
    }),
    ...SWEEP_METRICS.map((name) => ({
      name,
      data: rows.map((row) => row.metrics[name] ?? null),
      type: 'DOUBLE' as const,
    })),
  ];
  return parquetWriteBuffer({
    columnData,
    kvMetadata: [
      {
        key: 'flashscope.swept',
        value: JSON.stringify(sweep.perVolume ? [...sweep.swept, 'volume'] : sweep.swept),
      },
      { key: 'flashscope.metrics', value: JSON.stringify(SWEEP_METRICS) },
      { key: 'flashscope.spec', value: JSON.stringify(sweep.spec) },
    ],
  });
}

/** Seed 004's placements in the thesis's table order (the simulator's registry order). */
export const PLACEMENTS = ['normal', 'warcip', 'sepbit', 'bhbdp_pre', 'bhbdp', 'fk', 'zbopt'];
/** Seed 004's Table 4.3 WAFs, in that order. */
const THESIS_WAF = [2.008, 1.639, 1.615, 1.493, 1.309, 1.206, 1.017];

/**
 * A stand-in for the sweep of public/sweeps/zns-placements-op.json: the
 * seven placements at two over-provisioning levels, with WAFs shaped like
 * the thesis's (more spare space, less GC). The spec lists the placements
 * in a different order from the alphabet, so the chart's order shows whose
 * it follows.
 */
export function placementsOpSweep(): FixtureSweep {
  const overprovision = [0.5, 0.25];
  const rows: FixtureRow[] = [];
  for (const op of overprovision) {
    PLACEMENTS.forEach((placement, index) => {
      const waf = +(1 + (THESIS_WAF[index] - 1) * (op === 0.25 ? 1.6 : 1)).toFixed(4);
      rows.push({
        point: `zns.placement=${placement},overprovision=${op}`,
        status: 'ok',
        settings: { 'zns.placement': placement, overprovision: op },
        metrics: {
          waf,
          zns_waf: waf,
          zns_gc_count: Math.round((waf - 1) * 400),
          host_write_bytes: 4294967296,
          wall_s: 1.5 + index / 10,
        },
      });
    });
  }
  return {
    swept: ['zns.placement', 'overprovision'],
    spec: {
      scenario: 'public/scenarios/zns-placement.json',
      grid: { 'zns.placement': PLACEMENTS, overprovision },
    },
    rows,
  };
}
