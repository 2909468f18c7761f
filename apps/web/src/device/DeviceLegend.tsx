// What the colours of the device view mean in the current mode.

import { useMemo } from 'react';
import { BlockState, type SnapshotMeta } from '@flashscope/wasm/protocol';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { useAppStore, type AppState } from '../store';
import {
  BLOCK_MODES,
  BLOCK_STATES,
  FREE_COLOR,
  MODE_COLORS,
  PAGE_COLORS,
  STATE_COLORS,
  VICTIM_COLORS,
  eraseColor,
  eraseCountDomain,
  modeColor,
  readsColor,
  validRatioColor,
} from './colours';
import { hasPageStates } from './deviceCanvasController';
import { mappingUnitNote } from './layoutText';

const selectFrame = (state: AppState) => state.sim.frame;

function gradient(color: (t: number) => string): string {
  const stops = [0, 0.25, 0.5, 0.75, 1].map((t) => `${color(t)} ${t * 100}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

function Swatch(props: { color: string; label: string; outline?: string; testId?: string }) {
  const { color, label, outline } = props;
  return (
    <span className="legend-item" data-testid={props.testId}>
      <span
        className="swatch"
        style={{ background: color, boxShadow: outline ? `inset 0 0 0 2px ${outline}` : undefined }}
      />
      {label}
    </span>
  );
}

/**
 * The outlines of the GC engine's moves: GC victims, and, where the drive
 * does them, blocks refreshed after too many reads and cold blocks moved by
 * static wear levelling, each with the core's count so far (the figures
 * row counts them apart from GC runs), and the pSLC blocks SLC migration
 * folds into native ones with the data on its way.
 */
function GcLegend({ slc, meta }: { slc: boolean; meta: SnapshotMeta | undefined }) {
  const refreshes = meta?.read_disturb?.refreshes ?? null;
  const moves = meta?.static_wear_leveling?.moves ?? null;
  return (
    <>
      <Swatch color="transparent" outline={VICTIM_COLORS.gc} label="GC victim" />
      <span className="legend-item">
        <span className="dot" /> valid data moved by GC
      </span>
      {refreshes !== null && (
        <Swatch
          color="transparent"
          outline={VICTIM_COLORS.refresh}
          label={`refreshed block (${refreshes.toLocaleString('en')} so far)`}
          testId="legend-refreshes"
        />
      )}
      {moves !== null && (
        <Swatch
          color="transparent"
          outline={VICTIM_COLORS.wear_leveling}
          label={`moved by wear levelling (${moves.toLocaleString('en')} so far)`}
          testId="legend-wear-leveling-moves"
        />
      )}
      {slc && (
        <span className="legend-item">
          <span
            className="swatch"
            style={{ boxShadow: `inset 0 0 0 2px ${VICTIM_COLORS.migration}` }}
          />
          <span className="dot migration" /> SLC data folded into native blocks
        </span>
      )}
    </>
  );
}

/**
 * The "Block state" colours: free, open and full, then each kind of block
 * the GC engine may be emptying on this drive, named for what is happening
 * (a refresh or a wear-levelling move is no GC run; the tooltip names a
 * block's state the same way).
 */
function StateLegend({ slc, meta }: { slc: boolean; meta: SnapshotMeta | undefined }) {
  const shown: number[] = [BlockState.Free, BlockState.Open, BlockState.Full, BlockState.GcVictim];
  if (meta?.read_disturb) shown.push(BlockState.RefreshVictim);
  if (meta?.static_wear_leveling) shown.push(BlockState.WearLevelingVictim);
  if (slc) shown.push(BlockState.MigrationVictim);
  return (
    <div className="legend" data-testid="legend-state">
      {shown.map((state) => (
        <Swatch
          key={state}
          color={STATE_COLORS[state]}
          label={BLOCK_STATES[state]}
          testId={`legend-state-${state}`}
        />
      ))}
      {slc && <SlcOutlines />}
    </div>
  );
}

/** pSLC blocks are outlined in their mode's colour outside the SLC / native mode. */
function SlcOutlines() {
  return (
    <>
      <Swatch color="transparent" outline={MODE_COLORS[1]} label={BLOCK_MODES[1]} />
      <Swatch color="transparent" outline={MODE_COLORS[2]} label={BLOCK_MODES[2]} />
    </>
  );
}

function ModeLegend({ slc, meta }: { slc: boolean; meta: SnapshotMeta | undefined }) {
  return (
    <div className="legend" data-testid="legend-mode">
      <Swatch color={FREE_COLOR} label="free" />
      {[0, 1, 2].map((mode) => (
        <span className="legend-item" key={mode}>
          {BLOCK_MODES[mode]}
          <span
            className="ramp short"
            style={{ background: gradient((t) => modeColor(mode, t)) }}
          />
        </span>
      ))}
      <span className="legend-note">(pale: little valid data)</span>
      <GcLegend slc={slc} meta={meta} />
    </div>
  );
}

export function DeviceLegend() {
  const colorMode = useAppStore((state) => state.view.colorMode);
  const layout = useAppStore((state) => state.sim.layout);
  const frame = useThrottledStore(selectFrame, 500);
  const meta = frame?.meta;
  const slc = !!meta?.slc;
  const [minErase, maxErase] = useMemo(
    () => (frame && colorMode === 'erase' ? eraseCountDomain(frame.blocks.eraseCount) : [0, 0]),
    [frame, colorMode],
  );

  if (colorMode === 'mode') return <ModeLegend slc={slc} meta={meta} />;
  if (colorMode === 'state') return <StateLegend slc={slc} meta={meta} />;
  if (colorMode === 'reads') {
    const limit = frame?.blocks.refreshThreshold ?? 0;
    return (
      <div className="legend" data-testid="legend-reads">
        <Swatch color={FREE_COLOR} label="free" />
        {limit > 0 ? (
          <span className="legend-item">
            reads since erase 0
            <span className="ramp" style={{ background: gradient(readsColor) }} />
            <span data-testid="legend-reads-limit">{limit.toLocaleString('en')}</span>: refreshed
          </span>
        ) : (
          <span className="legend-note">
            Read-disturb refresh is off: the drive counts no reads.
          </span>
        )}
        {limit > 0 && slc && <span className="legend-note">(pSLC blocks are not refreshed)</span>}
        <GcLegend slc={slc} meta={meta} />
        {slc && <SlcOutlines />}
      </div>
    );
  }
  if (colorMode === 'erase') {
    return (
      <div className="legend">
        <span className="legend-item">
          erases {minErase}
          <span className="ramp" style={{ background: gradient(eraseColor) }} />
          {maxErase}
        </span>
        <GcLegend slc={slc} meta={meta} />
        {slc && <SlcOutlines />}
      </div>
    );
  }
  if (layout && hasPageStates(layout)) {
    return (
      <div className="legend">
        <span className="legend-note">{mappingUnitNote(layout)}</span>
        <Swatch color={PAGE_COLORS[0]} label="erased" />
        <Swatch color={PAGE_COLORS[1]} label="valid" />
        <Swatch color={PAGE_COLORS[2]} label="invalid (garbage)" />
        <GcLegend slc={slc} meta={meta} />
        {slc && <SlcOutlines />}
      </div>
    );
  }
  return (
    <div className="legend">
      <Swatch color={FREE_COLOR} label="free" />
      <span className="legend-item">
        valid 0 %
        <span className="ramp" style={{ background: gradient(validRatioColor) }} />
        100 %
      </span>
      <GcLegend slc={slc} meta={meta} />
      {slc && <SlcOutlines />}
    </div>
  );
}
