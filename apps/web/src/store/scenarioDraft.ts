import type { WorkloadGenerator } from '@flashscope/wasm/protocol';
import type { ClassicPolicyChoice } from '../config/classicPolicy';
import type { ConflictPolicyDraft } from '../config/conflictPolicy';
import type { SlcPolicyChoice } from '../config/slcPolicy';
import type { ZnsPolicyChoice } from '../config/znsPolicy';

// The scenario a user edits, as data: the geometry keys the form exposes,
// preset index entries and the draft. Policy names are the core's (the
// device schema's choices), so they are plain strings here.

export interface PolicyChoice {
  gcVictim: string;
  gcBackground: boolean;
  scheduler: string;
}

export const GEOMETRY_KEYS = [
  'channels',
  'dies_per_channel',
  'planes_per_die',
  'blocks_per_plane',
  'pages_per_block',
] as const;
export type GeometryKey = (typeof GEOMETRY_KEYS)[number];

export interface DevicePresetEntry {
  id: string;
  file: string;
  label: string;
}

export interface WorkloadPresetEntry {
  id: string;
  file: string;
  label: string;
  /** Dotted-key overrides the workload needs, e.g. "precondition.fill=0.9". */
  set: string[];
}

/** A file of public/scenarios (the index is made at build time: scenarioIndexPlugin). */
export interface ScenarioEntry {
  /** The file name without .json. */
  id: string;
  file: string;
  name: string;
  description: string;
  /** Research references behind the scenario (shown as a "Sources" note, not in the description). */
  sources?: string[];
}

export interface ScenarioDraft {
  /** The scenario file the draft came from; null once a preset is chosen instead. */
  scenarioId: string | null;
  devicePresetId: string | null;
  deviceText: string;
  geometry: Partial<Record<GeometryKey, number>>;
  overprovision: number | null;
  /** Only the policies the user picked; the rest come from the device text. */
  policy: Partial<PolicyChoice>;
  /** Likewise for the SLC cache (sent only when the device has one). */
  slcPolicy: Partial<SlcPolicyChoice>;
  /** Likewise for a zoned drive's host FTL (sent only when the device is zoned). */
  znsPolicy: Partial<ZnsPolicyChoice>;
  /** Likewise for the mapping scheme and write cache (none sent for a zoned drive). */
  classicPolicy: Partial<ClassicPolicyChoice>;
  /** Likewise for the read/write conflict controls (suspend, read disturb, static WL). */
  conflictPolicy: ConflictPolicyDraft;
  workloadPresetId: string | null;
  fioText: string;
  /**
   * A scenario's generator workload (its "workload" object): while set, it
   * runs instead of fioText. Choosing a workload preset drops it.
   */
  workloadGenerator: WorkloadGenerator | null;
  /** The workload preset's overrides other than the precondition fill. */
  workloadSet: string[];
  preconditionFill: number | null;
}

export const EMPTY_DRAFT: ScenarioDraft = {
  scenarioId: null,
  devicePresetId: null,
  deviceText: '',
  geometry: {},
  overprovision: null,
  policy: {},
  slcPolicy: {},
  znsPolicy: {},
  classicPolicy: {},
  conflictPolicy: {},
  workloadPresetId: null,
  fioText: '',
  workloadGenerator: null,
  workloadSet: [],
  preconditionFill: null,
};
