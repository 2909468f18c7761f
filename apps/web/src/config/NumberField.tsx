// A labelled number input that commits valid values as they are typed and
// marks invalid ones, without fighting the user's keystrokes: it is
// uncontrolled, remounts (resetKey) when another device or file is chosen,
// and shows a value set from outside (a lesson step's or scenario's
// override on the same device) unless the user is typing in it.
// NumberInput is the same field for a caller that remounts it itself (the
// trace options, keyed by file), and may take "empty" to mean a default.

import { useEffect, useRef, useState } from 'react';

interface NumberInputProps {
  label: string;
  testId: string;
  /** null: the field starts empty (showing the placeholder). */
  value: number | null;
  onCommit: (value: number) => void;
  /** A rule of the form's own beyond the schema's (default: none). */
  isValid?: (value: number) => boolean;
  /**
   * What is wrong with a typed value by the core's schema (range, whole
   * number), shown at the field; null when nothing is (settingProblem).
   */
  check?: (value: number) => string | null;
  /** A problem found elsewhere (the effective device's relations), shown at the field. */
  problem?: string | null;
  /** Committed when the field is emptied; without it an empty field is invalid. */
  emptyValue?: number;
  placeholder?: string;
  step?: number;
  suffix?: string;
  hint?: string;
}

interface NumberFieldProps extends NumberInputProps {
  value: number;
  resetKey: string;
}

export function NumberField({ resetKey, ...props }: NumberFieldProps) {
  return <NumberInput key={resetKey} {...props} />;
}

export function NumberInput(props: NumberInputProps) {
  const [invalid, setInvalid] = useState(false);
  const [checked, setChecked] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const shown = checked ?? props.problem ?? null;
  useEffect(() => {
    const field = input.current;
    // The field's own commits come back as this value: leave the keystrokes be.
    if (!field || field === document.activeElement) return;
    const text = props.value === null ? '' : String(props.value);
    if (field.value === text) return;
    field.value = text;
    setInvalid(false);
    setChecked(null);
  }, [props.value]);
  return (
    <label className="field number-field" title={props.hint}>
      <span>{props.label}</span>
      <span className="input-with-suffix">
        <input
          ref={input}
          type="number"
          inputMode="decimal"
          data-testid={props.testId}
          defaultValue={props.value ?? ''}
          placeholder={props.placeholder}
          step={props.step ?? 1}
          aria-invalid={invalid || shown !== null}
          onChange={(event) => {
            if (props.emptyValue !== undefined && event.target.value.trim() === '') {
              setInvalid(false);
              setChecked(null);
              props.onCommit(props.emptyValue);
              return;
            }
            const value = event.target.valueAsNumber;
            const problem = Number.isFinite(value) ? (props.check?.(value) ?? null) : null;
            const ok =
              Number.isFinite(value) && problem === null && (props.isValid?.(value) ?? true);
            setInvalid(!ok);
            setChecked(problem);
            if (ok) props.onCommit(value);
          }}
        />
        {props.suffix && <span className="suffix">{props.suffix}</span>}
      </span>
      {shown !== null && (
        <span className="field-error" role="alert" data-testid={`${props.testId}-problem`}>
          {shown}
        </span>
      )}
    </label>
  );
}

/** A short stable key for a text: remounts fields when the text changes. */
export function textKey(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return `${text.length}:${hash}`;
}
