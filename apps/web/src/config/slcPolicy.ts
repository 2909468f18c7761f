// The SLC cache's policies as the form offers them: their names (those of
// packages/sim-core/src/ftl/slc/slc_policy_names.h), what the device text
// says, and the `slc_cache.*` overrides a draft sends. A device without an
// SLC cache ("slc_cache" absent or null) gets no slc_cache override at all,
// so a choice made on one drive never switches a cache on for another.

import type { ScenarioDraft } from '../store/scenarioDraft';

export const SLC_PLACEMENTS = ['slc_first', 'size_split', 'hyflex'] as const;
export type SlcPlacement = (typeof SLC_PLACEMENTS)[number];

export const SLC_WHEN_FULL = ['direct', 'fold-then-write'] as const;
export type SlcWhenFull = (typeof SLC_WHEN_FULL)[number];

/** Request sizes the pinning toggle offers (0 = off). */
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

/** What the simulator assumes for keys the device text leaves out (CONTRACT.md). */
export const SLC_DEFAULTS: SlcPolicyChoice = {
  placement: 'slc_first',
  whenFull: 'direct',
  readPromotion: false,
  pinSmallBytes: 0,
  persistent: false,
};

type Json = Record<string, unknown>;

/** The device text's slc_cache object, or null when the drive has none (or the text is broken). */
export function slcCacheOf(deviceText: string): Json | null {
  try {
    const device: unknown = JSON.parse(deviceText);
    if (device === null || typeof device !== 'object' || Array.isArray(device)) return null;
    const cache = (device as Json).slc_cache;
    return cache !== null && typeof cache === 'object' && !Array.isArray(cache)
      ? (cache as Json)
      : null;
  } catch {
    return null;
  }
}

function pick<T extends string>(names: readonly T[], value: unknown, fallback: T): T {
  return names.includes(value as T) ? (value as T) : fallback;
}

const bytes = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);

/**
 * The persistent-cache size "on" means: the device's own value, else half of
 * its static SLC (seed 003: the Intel 760p keeps up to ~3 GB of ~5.5 GB),
 * else half of the dynamic maximum.
 */
export function persistentBytesWhenOn(cache: Json): number {
  const own = bytes(cache.persistent_bytes);
  if (own > 0) return own;
  const base = bytes(cache.static_bytes) || bytes(cache.dynamic_max_bytes);
  return Math.floor(base / 2);
}

export function effectiveSlcPolicy(draft: ScenarioDraft): SlcPolicyChoice {
  const cache = slcCacheOf(draft.deviceText) ?? {};
  const chosen = draft.slcPolicy;
  return {
    placement: chosen.placement ?? pick(SLC_PLACEMENTS, cache.placement, SLC_DEFAULTS.placement),
    whenFull: chosen.whenFull ?? pick(SLC_WHEN_FULL, cache.when_full, SLC_DEFAULTS.whenFull),
    readPromotion:
      chosen.readPromotion ??
      (typeof cache.read_promotion === 'boolean' ? cache.read_promotion : false),
    pinSmallBytes: chosen.pinSmallBytes ?? bytes(cache.pin_small_bytes),
    persistent: chosen.persistent ?? bytes(cache.persistent_bytes) > 0,
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
