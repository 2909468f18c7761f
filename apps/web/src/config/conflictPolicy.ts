// The read/write conflict controls of seed 000 §2.2.3 as the form offers
// them (the die scheduler, read priority, is a policy of PolicyFields):
// program/erase suspend and resume (`suspend.*`), read-disturb refresh
// (`read_disturb.*`, a threshold per cell mode) and static wear levelling
// (`wear_leveling.static_*`); what the device text says under the user's
// choices, and the overrides a draft sends.
//
// Where each acts (sim-core): suspend in the FlashEngine, so on every
// drive; read-disturb refresh and static wear levelling in the conventional
// controller only (report/result_json.cpp reports zeros for a zoned drive
// and for the classic device). Choices are sent on every drive anyway —
// they are harmless where they do not act — and the panel says where
// they have no effect (conflictControlsApply).

import type { ScenarioDraft } from '../store/scenarioDraft';
import { effectiveClassicPolicy, usesClassicDevice } from './classicPolicy';
import { parseDeviceObject } from './scenario';
import { znsConfigOf } from './znsPolicy';

export const CELL_MODES = ['slc', 'mlc', 'tlc', 'qlc'] as const;
export type CellModeName = (typeof CELL_MODES)[number];

export interface ConflictChoice {
  suspendProgram: boolean;
  suspendErase: boolean;
  suspendUs: number;
  resumeUs: number;
  /** Suspensions one program or erase may take (>= 1). */
  suspendMaxPerOp: number;
  readDisturb: boolean;
  /** Reads of a full block after which it is refreshed, by the drive's cell (>= 1). */
  readDisturbThresholds: Record<CellModeName, number>;
  staticWl: boolean;
  /** Erase-count spread within a plane that triggers a static move (>= 1). */
  staticWlThreshold: number;
}

/** The draft keeps only what the user chose, a threshold per cell mode too. */
export type ConflictPolicyDraft = Partial<Omit<ConflictChoice, 'readDisturbThresholds'>> & {
  readDisturbThresholds?: Partial<Record<CellModeName, number>>;
};

/** device_config.h's defaults. */
export const CONFLICT_DEFAULTS: ConflictChoice = {
  suspendProgram: false,
  suspendErase: false,
  suspendUs: 20,
  resumeUs: 20,
  suspendMaxPerOp: 4,
  readDisturb: false,
  readDisturbThresholds: { slc: 1_000_000, mlc: 100_000, tlc: 50_000, qlc: 20_000 },
  staticWl: false,
  staticWlThreshold: 100,
};

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

const bool = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const micros = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
const wholeAtLeastOne = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

/** The drive's native cell mode (device "cell", default tlc): the one whose threshold applies. */
export function deviceCellMode(draft: ScenarioDraft): CellModeName {
  const cell = parseDeviceObject(draft.deviceText).cell;
  return CELL_MODES.includes(cell as CellModeName) ? (cell as CellModeName) : 'tlc';
}

export function effectiveConflictPolicy(draft: ScenarioDraft): ConflictChoice {
  const device = parseDeviceObject(draft.deviceText);
  const suspend = asObject(device.suspend);
  const disturb = asObject(device.read_disturb);
  const textThresholds = asObject(disturb.threshold_reads);
  const wear = asObject(device.wear_leveling);
  const chosen = draft.conflictPolicy;
  const d = CONFLICT_DEFAULTS;
  const thresholds = { ...d.readDisturbThresholds };
  for (const mode of CELL_MODES) {
    thresholds[mode] =
      chosen.readDisturbThresholds?.[mode] ??
      wholeAtLeastOne(textThresholds[mode]) ??
      d.readDisturbThresholds[mode];
  }
  return {
    suspendProgram: chosen.suspendProgram ?? bool(suspend.program) ?? d.suspendProgram,
    suspendErase: chosen.suspendErase ?? bool(suspend.erase) ?? d.suspendErase,
    suspendUs: chosen.suspendUs ?? micros(suspend.suspend_us) ?? d.suspendUs,
    resumeUs: chosen.resumeUs ?? micros(suspend.resume_us) ?? d.resumeUs,
    suspendMaxPerOp:
      chosen.suspendMaxPerOp ?? wholeAtLeastOne(suspend.max_per_op) ?? d.suspendMaxPerOp,
    readDisturb: chosen.readDisturb ?? bool(disturb.enabled) ?? d.readDisturb,
    readDisturbThresholds: thresholds,
    staticWl: chosen.staticWl ?? bool(wear.static_enabled) ?? d.staticWl,
    staticWlThreshold:
      chosen.staticWlThreshold ?? wholeAtLeastOne(wear.static_threshold) ?? d.staticWlThreshold,
  };
}

export function sameConflictPolicy(a: ConflictChoice, b: ConflictChoice): boolean {
  return (
    a.suspendProgram === b.suspendProgram &&
    a.suspendErase === b.suspendErase &&
    a.suspendUs === b.suspendUs &&
    a.resumeUs === b.resumeUs &&
    a.suspendMaxPerOp === b.suspendMaxPerOp &&
    a.readDisturb === b.readDisturb &&
    CELL_MODES.every((mode) => a.readDisturbThresholds[mode] === b.readDisturbThresholds[mode]) &&
    a.staticWl === b.staticWl &&
    a.staticWlThreshold === b.staticWlThreshold
  );
}

/**
 * Whether read-disturb refresh and static wear levelling act on the
 * draft's drive: only the conventional controller runs them, not a zoned
 * drive's host FTL nor the classic device.
 */
export function conflictControlsApply(draft: ScenarioDraft): boolean {
  return (
    znsConfigOf(draft.deviceText) === null && !usesClassicDevice(effectiveClassicPolicy(draft))
  );
}

/** The suspend.*, read_disturb.* and wear_leveling.static_* overrides of the user's choices. */
export function conflictOverrides(draft: ScenarioDraft): string[] {
  const chosen = draft.conflictPolicy;
  const set: string[] = [];
  const add = (key: string, value: number | boolean | undefined) => {
    if (value !== undefined) set.push(`${key}=${value}`);
  };
  add('suspend.program', chosen.suspendProgram);
  add('suspend.erase', chosen.suspendErase);
  add('suspend.suspend_us', chosen.suspendUs);
  add('suspend.resume_us', chosen.resumeUs);
  add('suspend.max_per_op', chosen.suspendMaxPerOp);
  add('read_disturb.enabled', chosen.readDisturb);
  for (const mode of CELL_MODES) {
    add(`read_disturb.threshold_reads.${mode}`, chosen.readDisturbThresholds?.[mode]);
  }
  add('wear_leveling.static_enabled', chosen.staticWl);
  add('wear_leveling.static_threshold', chosen.staticWlThreshold);
  return set;
}

const THRESHOLD_PREFIX = 'read_disturb.threshold_reads.';

/**
 * Puts a conflict-control override (`key` = `value`, typed as in a
 * scenario's JSON `set`) into the draft's form fields; false when it is
 * not one or the form cannot show its value (it then stays an override).
 */
export function absorbConflictOverride(draft: ScenarioDraft, key: string, value: unknown): boolean {
  const chosen = draft.conflictPolicy;
  const put = <K extends keyof ConflictPolicyDraft>(
    field: K,
    typed: ConflictPolicyDraft[K] | undefined,
  ) => {
    if (typed === undefined) return false;
    chosen[field] = typed;
    return true;
  };
  if (key.startsWith(THRESHOLD_PREFIX)) {
    const mode = key.slice(THRESHOLD_PREFIX.length) as CellModeName;
    const reads = wholeAtLeastOne(value);
    if (!CELL_MODES.includes(mode) || reads === undefined) return false;
    // A fresh object: the draft may share its nested choices with another.
    chosen.readDisturbThresholds = { ...chosen.readDisturbThresholds, [mode]: reads };
    return true;
  }
  switch (key) {
    case 'suspend.program':
      return put('suspendProgram', bool(value));
    case 'suspend.erase':
      return put('suspendErase', bool(value));
    case 'suspend.suspend_us':
      return put('suspendUs', micros(value));
    case 'suspend.resume_us':
      return put('resumeUs', micros(value));
    case 'suspend.max_per_op':
      return put('suspendMaxPerOp', wholeAtLeastOne(value));
    case 'read_disturb.enabled':
      return put('readDisturb', bool(value));
    case 'wear_leveling.static_enabled':
      return put('staticWl', bool(value));
    case 'wear_leveling.static_threshold':
      return put('staticWlThreshold', wholeAtLeastOne(value));
    default:
      return false;
  }
}
