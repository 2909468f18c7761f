// The config slice: the scenario the user is editing (the draft) and the one
// the current run was loaded with (applied). The draft keeps the device and
// workload text as the user typed it plus overrides from the form, which
// travel to the worker as dotted-key `set` entries (like the CLI's --set);
// that way an edit never rewrites the user's text and error line numbers
// still point into it.

import {
  effectiveClassicPolicy,
  sameClassicPolicy,
  withClassicChoice,
  type ClassicPolicyChoice,
} from '../config/classicPolicy';
import {
  effectiveConflictPolicy,
  sameConflictPolicy,
  type ConflictPolicyDraft,
} from '../config/conflictPolicy';
import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { effectivePolicy, samePolicy } from '../config/deviceValues';
import { effectiveSlcPolicy, sameSlcPolicy, type SlcPolicyChoice } from '../config/slcPolicy';
import { effectiveZnsPolicy, sameZnsPolicy, type ZnsPolicyChoice } from '../config/znsPolicy';
import type { SliceGet, SliceSet } from './appState';
import {
  EMPTY_DRAFT,
  type DevicePresetEntry,
  type GeometryKey,
  type PolicyChoice,
  type ScenarioDraft,
  type ScenarioEntry,
  type WorkloadPresetEntry,
} from './scenarioDraft';

export * from './scenarioDraft';

export interface ConfigSlice {
  devicePresets: DevicePresetEntry[];
  workloadPresets: WorkloadPresetEntry[];
  scenarios: ScenarioEntry[];
  /**
   * The core's device schema (defaults, limits, choices and labels), asked
   * of the worker once at startup; null until then, and the form waits.
   */
  schema: DeviceSchema | null;
  draft: ScenarioDraft;
  applied: ScenarioDraft | null;
  /** A policy changed while a run was loaded: the UI offers to restart with it. */
  restartOffered: boolean;

  schemaLoaded(schema: DeviceSchema): void;
  presetsLoaded(devices: DevicePresetEntry[], workloads: WorkloadPresetEntry[]): void;
  selectDevicePreset(id: string, deviceText: string): void;
  editDeviceText(deviceText: string): void;
  setGeometry(key: GeometryKey, value: number | undefined): void;
  setOverprovision(value: number | null): void;
  setPolicy(patch: Partial<PolicyChoice>): void;
  setSlcPolicy(patch: Partial<SlcPolicyChoice>): void;
  setZnsPolicy(patch: Partial<ZnsPolicyChoice>): void;
  /** Picking C-lash also picks block mapping, and another mapping drops C-lash (withClassicChoice). */
  setClassicPolicy(patch: Partial<ClassicPolicyChoice>): void;
  setConflictPolicy(patch: ConflictPolicyDraft): void;
  scenariosLoaded(scenarios: ScenarioEntry[]): void;
  /** Replaces the whole draft with a scenario file's (see config/scenarioFile.ts). */
  selectScenario(draft: ScenarioDraft): void;
  selectWorkloadPreset(id: string, fioText: string, set: string[]): void;
  editFioText(fioText: string): void;
  /**
   * A workload template's fio job (config/BurstTemplateFields.tsx) in place of the draft's, as
   * choosing a workload preset puts its job in, but keeping the fill level and the other
   * overrides the template was sized with.
   */
  applyWorkloadTemplate(fioText: string): void;
  /** Drops a scenario's generator workload: the draft's fio job runs again. */
  dropWorkloadGenerator(): void;
  setPreconditionFill(value: number | null): void;
  markApplied(draft: ScenarioDraft): void;
  dismissRestartOffer(): void;
}

const PRECONDITION_FILL = 'precondition.fill=';

/** The draft would run other policies than the applied run. */
function policiesDiffer(
  draft: ScenarioDraft,
  applied: ScenarioDraft | null,
  schema: DeviceSchema | null,
): boolean {
  if (applied === null || schema === null) return false;
  const differ = <T>(
    effective: (d: ScenarioDraft, s: DeviceSchema) => T,
    same: (a: T, b: T) => boolean,
  ) => !same(effective(draft, schema), effective(applied, schema));
  return (
    differ(effectivePolicy, samePolicy) ||
    differ(effectiveSlcPolicy, sameSlcPolicy) ||
    differ(effectiveZnsPolicy, sameZnsPolicy) ||
    differ(effectiveClassicPolicy, sameClassicPolicy) ||
    differ(effectiveConflictPolicy, sameConflictPolicy)
  );
}

export function createConfigSlice(set: SliceSet<'config'>, get: SliceGet<'config'>): ConfigSlice {
  const editDraft = (patch: Partial<ScenarioDraft>) =>
    set((config) => ({ draft: { ...config.draft, ...patch } }));

  return {
    devicePresets: [],
    workloadPresets: [],
    scenarios: [],
    schema: null,
    draft: EMPTY_DRAFT,
    applied: null,
    restartOffered: false,

    schemaLoaded: (schema) => set({ schema }),
    presetsLoaded: (devicePresets, workloadPresets) => set({ devicePresets, workloadPresets }),

    // Geometry and capacity belong to a device, so a new preset drops their
    // overrides; policies are the user's choice and survive the switch.
    selectDevicePreset: (id, deviceText) =>
      editDraft({
        scenarioId: null,
        devicePresetId: id,
        deviceText,
        geometry: {},
        overprovision: null,
      }),
    editDeviceText: (deviceText) => editDraft({ deviceText }),

    setGeometry: (key, value) => {
      const geometry = { ...get().draft.geometry };
      if (value === undefined) delete geometry[key];
      else geometry[key] = value;
      editDraft({ geometry });
    },
    setOverprovision: (overprovision) => editDraft({ overprovision }),

    // Offers a restart while the run uses another policy than the draft;
    // changing back to the running policy withdraws the offer.
    setPolicy: (patch) => {
      const { draft, applied } = get();
      const next = { ...draft, policy: { ...draft.policy, ...patch } };
      set({ draft: next, restartOffered: policiesDiffer(next, applied, get().schema) });
    },
    setSlcPolicy: (patch) => {
      const { draft, applied } = get();
      const next = { ...draft, slcPolicy: { ...draft.slcPolicy, ...patch } };
      set({ draft: next, restartOffered: policiesDiffer(next, applied, get().schema) });
    },
    setZnsPolicy: (patch) => {
      const { draft, applied } = get();
      const next = { ...draft, znsPolicy: { ...draft.znsPolicy, ...patch } };
      set({ draft: next, restartOffered: policiesDiffer(next, applied, get().schema) });
    },
    setClassicPolicy: (patch) => {
      const { draft, applied, schema } = get();
      if (schema === null) return; // the form waits for the schema
      const consistent = withClassicChoice(effectiveClassicPolicy(draft, schema), patch);
      const next = { ...draft, classicPolicy: { ...draft.classicPolicy, ...consistent } };
      set({ draft: next, restartOffered: policiesDiffer(next, applied, get().schema) });
    },
    setConflictPolicy: (patch) => {
      const { draft, applied } = get();
      const chosen = draft.conflictPolicy;
      const readDisturbThresholds = patch.readDisturbThresholds
        ? { ...chosen.readDisturbThresholds, ...patch.readDisturbThresholds }
        : chosen.readDisturbThresholds;
      const conflictPolicy = { ...chosen, ...patch, readDisturbThresholds };
      if (readDisturbThresholds === undefined) delete conflictPolicy.readDisturbThresholds;
      const next = { ...draft, conflictPolicy };
      set({ draft: next, restartOffered: policiesDiffer(next, applied, get().schema) });
    },
    scenariosLoaded: (scenarios) => set({ scenarios }),
    selectScenario: (draft) => set({ draft }),

    selectWorkloadPreset: (id, fioText, presetSet) => {
      const fill = presetSet.find((entry) => entry.startsWith(PRECONDITION_FILL));
      editDraft({
        scenarioId: null,
        workloadPresetId: id,
        fioText,
        workloadGenerator: null,
        workloadSet: presetSet.filter((entry) => !entry.startsWith(PRECONDITION_FILL)),
        preconditionFill: fill ? Number(fill.slice(PRECONDITION_FILL.length)) : null,
      });
    },
    editFioText: (fioText) => editDraft({ fioText }),
    applyWorkloadTemplate: (fioText) =>
      editDraft({ scenarioId: null, workloadPresetId: null, fioText, workloadGenerator: null }),
    dropWorkloadGenerator: () => editDraft({ workloadGenerator: null }),
    setPreconditionFill: (preconditionFill) => editDraft({ preconditionFill }),

    markApplied: (draft) => set({ applied: draft, restartOffered: false }),
    dismissRestartOffer: () => set({ restartOffered: false }),
  };
}
