// The workload: a fio job (a preset, editable; or a scenario's workload
// generator, shown by name and parameters) or a trace file the user drops
// (the trace panel), and how full the drive is before the timed run
// starts (the fill level: on a drive with an SLC cache it also sets how
// much dynamic SLC there is to borrow; the core warns when a sequential job
// would overwrite the fill's data instead of writing to free space). Switching between fio and trace
// keeps both: the fio text and the trace with its summary stay as they were.

import type { WorkloadGenerator } from '@flashscope/wasm/protocol';
import { useAppStore } from '../store';
import type { WorkloadMode } from '../store/traceSlice';
import { generatorLabel } from '../trace/runWorkload';
import { TracePanel } from '../trace/TracePanel';
import { fetchWorkloadPreset } from './presets';
import { NumberField, textKey } from './NumberField';
import { PresetSelect } from './PresetSelect';
import { BurstTemplateFields } from './BurstTemplateFields';
import { FillOverwriteNote } from './FillOverwriteNote';
import { useDeviceSchema } from './ChoiceFields';
import { settingProblem } from './deviceSchema';
import { effectivePreconditionFill } from './deviceValues';
import { useFillOverwrites } from './useFillOverwrites';

const MODE_LABELS: Record<WorkloadMode, string> = { fio: 'fio job', trace: 'Trace file' };

export function WorkloadFields() {
  const presets = useAppStore((state) => state.config.workloadPresets);
  const draft = useAppStore((state) => state.config.draft);
  const config = useAppStore((state) => state.config);
  const reportError = useAppStore((state) => state.sim.reportError);
  const mode = useAppStore((state) => state.traces.mode);
  const setMode = useAppStore((state) => state.traces.setMode);
  const schema = useDeviceSchema();
  const fill = effectivePreconditionFill(draft, schema);
  // The core's word when a sequential job would overwrite the fill's data.
  const fillOverwrites = useFillOverwrites(mode === 'fio');

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
      <div className="segmented workload-mode" role="radiogroup" aria-label="Workload source">
        {(Object.keys(MODE_LABELS) as WorkloadMode[]).map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={mode === choice}
            className={mode === choice ? 'active' : ''}
            data-testid={`workload-mode-${choice}`}
            onClick={() => setMode(choice)}
          >
            {MODE_LABELS[choice]}
          </button>
        ))}
      </div>
      {mode === 'fio' && (
        <PresetSelect
          testId="workload-preset"
          value={draft.workloadPresetId}
          presets={presets}
          onChoose={(id) => void choosePreset(id)}
        />
      )}
      <NumberField
        label="Filled before the run"
        testId="fill-level"
        value={Math.round(fill * 100)}
        resetKey={`${draft.workloadPresetId}|${textKey(draft.deviceText)}`}
        suffix="%"
        hint="Share of the logical capacity written sequentially, untimed, before the workload starts"
        check={(value) => settingProblem(schema, 'precondition.fill', value / 100)}
        onCommit={(value) => config.setPreconditionFill(value / 100)}
      />
      {mode === 'fio' && (
        <FillOverwriteNote overwrites={fillOverwrites} testId="fill-overwrite-note" />
      )}
      {mode === 'fio' && <BurstTemplateFields />}
      {mode === 'fio' && draft.workloadGenerator ? (
        <GeneratorSummary
          generator={draft.workloadGenerator}
          onUseFio={config.dropWorkloadGenerator}
        />
      ) : mode === 'fio' ? (
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
      ) : (
        <TracePanel />
      )}
    </fieldset>
  );
}

/** A scenario's generator in place of the fio editor: its name, write count and parameters. */
function GeneratorSummary(props: { generator: WorkloadGenerator; onUseFio: () => void }) {
  const { generator: name, ...parameters } = props.generator;
  return (
    <div className="field generator-workload" data-testid="workload-generator">
      <span>Workload generator</span>
      <strong data-testid="workload-generator-label">{generatorLabel(props.generator)}</strong>
      <code className="field-note generator-parameters" title={`generator: ${name}`}>
        {Object.entries(parameters)
          .map(([key, value]) => `${key}=${String(value)}`)
          .join(' ') || 'the generator’s defaults'}
      </code>
      <button type="button" className="quiet small" onClick={props.onUseFio}>
        Use the fio job instead
      </button>
    </div>
  );
}
