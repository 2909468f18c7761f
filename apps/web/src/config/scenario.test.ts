import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { buildLoadRequest, overridesOf, validateDraft } from './scenario';
import {
  effectiveGeometry,
  effectiveOverprovision,
  effectivePolicy,
  effectivePreconditionFill,
} from './deviceValues';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const teaching = JSON.stringify({
  cell: 'slc',
  geometry: { channels: 2, dies_per_channel: 1, blocks_per_plane: 128 },
  overprovision: 0.25,
  gc: { victim: 'greedy', free_block_threshold: 0.05 },
});

const draft = (patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  devicePresetId: 'teaching-slc-tiny',
  deviceText: teaching,
  workloadPresetId: 'randwrite-4k',
  fioText: '[job]\nrw=randwrite\nbs=4k\n',
  ...patch,
});

describe('effective values', () => {
  it('come from overrides, then the device text, then the simulator defaults', () => {
    const geometry = effectiveGeometry(draft({ geometry: { channels: 4 } }), schema);
    expect(geometry).toEqual({
      channels: 4, // override
      dies_per_channel: 1, // text
      planes_per_die: 2, // default
      blocks_per_plane: 128,
      pages_per_block: 768,
    });
    expect(effectiveOverprovision(draft(), schema)).toBe(0.25);
    expect(effectiveOverprovision(draft({ overprovision: 0.1 }), schema)).toBe(0.1);
    expect(effectivePolicy(draft(), schema)).toEqual({
      gcVictim: 'greedy',
      gcBackground: true,
      scheduler: 'fifo',
    });
    expect(
      effectivePolicy(draft({ policy: { scheduler: 'read_priority' } }), schema).scheduler,
    ).toBe('read_priority');
    expect(effectivePreconditionFill(draft({ preconditionFill: 0.9 }), schema)).toBe(0.9);
  });

  it('fall back to defaults while the device text does not parse', () => {
    expect(effectiveGeometry(draft({ deviceText: '{ nope' }), schema).channels).toBe(8);
    expect(effectivePolicy(draft({ deviceText: '{ nope' }), schema).gcVictim).toBe('greedy');
  });
});

describe('validateDraft', () => {
  it('accepts a complete draft', () => {
    expect(validateDraft(draft())).toBeNull();
  });

  it('rejects device text that is not a JSON object, naming the file', () => {
    expect(validateDraft(draft({ deviceText: '{"cell": "slc",' }))).toMatch(
      /^teaching-slc-tiny\.json: not valid JSON/,
    );
    expect(validateDraft(draft({ deviceText: '[1, 2]' }))).toMatch(/must be an object/);
    expect(validateDraft(draft({ deviceText: '  ' }))).toMatch(/empty/);
  });

  it('rejects an empty fio job', () => {
    expect(validateDraft(draft({ fioText: ' \n ' }))).toBe(
      'randwrite-4k.fio: the fio job is empty',
    );
  });

  it('rejects impossible form values', () => {
    expect(validateDraft(draft({ geometry: { channels: 0 } }))).toMatch(/geometry\.channels/);
    expect(validateDraft(draft({ geometry: { channels: 2.5 } }))).toMatch(/whole number/);
    expect(validateDraft(draft({ overprovision: 0 }))).toMatch(/overprovision/);
    expect(validateDraft(draft({ preconditionFill: 1.5 }))).toMatch(/precondition/);
  });
});

describe('buildLoadRequest', () => {
  it('passes the texts untouched and the form as dotted-key overrides', () => {
    const request = buildLoadRequest(
      draft({
        geometry: { blocks_per_plane: 64 },
        overprovision: 0.3,
        policy: { gcVictim: 'cost_benefit', gcBackground: false },
        preconditionFill: 0.9,
        workloadSet: ['gc.d_choices=4'],
      }),
      schema,
    );
    expect(request.deviceJson).toBe(teaching);
    expect(request.fioText).toContain('randwrite');
    expect(request.set).toEqual([
      'gc.d_choices=4',
      'precondition.fill=0.9',
      'geometry.blocks_per_plane=64',
      'overprovision=0.3',
      'gc.victim=cost_benefit',
      'gc.background=false',
    ]);
    expect(request.deviceName).toBe('teaching-slc-tiny.json');
    expect(request.workloadName).toBe('randwrite-4k.fio');
  });

  it('sends no overrides for an untouched form', () => {
    expect(overridesOf(draft(), schema)).toEqual([]);
    expect(
      buildLoadRequest(draft({ devicePresetId: null, workloadPresetId: null }), schema),
    ).toMatchObject({
      deviceName: 'device.json',
      workloadName: 'job.fio',
    });
  });
});
