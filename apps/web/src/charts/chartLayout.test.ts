import { describe, expect, it } from 'vitest';
import { seriesIntervalText, timeTickFormat, timeTickValues, timeUnit } from './chartLayout';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('time axes', () => {
  it('count in the largest unit that gives two of them', () => {
    expect(timeUnit(1500).label).toBe('ms');
    expect(timeUnit(2000).label).toBe('s');
    expect(timeUnit(90 * MINUTE).label).toBe('min');
    expect(timeUnit(2 * HOUR).label).toBe('h');
    expect(timeUnit(6.9 * DAY).label).toBe('d');
  });

  it('label a week-long replay in days, on whole days', () => {
    // wdev_1 of MSR Cambridge spans 6.9 days.
    const end = 6.9 * DAY;
    const ticks = timeTickValues([0, end], 7);
    expect(ticks.map(timeTickFormat(end))).toEqual([
      '0 d',
      '1 d',
      '2 d',
      '3 d',
      '4 d',
      '5 d',
      '6 d',
    ]);
  });

  it('label a day in whole hours, never in thousands of seconds', () => {
    const end = 26 * HOUR;
    const labels = timeTickValues([0, end], 6).map(timeTickFormat(end));
    expect(labels).toEqual(['0 h', '5 h', '10 h', '15 h', '20 h', '25 h']);
  });

  it('keep short runs in ms and seconds', () => {
    expect(timeTickValues([0, 800], 4).map(timeTickFormat(800))).toEqual([
      '0 ms',
      '200 ms',
      '400 ms',
      '600 ms',
      '800 ms',
    ]);
    expect(timeTickFormat(12_000)(2500)).toBe('2.5 s');
  });
});

describe("what a time chart's point stands for", () => {
  it("says the core's interval, and how many a binned point averages", () => {
    expect(seriesIntervalText(10, 120)).toBe('per 10 ms');
    // A week: 3,690 points of 163.84 s, drawn in 300 bins.
    expect(seriesIntervalText(163_840, 3690)).toBe('per 2 min 43 s, ~12 to a point');
    expect(seriesIntervalText(undefined, 3690)).toBe('');
  });
});
