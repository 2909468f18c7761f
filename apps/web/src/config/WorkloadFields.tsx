// The workload: a preset fio job, editable, and how full the drive is
// before the timed run starts (the fill level: on a drive with an SLC cache
// it also sets how much dynamic SLC there is to borrow).

import { useAppStore } from '../store';
import { fetchWorkloadPreset } from './presets';
import { NumberField, textKey } from './NumberField';
import { PresetSelect } from './PresetSelect';
import { effectivePreconditionFill } from './scenario';

export function WorkloadFields() {
  const presets = useAppStore((state) => state.config.workloadPresets);
  const draft = useAppStore((state) => state.config.draft);
  const config = useAppStore((state) => state.config);
  const reportError = useAppStore((state) => state.sim.reportError);
  const fill = effectivePreconditionFill(draft);

  const choosePreset = async (id: string) => {
    const entry = presets.find((preset) => preset.id === id);
    if (!entry) return;
    try {
      config.selectWorkloadPreset(id, await fetchWorkloadPreset(entry), entry.set);
    } catch (error) {
      reportError({ kind: 'client', message: `Preset ${id}: ${(error as Error).message}` });
    }
  };

  return (
    <fieldset className="config-section">
      <legend>Workload</legend>
      <PresetSelect
        testId="workload-preset"
        value={draft.workloadPresetId}
        presets={presets}
        onChoose={(id) => void choosePreset(id)}
      />
      <NumberField
        label="Filled before the run"
        testId="fill-level"
        value={Math.round(fill * 100)}
        resetKey={`${draft.workloadPresetId}|${textKey(draft.deviceText)}`}
        suffix="%"
        hint="Share of the logical capacity written sequentially, untimed, before the workload starts"
        isValid={(value) => value >= 0 && value <= 100}
        onCommit={(value) => config.setPreconditionFill(value / 100)}
      />
      <label className="field">
        <span>fio job</span>
        <textarea
          data-testid="fio-editor"
          className="code"
          spellCheck={false}
          rows={11}
          value={draft.fioText}
          onChange={(event) => config.editFioText(event.target.value)}
        />
      </label>
    </fieldset>
  );
}
