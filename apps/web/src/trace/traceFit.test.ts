import { describe, expect, it } from 'vitest';
import { traceFitRequest } from './traceFit';
import { TPCC_SUMMARY } from './testSummary';

const PRESETS = [{ name: 'tlc-8g', deviceText: '{"cell": "tlc"}' }];

describe('traceFitRequest', () => {
  it('gives the core the scan figures, the drive and the presets as parsed JSON', () => {
    const request = traceFitRequest(TPCC_SUMMARY, {}, 53_686_272, PRESETS);
    expect(request).toEqual({
      trace: {
        footprint_bytes: 50_000_000,
        footprint_estimated: false,
        max_offset_bytes: 135_000_000_000,
        // The TPC-C trace's 16 devices replay in regions of their own.
        volumes: 16,
        compact: false,
      },
      capacity_bytes: 53_686_272,
      presets: [{ name: 'tlc-8g', device: { cell: 'tlc' } }],
    });
  });

  it('counts one address space when a volume is chosen or the volumes share one', () => {
    expect(traceFitRequest(TPCC_SUMMARY, { volume: '12' }, 1, []).trace.volumes).toBe(1);
    expect(traceFitRequest(TPCC_SUMMARY, { volume_placement: 'shared' }, 1, []).trace.volumes).toBe(
      1,
    );
    expect(traceFitRequest(TPCC_SUMMARY, { address_map: 'compact' }, 1, []).trace.compact).toBe(
      true,
    );
  });
});
