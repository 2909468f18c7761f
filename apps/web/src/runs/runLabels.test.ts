// Saved runs and compare columns are named by what differs between them.

import { describe, expect, it } from 'vitest';
import { distinctLabels, withDistinctLabels, workloadText } from './runLabels';
import { recordName, type SavedConfig, type SavedWorkload } from './runRecord';

const tiny = (set: string[], label = 'teaching-slc-tiny · greedy'): SavedConfig => ({
  label,
  deviceName: 'teaching-slc-tiny.json',
  deviceText: '{"name":"teaching-slc-tiny"}',
  set,
});

describe('compare column labels', () => {
  it('names three columns that differ only in over-provisioning by it', () => {
    const configs = [
      tiny(['gc.victim=greedy', 'overprovision=0.07']),
      tiny(['gc.victim=greedy', 'overprovision=0.15']),
      tiny(['gc.victim=greedy', 'overprovision=0.28']),
    ];
    expect(distinctLabels(configs)).toEqual([
      'teaching-slc-tiny · overprovision 0.07',
      'teaching-slc-tiny · overprovision 0.15',
      'teaching-slc-tiny · overprovision 0.28',
    ]);
    expect(recordName('compare', configs)).toBe(
      'teaching-slc-tiny · overprovision 0.07 vs teaching-slc-tiny · overprovision 0.15 vs ' +
        'teaching-slc-tiny · overprovision 0.28',
    );
  });

  it('lists every differing setting, and "default" where a run leaves one unset', () => {
    const labels = distinctLabels([
      tiny(['gc.victim=greedy']),
      tiny(['gc.victim=greedy', 'overprovision=0.2', 'slc.when_full=fold']),
    ]);
    expect(labels).toEqual([
      'teaching-slc-tiny · overprovision default, slc.when_full default',
      'teaching-slc-tiny · overprovision 0.2, slc.when_full fold',
    ]);
  });

  it('keeps labels that already differ, and numbers true duplicates', () => {
    const greedy = tiny(['gc.victim=greedy']);
    const fifo = tiny(['gc.victim=fifo'], 'teaching-slc-tiny · fifo');
    expect(distinctLabels([greedy, fifo])).toEqual([
      'teaching-slc-tiny · greedy',
      'teaching-slc-tiny · fifo',
    ]);
    expect(distinctLabels([greedy, greedy])).toEqual([
      'teaching-slc-tiny · greedy (1)',
      'teaching-slc-tiny · greedy (2)',
    ]);
    expect(withDistinctLabels([greedy, fifo])[1]).toEqual(fifo);
  });
});

describe('saved run workload text', () => {
  const fio = (label: string): SavedWorkload => ({ kind: 'fio', label, fioText: '', set: [] });

  it('names the scenario or preset, not its file', () => {
    expect(workloadText(fio('slc-burst-idle-recovery.json (fio_job)'))).toBe(
      "slc-burst-idle-recovery (scenario's fio job)",
    );
    expect(workloadText(fio('seq-write-1m.fio'))).toBe('seq-write-1m (fio job)');
    expect(workloadText(fio('job.fio'))).toBe('own fio job');
  });
});
