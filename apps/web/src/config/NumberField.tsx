// A labelled number input that commits valid values as they are typed and
// marks invalid ones, without fighting the user's keystrokes: it is
// uncontrolled, and remounts (resetKey) when its value changes from outside.

import { useState } from 'react';

interface NumberFieldProps {
  label: string;
  testId: string;
  value: number;
  resetKey: string;
  onCommit: (value: number) => void;
  isValid: (value: number) => boolean;
  step?: number;
  suffix?: string;
  hint?: string;
}

export function NumberField(props: NumberFieldProps) {
  return <NumberInput key={props.resetKey} {...props} />;
}

function NumberInput(props: NumberFieldProps) {
  const [invalid, setInvalid] = useState(false);
  return (
    <label className="field number-field" title={props.hint}>
      <span>{props.label}</span>
      <span className="input-with-suffix">
        <input
          type="number"
          inputMode="decimal"
          data-testid={props.testId}
          defaultValue={props.value}
          step={props.step ?? 1}
          aria-invalid={invalid}
          onChange={(event) => {
            const value = event.target.valueAsNumber;
            const ok = Number.isFinite(value) && props.isValid(value);
            setInvalid(!ok);
            if (ok) props.onCommit(value);
          }}
        />
        {props.suffix && <span className="suffix">{props.suffix}</span>}
      </span>
    </label>
  );
}

/** A short stable key for a text: remounts fields when the text changes. */
export function textKey(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}:${hash}`;
}
