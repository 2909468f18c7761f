// The SLC cache's policies as the form offers them: their names, labels
// and defaults are the core's (the device schema's slc_cache.*), what the
// device text says, and the `slc_cache.*` overrides a draft sends. A device without an
// SLC cache ("slc_cache" absent or null) gets no slc_cache override at all,
// so a choice made on one drive never switches a cache on for another.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { JsonObject } from '../util/json';
import { booleanDefault, isChoice, numberDefault, stringDefault } from './deviceSchema';
import { slcCacheOf } from './deviceText';

/** A name of the core's slc_cache.placement choices. */
export type SlcPlacement = string;
/** A name of the core's slc_cache.when_full choices. */
export type SlcWhenFull = string;

/** Request sizes the pinning toggle offers (0 = off): a UI choice of sizes, not a core rule. */
export const PIN_SMALL_CHOICES = [0, 4096, 16384, 65536] as const;

export interface SlcPolicyChoice {
  placement: SlcPlacement;
  whenFull: SlcWhenFull;
  readPromotion: boolean;
  /** Requests of at most this many bytes stay in SLC (migration skips them); 0 = off. */
  pinSmallBytes: number;
  /** Keep the newest data in SLC across idle periods (seed 003). */
  persistent: boolean;
}

const bytes = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);

/**
 * The persistent-cache size "on" means: the device's own value, else half of
 * its static SLC (seed 003: the Intel 760p keeps up to ~3 GB of ~5.5 GB),
 * else half of the dynamic maximum.
 */
export function persistentBytesWhenOn(cache: JsonObject): number {
  const own = bytes(cache.persistent_bytes);
  if (own > 0) return own;
  const base = bytes(cache.static_bytes) || bytes(cache.dynamic_max_bytes);
  return Math.floor(base / 2);
}

export function effectiveSlcPolicy(draft: ScenarioDraft, schema: DeviceSchema): SlcPolicyChoice {
  const cache = slcCacheOf(draft.deviceText) ?? {};
  const chosen = draft.slcPolicy;
  const pick = (key: string) => {
    const path = `slc_cache.${key}`;
    return isChoice(schema, path, cache[key]) ? cache[key] : stringDefault(schema, path);
  };
  const number = (key: string) =>
    typeof cache[key] === 'number' ? bytes(cache[key]) : numberDefault(schema, `slc_cache.${key}`);
  return {
    placement: chosen.placement ?? pick('placement'),
    whenFull: chosen.whenFull ?? pick('when_full'),
    readPromotion:
      chosen.readPromotion ??
      (typeof cache.read_promotion === 'boolean'
        ? cache.read_promotion
        : booleanDefault(schema, 'slc_cache.read_promotion')),
    pinSmallBytes: chosen.pinSmallBytes ?? number('pin_small_bytes'),
    persistent: chosen.persistent ?? number('persistent_bytes') > 0,
  };
}

export function sameSlcPolicy(a: SlcPolicyChoice, b: SlcPolicyChoice): boolean {
  return (
    a.placement === b.placement &&
    a.whenFull === b.whenFull &&
    a.readPromotion === b.readPromotion &&
    a.pinSmallBytes === b.pinSmallBytes &&
    a.persistent === b.persistent
  );
}

/** The slc_cache.* overrides of the choices the user made (none for a drive without a cache). */
export function slcOverrides(draft: ScenarioDraft): string[] {
  const cache = slcCacheOf(draft.deviceText);
  if (cache === null) return [];
  const { placement, whenFull, readPromotion, pinSmallBytes, persistent } = draft.slcPolicy;
  const set: string[] = [];
  if (placement !== undefined) set.push(`slc_cache.placement=${placement}`);
  if (whenFull !== undefined) set.push(`slc_cache.when_full=${whenFull}`);
  if (readPromotion !== undefined) set.push(`slc_cache.read_promotion=${readPromotion}`);
  if (pinSmallBytes !== undefined) set.push(`slc_cache.pin_small_bytes=${pinSmallBytes}`);
  if (persistent !== undefined) {
    const value = persistent ? persistentBytesWhenOn(cache) : 0;
    set.push(`slc_cache.persistent_bytes=${value}`);
  }
  return set;
}
