// "Share config": copies a link that opens the app on the panel's current
// configuration (scenario or presets by name, overrides, workload), speed,
// tab and lesson step; with a trace, its name, size and fingerprint (never
// its bytes). The link also shows in a small box, for browsers that refuse
// clipboard access; "open already run to the end" adds &run=end.

import { useEffect, useRef, useState } from 'react';
import { useSession } from '../app/sessionContext';
import type { SimSession } from '../app/simSession';
import { appStore } from '../store';
import { fetchNamedTexts } from './namedTexts';
import { shareUrl, sharedConfigOf, type SharedConfig } from './shareConfig';
import './share.css';

/** The configuration of the app as it is now (named texts fetched to compare). */
async function currentSharedConfig(session: SimSession): Promise<SharedConfig | null> {
  const { config, sim, view, traces } = appStore.getState();
  if (config.schema === null) return null;
  const { draft, schema, scenarios, devicePresets, workloadPresets } = config;
  let named = {};
  try {
    named = await fetchNamedTexts(
      {
        scenario: draft.scenarioId,
        device: draft.devicePresetId,
        workloadPreset: draft.workloadPresetId,
      },
      { scenarios, devicePresets, workloadPresets },
      schema,
    );
  } catch {
    // A name not published (any more): the texts travel themselves.
  }
  const shared = sharedConfigOf(draft, schema, named);
  shared.view = { speed: sim.speedId, tab: view.tab };
  if (view.lesson) {
    shared.view.lesson = view.lesson.lesson.id;
    shared.view.step = view.lesson.step;
  }
  if (traces.mode === 'trace' && traces.file) {
    const { file, name, sizeBytes, sha256 } = traces.file;
    shared.trace = {
      name,
      size: sizeBytes,
      // Taken by the file's scan in its worker; else hashed by the simulation worker.
      sha256: sha256 ?? (await session.traceFingerprint(file)),
      options: { ...traces.options },
    };
  }
  return shared;
}

type CopyState = 'copied' | 'select';

export function ShareButton() {
  const session = useSession();
  const [link, setLink] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<CopyState>('select');
  const [shared, setShared] = useState<SharedConfig | null>(null);
  const [runToEnd, setRunToEnd] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  // The box closes on Escape or a click elsewhere (it lies over the view's own buttons).
  useEffect(() => {
    if (!link) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setLink(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setLink(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [link]);

  const copy = async (url: string) => {
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('select');
    }
  };

  const share = async () => {
    // The overrides are written against the core's schema, which comes with the worker.
    const config = await currentSharedConfig(session);
    if (config === null) return;
    setShared(config);
    await copy(shareUrl(window.location.href, config, runToEnd));
  };

  const toggleRunToEnd = (checked: boolean) => {
    setRunToEnd(checked);
    if (shared) void copy(shareUrl(window.location.href, shared, checked));
  };

  return (
    <div className="share" ref={boxRef}>
      <button
        type="button"
        data-testid="share-config"
        title="Copy a link to this configuration (device, overrides, workload, speed and tab)"
        onClick={() => void share()}
      >
        Share config
      </button>
      {link && (
        <div className="share-popover" role="status">
          <div className="share-popover-head">
            <strong>{copyState === 'copied' ? 'Link copied' : 'Copy this link'}</strong>
            <button
              type="button"
              className="quiet"
              aria-label="Close"
              onClick={() => setLink(null)}
            >
              ✕
            </button>
          </div>
          <input
            type="text"
            readOnly
            data-testid="share-url"
            value={link}
            aria-label="Link to this configuration"
            onFocus={(event) => event.currentTarget.select()}
          />
          <label>
            <input
              type="checkbox"
              data-testid="share-run-end"
              checked={runToEnd}
              onChange={(event) => toggleRunToEnd(event.currentTarget.checked)}
            />
            Open already run to the end
          </label>
          <p className="field-note">
            {shared?.trace
              ? `The trace is not in the link (it never leaves your browser): whoever opens it is asked for the same file, ${shared.trace.name}.`
              : 'Opens the device, its overrides, the workload, the speed and the tab.'}
          </p>
        </div>
      )}
    </div>
  );
}
