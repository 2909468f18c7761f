// The two shapes every policy control takes: a select over a fixed list of
// names (each with a human label) and a labelled checkbox. The names are
// the simulator's own (device JSON values), so the label map is typed by
// them and a missing label is a type error.

export function NameSelect<Name extends string>(props: {
  label: string;
  testId: string;
  value: Name;
  names: readonly Name[];
  labels: Record<Name, string>;
  onChange: (name: Name) => void;
}) {
  const { label, testId, value, names, labels, onChange } = props;
  return (
    <label className="field">
      <span>{label}</span>
      <select
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value as Name)}
      >
        {names.map((name) => (
          <option key={name} value={name}>
            {labels[name]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CheckboxField(props: {
  label: string;
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { label, testId, checked, onChange } = props;
  return (
    <label className="field checkbox-field">
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
