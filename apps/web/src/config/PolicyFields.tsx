// Policies: GC victim selection, background GC and the die scheduler.
// Changing one while a run is loaded offers to restart with it.

import { useAppStore } from '../store';
import {
  GC_VICTIM_POLICIES,
  SCHEDULERS,
  type GcVictimPolicy,
  type SchedulerName,
} from '../store/scenarioDraft';
import { effectivePolicy } from './scenario';

const VICTIM_LABELS: Record<GcVictimPolicy, string> = {
  greedy: 'Greedy (fewest valid pages)',
  cost_benefit: 'Cost-benefit (age × free space)',
  fifo: 'FIFO (oldest written)',
  random: 'Random',
  d_choices: 'd-choices (best of d random)',
};

const SCHEDULER_LABELS: Record<SchedulerName, string> = {
  fifo: 'FIFO',
  read_priority: 'Read priority',
};

export function PolicyFields() {
  const draft = useAppStore((state) => state.config.draft);
  const setPolicy = useAppStore((state) => state.config.setPolicy);
  const policy = effectivePolicy(draft);

  return (
    <fieldset className="config-section">
      <legend>Policies</legend>
      <label className="field">
        <span>GC victim</span>
        <select
          data-testid="policy-gc"
          value={policy.gcVictim}
          onChange={(event) => setPolicy({ gcVictim: event.target.value as GcVictimPolicy })}
        >
          {GC_VICTIM_POLICIES.map((name) => (
            <option key={name} value={name}>
              {VICTIM_LABELS[name]}
            </option>
          ))}
        </select>
      </label>
      <label className="field checkbox-field">
        <input
          type="checkbox"
          data-testid="policy-background-gc"
          checked={policy.gcBackground}
          onChange={(event) => setPolicy({ gcBackground: event.target.checked })}
        />
        <span>Background GC when idle</span>
      </label>
      <label className="field">
        <span>Die scheduler</span>
        <select
          data-testid="policy-scheduler"
          value={policy.scheduler}
          onChange={(event) => setPolicy({ scheduler: event.target.value as SchedulerName })}
        >
          {SCHEDULERS.map((name) => (
            <option key={name} value={name}>
              {SCHEDULER_LABELS[name]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
