// The device: a preset, its geometry and over-provisioning as overrides,
// and the device JSON itself for everything else.

import { useAppStore } from '../store';
import { GEOMETRY_KEYS, type GeometryKey } from '../store/scenarioDraft';
import { fetchDevicePreset } from './presets';
import { NumberField, textKey } from './NumberField';
import { PresetSelect } from './PresetSelect';
import { useDeviceSchema } from './ChoiceFields';
import { settingProblem } from './deviceSchema';
import { effectiveGeometry, effectiveOverprovision } from './deviceValues';
import {
  keyProblem,
  overprovisionProblem,
  roundedMinimum,
  useEffectiveDevice,
} from './useEffectiveDevice';

const GEOMETRY_LABELS: Record<GeometryKey, string> = {
  channels: 'Channels',
  dies_per_channel: 'Dies / channel',
  planes_per_die: 'Planes / die',
  blocks_per_plane: 'Blocks / plane',
  pages_per_block: 'Pages / block',
};

export function DeviceFields() {
  const presets = useAppStore((state) => state.config.devicePresets);
  const draft = useAppStore((state) => state.config.draft);
  const config = useAppStore((state) => state.config);
  const reportError = useAppStore((state) => state.sim.reportError);
  const schema = useDeviceSchema();
  const effective = useEffectiveDevice();
  const geometry = effectiveGeometry(draft, schema);
  const overprovision = effectiveOverprovision(draft, schema);
  const resetKey = `${draft.devicePresetId}|${textKey(draft.deviceText)}`;
  // What the core derives from the fields (null while it is asked, or cannot tell).
  const derived = effective?.derived ?? null;

  const choosePreset = async (id: string) => {
    const entry = presets.find((preset) => preset.id === id);
    if (!entry) return;
    try {
      config.selectDevicePreset(id, await fetchDevicePreset(entry));
    } catch (error) {
      reportError({ kind: 'client', message: `Preset ${id}: ${(error as Error).message}` });
    }
  };

  return (
    <fieldset className="config-section">
      <legend>Device</legend>
      <PresetSelect
        testId="device-preset"
        value={draft.devicePresetId}
        presets={presets}
        onChoose={(id) => void choosePreset(id)}
      />
      <div className="field-grid">
        {GEOMETRY_KEYS.map((key) => (
          <NumberField
            key={key}
            label={GEOMETRY_LABELS[key]}
            testId={`geometry-${key}`}
            value={geometry[key]}
            resetKey={resetKey}
            check={(value) => settingProblem(schema, `geometry.${key}`, value)}
            problem={keyProblem(effective, `geometry.${key}`)}
            onCommit={(value) => config.setGeometry(key, value)}
          />
        ))}
        <NumberField
          label="Over-provisioning"
          testId="overprovision"
          value={Math.round(overprovision * 1000) / 10}
          resetKey={resetKey}
          step={1}
          suffix="%"
          hint="Physical capacity beyond the logical capacity: (physical / logical − 1)"
          check={(value) => settingProblem(schema, 'overprovision', value / 100)}
          problem={overprovisionProblem(effective)}
          onCommit={(value) => config.setOverprovision(value / 100)}
        />
      </div>
      <p className="field-note" data-testid="device-derived">
        {derived
          ? `${(derived.planes * derived.blocks_per_plane).toLocaleString('en')} blocks; ` +
            `GC keeps ${derived.gc_reserve_blocks_per_plane} free per plane ` +
            `(background GC from ${derived.gc_background_reserve_blocks_per_plane}); ` +
            `over-provisioning at least ${roundedMinimum(derived.min_overprovision)}`
          : ' '}
      </p>
      <details className="json-editor">
        <summary>Device JSON</summary>
        <textarea
          data-testid="device-json"
          spellCheck={false}
          rows={12}
          value={draft.deviceText}
          onChange={(event) => config.editDeviceText(event.target.value)}
          aria-label="Device JSON"
        />
        <p className="field-note">The fields above override these keys.</p>
      </details>
    </fieldset>
  );
}
