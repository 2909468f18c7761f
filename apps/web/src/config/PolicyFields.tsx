// Policies: GC victim selection, background GC and the die scheduler (a
// zoned drive's GC is its host FTL's: ZnsPolicyFields). Changing one while
// a run is loaded offers to restart with it.

import { useAppStore } from '../store';
import { CheckboxField, SettingSelect, useDeviceSchema } from './ChoiceFields';
import { znsConfigOf } from './deviceText';
import { effectivePolicy } from './deviceValues';

export function PolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setPolicy = useAppStore((state) => state.config.setPolicy);
  const policy = effectivePolicy(draft, useDeviceSchema());
  // A zoned drive has no GC of its own: the host FTL reclaims zones (ZnsPolicyFields).
  const zoned = znsConfigOf(draft.deviceText) !== null;

  return (
    <fieldset className="config-section">
      <legend>Policies</legend>
      {zoned ? (
        <p className="field-note">
          A zoned drive leaves garbage collection to the host: see its host FTL below.
        </p>
      ) : (
        <>
          <SettingSelect
            label="GC victim"
            testId="policy-gc"
            value={policy.gcVictim}
            path="gc.victim"
            onChange={(gcVictim) => setPolicy({ gcVictim })}
          />
          <CheckboxField
            label="Background GC when idle"
            testId="policy-background-gc"
            checked={policy.gcBackground}
            onChange={(gcBackground) => setPolicy({ gcBackground })}
          />
        </>
      )}
      <SettingSelect
        label="Die scheduler"
        testId="policy-scheduler"
        value={policy.scheduler}
        path="scheduler"
        onChange={(scheduler) => setPolicy({ scheduler })}
      />
    </fieldset>
  );
}
