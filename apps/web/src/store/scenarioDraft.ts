// The scenario a user edits, as data: the policy names the simulator
// registers (packages/sim-core/src/ftl/gc/victim_policy_names.h), the
// geometry keys the form exposes, preset index entries and the draft.

export const GC_VICTIM_POLICIES = [
  'greedy',
  'cost_benefit',
  'fifo',
  'random',
  'd_choices',
] as const;
export type GcVictimPolicy = (typeof GC_VICTIM_POLICIES)[number];

export const SCHEDULERS = ['fifo', 'read_priority'] as const;
export type SchedulerName = (typeof SCHEDULERS)[number];

export interface PolicyChoice {
  gcVictim: GcVictimPolicy;
  gcBackground: boolean;
  scheduler: SchedulerName;
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

export interface ScenarioDraft {
  devicePresetId: string | null;
  deviceText: string;
  geometry: Partial<Record<GeometryKey, number>>;
  overprovision: number | null;
  /** Only the policies the user picked; the rest come from the device text. */
  policy: Partial<PolicyChoice>;
  workloadPresetId: string | null;
  fioText: string;
  /** The workload preset's overrides other than the precondition fill. */
  workloadSet: string[];
  preconditionFill: number | null;
}

export const EMPTY_DRAFT: ScenarioDraft = {
  devicePresetId: null,
  deviceText: '',
  geometry: {},
  overprovision: null,
  policy: {},
  workloadPresetId: null,
  fioText: '',
  workloadSet: [],
  preconditionFill: null,
};
