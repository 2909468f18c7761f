// "Share config": copies a link that opens the app on the panel's current
// configuration (scenario or presets by name, overrides, workload), speed,
// tab and lesson step; with a trace, its name, size and fingerprint (never
// its bytes). The link also shows in a small box, for browsers that refuse
// clipboard access; "open already run to the end" adds &run=end. Links open
// at the app's own address or at one the user sets there (a team server),
// remembered for every link and report (linkBase.ts).

import { useEffect, useRef, useState } from 'react';
import { useSession } from '../app/sessionContext';
import { appStore } from '../store';
import { LinkBaseField } from './LinkBaseField';
import type { SharedConfig } from './shareConfig';
import { sharedConfigFor, sharedLink } from './sharedConfigFor';
import './share.css';

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
    const { config, traces } = appStore.getState();
    const shared = await sharedConfigFor(session, config.draft, traces);
    if (shared === null) return;
    setShared(shared);
    await copy(sharedLink(shared, runToEnd));
  };

  const toggleRunToEnd = (checked: boolean) => {
    setRunToEnd(checked);
    if (shared) void copy(sharedLink(shared, checked));
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
          <LinkBaseField onChange={() => shared && void copy(sharedLink(shared, runToEnd))} />
        </div>
      )}
    </div>
  );
}
