import { describe, expect, it } from 'vitest';
import { runFraction } from './runProgress';

describe('compare progress', () => {
  it('prefers the bytes a trace replay has read; stays below 1 until the end', () => {
    expect(runFraction({ sim_time_ns: 3e8 }, 1)).toBeCloseTo(0.3);
    expect(runFraction({ sim_time_ns: 5e9 }, 1)).toBe(0.99);
    expect(runFraction({ sim_time_ns: 5e9 }, null)).toBeNull();
    const trace = { bytes_read: 97_395, size_bytes: 194_790 };
    expect(runFraction({ sim_time_ns: 5e9, trace }, null)).toBeCloseTo(0.5);
  });
});
