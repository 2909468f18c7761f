// A zoned (ZNS) drive's host FTL policies (seed 004): which open zone class
// each write goes to (placement) and which full zone GC reclaims (victim).
// Shown for a device whose JSON has a "zns" object; changing one while a
// run is loaded offers to restart with it, like the other policies.

import { useAppStore } from '../store';
import { NameSelect } from './ChoiceFields';
import {
  ZNS_GC_VICTIMS,
  ZNS_PLACEMENTS,
  effectiveZnsPolicy,
  znsConfigOf,
  type ZnsGcVictim,
  type ZnsPlacement,
} from './znsPolicy';

export const ZNS_PLACEMENT_LABELS: Record<ZnsPlacement, string> = {
  normal: 'Normal (no separation)',
  warcip: 'WARCIP (rewrite intervals)',
  sepbit: 'SepBIT (last lifetime)',
  bhbdp_pre: 'BHB-DP_pre (write frequencies)',
  bhbdp: 'BHB-DP (block heat)',
  fk: 'FK (future, equal bands)',
  zbopt: 'ZB-OPT (future, exponential bands)',
};

export const ZNS_GC_LABELS: Record<ZnsGcVictim, string> = {
  cbe: 'CBE (cost-benefit, enhanced)',
  greedy: 'Greedy (most garbage)',
  cost_benefit: 'Cost-benefit (garbage × age)',
};

export function ZnsPolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setZnsPolicy = useAppStore((state) => state.config.setZnsPolicy);
  if (znsConfigOf(draft.deviceText) === null) return null;
  const policy = effectiveZnsPolicy(draft);

  return (
    <fieldset className="config-section" data-testid="policy-zns">
      <legend>Zoned (ZNS) host FTL</legend>
      <NameSelect
        label="Placement"
        testId="policy-placement"
        value={policy.placement}
        names={ZNS_PLACEMENTS}
        labels={ZNS_PLACEMENT_LABELS}
        hint="Which open zone class each write goes to: data that dies together should share a zone"
        onChange={(placement) => setZnsPolicy({ placement })}
      />
      <NameSelect
        label="GC victim"
        testId="policy-zns-gc"
        value={policy.gcVictim}
        names={ZNS_GC_VICTIMS}
        labels={ZNS_GC_LABELS}
        hint="Which full zone garbage collection reclaims when the garbage proportion passes its threshold"
        onChange={(gcVictim) => setZnsPolicy({ gcVictim })}
      />
    </fieldset>
  );
}
