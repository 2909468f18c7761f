import type { ResolvedFio, ResolvedFioJob } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../runs/resultJson';
import { buildReport, formatCliff, resultCliff, type ReportInput } from './report';
import { bothUnits } from './reportHtml';

const LATENCY = { count: 100, mean: 300, p50: 250, p90: 600, p99: 1500, p999: 4200, max: 9100 };

function result(slc: RunResult['slc'] | Record<string, unknown>): RunResult {
  return {
    sim_time_ms: 90_000,
    waf: 1.23,
    host: { read_bytes: 0, write_bytes: 61.2e9, read_requests: 0, write_requests: 58_000 },
    nand: { block_erases: 10, write_bytes: 75e9 },
    latency_us: { read: { ...LATENCY, count: 0 }, write: LATENCY },
    throughput: { iops: 644.4, read_mbps: 0, write_mbps: 676.2 },
    gc: { runs: 0, units_moved: 0 },
    slc: slc as RunResult['slc'],
  };
}

const CLIFF = {
  host_written_bytes: 58_123_456_789,
  t_ms: 32_290.5,
  write_mbps_before: 1795.4,
  write_mbps_after: 152.3,
};

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    result: result({ migration_bytes: 0, cliff: CLIFF }),
    names: {
      drive: 'QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC, fold-then-write)',
      driveFileName: 'qlc-1tb-665p-like',
      driveSource: 'Intel 660p 1 TB: 1800 MB/s in the SLC cache',
      scenario: 'SLC cliff, QLC drive 50 % full',
      fillFraction: 0.5,
      workload: 'fio job seqwrite-1m-qd64',
      workloadText: '[seqwrite-1m-qd64]\nrw=write\nbs=1m\n',
    },
    charts: [
      {
        title: 'Throughput vs data written',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>write MB/s</text></svg>',
      },
    ],
    shareUrl: 'https://flashscope.example/?scenario=slc-cliff-fill50',
    fio: null,
    generatedAt: '2026-11-27 03:30 UTC',
    ...overrides,
  };
}

describe('buildReport', () => {
  it('names the drive, its source, the fill level and the workload', () => {
    const html = buildReport(input());
    expect(html).toContain(
      '<title>FlashScope report: QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC, fold-then-write)</title>',
    );
    expect(html).toContain(
      '<dd>QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC, fold-then-write)</dd>',
    );
    expect(html).not.toContain('qlc-1tb-665p-like');
    expect(html).toContain('Intel 660p 1 TB: 1800 MB/s in the SLC cache');
    expect(html).toContain('<dd>50 %</dd>');
    expect(html).toContain('<dd>fio job seqwrite-1m-qd64</dd>');
    expect(html).toContain('SLC cliff, QLC drive 50 % full');
  });

  it('gives the core cliff figures with their units, unchanged', () => {
    const html = buildReport(input());
    expect(formatCliff(CLIFF)).toEqual({
      where: '58.1 GB',
      at: '32.29 s',
      before: '1.80 GB/s',
      after: '152 MB/s',
      depth: null,
    });
    for (const text of ['58.1 GB', '32.29 s', '1.80 GB/s', '152 MB/s']) {
      expect(html).toContain(`<dd>${text}</dd>`);
    }
    // A depth the core reports is printed as a percentage; none is never made up.
    expect(html).toContain('not reported by this core');
    const deep = buildReport(
      input({ result: result({ migration_bytes: 0, cliff: { ...CLIFF, depth: 0.915 } }) }),
    );
    expect(deep).toContain('<dd>92 %</dd>');
  });

  it('says so when there is no cliff or no cache', () => {
    expect(resultCliff(result(null))).toBeNull();
    expect(buildReport(input({ result: result(null) }))).toContain('This drive has no SLC cache.');
    expect(buildReport(input({ result: result({ migration_bytes: 0, cliff: null }) }))).toContain(
      'never ran full',
    );
  });

  it('has the key figures: WAF, IOPS, MB/s and latency percentiles', () => {
    const html = buildReport(input());
    expect(html).toContain('<dd>1.23</dd>');
    // A result without the active-time figures (an older core): the whole run's, said so.
    expect(html).toContain('<dt>IOPS (whole run)</dt><dd>644</dd>');
    expect(html).toContain('<dt>Write throughput (whole run)</dt><dd>676 MB/s</dd>');
    expect(html).toContain('<dt>Host data written</dt><dd>61.2 GB (57.0 GiB)</dd>');
    // write p50, p99 and p99.9; no read row (nothing was read).
    expect(html).toMatch(
      /<tr><th>write<\/th><td>250 µs<\/td><td>600 µs<\/td><td>1.50 ms<\/td><td>4.20 ms<\/td>/,
    );
    expect(html).not.toContain('<th>read</th>');
  });

  it('stands alone: inline SVG and CSS, no URL but the share link, printable', () => {
    const html = buildReport(input());
    expect(html).toContain('<svg width="10" height="10">');
    expect(html).toContain('@media print');
    const urls = [...html.matchAll(/https?:\/\/[^\s"<>]+/g)].map((match) => match[0]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls)
      expect(url).toBe('https://flashscope.example/?scenario=slc-cliff-fill50');
    expect(html).not.toMatch(/<link|<script|src=/);
  });

  it('escapes HTML in names', () => {
    const html = buildReport(
      input({
        names: {
          ...input().names,
          drive: '<img onerror=x>',
          workload: 'a & "b"',
          workloadText: '</pre><script>',
        },
        shareUrl: 'https://x.example/?a=1&b="2"',
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img onerror=x&gt;');
    expect(html).toContain('a &amp; &quot;b&quot;');
    expect(html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
  });

  it('prints one table row per burst: idle before, cache found, recovered, rates', () => {
    // The three bursts of slc-burst-idle-recovery.json as the core reports them.
    const burst = (idle: number | null, cache: number, recovered: number, before: number) => ({
      idle_before_ms: idle,
      host_written_bytes: 27_917_287_424,
      cache_exhausted: true,
      cache_bytes: cache,
      recovered_fraction: recovered,
      write_mbps_before: before,
      write_mbps_after: 599.7,
    });
    const html = buildReport(
      input({
        result: result({
          migration_bytes: 0,
          cliff: CLIFF,
          bursts: [
            burst(null, 22_076_719_104, 1, 2306.8),
            burst(5000, 2_749_366_272, 0.124537, 2058),
            burst(30000, 16_172_187_648, 0.732545, 2247.5),
          ],
          bursts_total: 3,
        }),
      }),
    );
    const table = /<table data-testid="report-recovery">(.*?)<\/table>/.exec(html)?.[1] ?? '';
    const rows = [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => c[1]),
    );
    expect(rows[0]).toEqual([
      'Burst',
      'Idle before',
      'Data written',
      'Cache found',
      'Recovered',
      'Before',
      'After',
    ]);
    expect(rows.slice(1)).toEqual([
      ['1', '—', '27.9 GB (26 GiB)', '22.1 GB', '100 % of the first', '2.31 GB/s', '600 MB/s'],
      ['2', '5.00 s', '27.9 GB (26 GiB)', '2.7 GB', '12 % of the first', '2.06 GB/s', '600 MB/s'],
      ['3', '30.00 s', '27.9 GB (26 GiB)', '16.2 GB', '73 % of the first', '2.25 GB/s', '600 MB/s'],
    ]);
    expect(html).not.toContain('The first 3 of');
  });

  it('says when a run had one burst, and when it kept only the first bursts', () => {
    const one = buildReport(
      input({
        result: result({ migration_bytes: 0, cliff: CLIFF, bursts: [{}], bursts_total: 1 }),
      }),
    );
    expect(one).toContain('no idle period between bursts');
    const many = buildReport(
      input({
        result: result({ migration_bytes: 0, cliff: CLIFF, bursts: [{}, {}], bursts_total: 70 }),
      }),
    );
    expect(many).toContain('The first 2 of 70 bursts.');
    expect(many).toContain('<td>not exhausted</td>');
  });

  it('averages throughput over the active time the core reports, and says so', () => {
    // The burst / idle / burst scenario's shape: 78 GiB over 49.26 s of bursts, 35 s idle.
    const base = result({ migration_bytes: 0, cliff: CLIFF });
    const html = buildReport(
      input({
        result: {
          ...base,
          throughput: {
            ...base.throughput,
            active_ms: 49_260,
            idle_ms: 35_000,
            active_iops: 1_621.4,
            active_read_mbps: 0,
            active_write_mbps: 1_700.2,
          },
        },
      }),
    );
    expect(html).toContain('<dt>IOPS (while active)</dt><dd>1,621</dd>');
    expect(html).toContain('<dt>Write throughput (while active)</dt><dd>1.70 GB/s</dd>');
    expect(html).toContain('<dt>Active time</dt><dd>49.26 s, 35.00 s idle left out</dd>');
    expect(html).toContain('the idle time between bursts is left out of these averages');
    // The whole run's average (676 MB/s) is not offered as the throughput.
    expect(html).not.toContain('676 MB/s');
  });

  it("states each job's binary size next to the decimal amounts", () => {
    const job = (name: string, size: number) =>
      ({ name, rw: 'write', size_bytes: size, offset_bytes: 0 }) as ResolvedFioJob;
    const fio: ResolvedFio = {
      jobs: [
        job('burst-1', 26 * 2 ** 30),
        job('burst-2-after-5s-idle', 26 * 2 ** 30),
        job('tail', 512 * 2 ** 20),
      ],
      closed_loop: true,
      longest_runtime_s: null,
      fill_overwrites: [],
    };
    const html = buildReport(input({ fio }));
    const note = /<p class="note" data-testid="report-units">(.*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(note).toContain('binary, as fio reads them');
    expect(note).toContain(
      'burst-1, burst-2-after-5s-idle: 26 GiB = 27.9 GB each; tail: 512 MiB = 537 MB',
    );
    expect(bothUnits(26 * 2 ** 30)).toBe('27.9 GB (26 GiB)');
    expect(buildReport(input())).not.toContain('report-units');
  });

  it("repeats the core's warning when the job overwrites the fill's data", () => {
    const message =
      "job 'seqwrite-1m-qd64' (line 5) writes sequentially from 50 % of the drive (512.0 GB), inside the 90 % fill: …";
    const fio: ResolvedFio = {
      jobs: [],
      closed_loop: true,
      longest_runtime_s: null,
      fill_overwrites: [
        {
          job: 'seqwrite-1m-qd64',
          line: 5,
          offset_bytes: 512e9,
          end_bytes: 1024e9,
          fill_end_bytes: 921e9,
          overwritten_bytes: 409e9,
          message,
        },
      ],
    };
    const html = buildReport(input({ fio }));
    const warning = /<div class="warning" data-testid="report-fill-overwrite">(.*?)<\/div>/.exec(
      html,
    )?.[1];
    expect(warning).toContain(`<li>${message.replace(/'/g, '&#39;')}</li>`);
    expect(buildReport(input())).not.toContain('report-fill-overwrite');
  });
});
