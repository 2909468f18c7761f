// Reading loosely typed JSON (device files, scenario files, --set values)
// without a cast at every step. The one copy of these helpers in the app.

export type JsonObject = Record<string, unknown>;

/** `value` when it is a JSON object, else {} (null, arrays and scalars are not objects). */
export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** `value` when it is a JSON object, else null (for readers that report the difference). */
export function objectOrNull(value: unknown): JsonObject | null {
  return isObject(value) ? value : null;
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A --set value as the simulator reads it loosely: JSON, or a bare word. */
export function looseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
