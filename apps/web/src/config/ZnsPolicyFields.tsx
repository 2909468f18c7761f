// A zoned (ZNS) drive's host FTL policies (seed 004): which open zone class
// each write goes to (placement) and which full zone GC reclaims (victim).
// Shown for a device whose JSON has a "zns" object; changing one while a
// run is loaded offers to restart with it, like the other policies.

import { useAppStore } from '../store';
import { SettingSelect, useDeviceSchema } from './ChoiceFields';
import { znsConfigOf } from './deviceText';
import { effectiveZnsPolicy } from './znsPolicy';

export function ZnsPolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setZnsPolicy = useAppStore((state) => state.config.setZnsPolicy);
  const schema = useDeviceSchema();
  if (znsConfigOf(draft.deviceText) === null) return null;
  const policy = effectiveZnsPolicy(draft, schema);

  return (
    <fieldset className="config-section" data-testid="policy-zns">
      <legend>Zoned (ZNS) host FTL</legend>
      <SettingSelect
        label="Placement"
        testId="policy-placement"
        value={policy.placement}
        path="zns.placement"
        hint="Which open zone class each write goes to: data that dies together should share a zone"
        onChange={(placement) => setZnsPolicy({ placement })}
      />
      <SettingSelect
        label="GC victim"
        testId="policy-zns-gc"
        value={policy.gcVictim}
        path="zns.gc_victim"
        hint="Which full zone garbage collection reclaims when the garbage proportion passes its threshold"
        onChange={(gcVictim) => setZnsPolicy({ gcVictim })}
      />
    </fieldset>
  );
}
