// The glossary (issue 18): a key figure's term shows its definition on hover
// and on keyboard focus, and opens its entry; the glossary panel lists every
// entry (data-term); a lesson step's marked term resolves to an entry; a
// classic FTL's "GC runs" figure is labelled for what it counts.
import { expect, test } from './helpers/app';

test('a key figure term shows its definition on hover and focus, and opens its entry', async ({
  app,
  page,
}) => {
  await app.open();
  const figures = page.getByLabel('Key figures');
  const waf = figures.locator('[data-term-ref="waf"]');
  await expect(waf).toHaveText('WAF');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await waf.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('writes to flash for each byte the host asks it to write');
  await expect(waf).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // Keyboard: focus shows it, Escape hides it, Enter opens the entry.
  const iops = figures.locator('[data-term-ref="iops"]');
  await iops.focus();
  await expect(page.getByRole('tooltip')).toContainText('operations per second');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.keyboard.press('Enter');
  const glossary = page.getByTestId('glossary');
  await expect(glossary).toBeVisible();
  await expect(glossary.locator('[data-term="iops"]')).toHaveClass(/current/);
  await expect(glossary.locator('[data-term="iops"]')).toBeInViewport();
});

test('the glossary panel opens from the top bar and lists every entry', async ({ app, page }) => {
  await app.open();
  await expect(page.getByTestId('glossary')).toHaveCount(0);
  await page.getByTestId('glossary-open').click();
  const glossary = page.getByTestId('glossary');
  await expect(glossary).toBeVisible();
  const entries = glossary.locator('[data-term]');
  expect(await entries.count()).toBeGreaterThanOrEqual(20);
  for (const id of ['waf', 'over-provisioning', 'pslc', 'cv', 'consistency', 'qos', 'clash']) {
    await expect(glossary.locator(`[data-term="${id}"]`)).toHaveCount(1);
  }
  await expect(glossary.locator('[data-term="consistency"]')).toContainText('0 % means');
  await page.getByTestId('glossary-open').click();
  await expect(page.getByTestId('glossary')).toHaveCount(0);
});

test('a lesson step marks its terms, and each resolves to a glossary entry', async ({
  app,
  page,
}) => {
  await app.open('/?lesson=zns');
  await expect(page.getByTestId('lesson-zns')).toBeVisible();
  const text = page.getByTestId('lesson-step-text');
  const marked = text.locator('[data-term-ref]');
  expect(await marked.count()).toBeGreaterThanOrEqual(2);
  const first = marked.first();
  const id = (await first.getAttribute('data-term-ref'))!;
  await first.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await first.click();
  const entry = page.getByTestId('glossary').locator(`[data-term="${id}"]`);
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveClass(/current/);
  // The lesson's research sources are in the glossary panel, not its text.
  await expect(text).not.toContainText('thesis');
  await expect(page.getByTestId('glossary').getByTestId('sources')).toContainText('Sources');
});

test('a classic FTL counts merges and erases, not GC runs', async ({ app, page }) => {
  await app.open('/?lesson=caching');
  await expect(page.getByTestId('lesson-caching')).toBeVisible();
  await app.waitForSimTime(50_000_000);
  await expect(page.getByTestId('metric-gc-runs-label')).toHaveText('Merges / erases');
  await expect(page.getByTestId('chart-gc-timeline')).toContainText('classic FTL');
});

// The native CLI on this drive (`flashscope stability --device
// preset:teaching-slc-tiny`): consistency 0 at 10 ms sampling (104 window
// intervals, the slowest completed no I/O), CV 58.0 %.
test('Consistency 0.00 % is explained: an interval completed no I/O', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.open();
  await app.byTestId('device-preset').selectOption('teaching-slc-tiny');
  await page.getByTestId('view-stability').click();
  await page.getByTestId('stability-run').click();
  await expect(page.getByTestId('stability-report')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('metric-consistency')).toHaveText('0.00 %');
  await expect(page.getByTestId('consistency-note')).toContainText(
    '0 %: at least one 10 ms interval completed no I/O at all — the drive stalled',
  );
  await expect(page.getByTestId('metric-cv')).toHaveText('58.01 %');
  const term = page.getByTestId('stability-report').locator('[data-term-ref="consistency"]');
  await term.hover();
  await expect(page.getByRole('tooltip')).toContainText('0 % means some interval completed no I/O');
});
