// The two shapes every policy control takes: a select over a fixed list of
// names (each with a human label) and a labelled checkbox. The names are
// the simulator's own (device JSON values), so the label map is typed by
// them and a missing label is a type error. Also the SLC pinning size
// select, which the panel and the compare cards both offer.

import { formatBytes } from '../app/format';
import { PIN_SMALL_CHOICES } from './slcPolicy';

export function NameSelect<Name extends string>(props: {
  label: string;
  testId: string;
  value: Name;
  names: readonly Name[];
  labels: Record<Name, string>;
  onChange: (name: Name) => void;
  /** Shown on hover over the field. */
  hint?: string;
}) {
  const { label, testId, value, names, labels, onChange, hint } = props;
  return (
    <label className="field" title={hint}>
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

/** The SLC cache's "pin small requests" size: Off or one of PIN_SMALL_CHOICES. */
export function PinSmallSelect(props: {
  testId: string;
  value: number;
  onChange: (pinSmallBytes: number) => void;
}) {
  const { testId, value, onChange } = props;
  return (
    <label className="field">
      <span>Pin small requests in SLC</span>
      <select
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {/* The device's own size stays selectable when the list lacks it. */}
        {[...new Set([...PIN_SMALL_CHOICES, value])].map((size) => (
          <option key={size} value={size}>
            {size === 0 ? 'Off' : `≤ ${formatBytes(size)}`}
          </option>
        ))}
      </select>
    </label>
  );
}
