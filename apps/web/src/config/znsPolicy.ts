// A zoned (ZNS) drive's host FTL policies as the form offers them: the
// placement and GC victim (their names, labels and defaults are the core's:
// the device schema's zns.placement and zns.gc_victim), what the device
// text says, and the `zns.*` overrides a draft sends. A conventional drive
// ("zns" absent or null) gets no zns override at all, so a choice made on a
// zoned drive never turns another drive into one.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import type { ScenarioDraft } from '../store/scenarioDraft';
import { isChoice, stringDefault } from './deviceSchema';
import { znsConfigOf } from './deviceText';

export interface ZnsPolicyChoice {
  placement: string;
  gcVictim: string;
}

export function effectiveZnsPolicy(draft: ScenarioDraft, schema: DeviceSchema): ZnsPolicyChoice {
  const zns = znsConfigOf(draft.deviceText) ?? {};
  const pick = (path: string, value: unknown) =>
    isChoice(schema, path, value) ? value : stringDefault(schema, path);
  return {
    placement: draft.znsPolicy.placement ?? pick('zns.placement', zns.placement),
    gcVictim: draft.znsPolicy.gcVictim ?? pick('zns.gc_victim', zns.gc_victim),
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
