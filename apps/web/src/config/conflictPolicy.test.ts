import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { draftFromShared, sharedConfigOf } from '../share/shareConfig';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import {
  cellModes,
  conflictControlsApply,
  conflictOverrides,
  deviceCellMode,
  effectiveConflictPolicy,
} from './conflictPolicy';
import { overridesOf } from './scenario';
import { checkScenario, draftFromScenario } from './scenarioFile';
import { coreEffectiveDevice, coreSchema } from '../app/testCore';

const schema = coreSchema();

const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');

const draft = (deviceText: string, patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText,
  fioText: '[a]\nrw=randread\n',
  ...patch,
});

describe('read/write conflict controls', () => {
  it("defaults to the core's own: its schema agrees with what the core fills in", () => {
    // The form reads its defaults from the schema; the core's effective
    // device is what a run gets for keys the text leaves out. Both from the
    // real wasm module, so a default changed in the core moves both.
    const core = coreEffectiveDevice(preset('teaching-slc-tiny')).device!;
    const suspend = core.suspend as Record<string, unknown>;
    const disturb = core.read_disturb as { enabled: boolean; threshold_reads: object };
    const wear = core.wear_leveling as Record<string, unknown>;
    expect(effectiveConflictPolicy(draft(preset('teaching-slc-tiny')), schema)).toEqual({
      suspendProgram: suspend.program,
      suspendErase: suspend.erase,
      suspendUs: suspend.suspend_us,
      resumeUs: suspend.resume_us,
      suspendMaxPerOp: suspend.max_per_op,
      readDisturb: disturb.enabled,
      readDisturbThresholds: disturb.threshold_reads,
      staticWl: wear.static_enabled,
      staticWlThreshold: wear.static_threshold,
    });
    // Every cell mode the core has a threshold for is one the form shows.
    expect(cellModes(schema).sort()).toEqual(Object.keys(disturb.threshold_reads).sort());
  });

  it('shows the device text under the user choices', () => {
    const text = JSON.stringify({
      cell: 'qlc',
      suspend: { program: true, suspend_us: 35 },
      read_disturb: { enabled: true, threshold_reads: { qlc: 5000 } },
      wear_leveling: { static_threshold: 40 },
    });
    const shown = effectiveConflictPolicy(
      draft(text, { conflictPolicy: { suspendErase: true, staticWl: true } }),
      schema,
    );
    expect(shown).toMatchObject({
      suspendProgram: true,
      suspendErase: true,
      suspendUs: 35,
      resumeUs: 20,
      readDisturb: true,
      staticWl: true,
      staticWlThreshold: 40,
    });
    expect(shown.readDisturbThresholds).toEqual({ slc: 1e6, mlc: 1e5, tlc: 5e4, qlc: 5000 });
    expect(deviceCellMode(draft(text), schema)).toBe('qlc');
    expect(deviceCellMode(draft('{}'), schema)).toBe(coreEffectiveDevice('{}').device!.cell);
  });

  it('sends only the choices made, the threshold under its cell mode', () => {
    const store = createAppStore();
    const config = () => store.getState().config;
    config().schemaLoaded(schema);
    config().selectScenario(draft(preset('teaching-qlc-slc')));
    expect(overridesOf(config().draft, schema)).toEqual([]);
    config().setConflictPolicy({ suspendProgram: true, suspendUs: 12.5, suspendMaxPerOp: 2 });
    config().setConflictPolicy({ readDisturb: true, readDisturbThresholds: { qlc: 8000 } });
    config().setConflictPolicy({ readDisturbThresholds: { slc: 900000 } });
    config().setConflictPolicy({ staticWl: true, staticWlThreshold: 30 });
    expect(conflictOverrides(config().draft)).toEqual([
      'suspend.program=true',
      'suspend.suspend_us=12.5',
      'suspend.max_per_op=2',
      'read_disturb.enabled=true',
      'read_disturb.threshold_reads.qlc=8000',
      'read_disturb.threshold_reads.slc=900000',
      'wear_leveling.static_enabled=true',
      'wear_leveling.static_threshold=30',
    ]);
  });

  it('round-trips through a shared link and a scenario file', () => {
    const chosen = draft(preset('tlc-8g'), {
      conflictPolicy: {
        suspendErase: true,
        resumeUs: 0,
        readDisturb: true,
        readDisturbThresholds: { tlc: 1234 },
        staticWl: false,
      },
    });
    const back = draftFromShared(sharedConfigOf(chosen, schema), schema);
    expect(back.conflictPolicy).toEqual(chosen.conflictPolicy);
    expect(back.workloadSet).toEqual([]);
    expect(overridesOf(back, schema)).toEqual(overridesOf(chosen, schema));

    const set = {
      'suspend.program': true,
      'suspend.max_per_op': 0, // below the simulator's minimum: stays an override
      'read_disturb.threshold_reads.qlc': 9000,
      'read_disturb.threshold_reads.plc': 9, // not a cell mode
      'wear_leveling.static_threshold': 50,
    };
    const fromScenario = draftFromScenario(
      checkScenario({ device: {}, fio_job: 'j', set }, 's.json'),
      { scenarioId: 's', deviceText: preset('tlc-8g'), devicePresetId: null, fioText: 'j' },
      schema,
    );
    expect(fromScenario.conflictPolicy).toEqual({
      suspendProgram: true,
      readDisturbThresholds: { qlc: 9000 },
      staticWlThreshold: 50,
    });
    expect(fromScenario.workloadSet).toEqual([
      'suspend.max_per_op=0',
      'read_disturb.threshold_reads.plc=9',
    ]);
  });

  it('says where refresh and static wear levelling do not act', () => {
    expect(conflictControlsApply(draft(preset('tlc-8g')), schema)).toBe(true);
    expect(
      conflictControlsApply(
        draft(preset('tlc-8g'), { classicPolicy: { mapping: 'dftl' } }),
        schema,
      ),
    ).toBe(false);
    expect(conflictControlsApply(draft(JSON.stringify({ zns: {} })), schema)).toBe(false);
  });

  it('offers a restart when suspend is switched on while a run is loaded', () => {
    const store = createAppStore();
    const config = () => store.getState().config;
    config().schemaLoaded(schema);
    config().selectScenario(draft(preset('teaching-slc-tiny')));
    config().markApplied(config().draft);
    config().setConflictPolicy({ suspendProgram: true });
    expect(config().restartOffered).toBe(true);
    config().setConflictPolicy({ suspendProgram: false });
    expect(config().restartOffered).toBe(false);
    config().setConflictPolicy({ readDisturbThresholds: { slc: 10 } });
    expect(config().restartOffered).toBe(true);
  });
});
