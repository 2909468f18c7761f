import { describe, expect, it } from 'vitest';
import { configFromDraft, deviceSetOf, withDevice } from '../compare/compareConfig';
import { draftFromShared, sharedConfigOf } from '../share/shareConfig';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { buildLoadRequest } from './scenario';
import { checkScenario, draftFromScenario } from './scenarioFile';
import { choicesAt } from './deviceSchema';
import { znsConfigOf } from './deviceText';
import { effectiveZnsPolicy, znsOverrides } from './znsPolicy';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const zoned = JSON.stringify({ cell: 'tlc', zns: { max_open: 14, gc_victim: 'greedy' } });
const conventional = JSON.stringify({ cell: 'tlc', zns: null });

const draft = (patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText: zoned,
  fioText: '[a]\nrw=randwrite\n',
  ...patch,
});

describe('ZNS policies', () => {
  it("offers the core's seven placements and three GC victims, each with its label", () => {
    const placements = choicesAt(schema, 'zns.placement');
    expect(placements.map((c) => c.value)).toEqual([
      'normal',
      'warcip',
      'sepbit',
      'bhbdp_pre',
      'bhbdp',
      'fk',
      'zbopt',
    ]);
    const victims = choicesAt(schema, 'zns.gc_victim').map((c) => c.value);
    expect(victims.sort()).toEqual(['cbe', 'cost_benefit', 'greedy']);
    for (const choice of placements) expect(choice.label).toMatch(/\w/);
  });

  it('shows the device text values under the user choices, with the core defaults', () => {
    expect(effectiveZnsPolicy(draft(), schema)).toEqual({
      placement: 'normal',
      gcVictim: 'greedy',
    });
    expect(effectiveZnsPolicy(draft({ znsPolicy: { placement: 'zbopt' } }), schema)).toEqual({
      placement: 'zbopt',
      gcVictim: 'greedy',
    });
    expect(znsConfigOf(conventional)).toBeNull();
    expect(znsConfigOf('{broken')).toBeNull();
  });

  it('sends the choices as zns.* device overrides, after the workload ones', () => {
    const request = buildLoadRequest(
      draft({ preconditionFill: 0, znsPolicy: { placement: 'zbopt', gcVictim: 'cbe' } }),
      schema,
    );
    expect(request.set).toEqual([
      'precondition.fill=0',
      'zns.placement=zbopt',
      'zns.gc_victim=cbe',
    ]);
  });

  it('never makes a conventional drive zoned', () => {
    expect(
      znsOverrides(draft({ deviceText: conventional, znsPolicy: { placement: 'fk' } })),
    ).toEqual([]);
  });

  it('reads zns.* overrides of a scenario and a shared link into the form', () => {
    const set = { 'zns.placement': 'bhbdp', 'zns.gc_victim': 'cost_benefit', 'zns.classes': 5 };
    const fromScenario = draftFromScenario(
      checkScenario({ device: {}, fio_job: 'j', set }, 's.json'),
      { scenarioId: 's', deviceText: zoned, devicePresetId: null, fioText: 'j' },
      schema,
    );
    const fromLink = draftFromShared(sharedConfigOf(fromScenario, schema), schema);
    for (const result of [fromScenario, fromLink]) {
      expect(result.znsPolicy).toEqual({ placement: 'bhbdp', gcVictim: 'cost_benefit' });
      expect(result.workloadSet).toEqual(['zns.classes=5']);
    }
    // On a conventional drive they stay overrides, for the simulator to judge.
    const plain = draftFromScenario(
      checkScenario({ device: {}, fio_job: 'j', set }, 's.json'),
      {
        scenarioId: 's',
        deviceText: conventional,
        devicePresetId: null,
        fioText: 'j',
      },
      schema,
    );
    expect(plain.znsPolicy).toEqual({});
    expect(plain.workloadSet).toContain('zns.placement=bhbdp');
  });

  it('offers a restart when the placement changes while a run is loaded', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectScenario(draft());
    config().markApplied(config().draft);
    config().setZnsPolicy({ placement: 'zbopt' });
    expect(config().restartOffered).toBe(true);
    config().setZnsPolicy({ placement: 'normal' });
    expect(config().restartOffered).toBe(false);
  });
});

describe('ZNS in a compare', () => {
  it('takes the placement as an override line, names the column by it, drops it for a conventional drive', () => {
    const config = configFromDraft(draft({ znsPolicy: { placement: 'zbopt' } }), schema, 'c1');
    expect(config.overridesText).toBe('zns.placement=zbopt');
    expect(config.label).toBe('current device · zbopt');
    expect(deviceSetOf(config, schema)).toContain('zns.placement=zbopt');
    const plain = withDevice(config, {
      presetId: 'tlc-8g',
      deviceText: conventional,
      deviceName: 'tlc-8g.json',
    });
    expect(plain.overridesText).toBe('');
    expect(plain.label).toBe('tlc-8g · greedy');
  });
});
