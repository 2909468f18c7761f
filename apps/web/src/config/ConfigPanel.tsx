// The configuration panel: a scenario, the device, policies (a zoned
// drive's and the SLC cache's too, the mapping scheme and write cache, the
// read/write conflict controls), the workload, and the button that
// restarts the run with them.

import { useSession } from '../app/sessionContext';
import { appStore, useAppStore } from '../store';
import { settingsEdited } from '../trace/currentWorkload';
import { ClassicPolicyFields } from './ClassicPolicyFields';
import { ConflictControlFields } from './ConflictControlFields';
import { DeviceFields } from './DeviceFields';
import { PolicyFields } from './PolicyFields';
import { ScenarioSelect } from './ScenarioSelect';
import { SlcPolicyFields } from './SlcPolicyFields';
import { WorkloadFields } from './WorkloadFields';
import { ZnsPolicyFields } from './ZnsPolicyFields';

export function ConfigPanel() {
  const session = useSession();
  const dirty = useAppStore(settingsEdited);
  const phase = useAppStore((state) => state.sim.phase);
  const busy = phase === 'starting' || phase === 'loading';
  // Defaults, limits and choices are the core's: the fields wait for its schema.
  const schemaLoaded = useAppStore((state) => state.config.schema !== null);

  if (!schemaLoaded) {
    return (
      <form className="config-panel" aria-label="Configuration" aria-busy="true">
        <p className="field-note" data-testid="config-loading">
          {phase === 'starting' ? 'Starting the simulator…' : 'The simulator did not start.'}
        </p>
      </form>
    );
  }

  return (
    <form
      className="config-panel"
      aria-label="Configuration"
      onSubmit={(event) => {
        event.preventDefault();
        void session.apply(appStore.getState().config.draft, true);
      }}
    >
      <ScenarioSelect />
      <DeviceFields />
      <PolicyFields />
      <ClassicPolicyFields />
      <ConflictControlFields />
      <ZnsPolicyFields />
      <SlcPolicyFields />
      <WorkloadFields />
      <div className="apply-row">
        <button type="submit" className="primary wide" data-testid="apply" disabled={busy}>
          {busy ? 'Loading…' : 'Apply & restart'}
        </button>
        <p className="field-note" data-testid="config-state">
          {dirty ? 'Edited — not yet applied to the run' : 'The run uses these settings'}
        </p>
      </div>
    </form>
  );
}
