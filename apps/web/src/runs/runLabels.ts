// What a saved run, a compare column and a chart legend are called: the
// scenario's or preset's name plus the settings that differ between the runs,
// so two columns never read the same when only one override differs.

import { splitSetEntry } from '../config/setEntry';
import type { SavedConfig, SavedWorkload } from './runRecord';

/** "teaching-slc-tiny.json" → "teaching-slc-tiny"; the panel's own device → "current device". */
export function deviceNameOf(config: Pick<SavedConfig, 'deviceName'>): string {
  const name = config.deviceName.replace(/\.json$/i, '');
  return name === '' || name === 'device' ? 'current device' : name;
}

/** The --set entries as key → value (a later entry wins, as on the CLI). */
function settingsOf(config: SavedConfig): Map<string, string> {
  const settings = new Map<string, string>();
  for (const entry of config.set) {
    const setting = splitSetEntry(entry);
    if (setting) settings.set(setting.key, setting.value);
  }
  return settings;
}

/** How a setting reads in a label: "overprovision 0.07", "gc.victim fifo". */
function settingText(key: string, value: string | undefined): string {
  return `${key} ${value ?? 'default'}`;
}

/**
 * One label per configuration, in order. Labels that already differ are kept
 * (a user's own among them); where two or more read the same, each of those
 * becomes its device's name plus the settings whose values differ between
 * them ("teaching-slc-tiny · overprovision 0.07"), or, when nothing differs,
 * the label with its position ("… (2)").
 */
export function distinctLabels(configs: readonly SavedConfig[]): string[] {
  const labels = configs.map((config) => config.label.trim() || deviceNameOf(config));
  const settings = configs.map(settingsOf);
  return labels.map((label, index) => {
    const same = labels.flatMap((other, at) => (other === label ? [at] : []));
    if (same.length < 2) return label;
    const keys = new Set(same.flatMap((at) => [...settings[at].keys()]));
    const differing = [...keys].filter(
      (key) => new Set(same.map((at) => settings[at].get(key))).size > 1,
    );
    const devices = new Set(same.map((at) => configs[at].deviceText));
    const parts = differing.map((key) => settingText(key, settings[index].get(key)));
    if (parts.length === 0 && devices.size > 1) parts.push('edited device');
    if (parts.length === 0) return `${label} (${index + 1})`;
    return `${deviceNameOf(configs[index])} · ${parts.join(', ')}`;
  });
}

/** The configurations with their labels made distinct (see distinctLabels). */
export function withDistinctLabels<T extends SavedConfig>(configs: readonly T[]): T[] {
  const labels = distinctLabels(configs);
  return configs.map((config, index) => ({ ...config, label: labels[index] }));
}

/**
 * The workload as a saved run names it: the scenario's or preset's name, not
 * its file ("slc-burst (scenario's fio job)", "seq-write (fio job)").
 */
export function workloadText(workload: SavedWorkload): string {
  if (workload.kind === 'fio') {
    const scenario = /^(.*)\.json \(fio_job\)$/.exec(workload.label);
    if (scenario) return `${scenario[1]} (scenario's fio job)`;
    const preset = /^(.*)\.fio$/.exec(workload.label);
    if (preset) return preset[1] === 'job' ? 'own fio job' : `${preset[1]} (fio job)`;
    return `${workload.label} (fio job)`;
  }
  if (workload.kind === 'generator') return workload.label;
  const summary = workload.trace?.summary;
  const requests = summary ? ` · ${summary.requests.toLocaleString('en')} requests` : '';
  return `${workload.trace?.name ?? workload.label} (${summary?.format ?? 'trace'}${requests})`;
}
