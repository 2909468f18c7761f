// The SLC cache as a funnel (seed 003): host writes pour in at the top,
// migration drains it through the neck into native (QLC/TLC) blocks. Static
// and dynamic occupancy fill it from the neck up, the persistent cache is
// the slice idle migration leaves behind, the rim drops as user data takes
// the dynamic allowance away, and it spills over when the cache runs full.
// Redrawn a few times a second from the latest frame.

import { useMemo } from 'react';
import { formatBytes, formatMbps, formatSimTime } from '../app/format';
import { burstLabel } from '../charts/cliff';
import { Term } from '../glossary/Term';
import { useThrottledStore } from '../hooks/useThrottledStore';
import type { AppState } from '../store';
import { funnelGeometry, type FunnelGeometry } from './funnelGeometry';
import { dynamicText, occupancyText, shrinkText } from './occupancyText';
import { slcView, type SlcView } from './slcFigures';
import { SLC_COLORS } from './slcColors';
import './slc.css';

const selectSim = (state: AppState) => state.sim;
const UPDATE_MS = 120;
const BOX = { width: 170, height: 170 };
const SVG_WIDTH = 270; // room for the rate labels right of the funnel's axis
const TOP = 40; // room for the inflow above the mouth
const SVG_HEIGHT = TOP + BOX.height * 1.18 + 44;

export function SlcFunnel() {
  const sim = useThrottledStore(selectSim, UPDATE_MS);
  const view = useMemo(() => slcView(sim), [sim]);
  if (!view) {
    return (
      <section className="card slc-card slc-none" data-testid="slc-funnel" aria-label="SLC cache">
        <span className="slc-none-title">SLC cache</span>
        <span className="field-note">
          {sim.frame ? 'This drive has no SLC cache: every write goes to native blocks.' : '—'}
        </span>
      </section>
    );
  }
  return (
    <section className="card slc-card" data-testid="slc-funnel" aria-label="SLC cache">
      <header className="card-header">
        <div>
          <h2>
            <Term id="pslc">SLC cache</Term>
          </h2>
          <p className="card-subtitle">A funnel: fills on bursts, drains when idle</p>
        </div>
      </header>
      <div className="slc-body">
        <FunnelPicture view={view} />
        <SlcStats view={view} />
        <BurstRecovery view={view} />
      </div>
    </section>
  );
}

function FunnelPicture({ view }: { view: SlcView }) {
  const g = funnelGeometry(view, BOX);
  return (
    <svg
      className={view.exhausted ? 'funnel full' : 'funnel'}
      width={SVG_WIDTH}
      height={SVG_HEIGHT}
      // Drawn to scale when the card gives it less height (slc.css).
      viewBox={`0 0 ${SVG_WIDTH} ${SVG_HEIGHT}`}
      role="img"
      aria-label={`SLC cache ${occupancyText(view)}`}
    >
      <defs>
        <clipPath id="funnel-clip">
          <path d={g.outline} />
        </clipPath>
        <pattern id="funnel-lost" width="6" height="6" patternUnits="userSpaceOnUse">
          <path d="M0,6 L6,0" stroke="#b8c0cc" strokeWidth="1" />
        </pattern>
        <pattern id="funnel-persistent" width="5" height="5" patternUnits="userSpaceOnUse">
          <path d="M0,5 L5,0" stroke="#ffffff" strokeWidth="1.2" opacity="0.7" />
        </pattern>
      </defs>
      <g transform={`translate(10, ${TOP})`}>
        <Flow x={g.cx} y1={-TOP + 4} y2={-4} mbps={view.inflowMbps} label="host in" />
        <g clipPath="url(#funnel-clip)">
          <rect x={0} width={BOX.width} height={g.spoutBottom} fill="#f3f5f8" />
          <rect
            className="funnel-band"
            x={0}
            width={BOX.width}
            {...g.lost}
            fill="url(#funnel-lost)"
          />
          <rect
            className="funnel-band"
            x={0}
            width={BOX.width}
            {...g.staticUsed}
            fill={SLC_COLORS.static}
          />
          <rect
            className="funnel-band"
            x={0}
            width={BOX.width}
            {...g.dynamicUsed}
            fill={SLC_COLORS.dynamic}
          />
          <rect
            className="funnel-band"
            x={0}
            width={BOX.width}
            {...g.persistent}
            fill={SLC_COLORS.persistent}
            opacity={0.85}
          />
          <rect
            className="funnel-band"
            x={0}
            width={BOX.width}
            {...g.persistent}
            fill="url(#funnel-persistent)"
          />
          {/* The neck: what has drained below the cache is native data. */}
          <rect x={0} y={BOX.height} width={BOX.width} height={g.spoutBottom} fill="#dfe4ea" />
        </g>
        <Levels g={g} />
        <path d={g.outline} fill="none" stroke="#5b6675" strokeWidth={1.5} />
        {view.exhausted && <Spill g={g} />}
        <Flow
          x={g.cx}
          y1={g.spoutBottom + 2}
          y2={g.spoutBottom + 30}
          mbps={view.outflowMbps}
          label="to native"
        />
      </g>
    </svg>
  );
}

function Levels({ g }: { g: FunnelGeometry }) {
  return (
    <g className="funnel-levels">
      <line className="funnel-rim" x1={0} x2={BOX.width} y1={g.rimY} y2={g.rimY} />
      <text x={-8} y={g.rimY - 4} textAnchor="start">
        capacity now
      </text>
      {g.staticTopY < BOX.height && (
        <line
          className="funnel-static-line"
          x1={g.cx - 30}
          x2={g.cx + 30}
          y1={g.staticTopY}
          y2={g.staticTopY}
        />
      )}
    </g>
  );
}

/** Overflow over both lips of the mouth while the cache is full. */
function Spill({ g }: { g: FunnelGeometry }) {
  const left = 0.04 * BOX.width;
  const right = BOX.width - left;
  return (
    <g className="funnel-spill" data-testid="slc-overflow">
      <path d={`M${left},0 q-8,10 -6,34`} />
      <path d={`M${right},0 q8,10 6,34`} />
      <text x={g.cx} y={g.rimY + 16} textAnchor="middle">
        FULL
      </text>
    </g>
  );
}

/** An arrow whose width follows the rate; its dashes move while data flows. */
function Flow(props: { x: number; y1: number; y2: number; mbps: number; label: string }) {
  const active = props.mbps > 0.05;
  const width = active ? Math.min(9, 1.5 + Math.log10(1 + props.mbps) * 2.2) : 1;
  return (
    <g className={active ? 'funnel-flow active' : 'funnel-flow'}>
      <line x1={props.x} x2={props.x} y1={props.y1} y2={props.y2} strokeWidth={width} />
      <path
        d={`M${props.x - 5},${props.y2 - 6} L${props.x},${props.y2} L${props.x + 5},${props.y2 - 6}`}
      />
      <text x={props.x + 10} y={(props.y1 + props.y2) / 2 + 4}>
        {props.label} {formatMbps(props.mbps)}
      </text>
    </g>
  );
}

function SlcStats({ view }: { view: SlcView }) {
  const shrank = shrinkText(view);
  return (
    <dl className="slc-stats">
      <dt>Occupancy</dt>
      <dd
        className="slc-occupancy"
        data-testid="slc-occupancy"
        data-used-bytes={view.usedBytes}
        data-capacity-bytes={view.capacityBytes}
      >
        {occupancyText(view)}
      </dd>
      {shrank && (
        <dd
          className="slc-wide slc-shrank"
          data-testid="slc-shrank"
          data-capacity-at-start-bytes={view.capacityAtStartBytes}
          data-capacity-bytes={view.capacityBytes}
        >
          {shrank}
        </dd>
      )}
      <dt>
        <span className="swatch" style={{ background: SLC_COLORS.static }} /> Static
      </dt>
      <dd>
        {formatBytes(view.staticUsedBytes)} of {formatBytes(view.staticCapacityBytes)}
      </dd>
      <dt>
        <span className="swatch" style={{ background: SLC_COLORS.dynamic }} /> Dynamic
      </dt>
      <dd data-testid="slc-dynamic">
        {dynamicText(view)}
        <span className="slc-note"> (up to {formatBytes(view.dynamicMaxBytes)})</span>
      </dd>
      <dt>
        <span className="swatch" style={{ background: SLC_COLORS.persistent }} /> Persistent
      </dt>
      <dd>{formatBytes(view.persistentBytes)}</dd>
      <dt>Inflow (host)</dt>
      <dd data-testid="slc-inflow">{formatMbps(view.inflowMbps)}</dd>
      <dt>
        Outflow (<Term id="migration">migration</Term>)
      </dt>
      <dd data-testid="slc-outflow">{formatMbps(view.outflowMbps)}</dd>
      <dt>Migrated</dt>
      <dd>{formatBytes(view.migrationBytes)}</dd>
      <dt>Overflow</dt>
      <dd data-testid="slc-cliff-moment" className={view.exhausted ? 'slc-full' : undefined}>
        {view.firstCliff
          ? `after ${formatBytes(view.firstCliff.host_written_bytes)} written, at ${formatSimTime(
              view.firstCliff.t_ms * 1e6,
            )}`
          : 'not yet'}
        {view.exhausted &&
          (view.whenFull === 'fold-then-write'
            ? ' — full: folding before writing'
            : ' — full: writes go straight to native')}
      </dd>
    </dl>
  );
}

/**
 * Each burst's own cache (host bytes it wrote before its cliff) and how
 * much of the first burst's came back after the idle time before it: the
 * core's figures (meta.slc.bursts), shown once a burst has run the cache out.
 * The core keeps up to 64 bursts: the list takes the card's room that is
 * left and scrolls beyond it, so the card fits the screen whatever it lists
 * (slc.css).
 */
function BurstRecovery({ view }: { view: SlcView }) {
  if (!view.bursts.some((burst) => burst.cache_exhausted)) return null;
  const more = view.burstsTotal - view.bursts.length;
  return (
    <section className="slc-bursts-area" aria-label="Cache per burst">
      <h3 className="slc-bursts-title">Cache per burst</h3>
      <ol className="slc-bursts" data-testid="burst-recovery" tabIndex={0}>
        {view.bursts.map((burst, i) => (
          <li
            key={i}
            data-burst={i + 1}
            data-cache-bytes={burst.cache_bytes ?? undefined}
            className={burst.ended ? undefined : 'slc-burst-live'}
          >
            {burstLabel(burst, i + 1, formatBytes)}
            {!burst.ended && burst.cache_exhausted && (
              <span className="slc-note"> (this burst)</span>
            )}
          </li>
        ))}
        {more > 0 && <li className="slc-note">and {more} more bursts</li>}
      </ol>
    </section>
  );
}
