// The SLC cache's policies (seed 000, seed 003): where writes go while the
// cache has room, what happens when it is full, hot-read promotion,
// small-request pinning and the persistent cache. Shown for a device whose
// JSON has an slc_cache; changing one while a run is loaded offers to
// restart with it, like the other policies.

import { useAppStore } from '../store';
import { CheckboxField, PinSmallSelect, SettingSelect, useDeviceSchema } from './ChoiceFields';
import { classicFixups } from './classicPolicy';
import { slcCacheOf } from './deviceText';
import { effectiveSlcPolicy } from './slcPolicy';

export function SlcPolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setSlcPolicy = useAppStore((state) => state.config.setSlcPolicy);
  const hasCache = slcCacheOf(draft.deviceText) !== null;
  // The classic FTLs and caches run without the SLC cache (classicPolicy.ts).
  const schema = useDeviceSchema();
  const dropped = classicFixups(draft, schema)?.dropsSlcCache === true;
  const policy = effectiveSlcPolicy(draft, schema);

  return (
    <fieldset className="config-section" data-testid="policy-slc">
      <legend>SLC cache</legend>
      {dropped ? (
        <p className="field-note">
          Off for this run: the mapping scheme or write cache chosen above runs without an SLC
          cache.
        </p>
      ) : !hasCache ? (
        <p className="field-note">
          This device has no SLC cache. Pick a QLC or TLC preset with one, or add an
          &quot;slc_cache&quot; object to its JSON.
        </p>
      ) : (
        <>
          <SettingSelect
            label="Placement"
            testId="policy-slc-placement"
            value={policy.placement}
            path="slc_cache.placement"
            onChange={(placement) => setSlcPolicy({ placement })}
          />
          <SettingSelect
            label="When full"
            testId="policy-slc-when-full"
            value={policy.whenFull}
            path="slc_cache.when_full"
            onChange={(whenFull) => setSlcPolicy({ whenFull })}
          />
          <PinSmallSelect
            testId="policy-slc-pin-small"
            value={policy.pinSmallBytes}
            onChange={(pinSmallBytes) => setSlcPolicy({ pinSmallBytes })}
          />
          <CheckboxField
            label="Promote hot reads into SLC"
            testId="policy-slc-read-promotion"
            checked={policy.readPromotion}
            onChange={(readPromotion) => setSlcPolicy({ readPromotion })}
          />
          <CheckboxField
            label="Persistent cache (keep the newest data in SLC when idle)"
            testId="policy-slc-persistent"
            checked={policy.persistent}
            onChange={(persistent) => setSlcPolicy({ persistent })}
          />
        </>
      )}
    </fieldset>
  );
}
