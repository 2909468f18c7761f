// Overrides (the CLI's --set keys) that the configuration form shows as its
// own fields: the fill level, over-provisioning, geometry, the policies and
// — for a device with an SLC cache — the SLC policies, and for a zoned
// device its host FTL's placement and GC victim; the mapping scheme, write
// cache and read/write conflict controls. A scenario file's
// `set` and a shared URL's overrides are spread over a draft with these, so
// the panel shows what will run; a key or value the form cannot show stays
// an override (workloadSet) and reaches the simulator as it was.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import {
  EMPTY_DRAFT,
  GEOMETRY_KEYS,
  type GeometryKey,
  type ScenarioDraft,
} from '../store/scenarioDraft';
import { absorbClassicOverride } from './classicPolicy';
import { absorbConflictOverride } from './conflictPolicy';
import { isChoice, settingProblem } from './deviceSchema';
import { slcCacheOf, znsConfigOf } from './deviceText';
import { PIN_SMALL_CHOICES, persistentBytesWhenOn } from './slcPolicy';

/** A draft with no form field set, its overrides still to be absorbed. */
export function draftForOverrides(parts: Partial<ScenarioDraft>): ScenarioDraft {
  return {
    ...EMPTY_DRAFT,
    geometry: {},
    policy: {},
    slcPolicy: {},
    znsPolicy: {},
    classicPolicy: {},
    conflictPolicy: {},
    workloadSet: [],
    ...parts,
  };
}

/** A --set line's value typed as a JSON value would be: true/false, a number, else the text. */
export function typedOverrideValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  const number = trimmed === '' ? NaN : Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

function assign<T extends object, K extends keyof T>(
  target: T,
  key: K,
  value: T[K] | undefined,
): boolean {
  if (value === undefined) return false;
  target[key] = value;
  return true;
}

/**
 * Puts the override `key` = `value` (typed as in a scenario's JSON `set`)
 * into its form field of `draft`, whose deviceText is already set; false
 * when the form has no field for it or cannot show that value.
 */
export function absorbOverride(
  draft: ScenarioDraft,
  key: string,
  value: unknown,
  schema: DeviceSchema,
): boolean {
  // A name the core offers for the choice setting at `path`, else undefined.
  const oneOf = (path: string) => (isChoice(schema, path, value) ? value : undefined);
  const number = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const bool = typeof value === 'boolean' ? value : undefined;
  // A number within the core's limits for `key`, else undefined (it stays an override).
  const allowed = number !== undefined && settingProblem(schema, key, number) === null;
  if (key === 'precondition.fill') {
    return assign(draft, 'preconditionFill', allowed ? number : undefined);
  }
  if (key === 'overprovision') {
    return assign(draft, 'overprovision', allowed ? number : undefined);
  }
  if (key.startsWith('geometry.')) {
    const name = key.slice('geometry.'.length) as GeometryKey;
    return (
      GEOMETRY_KEYS.includes(name) && assign(draft.geometry, name, allowed ? number : undefined)
    );
  }
  switch (key) {
    case 'gc.victim':
      return assign(draft.policy, 'gcVictim', oneOf('gc.victim'));
    case 'gc.background':
      return assign(draft.policy, 'gcBackground', bool);
    case 'scheduler':
      return assign(draft.policy, 'scheduler', oneOf('scheduler'));
  }
  // ftl.*, cache.* and the classic device's fixups (none on a zoned drive), then
  // suspend.*, read_disturb.* and wear_leveling.static_*.
  if (
    absorbClassicOverride(draft, key, value, schema) ||
    absorbConflictOverride(draft, key, value, schema)
  ) {
    return true;
  }
  // The ZNS fields exist only for a zoned device (znsOverrides sends none otherwise).
  if (key.startsWith('zns.')) {
    if (znsConfigOf(draft.deviceText) === null) return false;
    switch (key) {
      case 'zns.placement':
        return assign(draft.znsPolicy, 'placement', oneOf('zns.placement'));
      case 'zns.gc_victim':
        return assign(draft.znsPolicy, 'gcVictim', oneOf('zns.gc_victim'));
      default:
        return false;
    }
  }
  // The SLC fields exist only for a device with a cache (slcOverrides sends none otherwise).
  const cache = key.startsWith('slc_cache.') ? slcCacheOf(draft.deviceText) : null;
  if (!cache) return false;
  switch (key.slice('slc_cache.'.length)) {
    case 'placement':
      return assign(draft.slcPolicy, 'placement', oneOf('slc_cache.placement'));
    case 'when_full':
      return assign(draft.slcPolicy, 'whenFull', oneOf('slc_cache.when_full'));
    case 'read_promotion':
      return assign(draft.slcPolicy, 'readPromotion', bool);
    case 'pin_small_bytes':
      // The select offers these sizes (and the device's own); others stay overrides.
      return assign(
        draft.slcPolicy,
        'pinSmallBytes',
        PIN_SMALL_CHOICES.includes(number as (typeof PIN_SMALL_CHOICES)[number])
          ? number
          : undefined,
      );
    case 'persistent_bytes':
      // The toggle means 0 or the device's "on" size; another size stays an override.
      return assign(
        draft.slcPolicy,
        'persistent',
        number === 0 ? false : number === persistentBytesWhenOn(cache) ? true : undefined,
      );
    default:
      return false;
  }
}
