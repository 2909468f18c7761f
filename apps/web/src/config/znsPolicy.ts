// A zoned (ZNS) drive's host FTL policies as the form offers them: the
// placement and GC victim names of packages/sim-core/src/zns/zns_config.h
// (seed 004 §3.2, §3.4), what the device text says, and the `zns.*`
// overrides a draft sends. A conventional drive ("zns" absent or null) gets
// no zns override at all, so a choice made on a zoned drive never turns
// another drive into one.

import type { ScenarioDraft } from '../store/scenarioDraft';

export const ZNS_PLACEMENTS = [
  'normal',
  'warcip',
  'sepbit',
  'bhbdp_pre',
  'bhbdp',
  'fk',
  'zbopt',
] as const;
export type ZnsPlacement = (typeof ZNS_PLACEMENTS)[number];

export const ZNS_GC_VICTIMS = ['cbe', 'greedy', 'cost_benefit'] as const;
export type ZnsGcVictim = (typeof ZNS_GC_VICTIMS)[number];

export interface ZnsPolicyChoice {
  placement: ZnsPlacement;
  gcVictim: ZnsGcVictim;
}

/** What the simulator assumes for keys the device text leaves out (zns_config.h). */
export const ZNS_DEFAULTS: ZnsPolicyChoice = { placement: 'normal', gcVictim: 'cbe' };

type Json = Record<string, unknown>;

/** The device text's zns object, or null for a conventional drive (or while the text is broken). */
export function znsConfigOf(deviceText: string): Json | null {
  try {
    const device: unknown = JSON.parse(deviceText);
    if (device === null || typeof device !== 'object' || Array.isArray(device)) return null;
    const zns = (device as Json).zns;
    return zns !== null && typeof zns === 'object' && !Array.isArray(zns) ? (zns as Json) : null;
  } catch {
    return null;
  }
}

function pick<T extends string>(names: readonly T[], value: unknown, fallback: T): T {
  return names.includes(value as T) ? (value as T) : fallback;
}

export function effectiveZnsPolicy(draft: ScenarioDraft): ZnsPolicyChoice {
  const zns = znsConfigOf(draft.deviceText) ?? {};
  return {
    placement:
      draft.znsPolicy.placement ?? pick(ZNS_PLACEMENTS, zns.placement, ZNS_DEFAULTS.placement),
    gcVictim:
      draft.znsPolicy.gcVictim ?? pick(ZNS_GC_VICTIMS, zns.gc_victim, ZNS_DEFAULTS.gcVictim),
  };
}

export function sameZnsPolicy(a: ZnsPolicyChoice, b: ZnsPolicyChoice): boolean {
  return a.placement === b.placement && a.gcVictim === b.gcVictim;
}

/** The zns.* overrides of the choices the user made (none for a conventional drive). */
export function znsOverrides(draft: ScenarioDraft): string[] {
  if (znsConfigOf(draft.deviceText) === null) return [];
  const { placement, gcVictim } = draft.znsPolicy;
  const set: string[] = [];
  if (placement !== undefined) set.push(`zns.placement=${placement}`);
  if (gcVictim !== undefined) set.push(`zns.gc_victim=${gcVictim}`);
  return set;
}
