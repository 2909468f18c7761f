// The row of key figures above the device view.

import { useMemo, type ReactNode } from 'react';
import { Term } from '../glossary/Term';
import { useThrottledStore } from '../hooks/useThrottledStore';
import type { AppState } from '../store';
import {
  formatCount,
  formatInterval,
  formatLatencyUs,
  formatMbps,
  formatSimTime,
  formatWaf,
} from './format';
import { gcRunsLabel, keyFigures } from './computeKeyFigures';
import { paddingNote, wafBelowOneNote } from './wafNotes';

const selectSim = (state: AppState) => state.sim;

/** "last 200 ms": the simulated time a recent rate covers (the series' interval decides it). */
function lastText(ms: number): string {
  return Number.isFinite(ms) ? `last ${formatInterval(ms)}` : 'recent';
}

function Figure(props: { label: ReactNode; value: string; note?: ReactNode; testId: string }) {
  return (
    <div className="figure">
      <div className="figure-label">{props.label}</div>
      <div className="figure-value" data-testid={props.testId}>
        {props.value}
      </div>
      {props.note && <div className="figure-note">{props.note}</div>}
    </div>
  );
}

/**
 * The GC engine's other relocations, counted apart from GC runs: the device
 * view outlines their blocks too (in their own colours).
 */
function OtherRelocations({ figures }: { figures: ReturnType<typeof keyFigures> }) {
  if (figures.refreshes === null && figures.wearLevelingMoves === null) return null;
  return (
    <>
      {figures.refreshes !== null && (
        <>
          + <span data-testid="metric-refreshes">{figures.refreshes.toLocaleString('en')}</span>{' '}
          <Term id="read-disturb">refreshes</Term>{' '}
        </>
      )}
      {figures.wearLevelingMoves !== null && (
        <>
          +{' '}
          <span data-testid="metric-wear-leveling-moves">
            {figures.wearLevelingMoves.toLocaleString('en')}
          </span>{' '}
          <Term id="wear-levelling">wear-levelling moves</Term>
        </>
      )}
    </>
  );
}

export function KeyFiguresRow() {
  const sim = useThrottledStore(selectSim, 200);
  const figures = useMemo(() => keyFigures(sim), [sim]);
  const hasData = sim.series.length > 0;
  const meta = sim.frame?.meta;
  const wafNote = wafBelowOneNote(figures.waf, meta?.write_buffer);
  const padding = paddingNote(meta?.programs_by_cause);
  return (
    <div className="figures" aria-label="Key figures" data-testid="key-figures">
      <Figure
        label={<Term id="waf">WAF</Term>}
        testId="metric-waf"
        value={formatWaf(figures.waf)}
        note={
          padding ? (
            <Term id="padding">
              <span data-testid="waf-padding-share">{padding}</span>
            </Term>
          ) : (
            'NAND ÷ host bytes'
          )
        }
      />
      <Figure
        label={<Term id="iops">IOPS</Term>}
        testId="metric-iops"
        value={hasData ? formatCount(figures.iops) : '—'}
        note={
          Number.isFinite(figures.runIops)
            ? `run avg ${formatCount(figures.runIops)}`
            : lastText(figures.recentMs)
        }
      />
      <Figure
        label={<Term id="throughput">Throughput</Term>}
        testId="metric-mbps"
        value={hasData ? formatMbps(figures.mbps) : '—'}
        note={
          <>
            {lastText(figures.recentMs)} ·{' '}
            <span data-testid="metric-mbps-smoothed">
              {Number.isFinite(figures.mbpsSmoothed) ? formatMbps(figures.mbpsSmoothed) : '—'}
            </span>{' '}
            over {Number.isFinite(figures.smoothedMs) ? formatInterval(figures.smoothedMs) : '1 s'}
          </>
        }
      />
      <Figure
        label={
          <>
            <Term id="qos">p99</Term> <Term id="latency">latency</Term>
          </>
        }
        testId="metric-p99"
        value={formatLatencyUs(figures.p99Us)}
        note={
          figures.p99Op && Number.isFinite(figures.p50Us)
            ? `${figures.p99Op}s · p50 ${formatLatencyUs(figures.p50Us)}`
            : 'whole run'
        }
      />
      <Figure
        label={
          <>
            Free <Term id="block-page">blocks</Term>
          </>
        }
        testId="metric-free-blocks"
        value={figures.freeBlocks === null ? '—' : figures.freeBlocks.toLocaleString('en')}
        note={figures.totalBlocks ? `of ${figures.totalBlocks.toLocaleString('en')}` : undefined}
      />
      <Figure
        label={
          <Term id={figures.gcRunsKind === 'merges' ? 'merge' : 'gc'}>
            <span data-testid="metric-gc-runs-label">{gcRunsLabel(figures.gcRunsKind)}</span>
          </Term>
        }
        testId="metric-gc-runs"
        value={figures.gcRuns.toLocaleString('en')}
        note={
          figures.gcRunsKind === 'merges' ? (
            'classic FTL: not on the GC timeline'
          ) : (
            <OtherRelocations figures={figures} />
          )
        }
      />
      <Figure label="Simulated time" testId="sim-time" value={formatSimTime(figures.simTimeNs)} />
      {wafNote && (
        // The whole row's width: the sentence names byte counts, too long for a figure's note.
        <p className="figures-note">
          <Term id="waf-below-one">
            <span data-testid="waf-note">{wafNote}</span>
          </Term>
        </p>
      )}
    </div>
  );
}
