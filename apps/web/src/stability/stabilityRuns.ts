// Stability runs side by side (issue 7: "the same drive with greedy vs
// cost-benefit GC, with and without background GC, with and without
// suspend — CV and p99.9 side by side"). Pure helpers: what a run's device
// does about GC and read/write conflicts (the core's effective device under
// the --set overrides it ran with) as a label, a finished run reduced to the figures
// the table shows, and the notes on what a comparison cannot show. The
// variants compared are the core's (fs_stability_defaults, the list of
// `flashscope stability --compare`).

import type { EffectiveDevice } from '@flashscope/wasm/protocol';
import { asObject } from '../util/json';
import type { StabilityResult } from './stabilityResult';

/**
 * What a run's device does about GC and conflicts, as the core has it: the
 * effective device (its JSON under the run's --set overrides, every
 * default filled in) and the GC reserves it derives (layout.cpp).
 */
export interface RunControls {
  gcVictim: string;
  gcBackground: boolean;
  /** gc.pacing: "none" (client: GC in bursts) or "proportional" (enterprise: paced GC). */
  gcPacing: string;
  suspendProgram: boolean;
  suspendErase: boolean;
  scheduler: string;
  blocksPerPlane: number;
  /** Free blocks per plane foreground GC keeps. */
  gcReserveBlocks: number;
  /** Free blocks per plane below which background GC starts. */
  gcBackgroundReserveBlocks: number;
}

/** The controls of an effective device; null when the core could not read it. */
export function runControlsOf(effective: EffectiveDevice): RunControls | null {
  const { device, derived } = effective;
  if (device === null || derived === null) return null;
  const gc = asObject(device.gc);
  const suspend = asObject(device.suspend);
  return {
    gcVictim: String(gc.victim),
    gcBackground: gc.background === true,
    gcPacing: String(gc.pacing),
    suspendProgram: suspend.program === true,
    suspendErase: suspend.erase === true,
    scheduler: String(device.scheduler),
    blocksPerPlane: derived.blocks_per_plane,
    gcReserveBlocks: derived.gc_reserve_blocks_per_plane,
    gcBackgroundReserveBlocks: derived.gc_background_reserve_blocks_per_plane,
  };
}

/**
 * "greedy GC · bg GC · no suspend" (and "· paced GC" under proportional GC
 * pacing, "· read priority" when the die scheduler is).
 */
export function controlsLabel(c: RunControls): string {
  const suspend =
    c.suspendProgram && c.suspendErase
      ? 'P/E suspend'
      : c.suspendProgram
        ? 'program suspend'
        : c.suspendErase
          ? 'erase suspend'
          : 'no suspend';
  const parts = [
    `${c.gcVictim.replace(/_/g, '-')} GC`,
    c.gcBackground ? 'bg GC' : 'no bg GC',
    suspend,
  ];
  if (c.gcPacing === 'proportional') parts.push('paced GC');
  if (c.scheduler !== 'fifo') parts.push(c.scheduler.replace(/_/g, ' '));
  return parts.join(' · ');
}

/** One finished run as the side-by-side table shows it. */
export interface StabilityRunSummary {
  id: number;
  label: string;
  deviceLabel: string;
  workloadLabel: string;
  createdAtMs: number;
  rounds: number;
  /** The round that reached steady state; null when none did. */
  steadyRound: number | null;
  /** Mean of the window's IOPS intervals: the report's Window IOPS (iops_intervals.mean). */
  meanIops: number;
  cv: number | null;
  consistency: number | null;
  readP999Us: number;
  writeP999Us: number;
  /** Mean WAF of the window's rounds (the core's window_waf); null when they wrote nothing. */
  windowWaf: number | null;
  qosPass: boolean;
}

export function summarizeRun(
  result: StabilityResult,
  meta: Pick<StabilityRunSummary, 'id' | 'label' | 'deviceLabel' | 'workloadLabel' | 'createdAtMs'>,
): StabilityRunSummary {
  return {
    ...meta,
    rounds: result.rounds.length,
    steadyRound: result.steady_state.reached ? result.steady_state.round : null,
    meanIops: result.iops_intervals.mean,
    cv: result.cv,
    consistency: result.consistency,
    readP999Us: result.latency_us.read.p999,
    writeP999Us: result.latency_us.write.p999,
    windowWaf: result.window_waf,
    qosPass: result.qos.pass,
  };
}

/** Runs kept in the table; the oldest go first. */
export const HISTORY_LIMIT = 24;

export function appendRun(
  history: readonly StabilityRunSummary[],
  run: StabilityRunSummary,
  limit = HISTORY_LIMIT,
): StabilityRunSummary[] {
  return [...history, run].slice(-limit);
}

/** Which rows hold the lowest value of a column (ties all count); none for null values only. */
export function lowestRows(
  history: readonly StabilityRunSummary[],
  value: (run: StabilityRunSummary) => number | null,
): Set<number> {
  let lowest = Infinity;
  for (const run of history) {
    const v = value(run);
    if (v !== null && v < lowest) lowest = v;
  }
  return new Set(history.filter((run) => value(run) === lowest).map((run) => run.id));
}

/**
 * What the comparison of these controls on this measurement cannot show
 * (the CLI's notes; a job that is not closed-loop is taken as paced).
 * `controls` and `closedLoop` are the core's reading of the device and the
 * job file (effectiveDevice, resolveFio); null when it could not tell.
 */
export function comparisonNotes(
  controls: RunControls | null,
  closedLoop: boolean | null,
  randomPrecondition: number,
): string[] {
  const notes: string[] = [];
  if (closedLoop === true) {
    notes.push(
      'The measurement is closed-loop (no rate_iops or thinktime): the dies are seldom idle, so ' +
        'background GC hardly runs and "no bg GC" differs little from the baseline. Pace the ' +
        'fio job in the panel (e.g. rate_iops) to compare it.',
    );
  }
  if (controls !== null && controls.gcBackgroundReserveBlocks <= controls.gcReserveBlocks) {
    notes.push(
      `On this drive background GC keeps the same ${controls.gcReserveBlocks} free blocks per plane ` +
        `as foreground GC (${controls.blocksPerPlane} blocks per plane), so it never starts first.`,
    );
  }
  if (closedLoop === false && randomPrecondition === 0) {
    notes.push(
      'The job is paced and there is no random preconditioning: rounds at a fixed rate all have ' +
        'the same IOPS, so steady state comes at round 5, possibly while the drive is still ' +
        'fresh (window WAF near 1). Set the random preconditioning to 1× the capacity or more (2× by default, as the enterprise test does).',
    );
  }
  return notes;
}

/** Window WAF below this: the window saw (almost) no GC. */
const FRESH_WAF = 1.1;

/**
 * A note when every one of `runs` measured a drive that did no GC in its
 * window (WAF near 1: the rounds still wrote into free over-provisioning),
 * so GC policies cannot differ; null otherwise, and when a run wrote
 * nothing (no WAF: not a fresh drive's).
 */
export function freshDriveNote(runs: readonly StabilityRunSummary[]): string | null {
  const fresh = (run: StabilityRunSummary) => run.windowWaf !== null && run.windowWaf < FRESH_WAF;
  if (runs.length === 0 || !runs.every(fresh)) return null;
  return (
    'Every run has a window WAF near 1: its rounds still wrote into free space and GC hardly ' +
    'ran, so the GC variants cannot differ. Set the random preconditioning to 1× the capacity or more (2× by default, as the enterprise test does).'
  );
}
