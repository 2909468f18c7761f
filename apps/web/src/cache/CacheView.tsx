// The cache view of a classic FTL / write-cache drive (issue 7, seed 002):
// the write cache filling — for C-lash its page space, coloured by its
// largest page sets (the next one to move to block space first), and its
// block-space slots, each a block filling up and flashing when it leaves
// for flash — DFTL's cached mapping table (hits, misses, dirty evictions
// that cost a translation-page write), and the merges of the log-block FTLs.
// Shown only while the latest frame carries ClassicMeta; redrawn a few times
// a second from the throttled store.

import { useMemo, useState } from 'react';
import { formatBytes, formatCount, formatLatencyUs, formatPercent } from '../app/format';
import { Term } from '../glossary/Term';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { useAppStore, type AppState } from '../store';
import type { ClassicMeta } from '@flashscope/wasm/protocol';
import {
  MERGE_KINDS,
  cacheView,
  type BlockSlotView,
  type CacheViewModel,
  type MappingCacheView,
  type WriteCacheView,
} from './cacheFigures';
import './cache.css';

const selectMeta = (state: AppState) => state.sim.frame?.meta ?? null;
const UPDATE_MS = 120;
/** Page-set colours, largest set first (the next to move to block space). */
const SET_COLOURS = [
  '#d9822b',
  '#2f64a8',
  '#3f9b6e',
  '#8c5bb5',
  '#c2536b',
  '#4f9fb8',
  '#a08a3c',
  '#6b7a8f',
];

export function CacheView() {
  const frameMeta = useThrottledStore(selectMeta, UPDATE_MS);
  const meta = frameMeta?.classic ?? null;
  // The meta of the previous distinct update, kept as React's "previous
  // render" state (set during render, which React supports for this).
  const [history, setHistory] = useState<{ now: ClassicMeta | null; before: ClassicMeta | null }>({
    now: meta,
    before: null,
  });
  if (history.now !== meta) setHistory({ now: meta, before: history.now });
  const before = history.now === meta ? history.before : history.now;
  const schema = useAppStore((state) => state.config.schema);
  const view = useMemo(
    () => (meta ? cacheView(meta, before, schema) : null),
    [meta, before, schema],
  );
  if (!view || !frameMeta) return null;
  // The core's figure (the result's mean_response_us), null before any I/O.
  const response = frameMeta.mean_response_us ?? null;
  return (
    <section className="card cache-card" data-testid="cache-view" aria-label="Write cache and FTL">
      <header className="card-header">
        <div>
          <h2>Write cache and FTL</h2>
          <p className="card-subtitle">
            {view.cache && `${view.cache.label}, ${formatBytes(view.cache.capacityBytes)}, over `}
            <MappingName mapping={view.mapping} label={view.mappingLabel} />
            {!view.cache && ', no write cache'}
          </p>
        </div>
        <div className="cache-response">
          <span className="figure-label">Mean response (reads and writes)</span>
          {/* data-sim-time-ns: the moment the figure is of (tests wait for the last frame's). */}
          <span
            className="figure-value"
            data-testid="cache-mean-response"
            data-sim-time-ns={frameMeta.sim_time_ns}
          >
            {response === null ? '—' : formatLatencyUs(response)}
          </span>
        </div>
      </header>
      <div className="cache-body">
        {view.cache && <WriteCachePanel cache={view.cache} />}
        {view.cmt && <MappingCachePanel cmt={view.cmt} />}
        <MergesPanel view={view} />
      </div>
    </section>
  );
}

function Bar({
  fill,
  label,
  testId,
  children,
}: {
  fill: number;
  label: string;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="cache-bar" data-testid={testId} data-fill={fill.toFixed(4)}>
      <svg
        width="100%"
        height="20"
        viewBox="0 0 100 20"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <rect x={0} y={0} width={100} height={20} className="cache-bar-track" />
        {children ?? <rect x={0} y={0} width={fill * 100} height={20} className="cache-bar-fill" />}
      </svg>
      <span className="cache-bar-label">{label}</span>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="cache-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function ratioText(ratio: number | null): string {
  return ratio === null ? '—' : formatPercent(ratio);
}

/** The glossary entry of each mapping scheme that has one. */
const MAPPING_TERMS: Record<string, string> = { page: 'page-mapping', dftl: 'dftl', fast: 'fast' };

function MappingName({ mapping, label }: { mapping: string; label: string }) {
  const term = MAPPING_TERMS[mapping];
  return term ? <Term id={term}>{label}</Term> : <>{label}</>;
}

function WriteCachePanel({ cache }: { cache: WriteCacheView }) {
  const clash = cache.blockSpace !== null;
  return (
    <div className="cache-panel">
      <h3>{clash ? <Term id="clash">C-lash</Term> : cache.label}</h3>
      <Bar
        fill={cache.pages.fill}
        testId="cache-page-space"
        label={`${clash ? 'page space ' : ''}${formatCount(cache.pages.used)} / ${formatCount(cache.pages.capacity)} pages`}
      >
        {clash ? <PageSets cache={cache} /> : undefined}
      </Bar>
      {clash && cache.pageSets.length > 0 && (
        <p className="field-note" data-testid="cache-next-set">
          Next to block space: block {cache.pageSets[0].block} ({cache.pageSets[0].pages} pages)
        </p>
      )}
      {cache.blockSpace && <BlockSpace slots={cache.blockSpace} />}
      <dl className="cache-figures">
        <Figure label="Hit ratio" value={ratioText(cache.hitRatio)} testId="cache-hit-ratio" />
        <Figure
          label="Hits / misses"
          value={`${formatCount(cache.hits)} / ${formatCount(cache.misses)}`}
        />
        <Figure label="Pages evicted" value={formatCount(cache.evictedPages)} />
        {(clash || cache.policy === 'bplru') && (
          <Figure
            label="Blocks to flash"
            value={formatCount(cache.evictedBlocks)}
            testId="cache-evicted-blocks"
          />
        )}
        {(clash || cache.policy === 'bplru') && (
          <Figure
            label={clash ? 'Late-merge reads' : 'Padding reads'}
            value={formatCount(cache.fillPages)}
          />
        )}
        {clash && (
          <Figure
            label="Sets moved / swaps"
            value={`${formatCount(cache.setMoves)} / ${formatCount(cache.swaps)}`}
          />
        )}
      </dl>
    </div>
  );
}

function PageSets({ cache }: { cache: WriteCacheView }) {
  return (
    <>
      {cache.pageSets.map((set, i) => (
        <rect
          key={set.block}
          x={set.offset * 100}
          y={0}
          width={set.share * 100}
          height={20}
          fill={SET_COLOURS[i % SET_COLOURS.length]}
          stroke="#fff"
          strokeWidth={0.3}
        >
          <title>{`block ${set.block}: ${set.pages} pages`}</title>
        </rect>
      ))}
      {/* The smaller sets, not listed one by one. */}
      <rect
        x={(cache.pages.fill - cache.otherSetsShare) * 100}
        y={0}
        width={cache.otherSetsShare * 100}
        height={20}
        className="cache-bar-fill"
      />
    </>
  );
}

function BlockSpace({ slots }: { slots: BlockSlotView[] }) {
  return (
    <div className="cache-block-space" data-testid="cache-block-space">
      <span className="cache-space-title">block space</span>
      <div className="cache-slots">
        {slots.map((slot, i) => (
          <div
            // A changed slot gets a fresh element, so its flash animation replays.
            key={`${i}:${slot.block ?? 'free'}`}
            className={`cache-slot${slot.block === null ? ' free' : ''}${slot.changed ? ' changed' : ''}`}
            data-testid="cache-slot"
            data-block={slot.block ?? ''}
            data-pages={slot.pages}
            title={slot.block === null ? 'free' : `block ${slot.block}: ${slot.pages} pages cached`}
          >
            <div className="cache-slot-fill" style={{ height: `${slot.fill * 100}%` }} />
            <span>{slot.block === null ? 'free' : `#${slot.block}`}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function MappingCachePanel({ cmt }: { cmt: MappingCacheView }) {
  return (
    <div className="cache-panel" data-testid="cmt-view">
      <h3>
        <Term id="dftl">DFTL</Term> mapping cache
      </h3>
      <Bar
        fill={cmt.fill}
        testId="cmt-fill"
        label={`${formatCount(cmt.cached)} / ${formatCount(cmt.capacity)} entries`}
      />
      <dl className="cache-figures">
        <Figure label="Hit ratio" value={ratioText(cmt.hitRatio)} testId="cmt-hit-ratio" />
        <Figure label="Hits" value={formatCount(cmt.hits)} testId="cmt-hits" />
        <Figure
          label="Misses (translation reads)"
          value={formatCount(cmt.misses)}
          testId="cmt-misses"
        />
        <Figure
          label="Dirty evictions (translation writes)"
          value={formatCount(cmt.dirtyEvictions)}
          testId="cmt-dirty-evictions"
        />
        <Figure label="Clean evictions" value={formatCount(cmt.cleanEvictions)} />
        <Figure
          label="Translation pages read / written"
          value={`${formatCount(cmt.translationReads)} / ${formatCount(cmt.translationWrites)}`}
        />
      </dl>
    </div>
  );
}

const MERGE_LABELS: Record<(typeof MERGE_KINDS)[number], string> = {
  switch: 'Switch',
  partial: 'Partial',
  full: 'Full',
  copy: 'Block copy',
};

function MergesPanel({ view }: { view: CacheViewModel }) {
  const largest = Math.max(1, ...MERGE_KINDS.map((kind) => view.merges[kind]));
  return (
    <div className="cache-panel" data-testid="merge-counts">
      <h3>
        <Term id="merge">Merges</Term> and <Term id="erase">erases</Term>
      </h3>
      <dl className="cache-figures">
        <Figure
          label="Block erases"
          value={formatCount(view.blockErases)}
          testId="cache-block-erases"
        />
      </dl>
      {view.totalMerges === 0 ? (
        <p className="field-note">
          {view.mapping === 'page' || view.mapping === 'dftl'
            ? 'A page-mapped FTL never merges: garbage collection moves valid pages instead.'
            : 'No merge yet.'}
        </p>
      ) : (
        <dl className="cache-merges">
          {MERGE_KINDS.map((kind) => (
            <div key={kind} className="cache-merge">
              <dt>{MERGE_LABELS[kind]}</dt>
              <dd data-testid={`merge-${kind}`} data-count={view.merges[kind]}>
                <span
                  className="cache-merge-bar"
                  style={{ width: `${(view.merges[kind] / largest) * 100}%` }}
                />
                {formatCount(view.merges[kind])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
