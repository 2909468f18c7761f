import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildLoadRequest } from './scenario';
import { checkScenario, draftFromScenario, presetName } from './scenarioFile';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const SCENARIOS = path.resolve(__dirname, '../../../../public/scenarios');
// A drive with an SLC cache: only then are slc_cache keys form fields.
const parts = {
  scenarioId: 's',
  deviceText: '{"slc_cache": {"static_bytes": 8388608}}',
  devicePresetId: 'p',
  fioText: '[a]\n',
};

describe('scenario files', () => {
  it('accepts every file of public/scenarios', () => {
    for (const file of readdirSync(SCENARIOS).filter((name) => name.endsWith('.json'))) {
      const scenario = checkScenario(
        JSON.parse(readFileSync(path.join(SCENARIOS, file), 'utf8')),
        file,
      );
      expect(scenario.name, file).not.toBe('');
    }
  });

  it('spreads set over the form and keeps the rest as overrides', () => {
    const scenario = checkScenario(
      {
        device: 'preset:teaching-qlc-slc',
        fio_job: '[a]\n',
        set: {
          'precondition.fill': 0.5,
          'gc.victim': 'fifo',
          'geometry.channels': 4,
          'slc_cache.when_full': 'fold-then-write',
          'slc_cache.read_promotion': true,
          'slc_cache.persistent_bytes': 3145728,
          'slc_cache.idle_flush_ms': 5,
          'gc.victim_typo': 'x',
        },
      },
      's.json',
    );
    expect(presetName(scenario.device)).toBe('teaching-qlc-slc');
    const draft = draftFromScenario(scenario, parts, schema);
    expect(draft.preconditionFill).toBe(0.5);
    expect(draft.policy).toEqual({ gcVictim: 'fifo' });
    expect(draft.geometry).toEqual({ channels: 4 });
    expect(draft.slcPolicy).toEqual({ whenFull: 'fold-then-write', readPromotion: true });
    expect(draft.workloadSet).toEqual([
      'slc_cache.persistent_bytes=3145728',
      'slc_cache.idle_flush_ms=5',
      'gc.victim_typo=x',
    ]);
    expect(draft.scenarioId).toBe('s');
  });

  it('reads a generator workload, which runs instead of a fio job', () => {
    const workload = { generator: 'cloud_block', num_writes: 200000, zipf_exponent: 1, seed: 3 };
    const scenario = checkScenario(
      { device: { zns: {} }, workload, set: { 'zns.placement': 'zbopt' } },
      'zns.json',
    );
    expect(scenario.workload).toEqual(workload);
    const draft = draftFromScenario(
      scenario,
      {
        scenarioId: 'zns',
        deviceText: '{"zns": {}}',
        devicePresetId: null,
        fioText: '',
      },
      schema,
    );
    expect(draft.workloadGenerator).toEqual(workload);
    expect(draft.znsPolicy).toEqual({ placement: 'zbopt' });
    const request = buildLoadRequest(draft, schema);
    expect(request.workload).toEqual(workload);
    expect(request.fioText).toBe('');
    expect(request.trace).toBeUndefined();
    expect(request.workloadName).toBe('cloud block generator (200,000 writes)');
    expect(request.set).toEqual(['zns.placement=zbopt']);
  });

  it('refuses a second workload and an unknown generator', () => {
    expect(() =>
      checkScenario(
        { device: 'x', fio_job: 'j', workload: { generator: 'cloud_block' } },
        'a.json',
      ),
    ).toThrow(/a\.json: "fio_job" and "workload" exclude each other/);
    expect(() => checkScenario({ device: 'x', workload: { generator: 'zipf' } }, 'a.json')).toThrow(
      /workload\.generator must be one of cloud_block/,
    );
    expect(() =>
      checkScenario({ device: 'x', workload: { generator: 'cloud_block', seed: 'x' } }, 'a.json'),
    ).toThrow(/workload\.seed must be a number/);
    expect(() => checkScenario({ device: 'x', workload: [] }, 'a.json')).toThrow(/object/);
  });

  it('names the file and the problem', () => {
    expect(() => checkScenario({ device: 'x' }, 'a.json')).toThrow(/a\.json: .*fio/);
    expect(() => checkScenario({ device: 'x', fio: 'j', extra: 1 }, 'a.json')).toThrow(
      /unknown key "extra"/,
    );
  });
});
