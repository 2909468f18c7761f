// The customer report tells the truth (issue 28, section 4). The burst /
// idle / burst scenario on the 970 EVO-like drive runs to its end: the
// report names the drive as the app shows it, links to the run with the
// Share button's short link at the team server the user set (remembered
// across a reload), gives the job's 26 GiB bursts in GiB next to the
// tables' 27.9 GB, and averages throughput over the bursts only, as the
// core counts them, not over the 35 s of idle between them. A job at
// offset=50% under a 90 % fill gets the core's warning in the panel and in
// the report.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/app';
import {
  REPO_ROOT,
  downloadFile,
  savedRunResult,
  simState,
  waitForFinishedRun,
} from './helpers/sim';

const TEAM_SERVER = 'https://flashscope.team.example/';

/** The device picker's label for a preset (public/presets/devices/index.json). */
function presetLabel(id: string): string {
  const index = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'public/presets/devices/index.json'), 'utf8'),
  ) as { devices: Array<{ id: string; label: string }> };
  const entry = index.devices.find((device) => device.id === id);
  if (!entry) throw new Error(`no device preset ${id}`);
  return entry.label;
}

/** The report's MB/s format: MB/s below 1000, GB/s from there. */
function mbps(value: number): string {
  return value >= 1000
    ? `${(value / 1000).toFixed(2)} GB/s`
    : `${value.toFixed(value >= 100 ? 0 : 1)} MB/s`;
}

/** The cells of the report's table with this data-testid, row by row. */
function tableRows(html: string, testId: string): string[][] {
  const table = new RegExp(`<table data-testid="${testId}">(.*?)</table>`).exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => c[1]),
  );
}

interface BurstRunResult {
  host: { write_bytes: number };
  throughput: {
    write_mbps: number;
    active_ms: number;
    idle_ms: number;
    active_write_mbps: number;
  };
  slc: { bursts: Array<{ start_ms: number; end_ms: number; host_written_bytes: number }> };
}

test('the burst / idle / burst report: display name, short team link, GiB with GB, active throughput', async ({
  app,
  page,
}) => {
  test.setTimeout(600_000);
  await app.open();
  // The team server shared links should open at, set once and remembered.
  await page.getByTestId('share-config').click();
  const base = page.getByTestId('share-base-url');
  await base.fill(TEAM_SERVER);
  await base.press('Enter');
  await expect(page.getByTestId('share-url')).toHaveValue(new RegExp(`^${TEAM_SERVER}\\?config=`));
  await page.keyboard.press('Escape');
  await app.open();

  await app.setSpeed('max');
  const before = await simState(page);
  await app.byTestId('preset-select').selectOption('slc-burst-idle-recovery');
  const run = await waitForFinishedRun(page, before.runId, 540_000);
  expect(run.error).toBeNull();

  // The Share button's link for this run, made after the reload: at the team server.
  await page.getByTestId('share-config').click();
  const shareLink = await page.getByTestId('share-url').inputValue();
  await page.keyboard.press('Escape');
  const report = await downloadFile(page, app.byTestId('export-report'));
  expect(report.name).toBe('flashscope-report-tlc-500g-970evo-like.html');
  const html = report.text;

  // 1. The drive by the name the device picker shows, not its id.
  const label = presetLabel('tlc-500g-970evo-like');
  expect(label).toBe('TLC 500 GB, Samsung 970 EVO-like (4 + 18 GB TurboWrite)');
  expect(html).toContain(`<title>FlashScope report: ${label}</title>`);
  expect(html).toContain(`<dt>Drive</dt><dd>${label}</dd>`);
  expect(html).not.toContain('tlc-500g-970evo-like');

  // 2. "Reproduce this run": the Share button's short link, at the team server.
  const urls = [...new Set([...html.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]))];
  expect(urls).toHaveLength(1);
  const link = urls[0].replace(/&amp;/g, '&');
  expect(link).toBe(shareLink);
  expect(link.startsWith(`${TEAM_SERVER}?config=`)).toBe(true);
  expect(link.length).toBeLessThan(200);
  const config = JSON.parse(
    Buffer.from(new URL(link).searchParams.get('config') ?? '', 'base64url').toString('utf8'),
  ) as { scenario?: string; deviceText?: string; fioText?: string };
  expect(config.scenario).toBe('slc-burst-idle-recovery');
  expect(config.deviceText).toBeUndefined();
  expect(config.fioText).toBeUndefined();

  // 3. The job's size=26g is 26 GiB; the tables' amounts are decimal: both where they meet.
  expect(html).toContain('size=26g');
  expect(html).toMatch(
    /data-testid="report-units">[^<]*burst-1, burst-2-after-5s-idle, burst-3-after-30s-idle: 26 GiB = 27.9 GB each/,
  );
  const rows = tableRows(html, 'report-recovery');
  expect(rows[0][2]).toBe('Data written');
  expect(rows.slice(1).map((cells) => cells[2])).toEqual([
    '27.9 GB (26 GiB)',
    '27.9 GB (26 GiB)',
    '27.9 GB (26 GiB)',
  ]);
  expect(html).toContain('<dt>Host data written</dt><dd>83.8 GB (78 GiB)</dd>');

  // 4. Throughput over the bursts only: the core's figure, checked against its own bursts.
  const result = await savedRunResult<BurstRunResult>(page);
  const t = result.throughput;
  const spansMs = result.slc.bursts.reduce((sum, b) => sum + (b.end_ms - b.start_ms), 0);
  expect(result.slc.bursts).toHaveLength(3);
  expect(t.idle_ms).toBeGreaterThan(34_990);
  expect(t.idle_ms).toBeLessThan(35_010);
  expect(Math.abs(t.active_ms - spansMs)).toBeLessThan(0.001);
  const fromBursts = result.host.write_bytes / spansMs / 1e3;
  expect(Math.abs(t.active_write_mbps / fromBursts - 1)).toBeLessThan(1e-6);
  // The idle would have pulled the average down by more than a quarter.
  expect(t.active_write_mbps).toBeGreaterThan(1.3 * t.write_mbps);
  expect(html).toContain(
    `<dt>Write throughput (while active)</dt><dd>${mbps(t.active_write_mbps)}</dd>`,
  );
  expect(html).toContain(
    `<dt>Active time</dt><dd>${(t.active_ms / 1000).toFixed(2)} s, ${(t.idle_ms / 1000).toFixed(2)} s idle left out</dd>`,
  );
  expect(html).not.toContain(`<dd>${mbps(t.write_mbps)}</dd>`);
  expect((await app.probe()).lastError).toBeNull();
});

test('a 90 % fill under a job at offset=50%: the panel and the report show the core warning', async ({
  app,
  page,
}) => {
  test.setTimeout(240_000);
  await app.open();
  await app.setSpeed('max');
  // The SLC recovery preset's bursts start at 0, 25 % and 50 % of a small QLC drive.
  await app.byTestId('device-preset').selectOption('teaching-qlc-slc');
  await app.byTestId('workload-preset').selectOption('slc-burst-idle-burst');
  await expect(app.byTestId('fio-editor')).toHaveValue(/offset=50%/);
  await app.byTestId('fill-level').fill('0');
  const note = page.getByTestId('fill-overwrite-note');
  await expect(note).toHaveCount(0);

  await app.byTestId('fill-level').fill('90');
  await expect(note.locator('li')).toHaveCount(3);
  const warnings = await note.locator('li').allInnerTexts();
  expect(warnings[2]).toContain(
    "job 'burst-3-after-2s-idle' (line 21, offset=50%) writes sequentially from",
  );
  expect(warnings[2]).toContain('inside the 90 % fill');
  expect(warnings[2]).toContain('start it at offset=90% or later');

  const before = await simState(page);
  await app.byTestId('apply').click();
  const run = await waitForFinishedRun(page, before.runId);
  expect(run.error).toBeNull();
  const report = await downloadFile(page, app.byTestId('export-report'));
  const box = /<div class="warning" data-testid="report-fill-overwrite">(.*?)<\/div>/.exec(
    report.text,
  )?.[1];
  expect(box).toBeDefined();
  const items = [...(box ?? '').matchAll(/<li>(.*?)<\/li>/g)].map((m) =>
    m[1].replace(/&#39;/g, "'"),
  );
  expect(items).toEqual(warnings);
  expect((await app.probe()).lastError).toBeNull();
});
