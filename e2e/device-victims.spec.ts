// The device view's "Block state" colours name why the GC engine is
// emptying a block (issue 28): on the read-disturb lesson's run, which
// only refreshes (the core counts 8 refreshes and 0 GC runs), a block being
// refreshed is coloured, outlined and named in the tooltip as being
// refreshed, never as a GC victim, and the legend lists the refresh
// state beside GC's. The snapshot's state codes are the core's
// (protocol.ts BlockState); the labels and colours the app's
// (apps/web/src/device/colours.ts).
import { expect, test } from './helpers/app';
import { waitForLastFrame } from './helpers/sim';

const GC_VICTIM = 3;
const REFRESH_VICTIM = 4;

/** The parts of the app's store this spec reads and sets. */
interface StoreView {
  sim: { frame: { blocks: { state: Uint8Array } } | null };
  view: {
    hover: { block: number } | null;
    setHover(hover: { block: number; unit: null; x: number; y: number }): void;
  };
}

test('a block being refreshed is named so in Block state mode, not "GC victim"', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  await app.open('/?lesson=read-disturb');
  await expect(page.getByTestId('lesson-read-disturb')).toBeVisible();
  await page.getByTestId('color-state').click();
  await expect(page.getByTestId('color-state')).toHaveAttribute('aria-checked', 'true');

  // Every frame of the run, counted by block state as the store receives it.
  await page.evaluate(() => {
    const store = window.__flashscope!.store;
    const seen: Record<number, number> = {};
    (window as unknown as { victimStates: Record<number, number> }).victimStates = seen;
    let last: unknown = null;
    store.subscribe?.((state) => {
      const frame = (state as StoreView).sim.frame;
      if (!frame || frame === last) return;
      last = frame;
      for (const code of frame.blocks.state) seen[code] = (seen[code] ?? 0) + 1;
    });
  });

  // Point at a block while it is being refreshed (hovering it as the
  // pointer would) until the tooltip names what the frame on screen says.
  await page.waitForFunction(
    ({ refresh }) => {
      const { sim, view } = window.__flashscope!.store.getState() as StoreView;
      const state = sim.frame?.blocks.state;
      if (!state) return false;
      const hovered = view.hover?.block ?? -1;
      const tooltip = document.querySelector('[data-testid="block-tooltip-state"]');
      if (hovered >= 0 && state[hovered] === refresh) {
        return tooltip?.textContent === 'being refreshed (read disturb)';
      }
      const refreshing = state.indexOf(refresh);
      if (refreshing >= 0) view.setHover({ block: refreshing, unit: null, x: 40, y: 40 });
      return false;
    },
    { refresh: REFRESH_VICTIM },
    { timeout: 120_000 },
  );
  await expect(page.getByTestId('legend-state-4')).toHaveText('being refreshed (read disturb)');
  await expect(page.getByTestId('legend-state-3')).toHaveText('GC victim');

  // The whole run: refreshes shown as such, and no GC victim on a run
  // without GC.
  await waitForLastFrame(page);
  const seen = await page.evaluate(
    () => (window as unknown as { victimStates: Record<number, number> }).victimStates,
  );
  expect(seen[REFRESH_VICTIM] ?? 0).toBeGreaterThan(0);
  expect(seen[GC_VICTIM] ?? 0).toBe(0);
  expect(app.errors).toEqual([]);
});
