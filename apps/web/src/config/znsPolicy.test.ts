import { describe, expect, it } from 'vitest';
import { configFromDraft, deviceSetOf, withDevice } from '../compare/compareConfig';
import { draftFromShared, sharedConfigOf } from '../share/shareConfig';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { buildLoadRequest } from './scenario';
import { checkScenario, draftFromScenario } from './scenarioFile';
import { ZNS_PLACEMENT_LABELS } from './ZnsPolicyFields';
import {
  ZNS_GC_VICTIMS,
  ZNS_PLACEMENTS,
  effectiveZnsPolicy,
  znsConfigOf,
  znsOverrides,
} from './znsPolicy';

const zoned = JSON.stringify({ cell: 'tlc', zns: { max_open: 14, gc_victim: 'greedy' } });
const conventional = JSON.stringify({ cell: 'tlc', zns: null });

const draft = (patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText: zoned,
  fioText: '[a]\nrw=randwrite\n',
  ...patch,
});

describe('ZNS policies', () => {
  it('offers the seven placements and three GC victims the simulator registers', () => {
    expect(ZNS_PLACEMENTS).toEqual([
      'normal',
      'warcip',
      'sepbit',
      'bhbdp_pre',
      'bhbdp',
      'fk',
      'zbopt',
    ]);
    expect([...ZNS_GC_VICTIMS].sort()).toEqual(['cbe', 'cost_benefit', 'greedy']);
    for (const name of ZNS_PLACEMENTS) expect(ZNS_PLACEMENT_LABELS[name]).toMatch(/\w/);
  });

  it('shows the device text values under the user choices, with the core defaults', () => {
    expect(effectiveZnsPolicy(draft())).toEqual({ placement: 'normal', gcVictim: 'greedy' });
    expect(effectiveZnsPolicy(draft({ znsPolicy: { placement: 'zbopt' } }))).toEqual({
      placement: 'zbopt',
      gcVictim: 'greedy',
    });
    expect(znsConfigOf(conventional)).toBeNull();
    expect(znsConfigOf('{broken')).toBeNull();
  });

  it('sends the choices as zns.* device overrides, after the workload ones', () => {
    const request = buildLoadRequest(
      draft({ preconditionFill: 0, znsPolicy: { placement: 'zbopt', gcVictim: 'cbe' } }),
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
    );
    const fromLink = draftFromShared(sharedConfigOf(fromScenario));
    for (const result of [fromScenario, fromLink]) {
      expect(result.znsPolicy).toEqual({ placement: 'bhbdp', gcVictim: 'cost_benefit' });
      expect(result.workloadSet).toEqual(['zns.classes=5']);
    }
    // On a conventional drive they stay overrides, for the simulator to judge.
    const plain = draftFromScenario(checkScenario({ device: {}, fio_job: 'j', set }, 's.json'), {
      scenarioId: 's',
      deviceText: conventional,
      devicePresetId: null,
      fioText: 'j',
    });
    expect(plain.znsPolicy).toEqual({});
    expect(plain.workloadSet).toContain('zns.placement=bhbdp');
  });

  it('offers a restart when the placement changes while a run is loaded', () => {
    const store = createAppStore();
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
    const config = configFromDraft(draft({ znsPolicy: { placement: 'zbopt' } }), 'c1');
    expect(config.overridesText).toBe('zns.placement=zbopt');
    expect(config.label).toBe('current device · zbopt');
    expect(deviceSetOf(config)).toContain('zns.placement=zbopt');
    const plain = withDevice(config, {
      presetId: 'tlc-8g',
      deviceText: conventional,
      deviceName: 'tlc-8g.json',
    });
    expect(plain.overridesText).toBe('');
    expect(plain.label).toBe('tlc-8g · greedy');
  });
});
