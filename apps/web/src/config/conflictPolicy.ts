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

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import type { ScenarioDraft } from '../store/scenarioDraft';
import { asObject } from '../util/json';
import { effectiveClassicPolicy, usesClassicDevice } from './classicPolicy';
import { booleanDefault, isChoice, keysAt, numberDefault, stringDefault } from './deviceSchema';
import { parseDeviceObject, znsConfigOf } from './deviceText';

/** A cell mode the core names ("slc", "tlc", ...): the device's "cell" choices. */
export type CellModeName = string;

const THRESHOLDS = 'read_disturb.threshold_reads';

/** The cell modes with a read-disturb threshold, as the core's schema lists them. */
export function cellModes(schema: DeviceSchema): string[] {
  return keysAt(schema, THRESHOLDS);
}

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

/** The core's defaults (its device schema) for every conflict control. */
export function conflictDefaults(schema: DeviceSchema): ConflictChoice {
  const thresholds: Record<CellModeName, number> = {};
  for (const mode of cellModes(schema)) {
    thresholds[mode] = numberDefault(schema, `${THRESHOLDS}.${mode}`);
  }
  return {
    suspendProgram: booleanDefault(schema, 'suspend.program'),
    suspendErase: booleanDefault(schema, 'suspend.erase'),
    suspendUs: numberDefault(schema, 'suspend.suspend_us'),
    resumeUs: numberDefault(schema, 'suspend.resume_us'),
    suspendMaxPerOp: numberDefault(schema, 'suspend.max_per_op'),
    readDisturb: booleanDefault(schema, 'read_disturb.enabled'),
    readDisturbThresholds: thresholds,
    staticWl: booleanDefault(schema, 'wear_leveling.static_enabled'),
    staticWlThreshold: numberDefault(schema, 'wear_leveling.static_threshold'),
  };
}

const bool = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const micros = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
const wholeAtLeastOne = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

/** The drive's native cell mode (device "cell", default tlc): the one whose threshold applies. */
export function deviceCellMode(draft: ScenarioDraft, schema: DeviceSchema): CellModeName {
  const cell = parseDeviceObject(draft.deviceText).cell;
  return isChoice(schema, 'cell', cell) ? cell : stringDefault(schema, 'cell');
}

export function effectiveConflictPolicy(
  draft: ScenarioDraft,
  schema: DeviceSchema,
): ConflictChoice {
  const device = parseDeviceObject(draft.deviceText);
  const suspend = asObject(device.suspend);
  const disturb = asObject(device.read_disturb);
  const textThresholds = asObject(disturb.threshold_reads);
  const wear = asObject(device.wear_leveling);
  const chosen = draft.conflictPolicy;
  const d = conflictDefaults(schema);
  const thresholds = { ...d.readDisturbThresholds };
  for (const mode of Object.keys(thresholds)) {
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
  const modes = new Set([
    ...Object.keys(a.readDisturbThresholds),
    ...Object.keys(b.readDisturbThresholds),
  ]);
  return (
    a.suspendProgram === b.suspendProgram &&
    a.suspendErase === b.suspendErase &&
    a.suspendUs === b.suspendUs &&
    a.resumeUs === b.resumeUs &&
    a.suspendMaxPerOp === b.suspendMaxPerOp &&
    a.readDisturb === b.readDisturb &&
    [...modes].every((mode) => a.readDisturbThresholds[mode] === b.readDisturbThresholds[mode]) &&
    a.staticWl === b.staticWl &&
    a.staticWlThreshold === b.staticWlThreshold
  );
}

/**
 * Whether read-disturb refresh and static wear levelling act on the
 * draft's drive: only the conventional controller runs them, not a zoned
 * drive's host FTL nor the classic device.
 */
export function conflictControlsApply(draft: ScenarioDraft, schema: DeviceSchema): boolean {
  return (
    znsConfigOf(draft.deviceText) === null &&
    !usesClassicDevice(effectiveClassicPolicy(draft, schema))
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
  // By name, so the same choices send the same list whatever order they were made in.
  const thresholds = Object.entries(chosen.readDisturbThresholds ?? {});
  for (const [mode, reads] of thresholds.sort(([a], [b]) => a.localeCompare(b))) {
    add(`read_disturb.threshold_reads.${mode}`, reads);
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
export function absorbConflictOverride(
  draft: ScenarioDraft,
  key: string,
  value: unknown,
  schema: DeviceSchema,
): boolean {
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
    const mode = key.slice(THRESHOLD_PREFIX.length);
    const reads = wholeAtLeastOne(value);
    if (!cellModes(schema).includes(mode) || reads === undefined) return false;
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
