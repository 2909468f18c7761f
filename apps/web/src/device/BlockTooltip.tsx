// Details of the block under the pointer, refreshed as frames arrive while
// it is shown.

import { useAppStore } from '../store';
import type { AppState } from '../store';
import { formatPercent } from '../app/format';
import { BLOCK_MODES, BLOCK_STATES, PAGE_STATES, STATE_COLORS, isVictimState } from './colours';
import { blockAddress, blockCapacityUnits } from './deviceGrid';

const selectHoveredFrame = (state: AppState) => (state.view.hover ? state.sim.frame : null);

export function BlockTooltip({ stageWidth }: { stageWidth: number }) {
  const hover = useAppStore((state) => state.view.hover);
  const layout = useAppStore((state) => state.sim.layout);
  const frame = useAppStore(selectHoveredFrame);
  if (!hover || !layout) return null;

  const id = hover.block;
  const address = blockAddress(layout, id);
  const blocks = frame?.blocks;
  const stateCode = blocks?.state[id] ?? 0;
  const state = BLOCK_STATES[stateCode] ?? 'unknown';
  // A victim's state says what empties it, in its colour on the device view.
  const victimColor = isVictimState(stateCode) ? STATE_COLORS[stateCode] : undefined;
  const valid = blocks?.validUnits[id] ?? 0;
  const written = blocks?.writtenUnits[id] ?? 0;
  const erases = blocks?.eraseCount[id] ?? 0;
  const mode = blocks?.mode[id] ?? 0;
  // Read counters exist only while read-disturb refresh is on.
  const readLimit = blocks?.refreshThreshold ?? 0;
  const reads = readLimit > 0 ? (blocks?.reads?.[id] ?? 0) : null;
  // A pSLC block stores one bit per cell: the core says how many units that is.
  const capacity = blockCapacityUnits(layout, mode);
  const unitState =
    hover.unit !== null && blocks?.pageState
      ? PAGE_STATES[blocks.pageState[id * layout.units_per_block + hover.unit]]
      : null;
  const flip = hover.x > stageWidth * 0.6;

  return (
    <div
      className="block-tooltip"
      role="tooltip"
      data-testid="block-tooltip"
      style={{
        left: hover.x,
        top: hover.y,
        transform: `translate(${flip ? 'calc(-100% - 14px)' : '14px'}, 14px)`,
      }}
    >
      <div className="tooltip-title">Block {id.toLocaleString('en')}</div>
      <div className="tooltip-address">
        channel {address.channel} · die {address.die} · plane {address.plane} · block{' '}
        {address.block}
      </div>
      <dl>
        <dt>State</dt>
        <dd
          data-testid="block-tooltip-state"
          className={victimColor ? 'state-victim' : undefined}
          style={victimColor ? { color: victimColor } : undefined}
        >
          {state}
        </dd>
        <dt>Mode</dt>
        <dd>{BLOCK_MODES[mode] ?? 'unknown'}</dd>
        <dt>Valid units</dt>
        <dd>
          {valid} / {capacity} ({formatPercent(valid / capacity)})
        </dd>
        <dt>Written units</dt>
        <dd>
          {written} / {capacity}
        </dd>
        <dt>Erase count</dt>
        <dd>{erases}</dd>
        {reads !== null && (
          <>
            <dt>Reads since erase</dt>
            <dd>
              {reads.toLocaleString('en')}
              {mode === 0 ? ` / ${readLimit.toLocaleString('en')}` : ' (pSLC: not refreshed)'}
            </dd>
          </>
        )}
        {unitState !== null && hover.unit !== null && (
          <>
            <dt>Unit {hover.unit}</dt>
            <dd>{unitState}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
