// The "Preset" picker of the device and workload sections: the presets from
// public/presets, plus "Custom" once the user has edited away from them.

interface PresetOption {
  id: string;
  label: string;
}

interface Props {
  testId: string;
  value: string | null;
  presets: readonly PresetOption[];
  onChoose: (id: string) => void;
}

export function PresetSelect({ testId, value, presets, onChoose }: Props) {
  return (
    <label className="field">
      <span>Preset</span>
      <select
        data-testid={testId}
        value={value ?? ''}
        onChange={(event) => onChoose(event.target.value)}
      >
        {value === null && <option value="">Custom</option>}
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {preset.label}
          </option>
        ))}
      </select>
    </label>
  );
}
