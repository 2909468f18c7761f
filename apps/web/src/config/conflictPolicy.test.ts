import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { draftFromShared, sharedConfigOf } from '../share/shareConfig';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import {
  CONFLICT_DEFAULTS,
  conflictControlsApply,
  conflictOverrides,
  deviceCellMode,
  effectiveConflictPolicy,
} from './conflictPolicy';
import { overridesOf } from './scenario';
import { checkScenario, draftFromScenario } from './scenarioFile';

const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');
const deviceHeader = readFileSync(
  new URL('../../../../packages/sim-core/src/config/device_config.h', import.meta.url),
  'utf8',
);

const draft = (deviceText: string, patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText,
  fioText: '[a]\nrw=randread\n',
  ...patch,
});

describe('read/write conflict controls', () => {
  it('defaults to the simulator documented defaults', () => {
    // device_config.h's key list: suspend and read_disturb as the header states them.
    expect(deviceHeader).toMatch(
      /suspend \{ program false, erase false, suspend_us 20, resume_us 20,\s*\/\/\s*max_per_op 4 \}/,
    );
    expect(deviceHeader).toMatch(
      /threshold_reads \{ slc 1000000, mlc 100000, tlc 50000,\s*\/\/\s*qlc 20000 \}/,
    );
    expect(deviceHeader).toMatch(/static_enabled false, static_threshold 100/);
    expect(effectiveConflictPolicy(draft(preset('teaching-slc-tiny')))).toEqual(CONFLICT_DEFAULTS);
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
    expect(deviceCellMode(draft(text))).toBe('qlc');
    expect(deviceCellMode(draft('{}'))).toBe('tlc');
  });

  it('sends only the choices made, the threshold under its cell mode', () => {
    const store = createAppStore();
    const config = () => store.getState().config;
    config().selectScenario(draft(preset('teaching-qlc-slc')));
    expect(overridesOf(config().draft)).toEqual([]);
    config().setConflictPolicy({ suspendProgram: true, suspendUs: 12.5, suspendMaxPerOp: 2 });
    config().setConflictPolicy({ readDisturb: true, readDisturbThresholds: { qlc: 8000 } });
    config().setConflictPolicy({ readDisturbThresholds: { slc: 900000 } });
    config().setConflictPolicy({ staticWl: true, staticWlThreshold: 30 });
    expect(conflictOverrides(config().draft)).toEqual([
      'suspend.program=true',
      'suspend.suspend_us=12.5',
      'suspend.max_per_op=2',
      'read_disturb.enabled=true',
      'read_disturb.threshold_reads.slc=900000',
      'read_disturb.threshold_reads.qlc=8000',
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
    const back = draftFromShared(sharedConfigOf(chosen));
    expect(back.conflictPolicy).toEqual(chosen.conflictPolicy);
    expect(back.workloadSet).toEqual([]);
    expect(overridesOf(back)).toEqual(overridesOf(chosen));

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
    expect(conflictControlsApply(draft(preset('tlc-8g')))).toBe(true);
    expect(
      conflictControlsApply(draft(preset('tlc-8g'), { classicPolicy: { mapping: 'dftl' } })),
    ).toBe(false);
    expect(conflictControlsApply(draft(JSON.stringify({ zns: {} })))).toBe(false);
  });

  it('offers a restart when suspend is switched on while a run is loaded', () => {
    const store = createAppStore();
    const config = () => store.getState().config;
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
