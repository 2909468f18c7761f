// The "burst / idle / burst" template of the workload section (issue 19):
// field engineers show how an SLC cache recovers with idle time. The user
// picks the burst size as a multiple of the cache, the idle time and the
// number of bursts; the core sizes the job to the drive as configured (its
// cache at the fill level, useBurstTemplate) and writes it, after the data
// the fill level put on the drive (or says which bursts overwrite it when
// they do not fit there). Applying puts
// that job into the fio editor, where it stays editable and waits for Apply
// like a chosen workload preset.

import { useMemo, useState } from 'react';
import { useAppStore } from '../store';
import {
  BURST_DEFAULTS,
  IDLE_SLIDER,
  burstFieldProblem,
  burstSizeText,
  cacheAtStartText,
  type BurstRequest,
} from './burstTemplate';
import { FillOverwriteNote } from './FillOverwriteNote';
import { NumberInput } from './NumberField';
import { useBurstTemplate } from './useBurstTemplate';

export function BurstTemplateFields() {
  const applyWorkloadTemplate = useAppStore((state) => state.config.applyWorkloadTemplate);
  const [open, setOpen] = useState(false);
  const [multiple, setMultiple] = useState(BURST_DEFAULTS.multiple);
  const [idleS, setIdleS] = useState(BURST_DEFAULTS.idleS);
  const [bursts, setBursts] = useState(BURST_DEFAULTS.bursts);
  // Only asked while the template is open.
  const request = useMemo(
    (): BurstRequest | null => (open ? { multiple, idleS, bursts } : null),
    [open, multiple, idleS, bursts],
  );
  const answer = useBurstTemplate(request);
  const burst = answer !== null && 'burst' in answer ? answer.burst : null;

  return (
    <details
      className="burst-template"
      data-testid="burst-template-section"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>Burst / idle / burst template</summary>
      <p className="field-note">
        Bursts of sequential 1 MiB writes at QD32, each a multiple of the SLC cache this drive
        starts with at this fill level, with idle time between them: the cache recovers while the
        drive idles.
      </p>
      <NumberInput
        label="Burst size × cache"
        testId="burst-multiple"
        value={multiple}
        step={0.1}
        check={burstFieldProblem}
        onCommit={setMultiple}
      />
      <label className="field">
        <span>Idle between bursts</span>
        <span className="burst-idle">
          <input
            type="range"
            data-testid="burst-idle-s"
            min={IDLE_SLIDER.min}
            max={IDLE_SLIDER.max}
            step={IDLE_SLIDER.step}
            value={idleS}
            onChange={(event) => setIdleS(event.target.valueAsNumber)}
          />
          <output data-testid="burst-idle-s-value">{idleS} s</output>
        </span>
      </label>
      <NumberInput
        label="Bursts"
        testId="burst-count"
        value={bursts}
        check={burstFieldProblem}
        onCommit={setBursts}
      />
      <p className="field-note" data-testid="burst-figures" aria-live="polite">
        {answer === null ? (
          'Asking the simulator…'
        ) : burst !== null ? (
          <>
            <span data-testid="burst-cache">{cacheAtStartText(burst)}</span>
            {' · '}
            <span data-testid="burst-size">{burstSizeText(burst)}</span>
          </>
        ) : (
          <span className="field-error" role="alert" data-testid="burst-problem">
            {'problem' in answer ? answer.problem : ''}
          </span>
        )}
      </p>
      {/* Bursts that do not fit after the fill's data overwrite it: the core says which. */}
      <FillOverwriteNote
        overwrites={burst?.fill_overwrites ?? null}
        testId="burst-fill-overwrite"
      />
      <button
        type="button"
        data-testid="burst-template"
        disabled={burst === null}
        onClick={() => burst && applyWorkloadTemplate(burst.fio_text)}
      >
        Put this job in the editor
      </button>
    </details>
  );
}
