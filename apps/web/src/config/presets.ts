// Preset files served same-origin from the repo's public/ (Vite's
// publicDir): device JSON and fio jobs, each listed in an index.json.

import type { DevicePresetEntry, WorkloadPresetEntry } from '../store/scenarioDraft';

/** The scenario the app opens with, already playing (see README "Default scenario"). */
export const DEFAULT_DEVICE_PRESET = 'teaching-slc-tiny';
export const DEFAULT_WORKLOAD_PRESET = 'randwrite-4k';

const base = () => import.meta.env.BASE_URL ?? '/';

export function devicePresetUrl(entry: DevicePresetEntry): string {
  return `${base()}presets/devices/${entry.file}`;
}

/** A synthetic MSR-format trace for demos (public/traces, scripts/gen-sample-trace.mjs). */
export const SAMPLE_TRACE_FILE = 'sample-oltp.msr.csv';

/** The sample trace as a File, as if the user had dropped it (fetched same-origin). */
export async function fetchSampleTrace(): Promise<File> {
  const url = `${base()}traces/${SAMPLE_TRACE_FILE}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return new File([await response.blob()], SAMPLE_TRACE_FILE, { type: 'text/csv' });
}

export function workloadPresetUrl(entry: WorkloadPresetEntry): string {
  return `${base()}presets/workloads/${entry.file}`;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

export async function fetchPresetIndex(): Promise<{
  devices: DevicePresetEntry[];
  workloads: WorkloadPresetEntry[];
}> {
  const [devices, workloads] = await Promise.all([
    fetchText(`${base()}presets/devices/index.json`).then(
      (text) => (JSON.parse(text) as { devices: DevicePresetEntry[] }).devices,
    ),
    fetchText(`${base()}presets/workloads/index.json`).then(
      (text) => (JSON.parse(text) as { workloads: WorkloadPresetEntry[] }).workloads,
    ),
  ]);
  return { devices, workloads: workloads.map((entry) => ({ ...entry, set: entry.set ?? [] })) };
}

export function fetchDevicePreset(entry: DevicePresetEntry): Promise<string> {
  return fetchText(devicePresetUrl(entry));
}

export function fetchWorkloadPreset(entry: WorkloadPresetEntry): Promise<string> {
  return fetchText(workloadPresetUrl(entry));
}
