// One configuration's card in the compare view: its label and colour, a
// device (a preset, or the panel's current device), the GC, scheduler and —
// for a drive with an SLC cache — SLC policies, free override lines, and,
// while it runs, its progress (or its error, which stays in this card).

import { useState } from 'react';
import { formatSimTime } from '../app/format';
import { CheckboxField, PinSmallSelect, SettingSelect } from '../config/ChoiceFields';
import { PresetSelect } from '../config/PresetSelect';
import { fetchDevicePreset } from '../config/presets';
import { deviceFileName } from '../config/scenario';
import type { SlcPolicyChoice } from '../config/slcPolicy';
import { appStore, useAppStore } from '../store';
import {
  configFromDraft,
  hasSlcCache,
  parseOverrideLines,
  withDevice,
  type CompareConfig,
} from './compareConfig';
import { compareStore, type ColumnProgress } from './compareStore';

/** The device select's choice that is no preset: the panel's device (its value is ''). */
const PANEL_DEVICE = { label: "Current device (the panel's)", always: true };

const STATUS_TEXT: Record<ColumnProgress['status'], string> = {
  starting: 'Starting its worker…',
  running: 'Running',
  done: 'Finished',
  stopped: 'Stopped',
  error: 'Failed',
};

export function ConfigEditor(props: {
  config: CompareConfig;
  index: number;
  color: string;
  canRemove: boolean;
  locked: boolean;
  progress: ColumnProgress | null;
}) {
  const { config, index, color, canRemove, locked, progress } = props;
  const presets = useAppStore((state) => state.config.devicePresets);
  const [deviceError, setDeviceError] = useState<string | null>(null);
  const store = compareStore.getState();
  const update = (patch: Partial<CompareConfig>) => store.update(config.id, patch);
  const setSlc = (patch: Partial<SlcPolicyChoice>) =>
    update({ slcPolicy: { ...config.slcPolicy, ...patch } });
  const overrides = parseOverrideLines(config.overridesText);

  const chooseDevice = async (presetId: string) => {
    setDeviceError(null);
    try {
      if (presetId === '') {
        const { applied, draft } = appStore.getState().config;
        const panel = applied ?? draft;
        const fromPanel = configFromDraft(
          panel,
          appStore.getState().config.schema!,
          config.id,
          deviceFileName(panel),
        );
        store.replace(
          withDevice(compareStore.getState().configs.find((c) => c.id === config.id) ?? config, {
            presetId: null,
            deviceText: panel.deviceText,
            deviceName: fromPanel.deviceName,
            shapeLines: fromPanel.overridesText,
          }),
        );
        return;
      }
      const entry = presets.find((preset) => preset.id === presetId);
      if (!entry) return;
      const deviceText = await fetchDevicePreset(entry);
      // Read the config afresh: the user may have edited it while the preset loaded.
      const current = compareStore.getState().configs.find((c) => c.id === config.id);
      if (!current) return;
      store.replace(withDevice(current, { presetId, deviceText, deviceName: `${presetId}.json` }));
    } catch (error) {
      setDeviceError(`Preset ${presetId}: ${(error as Error).message}`);
    }
  };

  return (
    <section
      className="card compare-config"
      data-testid="compare-config"
      data-config-id={config.id}
      data-status={progress?.status ?? 'idle'}
      style={{ borderTopColor: color }}
      aria-label={`Configuration ${index + 1}: ${config.label}`}
    >
      <header className="compare-config-header">
        <span className="compare-swatch" style={{ background: color }} aria-hidden />
        <input
          type="text"
          className="compare-label"
          data-testid="compare-label"
          aria-label={`Label of configuration ${index + 1}`}
          value={config.label}
          disabled={locked}
          onChange={(event) => update({ label: event.target.value, labelEdited: true })}
        />
        <button
          type="button"
          className="quiet"
          data-testid="compare-remove"
          title="Remove this configuration"
          aria-label={`Remove configuration ${index + 1}`}
          disabled={!canRemove || locked}
          onClick={() => store.remove(config.id)}
        >
          ✕
        </button>
      </header>
      <fieldset className="compare-config-fields" disabled={locked}>
        <PresetSelect
          label="Device"
          testId="compare-device"
          value={config.devicePresetId}
          presets={presets}
          noPreset={PANEL_DEVICE}
          onChoose={(presetId) => void chooseDevice(presetId)}
        />
        {deviceError && <p className="field-note compare-error">{deviceError}</p>}
        <SettingSelect
          label="GC victim"
          testId="compare-gc"
          value={config.policy.gcVictim}
          path="gc.victim"
          onChange={(gcVictim) => update({ policy: { ...config.policy, gcVictim } })}
        />
        <CheckboxField
          label="Background GC when idle"
          testId="compare-background-gc"
          checked={config.policy.gcBackground}
          onChange={(gcBackground) => update({ policy: { ...config.policy, gcBackground } })}
        />
        <SettingSelect
          label="Die scheduler"
          testId="compare-scheduler"
          value={config.policy.scheduler}
          path="scheduler"
          onChange={(scheduler) => update({ policy: { ...config.policy, scheduler } })}
        />
        {hasSlcCache(config) && (
          <div className="compare-slc" data-testid="compare-slc">
            <SettingSelect
              label="SLC placement"
              testId="compare-slc-placement"
              value={config.slcPolicy.placement}
              path="slc_cache.placement"
              onChange={(placement) => setSlc({ placement })}
            />
            <SettingSelect
              label="SLC when full"
              testId="compare-slc-when-full"
              value={config.slcPolicy.whenFull}
              path="slc_cache.when_full"
              onChange={(whenFull) => setSlc({ whenFull })}
            />
            <PinSmallSelect
              testId="compare-slc-pin-small"
              value={config.slcPolicy.pinSmallBytes}
              onChange={(pinSmallBytes) => setSlc({ pinSmallBytes })}
            />
            <CheckboxField
              label="Promote hot reads"
              testId="compare-slc-read-promotion"
              checked={config.slcPolicy.readPromotion}
              onChange={(readPromotion) => setSlc({ readPromotion })}
            />
            <CheckboxField
              label="Persistent cache"
              testId="compare-slc-persistent"
              checked={config.slcPolicy.persistent}
              onChange={(persistent) => setSlc({ persistent })}
            />
          </div>
        )}
        <label className="field">
          <span>Overrides (key=value per line)</span>
          <textarea
            data-testid="compare-overrides"
            spellCheck={false}
            rows={3}
            placeholder={'gc.free_block_threshold=0.1\noverprovision=0.2'}
            value={config.overridesText}
            aria-invalid={overrides.problem !== null}
            onChange={(event) => update({ overridesText: event.target.value })}
          />
        </label>
        {overrides.problem && <p className="field-note compare-error">{overrides.problem}</p>}
      </fieldset>
      {progress && <ColumnStatus progress={progress} />}
    </section>
  );
}

function ColumnStatus({ progress }: { progress: ColumnProgress }) {
  const active = progress.status === 'starting' || progress.status === 'running';
  return (
    <div className="compare-status" data-testid="compare-status">
      <div className="compare-status-line">
        <span>{STATUS_TEXT[progress.status]}</span>
        <span className="compare-sim-time">{formatSimTime(progress.simTimeNs)} simulated</span>
      </div>
      {active && (
        <progress
          data-testid="compare-progress"
          max={1}
          // No value: an indeterminate bar, when the end cannot be told.
          value={progress.fraction ?? undefined}
          aria-label="Progress"
        />
      )}
      {progress.error && (
        <code className="error-message compare-error" data-testid="compare-error">
          {progress.error}
        </code>
      )}
    </div>
  );
}
