// Policies: GC victim selection, background GC and the die scheduler (a
// zoned drive's GC is its host FTL's: ZnsPolicyFields). Changing one while
// a run is loaded offers to restart with it.

import { useAppStore } from '../store';
import {
  GC_VICTIM_POLICIES,
  SCHEDULERS,
  type GcVictimPolicy,
  type SchedulerName,
} from '../store/scenarioDraft';
import { CheckboxField, NameSelect } from './ChoiceFields';
import { effectivePolicy } from './scenario';
import { znsConfigOf } from './znsPolicy';

const VICTIM_LABELS: Record<GcVictimPolicy, string> = {
  greedy: 'Greedy (fewest valid pages)',
  cost_benefit: 'Cost-benefit (age × free space)',
  fifo: 'FIFO (oldest written)',
  random: 'Random',
  d_choices: 'd-choices (best of d random)',
};

export const SCHEDULER_LABELS: Record<SchedulerName, string> = {
  fifo: 'FIFO',
  read_priority: 'Read priority',
};

export function PolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setPolicy = useAppStore((state) => state.config.setPolicy);
  const policy = effectivePolicy(draft);
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
          <NameSelect
            label="GC victim"
            testId="policy-gc"
            value={policy.gcVictim}
            names={GC_VICTIM_POLICIES}
            labels={VICTIM_LABELS}
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
      <NameSelect
        label="Die scheduler"
        testId="policy-scheduler"
        value={policy.scheduler}
        names={SCHEDULERS}
        labels={SCHEDULER_LABELS}
        onChange={(scheduler) => setPolicy({ scheduler })}
      />
    </fieldset>
  );
}
