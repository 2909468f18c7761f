// The zones view of a zoned (ZNS) drive (seed 004 §3.3): each zone a strip
// filled to its write pointer in its state's colour, with its open zone
// class as a coloured tag and its valid blocks vs garbage underneath; the
// open and active zones against the drive's limits; resets flash and GC
// reclaims point at the zones their valid blocks were copied to (the
// frame's gc_sources and gc_targets). Shown only while the latest frame
// carries ZnsMeta. React mounts the canvases and draws the figures a few
// times a second; ZonesCanvasController paints the strips.

import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { frameScheduler } from '../app/frameScheduler';
import { formatBytes, formatCount, formatPercent, formatWaf } from '../app/format';
import { choiceLabel } from '../config/choiceLabel';
import { Term } from '../glossary/Term';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { appStore, useAppStore, type AppState } from '../store';
import type { ZnsMeta } from '@flashscope/wasm/protocol';
import { GARBAGE_COLOR, ZONE_STATE_STYLES, classColor, zoneStateStyle } from './zoneColours';
import { ZonesCanvasController } from './zonesCanvasController';
import './zones.css';

const selectZns = (state: AppState) => state.sim.frame?.meta.zns ?? null;
const selectZoneCount = (state: AppState) => state.sim.frame?.meta.zns?.zone_count ?? 0;
const UPDATE_MS = 120;

function maxViewHeight(): number {
  return Math.round(Math.min(420, Math.max(180, window.innerHeight * 0.42)));
}

/** "5 / 14", or "5 (no limit)" when the drive sets none (0). */
export function formatAgainstLimit(count: number, limit: number): string {
  return limit > 0 ? `${count} / ${limit}` : `${count} (no limit)`;
}

interface Hover {
  zone: number;
  x: number;
  y: number;
  /** Show the tooltip left of the pointer (near the right edge). */
  flip: boolean;
}

export function ZonesView() {
  const zoneCount = useAppStore(selectZoneCount);
  if (zoneCount === 0) return null;
  return <ZonesCard />;
}

function ZonesCard() {
  const schema = useAppStore((state) => state.config.schema);
  const stageRef = useRef<HTMLDivElement>(null);
  const staticRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<ZonesCanvasController | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const zns = useThrottledStore(selectZns, UPDATE_MS);

  useEffect(() => {
    const stage = stageRef.current!;
    const controller = new ZonesCanvasController({
      store: appStore,
      scheduler: frameScheduler,
      staticCanvas: staticRef.current!,
      overlayCanvas: overlayRef.current!,
    });
    controllerRef.current = controller;
    const measure = () => controller.resize(stage.clientWidth, maxViewHeight());
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      controller.dispose();
      controllerRef.current = null;
    };
  }, []);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const rect = staticRef.current!.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    const zone = controllerRef.current?.pointerMove(x, y) ?? -1;
    const flip = x > (stageRef.current?.clientWidth ?? 0) * 0.6;
    setHover(zone >= 0 ? { zone, x, y, flip } : null);
  };

  return (
    // zones-card: the whole card, its counters (Open, Active, WAF) above the strips.
    <section className="card zones-card" aria-label="Zones" data-testid="zones-card">
      <header className="card-header">
        <div>
          <h2>Zones</h2>
          {zns && (
            <p className="card-subtitle">
              {zns.zone_count.toLocaleString('en')} zones of{' '}
              {formatBytes(zns.zone_capacity_blocks * 4096)} · placement{' '}
              <span title={choiceLabel(schema, 'zns.placement', zns.placement)}>
                {zns.placement}
              </span>{' '}
              · GC{' '}
              <span title={choiceLabel(schema, 'zns.gc_victim', zns.gc_victim)}>
                {zns.gc_victim}
              </span>{' '}
              · {zns.classes} classes
            </p>
          )}
        </div>
        {zns && <ZoneCounters zns={zns} />}
      </header>
      <div
        ref={stageRef}
        className="zones-stage"
        data-testid="zones-view"
        data-zone-count={zns?.zone_count ?? 0}
        onPointerMove={onPointerMove}
        onPointerLeave={() => {
          controllerRef.current?.pointerLeave();
          setHover(null);
        }}
      >
        <canvas ref={staticRef} className="zones-canvas" />
        <canvas ref={overlayRef} className="zones-canvas zones-overlay" />
        {hover && zns && <ZoneTooltip zns={zns} hover={hover} />}
      </div>
      {zns && <ZonesLegend classes={zns.classes} />}
    </section>
  );
}

function Counter(props: {
  label: string;
  value: string;
  testId?: string;
  title?: string;
  full?: boolean;
}) {
  return (
    <div className={props.full ? 'zone-counter at-limit' : 'zone-counter'} title={props.title}>
      <span className="zone-counter-label">{props.label}</span>
      <span className="zone-counter-value" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}

function ZoneCounters({ zns }: { zns: ZnsMeta }) {
  return (
    <div className="zone-counters">
      <Counter
        label="Open"
        testId="zns-open-count"
        value={formatAgainstLimit(zns.open, zns.max_open)}
        full={zns.max_open > 0 && zns.open >= zns.max_open}
        title="Zones open for writing (implicitly or explicitly) against Maximum Open Resources"
      />
      <Counter
        label="Active"
        testId="zns-active-count"
        value={formatAgainstLimit(zns.active, zns.max_active)}
        full={zns.max_active > 0 && zns.active >= zns.max_active}
        title="Zones open or closed (written, not full) against Maximum Active Resources"
      />
      <Counter label="Resets" testId="zns-resets" value={formatCount(zns.resets)} />
      <Counter label="GC" testId="zns-gc-count" value={formatCount(zns.gc_count)} />
      <Counter
        label="Host FTL WAF"
        testId="zns-waf"
        value={formatWaf(zns.waf, 3)}
        title={`(user + GC writes) ÷ user writes: ${formatBytes(zns.user_write_bytes)} user, ${formatBytes(zns.gc_write_bytes)} GC`}
      />
    </div>
  );
}

function ZoneTooltip(props: { zns: ZnsMeta; hover: Hover }) {
  const { zns, hover } = props;
  const zone = hover.zone;
  const state = zoneStateStyle(zns.state[zone]);
  const wp = zns.wp[zone] ?? 0;
  const valid = zns.valid[zone] ?? 0;
  const zoneClass = zns.class[zone] ?? 0;
  return (
    <div
      className="block-tooltip"
      role="tooltip"
      data-testid="zone-tooltip"
      style={{
        left: hover.x,
        top: hover.y,
        transform: `translate(${hover.flip ? 'calc(-100% - 14px)' : '14px'}, 14px)`,
      }}
    >
      <div className="tooltip-title">Zone {zone.toLocaleString('en')}</div>
      <dl>
        <dt>State</dt>
        <dd>{state?.label ?? `code ${zns.state[zone]}`}</dd>
        <dt>Class</dt>
        <dd>{zoneClass > 0 ? `${zoneClass} of ${zns.classes}` : 'none'}</dd>
        <dt>Write pointer</dt>
        <dd>
          {wp.toLocaleString('en')} / {zns.zone_capacity_blocks.toLocaleString('en')} blocks
        </dd>
        <dt>Valid</dt>
        <dd>
          {valid.toLocaleString('en')} ({wp > 0 ? formatPercent(valid / wp) : '—'} of written)
        </dd>
        <dt>Garbage</dt>
        <dd>{wp > 0 ? formatPercent((wp - valid) / wp) : '—'}</dd>
      </dl>
    </div>
  );
}

function Swatch({ color, label, outline }: { color: string; label: ReactNode; outline?: string }) {
  return (
    <span className="legend-item">
      <span
        className="swatch"
        style={{ background: color, boxShadow: outline ? `inset 0 0 0 2px ${outline}` : undefined }}
      />
      {label}
    </span>
  );
}

function ZonesLegend({ classes }: { classes: number }) {
  const classNumbers = Array.from({ length: classes }, (_, i) => i + 1);
  return (
    <div className="legend zones-legend" data-testid="zones-legend">
      {ZONE_STATE_STYLES.map((entry) => (
        <Swatch
          key={entry.code}
          color={entry.color}
          label={<Term id="zone-states">{entry.label}</Term>}
        />
      ))}
      <span className="legend-item">
        <span className="zone-subbar-key">
          <span style={{ background: ZONE_STATE_STYLES[4].validColor }} />
          <span style={{ background: GARBAGE_COLOR }} />
        </span>
        underneath: valid, then garbage
      </span>
      <span className="legend-item zone-classes">
        class
        {classNumbers.map((c) => (
          <span
            key={c}
            className="zone-class-chip"
            style={{ background: classColor(c, classes) }}
            title={c === 1 ? 'class 1: the hottest data' : c === classes ? 'the coldest class' : ''}
          >
            {c}
          </span>
        ))}
        <span className="legend-note">hot → cold</span>
      </span>
      <Swatch color="#fff3b0" outline="#e0a800" label="reset" />
      <Swatch
        color="transparent"
        outline="#d64545"
        label="GC reclaim → where its blocks went (width: blocks)"
      />
    </div>
  );
}
