import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { buildLoadRequest } from './scenario';
import { effectiveSlcPolicy, persistentBytesWhenOn, slcOverrides } from './slcPolicy';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const MiB = 2 ** 20;
const qlc = JSON.stringify({
  cell: 'qlc',
  slc_cache: { static_bytes: 8 * MiB, dynamic_max_bytes: 56 * MiB, when_full: 'fold-then-write' },
});

const draft = (patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText: qlc,
  fioText: '[a]\nrw=write\n',
  ...patch,
});

describe('SLC policies', () => {
  it('shows the device text values under the user choices', () => {
    expect(effectiveSlcPolicy(draft(), schema)).toEqual({
      placement: 'slc_first',
      whenFull: 'fold-then-write',
      readPromotion: false,
      pinSmallBytes: 0,
      persistent: false,
    });
    expect(effectiveSlcPolicy(draft({ slcPolicy: { whenFull: 'direct' } }), schema).whenFull).toBe(
      'direct',
    );
  });

  it('sends the choices as slc_cache.* overrides, after the others', () => {
    const request = buildLoadRequest(
      draft({
        preconditionFill: 0.5,
        slcPolicy: {
          placement: 'hyflex',
          whenFull: 'direct',
          readPromotion: true,
          pinSmallBytes: 16384,
          persistent: true,
        },
      }),
      schema,
    );
    expect(request.set).toEqual([
      'precondition.fill=0.5',
      'slc_cache.placement=hyflex',
      'slc_cache.when_full=direct',
      'slc_cache.read_promotion=true',
      'slc_cache.pin_small_bytes=16384',
      `slc_cache.persistent_bytes=${4 * MiB}`,
    ]);
  });

  it('never switches a cache on for a drive without one', () => {
    const plain = draft({ deviceText: '{"cell": "tlc", "slc_cache": null}' });
    expect(
      slcOverrides({ ...plain, slcPolicy: { whenFull: 'direct', persistent: false } }),
    ).toEqual([]);
  });

  it('sizes the persistent cache from the device when it has none of its own', () => {
    expect(persistentBytesWhenOn({ persistent_bytes: 3 * MiB, static_bytes: 8 * MiB })).toBe(
      3 * MiB,
    );
    expect(persistentBytesWhenOn({ static_bytes: 8 * MiB })).toBe(4 * MiB);
    expect(persistentBytesWhenOn({ dynamic_max_bytes: 10 * MiB })).toBe(5 * MiB);
  });
});
