// The device text as an object, parsed once per change: every form field,
// note and override reads the same parse (the last text and its object are
// kept), instead of each calling JSON.parse on every render. Values only as
// the user wrote them; defaults and derived figures come from the core
// (deviceSchema.ts, the effective device).

import { asObject, isObject, type JsonObject } from '../util/json';

let lastText: string | null = null;
let lastObject: JsonObject | null = null;

/** The device text as an object, or null while it does not parse to one. */
export function deviceObjectOf(deviceText: string): JsonObject | null {
  if (deviceText !== lastText) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(deviceText);
    } catch {
      parsed = null;
    }
    lastText = deviceText;
    lastObject = isObject(parsed) ? parsed : null;
  }
  return lastObject;
}

/** The device text as an object, or {} while it does not parse. */
export function parseDeviceObject(deviceText: string): JsonObject {
  return deviceObjectOf(deviceText) ?? {};
}

/** The object the device text gives at `key` ({} when absent or not an object). */
export function deviceSection(deviceText: string, key: string): JsonObject {
  return asObject(parseDeviceObject(deviceText)[key]);
}

/** The device text's zns object, or null for a conventional drive (or while the text is broken). */
export function znsConfigOf(deviceText: string): JsonObject | null {
  const zns = parseDeviceObject(deviceText).zns;
  return isObject(zns) ? zns : null;
}

/** The device text's slc_cache object, or null when the drive has none (or the text is broken). */
export function slcCacheOf(deviceText: string): JsonObject | null {
  const cache = parseDeviceObject(deviceText).slc_cache;
  return isObject(cache) ? cache : null;
}
