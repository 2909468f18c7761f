// One configuration of a what-if compare, as data: a device (a preset's
// text or the panel's current device), the policies, and free `key=value`
// override lines (the CLI's --set), plus the label the table and charts
// show. Pure helpers turn it into the device overrides a LoadRequest takes.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { classicOverrides } from '../config/classicPolicy';
import { conflictOverrides } from '../config/conflictPolicy';
import { slcCacheOf, znsConfigOf } from '../config/deviceText';
import { effectivePolicy } from '../config/deviceValues';
import { deviceOverridesOf } from '../config/scenario';
import { effectiveSlcPolicy, type SlcPolicyChoice } from '../config/slcPolicy';
import { znsOverrides } from '../config/znsPolicy';
import {
  EMPTY_DRAFT,
  GEOMETRY_KEYS,
  type PolicyChoice,
  type ScenarioDraft,
} from '../store/scenarioDraft';

/** At most this many configurations run side by side (one worker each). */
export const MAX_COMPARE_CONFIGS = 4;
export const MIN_COMPARE_CONFIGS = 2;

export interface CompareConfig {
  /** Stable React key and store key ("c1", "c2", …). */
  id: string;
  label: string;
  /** False while the label is the generated one (it then follows the device and GC policy). */
  labelEdited: boolean;
  /** The preset the device text came from; null: the panel's device at the time it was taken. */
  devicePresetId: string | null;
  deviceText: string;
  /** The file name errors cite ("tlc-8g.json"). */
  deviceName: string;
  policy: PolicyChoice;
  /** Sent only when the device has an SLC cache. */
  slcPolicy: SlcPolicyChoice;
  /** Free override lines, one `key=value` each (# starts a comment). */
  overridesText: string;
}

const ZNS_PLACEMENT_LINE = /^\s*(?:--set\s+)?zns\.placement\s*=\s*(\S+)/m;

/**
 * The generated label: the device and the GC victim policy, e.g. "tlc-8g ·
 * greedy" — or, when an override line picks a zoned drive's placement, that
 * placement ("current device · zbopt").
 */
export function autoLabel(
  config: Pick<CompareConfig, 'devicePresetId' | 'policy'> & { overridesText?: string },
): string {
  const placement = ZNS_PLACEMENT_LINE.exec(config.overridesText ?? '')?.[1];
  return `${config.devicePresetId ?? 'current device'} · ${placement ?? config.policy.gcVictim}`;
}

/** Applies `patch` and refreshes a generated label. */
export function withChanges(config: CompareConfig, patch: Partial<CompareConfig>): CompareConfig {
  const next = { ...config, ...patch };
  if (!next.labelEdited) next.label = autoLabel(next);
  return next;
}

/** Geometry and capacity lines belong to a device: a device switch drops them. */
const DEVICE_SHAPE_KEY = /^\s*(--set\s+)?(geometry\.|overprovision\s*=)/;
const ZNS_KEY = /^\s*(--set\s+)?zns\./;

/**
 * A configuration from the panel's draft (its applied run, usually): the
 * device text, its geometry and capacity overrides as lines, and the
 * policies the run uses (explicitly, so a later edit of the device text
 * cannot change them silently).
 */
export function configFromDraft(
  draft: ScenarioDraft,
  schema: DeviceSchema,
  id: string,
  deviceName = draft.devicePresetId ? `${draft.devicePresetId}.json` : 'device.json',
): CompareConfig {
  const lines: string[] = [];
  for (const key of GEOMETRY_KEYS) {
    const value = draft.geometry[key];
    if (value !== undefined) lines.push(`geometry.${key}=${value}`);
  }
  if (draft.overprovision !== null) lines.push(`overprovision=${draft.overprovision}`);
  // A zoned drive's host FTL choices travel as lines too (none for a conventional drive).
  lines.push(...znsOverrides(draft));
  // So do the mapping scheme, write cache (with the classic device's fixups) and conflict controls.
  lines.push(...classicOverrides(draft, schema), ...conflictOverrides(draft));
  const config: CompareConfig = {
    id,
    label: '',
    labelEdited: false,
    devicePresetId: draft.devicePresetId,
    deviceText: draft.deviceText,
    deviceName,
    policy: effectivePolicy(draft, schema),
    slcPolicy: effectiveSlcPolicy(draft, schema),
    overridesText: lines.join('\n'),
  };
  return withChanges(config, {});
}

/**
 * Switches the device, keeping the policies (like the panel does) and the
 * override lines that are not about the device's shape (nor, for a
 * conventional drive, about zones); `shapeLines` are
 * the new device's own geometry lines (the panel's, for "current device").
 */
export function withDevice(
  config: CompareConfig,
  device: { presetId: string | null; deviceText: string; deviceName: string; shapeLines?: string },
): CompareConfig {
  // A conventional drive takes no zns.* lines: they belong to a zoned one.
  const zoned = znsConfigOf(device.deviceText) !== null;
  const kept = config.overridesText
    .split('\n')
    .filter((line) => !DEVICE_SHAPE_KEY.test(line) && (zoned || !ZNS_KEY.test(line)));
  const lines = [...(device.shapeLines ? device.shapeLines.split('\n') : []), ...kept];
  return withChanges(config, {
    devicePresetId: device.presetId,
    deviceText: device.deviceText,
    deviceName: device.deviceName,
    overridesText: lines.filter((line) => line.trim() !== '').join('\n'),
  });
}

export function copyConfig(config: CompareConfig, id: string): CompareConfig {
  return { ...config, id, labelEdited: false, label: autoLabel(config) };
}

export interface ParsedOverrides {
  set: string[];
  /** "line N: …" for the first line that is not key=value; null when all parse. */
  problem: string | null;
}

const OVERRIDE_LINE = /^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*=\s*(.*)$/;

/**
 * The override lines as --set entries. Blank lines and lines starting with
 * # are skipped; a leading "--set " is accepted (pasted from a CLI call).
 * Whether a key exists is the simulator's call: its error names the key.
 */
export function parseOverrideLines(text: string): ParsedOverrides {
  const set: string[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim().replace(/^--set\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const match = OVERRIDE_LINE.exec(line);
    if (!match || match[2].trim() === '') {
      return { set, problem: `line ${index + 1}: "${line}" is not key=value` };
    }
    set.push(`${match[1]}=${match[2].trim()}`);
  }
  return { set, problem: null };
}

/** The configuration as a draft with its policies chosen (what deviceOverridesOf reads). */
function policyDraft(config: CompareConfig): ScenarioDraft {
  return {
    ...EMPTY_DRAFT,
    devicePresetId: config.devicePresetId,
    deviceText: config.deviceText,
    policy: config.policy,
    // slcOverrides sends these only when the device text has an slc_cache.
    slcPolicy: config.slcPolicy,
  };
}

/**
 * The device overrides a run of `config` sends: the policies first, then
 * the free lines (later --set entries win, so a line can override a policy).
 */
export function deviceSetOf(config: CompareConfig, schema: DeviceSchema): string[] {
  return [
    ...deviceOverridesOf(policyDraft(config), schema),
    ...parseOverrideLines(config.overridesText).set,
  ];
}

export function hasSlcCache(config: Pick<CompareConfig, 'deviceText'>): boolean {
  return slcCacheOf(config.deviceText) !== null;
}

/** Why `config` cannot run (before any worker is asked), or null. */
export function configProblem(config: CompareConfig): string | null {
  if (config.deviceText.trim() === '') return `${config.deviceName}: the device JSON is empty`;
  try {
    const parsed: unknown = JSON.parse(config.deviceText);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return `${config.deviceName}: the device JSON must be an object`;
    }
  } catch (error) {
    return `${config.deviceName}: not valid JSON (${(error as Error).message})`;
  }
  const { problem } = parseOverrideLines(config.overridesText);
  return problem ? `Overrides ${problem}` : null;
}
