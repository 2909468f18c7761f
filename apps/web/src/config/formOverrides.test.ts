import { describe, expect, it } from 'vitest';
import { draftFromShared } from '../share/shareConfig';
import { checkScenario, draftFromScenario } from './scenarioFile';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

// teaching-qlc-slc's cache: 8 MiB static SLC, so "persistent on" is 4 MiB.
const DEVICE = '{"slc_cache": {"static_bytes": 8388608}}';

describe('overrides as form fields', () => {
  it('reads the same from a scenario file and from a shared URL', () => {
    const set = {
      'precondition.fill': 0.75,
      overprovision: 0.12,
      'geometry.channels': 4,
      'geometry.dies_per_channel': 0, // not a geometry the form can show
      'gc.background': false,
      scheduler: 'read_priority',
      'slc_cache.pin_small_bytes': 16384,
      'slc_cache.persistent_bytes': 4194304,
      'slc_cache.placement': 'bogus',
    };
    const scenario = draftFromScenario(
      checkScenario({ device: {}, fio_job: 'j', set }, 's.json'),
      {
        scenarioId: 's',
        deviceText: DEVICE,
        devicePresetId: null,
        fioText: 'j',
      },
      schema,
    );
    const shared = draftFromShared(
      {
        deviceText: DEVICE,
        set: Object.entries(set).map(([key, value]) => `${key}=${value}`),
        fioText: 'j',
      },
      schema,
    );
    for (const draft of [scenario, shared]) {
      expect(draft.preconditionFill).toBe(0.75);
      expect(draft.overprovision).toBe(0.12);
      expect(draft.geometry).toEqual({ channels: 4 });
      expect(draft.policy).toEqual({ gcBackground: false, scheduler: 'read_priority' });
      expect(draft.slcPolicy).toEqual({ pinSmallBytes: 16384, persistent: true });
      expect(draft.workloadSet).toEqual([
        'geometry.dies_per_channel=0',
        'slc_cache.placement=bogus',
      ]);
    }
  });

  it('reads the mapping, cache and conflict keys into their fields, on a conventional drive only', () => {
    // 16 KiB pages under 4 KiB units, with an SLC cache: the classic device's fixups apply.
    const device = '{"geometry": {"page_bytes": 16384}, "slc_cache": {"static_bytes": 8388608}}';
    const set = [
      'ftl.mapping=dftl',
      'ftl.cmt_entries=256',
      'cache.policy=cflru',
      'cache.cflru_window_pages=16',
      'mapping_unit_bytes=16384',
      'slc_cache=null',
      'suspend.erase=true',
      'read_disturb.threshold_reads.tlc=777',
      'cache.policy=arc', // not a cache the simulator has
    ];
    const shared = draftFromShared({ deviceText: device, set, fioText: 'j' }, schema);
    expect(shared.classicPolicy).toEqual({
      mapping: 'dftl',
      cmtEntries: 256,
      cache: 'cflru',
      cflruWindowPages: 16,
    });
    expect(shared.conflictPolicy).toEqual({
      suspendErase: true,
      readDisturbThresholds: { tlc: 777 },
    });
    expect(shared.workloadSet).toEqual(['cache.policy=arc']);
    const zoned = draftFromShared({ deviceText: '{"zns": {}}', set, fioText: 'j' }, schema);
    expect(zoned.classicPolicy).toEqual({});
    expect(zoned.workloadSet).toEqual([
      'ftl.mapping=dftl',
      'ftl.cmt_entries=256',
      'cache.policy=cflru',
      'cache.cflru_window_pages=16',
      'mapping_unit_bytes=16384',
      'slc_cache=null',
      'cache.policy=arc',
    ]);
  });
});
