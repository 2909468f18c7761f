// Whether the trace the current run replays fits its drive, by the core's
// rule (SimSession.traceFit, fs_trace_fit): asked once the run is loaded
// with a scanned trace, from the scan's figures, the loaded drive's
// capacity and every shipped device preset (fetched once). null until the
// core has answered for the run as it is now.

import type { TraceFit } from '@flashscope/wasm/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '../app/sessionContext';
import { fetchDevicePreset } from '../config/presets';
import { useLatestAnswer } from '../config/useLatestAnswer';
import { useAppStore } from '../store';
import type { DevicePresetEntry } from '../store/scenarioDraft';
import { traceFitRequest, type PresetDevice } from './traceFit';

/** The presets' device JSON, fetched once per page (they are static files). */
let presetDevices: Promise<PresetDevice[]> | null = null;

function loadPresetDevices(entries: DevicePresetEntry[]): Promise<PresetDevice[]> {
  presetDevices ??= Promise.all(
    entries.map(async (entry) => ({
      name: entry.id,
      deviceText: await fetchDevicePreset(entry),
    })),
  );
  return presetDevices;
}

function usePresetDevices(): PresetDevice[] | null {
  const entries = useAppStore((state) => state.config.devicePresets);
  const [devices, setDevices] = useState<PresetDevice[] | null>(null);
  useEffect(() => {
    if (entries.length === 0) return;
    let live = true;
    loadPresetDevices(entries).then(
      (loaded) => live && setDevices(loaded),
      // Without the presets the core names the size a drive needs instead.
      () => live && setDevices([]),
    );
    return () => {
      live = false;
    };
  }, [entries]);
  return devices;
}

export function useTraceFit(): TraceFit | null {
  const session = useSession();
  const applied = useAppStore((state) => state.traces.applied);
  const layout = useAppStore((state) => state.sim.layout);
  const presets = usePresetDevices();
  const question = useMemo(() => {
    const summary = applied?.summary;
    if (applied?.mode !== 'trace' || !summary?.done || !layout || presets === null) return null;
    const request = traceFitRequest(summary, applied.options, layout.logical_bytes, presets);
    return { key: JSON.stringify(request.trace) + layout.logical_bytes, request };
  }, [applied, layout, presets]);
  const ask = useCallback(
    (q: NonNullable<typeof question>) => session.traceFit(q.request),
    [session],
  );
  return useLatestAnswer(question, ask);
}
