// The mapping scheme and write cache as a user picks them: DFTL with an LRU
// cache on the default drive, C-lash pulling block mapping along, the note
// that says what a drive with 16 KiB pages or an SLC cache also gets; the
// run's result (saved, then exported as JSON) reports DFTL's mapping table
// and the LRU cache with the figures this workload must give; a share link
// opens the same choices.
import { expect, test, type App } from './helpers/app';
import { savedRunResult, simState, waitForFinishedRun } from './helpers/sim';

// A 50/50 random mix over the first 2 MiB (512 pages of 4 KiB), 8 MiB in
// all: twice the 1 MiB cache, and within DFTL's 4096 cached entries.
// norandommap: uniform picks, so a warm LRU holds about half the requests.
const MIX_JOB = `; 4 KiB random 50/50 mix over 2 MiB
[mix]
rw=randrw
rwmixread=50
bs=4k
iodepth=4
size=2m
io_size=8m
norandommap=1
`;
const REQUESTS = 2048; // 8 MiB / 4 KiB

interface ExportedResult {
  waf: number | null;
  host: { read_requests: number; write_requests: number };
  ftl: { mapping: string; translation_reads: number; cmt: { hits: number; misses: number } };
  cache: { policy: string; capacity_bytes: number; hits: number; misses: number } | null;
}

async function openView(app: App, view: 'live' | 'saved'): Promise<void> {
  await app.page.getByTestId(`view-${view}`).click();
  await expect(app.page.getByTestId(`view-${view}`)).toHaveAttribute('aria-selected', 'true');
}

test('DFTL with an LRU cache runs and its result shows both', async ({ app, page }) => {
  await app.open();
  await expect(app.byTestId('policy-mapping')).toHaveValue('page');
  await expect(app.byTestId('policy-cache')).toHaveValue('none');
  await expect(app.byTestId('classic-note')).toHaveCount(0);

  // C-lash replaces the FTL: picking it picks block mapping, and another
  // mapping drops it again.
  await app.byTestId('policy-cache').selectOption('clash');
  await expect(app.byTestId('policy-mapping')).toHaveValue('block');
  await app.byTestId('policy-mapping').selectOption('dftl');
  await expect(app.byTestId('policy-cache')).toHaveValue('none');
  await expect(app.byTestId('policy-cmt-entries')).toHaveValue('4096');
  await app.byTestId('policy-cache').selectOption('lru');
  // The default drive's C-lash footprint: (2 blocks x 64 + 128) pages of 4 KiB.
  await expect(app.byTestId('policy-cache-bytes')).toHaveValue('1024');

  // 16 KiB pages under 4 KiB mapping units, then an SLC cache: the note says what else is sent.
  await app.byTestId('device-preset').selectOption('tlc-8g');
  await expect(app.byTestId('classic-note')).toContainText('mapping_unit_bytes = 16384');
  await expect(app.byTestId('classic-note')).not.toContainText('slc_cache');
  await app.byTestId('device-preset').selectOption('teaching-qlc-slc');
  await expect(app.byTestId('classic-note')).toContainText('slc_cache = null');
  await expect(app.byTestId('policy-slc')).toContainText('Off for this run');
  await app.byTestId('device-preset').selectOption('teaching-slc-tiny');
  await expect(app.byTestId('classic-note')).toHaveCount(0);
  await expect(app.byTestId('policy-mapping')).toHaveValue('dftl');
  await expect(app.byTestId('policy-cache')).toHaveValue('lru');

  await app.byTestId('fio-editor').fill(MIX_JOB);
  // An empty drive (the default workload preset fills 90 % first, through
  // DFTL's table too): the figures below are then this job's alone.
  await app.byTestId('fill-level').fill('0');
  await app.setSpeed('max');
  const before = await simState(page);
  await app.byTestId('apply').click();
  const run = await waitForFinishedRun(page, before.runId);
  expect(run.error).toBeNull();
  await expect(app.byTestId('error-banner')).toHaveCount(0);

  // The finished run is saved with its overrides, and its export holds the result JSON.
  await openView(app, 'saved');
  const saved = page.getByTestId('saved-run');
  await expect(saved).toHaveCount(1);
  // Opens the (only) saved run and reads its "Export JSON".
  const result = await savedRunResult<ExportedResult>(page);
  const detail = page.getByTestId('saved-run-detail');
  await expect(detail).toContainText('ftl.mapping=dftl cache.policy=lru cache.bytes=1048576');
  expect(result.host.read_requests + result.host.write_requests).toBe(REQUESTS);
  expect(result.ftl.mapping).toBe('dftl');
  // 512 pages fit the mapping table: only cold misses, one translation read each.
  expect(result.ftl.cmt.misses).toBeGreaterThan(400);
  expect(result.ftl.cmt.misses).toBeLessThanOrEqual(512);
  expect(result.ftl.translation_reads).toBe(result.ftl.cmt.misses);
  expect(result.cache?.policy).toBe('lru');
  expect(result.cache?.capacity_bytes).toBe(1048576);
  const hitRate = result.cache!.hits / (result.cache!.hits + result.cache!.misses);
  expect(hitRate).toBeGreaterThan(0.35);
  expect(hitRate).toBeLessThan(0.55);
  // The live figures are this run's.
  await openView(app, 'live');
  await expect.poll(() => app.metricValue('metric-waf')).toBeCloseTo(result.waf ?? NaN, 2);

  // A share link opens the same choices.
  await page.getByTestId('share-config').click();
  const link = await page.getByTestId('share-url').inputValue();
  await app.open(link);
  await expect(app.byTestId('policy-mapping')).toHaveValue('dftl');
  await expect(app.byTestId('policy-cache')).toHaveValue('lru');
  await expect(app.byTestId('policy-cache-bytes')).toHaveValue('1024');
});

// Written without a browser run: the wasm with fs_effective_device is built
// only after the issue-16 branches merge (see the helper's report).
test('an over-provisioning below the drive minimum is flagged at the field before Apply', async ({
  app,
  page,
}) => {
  await app.open();
  // 0.1 %: far below what the default drive's GC reserves need.
  await page.getByTestId('overprovision').fill('0.1');
  const problem = page.getByTestId('overprovision-problem');
  await expect(problem).toContainText(/minimum 0\.\d+ for this geometry/);
  await expect(page.getByTestId('config-state')).toContainText('not yet applied');
  await page.getByTestId('overprovision').fill('7');
  await expect(problem).toHaveCount(0);
});
