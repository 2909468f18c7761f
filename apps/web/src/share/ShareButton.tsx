// "Share config": copies a link that opens the app on the panel's current
// configuration (device JSON, overrides, fio job; never a trace). The link
// also shows in a small box, for browsers that refuse clipboard access.

import { useEffect, useRef, useState } from 'react';
import { appStore } from '../store';
import { shareUrl, sharedConfigOf } from './shareConfig';
import './share.css';

type CopyState = 'copied' | 'select';

export function ShareButton() {
  const [link, setLink] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<CopyState>('select');
  const [traceLeftOut, setTraceLeftOut] = useState(false);
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

  const share = async () => {
    const state = appStore.getState();
    // The overrides are written against the core's schema, which comes with the worker.
    if (state.config.schema === null) return;
    const url = shareUrl(
      window.location.href,
      sharedConfigOf(state.config.draft, state.config.schema),
    );
    setLink(url);
    setTraceLeftOut(state.traces.mode === 'trace');
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('select');
    }
  };

  return (
    <div className="share" ref={boxRef}>
      <button
        type="button"
        data-testid="share-config"
        title="Copy a link to this configuration (device, overrides and fio job)"
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
          <p className="field-note">
            {traceLeftOut
              ? 'The trace is not in the link (it never leaves your browser): the link opens the device, its overrides and the fio job.'
              : 'Opens the device, its overrides and the fio job in the panel.'}
          </p>
        </div>
      )}
    </div>
  );
}
