// The "Preset" picker of the device and workload sections: the presets from
// public/presets, plus "Custom" once the user has edited away from them. The
// compare cards use it for their device too, with "the panel's device" as
// the choice that is no preset.

interface PresetOption {
  id: string;
  label: string;
}

interface Props {
  testId: string;
  /** The chosen preset; null: none of them (the option with the value ''). */
  value: string | null;
  presets: readonly PresetOption[];
  onChoose: (id: string) => void;
  label?: string;
  /** The option for no preset; by default "Custom", offered only while no preset is chosen. */
  noPreset?: { label: string; always: boolean };
}

const CUSTOM = { label: 'Custom', always: false };

export function PresetSelect({
  testId,
  value,
  presets,
  onChoose,
  label = 'Preset',
  noPreset = CUSTOM,
}: Props) {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        data-testid={testId}
        value={value ?? ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {(noPreset.always || value === null) && <option value="">{noPreset.label}</option>}
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {preset.label}
          </option>
        ))}
      </select>
    </label>
  );
}
