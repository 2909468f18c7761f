import { describe, expect, it } from 'vitest';
import { generatorLabel } from './runWorkload';

describe('generatorLabel', () => {
  it('counts a cloud-block stream in writes and a DiskSim stream in requests', () => {
    expect(generatorLabel({ generator: 'cloud_block', num_writes: 1048576 })).toBe(
      'cloud block generator (1,048,576 writes)',
    );
    expect(
      generatorLabel({ generator: 'disksim', preset: 'clash_seq_65', num_requests: 20000 }),
    ).toBe('DiskSim synthetic generator (20,000 requests)');
    // Without a count (the core's default applies) only the name.
    expect(generatorLabel({ generator: 'disksim', preset: 'clash_default' })).toBe(
      'DiskSim synthetic generator',
    );
  });
});
