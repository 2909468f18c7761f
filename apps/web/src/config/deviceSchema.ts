// Reading the device JSON Schema the core emits (fs_device_schema, loaded
// once at startup into the store): a setting's default, its choices with
// their labels, and whether a value is within its limits. The form takes
// all of these from here, never from copies of device_config.h; a path
// the schema lacks is a programming error and throws (the schema test runs
// every path the form reads against the real schema).

import type { DeviceSchema, SettingSchema } from '@flashscope/wasm/protocol';

export type { DeviceSchema, SettingSchema };

export interface Choice {
  value: string;
  label: string;
  description: string;
}

/** The setting at a dotted path ("gc.victim", "slc_cache.placement"), or null. */
export function settingAt(schema: SettingSchema, path: string): SettingSchema | null {
  let node: SettingSchema | undefined = schema;
  for (const part of path.split('.')) {
    node = node.properties?.[part];
    if (node === undefined) return null;
  }
  return node;
}

function requireSetting(schema: SettingSchema, path: string): SettingSchema {
  const setting = settingAt(schema, path);
  if (setting === null) throw new Error(`the core's device schema has no setting "${path}"`);
  return setting;
}

function typedDefault<T>(schema: SettingSchema, path: string, type: string): T {
  const value = requireSetting(schema, path).default;
  if (typeof value !== type) {
    throw new Error(`the core's default for "${path}" is ${JSON.stringify(value)}, not a ${type}`);
  }
  return value as T;
}

export const numberDefault = (schema: SettingSchema, path: string) =>
  typedDefault<number>(schema, path, 'number');
export const booleanDefault = (schema: SettingSchema, path: string) =>
  typedDefault<boolean>(schema, path, 'boolean');
export const stringDefault = (schema: SettingSchema, path: string) =>
  typedDefault<string>(schema, path, 'string');

/** The names a setting accepts, in the order the UI offers them, with the core's labels. */
export function choicesAt(schema: SettingSchema, path: string): Choice[] {
  const setting = requireSetting(schema, path);
  if (setting['x-choices']) return setting['x-choices'];
  return (setting.enum ?? []).map((value) => ({
    value: String(value),
    label: String(value),
    description: '',
  }));
}

/** Whether `value` is one of the names of the choice setting at `path`. */
export function isChoice(schema: SettingSchema, path: string, value: unknown): value is string {
  return typeof value === 'string' && choicesAt(schema, path).some((c) => c.value === value);
}

/** The names under an object setting ("read_disturb.threshold_reads" -> slc, mlc, ...). */
export function keysAt(schema: SettingSchema, path: string): string[] {
  return Object.keys(requireSetting(schema, path).properties ?? {});
}

function isType(setting: SettingSchema, type: string): boolean {
  return Array.isArray(setting.type) ? setting.type.includes(type) : setting.type === type;
}

/**
 * What is wrong with `value` for the setting at `path` by the schema alone
 * (type, range, choice), as the field shows it; null when it is fine.
 * Relations between settings (over-provisioning against the geometry) are
 * the effective device's to tell.
 */
export function settingProblem(schema: SettingSchema, path: string, value: unknown): string | null {
  const setting = settingAt(schema, path);
  if (setting === null) return null;
  const choices = setting['x-choices'] ?? setting.enum;
  if (choices !== undefined) {
    const names = choicesAt(schema, path).map((c) => c.value);
    return names.includes(String(value)) ? null : `must be one of ${names.join(', ')}`;
  }
  if (isType(setting, 'number') || isType(setting, 'integer')) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
    if (isType(setting, 'integer') && !isType(setting, 'number') && !Number.isInteger(value)) {
      return 'must be a whole number';
    }
    const unit =
      setting['x-unit'] && setting['x-unit'] !== 'fraction' ? ` ${setting['x-unit']}` : '';
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = setting;
    if (minimum !== undefined && value < minimum) return `must be at least ${minimum}${unit}`;
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) {
      return `must be above ${exclusiveMinimum}${unit}`;
    }
    if (maximum !== undefined && value > maximum) return `must be at most ${maximum}${unit}`;
    if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) {
      return `must be below ${exclusiveMaximum}${unit}`;
    }
  }
  return null;
}
