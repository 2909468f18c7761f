// The core's own answers for unit tests: the device schema, the effective
// device and fio resolution from the Node flavour of the wasm module
// (packages/wasm/dist/flashscope.node.cjs, built by scripts/build-wasm.sh),
// the same C calls the worker answers SimClient.deviceSchema, effectiveDevice
// and resolveFio with. Tests of the form read defaults and choices from
// here, so they see what a user sees, never a copy.

import { loadNodeModule } from '@flashscope/wasm/node';
import type {
  DeviceSchema,
  EffectiveDevice,
  ResolvedFio,
  SerializedError,
  StabilityDefaults,
} from '@flashscope/wasm/protocol';
import { SimError } from '@flashscope/wasm/client';

/** The issue-16 calls of the C API (flashscope_api.h). */
interface CoreCalls {
  _fs_device_schema(): number;
  _fs_effective_device(deviceJson: number, optionsJson: number): number;
  _fs_fio_resolve(deviceJson: number, fioText: number, optionsJson: number): number;
  _fs_stability_defaults(): number;
}

function core() {
  const m = loadNodeModule();
  return m as typeof m & CoreCalls;
}

/** Calls `body` with `texts` as NUL-terminated UTF-8 in the module's heap. */
function withStrings<T>(texts: string[], body: (ptrs: number[]) => T): T {
  const m = core();
  const ptrs = texts.map((text) => {
    const bytes = m.lengthBytesUTF8(text) + 1;
    const ptr = m._malloc(bytes);
    m.stringToUTF8(text, ptr, bytes);
    return ptr;
  });
  try {
    return body(ptrs);
  } finally {
    for (const ptr of ptrs) m._free(ptr);
  }
}

let schema: DeviceSchema | null = null;

/** What fs_device_schema returns (what `flashscope schema` prints), parsed once. */
export function coreSchema(): DeviceSchema {
  if (schema === null) {
    const m = core();
    schema = JSON.parse(m.UTF8ToString(m._fs_device_schema())) as DeviceSchema;
  }
  return schema;
}

let stabilityDefaults: StabilityDefaults | null = null;

/** What fs_stability_defaults returns: the stability flow's defaults and --compare variants. */
export function coreStabilityDefaults(): StabilityDefaults {
  if (stabilityDefaults === null) {
    const m = core();
    stabilityDefaults = JSON.parse(m.UTF8ToString(m._fs_stability_defaults())) as StabilityDefaults;
  }
  return stabilityDefaults;
}

function optionsJson(overrides: string[], name: string | undefined, nameKey: string): string {
  return JSON.stringify(
    name === undefined ? { set: overrides } : { set: overrides, [nameKey]: name },
  );
}

/** fs_effective_device: the device under `overrides`, defaults filled in, derived, checked. */
export function coreEffectiveDevice(
  deviceText: string,
  overrides: string[] = [],
  deviceName?: string,
): EffectiveDevice {
  const m = core();
  return withStrings([deviceText, optionsJson(overrides, deviceName, 'device_name')], ([d, o]) =>
    JSON.parse(m.UTF8ToString(m._fs_effective_device(d, o))),
  ) as EffectiveDevice;
}

/** fs_fio_resolve: the job file as a run resolves it; throws SimError for a bad one. */
export function coreResolveFio(
  deviceText: string,
  fioText: string,
  overrides: string[] = [],
  workloadName?: string,
): ResolvedFio {
  const m = core();
  const options = optionsJson(overrides, workloadName, 'workload_name');
  const ptr = withStrings([deviceText, fioText, options], ([d, f, o]) =>
    m._fs_fio_resolve(d, f, o),
  );
  if (ptr === 0) {
    const error = m._fs_last_error();
    const text = error === 0 ? '{}' : m.UTF8ToString(error);
    throw new SimError(JSON.parse(text) as SerializedError);
  }
  return JSON.parse(m.UTF8ToString(ptr)) as ResolvedFio;
}
