// The scenario picker: a file of public/scenarios sets the device, the
// workload and their overrides at once, and the run restarts with it.

import { useSession } from '../app/sessionContext';
import { SourcesNote } from '../glossary/SourcesNote';
import { appStore, useAppStore } from '../store';
import { fetchScenarioDraft } from './scenarioLoader';

export function ScenarioSelect() {
  const session = useSession();
  const scenarios = useAppStore((state) => state.config.scenarios);
  const scenarioId = useAppStore((state) => state.config.draft.scenarioId);
  const reportError = useAppStore((state) => state.sim.reportError);
  const current = scenarios.find((entry) => entry.id === scenarioId);

  const choose = async (id: string) => {
    const entry = scenarios.find((candidate) => candidate.id === id);
    if (!entry) return;
    const { config } = appStore.getState();
    try {
      config.selectScenario(await fetchScenarioDraft(entry, config.devicePresets, config.schema!));
    } catch (error) {
      reportError({ kind: 'input', message: (error as Error).message });
      return;
    }
    await session.apply(appStore.getState().config.draft, true);
  };

  return (
    <fieldset className="config-section">
      <legend>Scenario</legend>
      <label className="field">
        <span>Load a scenario</span>
        <select
          data-testid="preset-select"
          value={current ? current.id : ''}
          onChange={(event) => void choose(event.target.value)}
        >
          {/* A lesson's scenario or the user's own choices are not in the list. */}
          {!current && <option value="">Custom (device + workload below)</option>}
          {scenarios.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
      </label>
      {current?.description && <p className="field-note">{current.description}</p>}
      <SourcesNote sources={current?.sources} />
    </fieldset>
  );
}
