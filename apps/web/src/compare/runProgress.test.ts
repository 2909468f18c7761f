import { describe, expect, it } from 'vitest';
import { fioRuntimeSeconds, runFraction } from './runProgress';

describe('compare progress', () => {
  it('reads the longest runtime of a job file, in fio units', () => {
    const preset = '[global]\ntime_based=1\nruntime=600s\n\n[randwrite-4k-qd4]\nrw=randwrite\n';
    expect(fioRuntimeSeconds(preset)).toBe(600);
    expect(fioRuntimeSeconds('[a]\nruntime=2\n[b]\nruntime = 1m ; a minute\n')).toBe(60);
    expect(fioRuntimeSeconds('[a]\nruntime=500ms\n')).toBe(0.5);
    expect(fioRuntimeSeconds('[a]\n;runtime=10s\nsize=100%\n')).toBeNull();
  });

  it('prefers the bytes a trace replay has read; stays below 1 until the end', () => {
    expect(runFraction({ sim_time_ns: 3e8 }, 1)).toBeCloseTo(0.3);
    expect(runFraction({ sim_time_ns: 5e9 }, 1)).toBe(0.99);
    expect(runFraction({ sim_time_ns: 5e9 }, null)).toBeNull();
    const trace = { bytes_read: 97_395, size_bytes: 194_790 };
    expect(runFraction({ sim_time_ns: 5e9, trace }, null)).toBeCloseTo(0.5);
  });
});
