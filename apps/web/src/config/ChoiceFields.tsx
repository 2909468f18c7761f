// The shapes every policy control takes: a select over the names the
// core offers for a setting (device schema x-choices: value, label and
// description, in the core's order), a select over a fixed list (options
// that are not device settings) and a labelled checkbox. Also the SLC
// pinning size select, which the panel and the compare cards both offer.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { formatBinaryBytes } from '../app/format';
import { useAppStore } from '../store';
import { choicesAt, settingProblem, type Choice } from './deviceSchema';
import { PIN_SMALL_CHOICES } from './slcPolicy';

/** The core's schema; the form renders only once it is loaded (ConfigPanel waits). */
export function useDeviceSchema(): DeviceSchema {
  const schema = useAppStore((state) => state.config.schema);
  if (schema === null) throw new Error('a config field rendered before the device schema loaded');
  return schema;
}

/** A select over a fixed list of names with a label each (options that are not device settings). */
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

/** A select over the names the core offers for the device setting at `path`. */
export function SettingSelect(props: {
  label: string;
  testId: string;
  value: string;
  /** The setting's dotted path in the device schema ("gc.victim"). */
  path: string;
  onChange: (name: string) => void;
  /** Shown on hover over the field. */
  hint?: string;
}) {
  const { label, testId, value, path, onChange, hint } = props;
  const schema = useDeviceSchema();
  const choices: Choice[] = choicesAt(schema, path);
  // A name the core does not offer (from a device file or a link) stays
  // visible, flagged at the field; the run would report it too.
  const unknown = !choices.some((choice) => choice.value === value);
  const problem = unknown ? settingProblem(schema, path, value) : null;
  const described = choices.find((choice) => choice.value === value)?.description;
  return (
    <label className="field" title={hint ?? described}>
      <span>{label}</span>
      <select
        data-testid={testId}
        value={value}
        aria-invalid={problem !== null}
        onChange={(event) => onChange(event.target.value)}
      >
        {unknown && <option value={value}>{value}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} title={choice.description}>
            {choice.label}
          </option>
        ))}
      </select>
      {problem && (
        <span className="field-error" data-testid={`${testId}-problem`}>
          {path} {problem}
        </span>
      )}
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
            {size === 0 ? 'Off' : `≤ ${formatBinaryBytes(size)}`}
          </option>
        ))}
      </select>
    </label>
  );
}
