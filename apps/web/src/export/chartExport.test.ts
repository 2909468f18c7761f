import { describe, expect, it } from 'vitest';
import { contextLines } from './chartExport';

describe('contextLines', () => {
  const context =
    'QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC, fold-then-write) · 50 % full · fio job seqwrite-1m-qd64';

  it('keeps a context that fits on one line', () => {
    expect(contextLines(context, 1000)).toEqual([context]);
  });

  it("wraps a long drive name's context at its separators to fit the chart's width", () => {
    const lines = contextLines(context, 540);
    expect(lines).toEqual([
      'QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC, fold-then-write) · 50 % full',
      'fio job seqwrite-1m-qd64',
    ]);
    expect(lines.join(' · ')).toBe(context);
    // A part longer than a line stays whole rather than being cut.
    expect(contextLines(context, 200)[0]).toBe(
      'QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC, fold-then-write)',
    );
  });
});
