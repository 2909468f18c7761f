// The question the trace panel asks the core (fs_trace_fit, sim-core
// sim/trace_device_fit.h) about the trace a run replays: its footprint as
// the scan counted it, the running drive's capacity and the shipped device
// presets. The rule and its sentence are the core's; this only gathers
// what it needs.

import type { TraceFitRequest, TraceOptions, TraceSummary } from '@flashscope/wasm/protocol';

/** A device preset by name with its device JSON (as fetched from public/presets). */
export interface PresetDevice {
  name: string;
  deviceText: string;
}

/**
 * The fit request for `summary` (a finished scan with `options`) replayed
 * on a drive of `capacityBytes`. Volumes replay in regions of their own
 * unless one is selected or they share one address space.
 */
export function traceFitRequest(
  summary: TraceSummary,
  options: TraceOptions,
  capacityBytes: number,
  presets: PresetDevice[],
): TraceFitRequest {
  const oneSpace = (options.volume ?? '') !== '' || options.volume_placement === 'shared';
  return {
    trace: {
      footprint_bytes: summary.footprint_bytes,
      footprint_estimated: summary.footprint_estimated,
      max_offset_bytes: summary.max_offset_bytes,
      volumes: oneSpace ? 1 : Math.max(summary.volumes, 1),
      compact: options.address_map === 'compact',
    },
    capacity_bytes: capacityBytes,
    presets: presets.map((preset) => ({
      name: preset.name,
      device: JSON.parse(preset.deviceText) as unknown,
    })),
  };
}
