// The glossary panel: every entry, opened from the top bar's "Glossary"
// button or a click on a <Term> (then scrolled to that entry and
// highlighted). A non-modal panel at the side: the run stays visible.

import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppStore } from '../store';
import { GLOSSARY } from './glossary';
import { glossaryStore, useGlossaryStore } from './glossaryStore';
import { SourcesNote } from './SourcesNote';
import './glossary.css';

export function GlossaryButton() {
  const open = useGlossaryStore((state) => state.open);
  return (
    <>
      <button
        type="button"
        data-testid="glossary-open"
        aria-expanded={open}
        aria-controls="glossary-panel"
        onClick={() =>
          open ? glossaryStore.getState().close() : glossaryStore.getState().openAt(null)
        }
      >
        Glossary
      </button>
      {open && <GlossaryPanel />}
    </>
  );
}

function GlossaryPanel() {
  const termId = useGlossaryStore((state) => state.termId);
  // The open lesson's references: its texts leave them out (issue 18).
  const lessonSources = useAppStore((state) => state.view.lesson?.lesson.sources);
  const panel = useRef<HTMLElement>(null);
  // Below the top bar, so its Glossary button (which closes the panel) and
  // the transport stay usable while the panel is open.
  useLayoutEffect(() => {
    const bar = document.querySelector('.topbar')?.getBoundingClientRect();
    if (bar && panel.current) panel.current.style.top = `${Math.max(8, bar.bottom + 4)}px`;
  }, []);
  useEffect(() => {
    const target = termId
      ? panel.current?.querySelector<HTMLElement>(`[data-term="${termId}"]`)
      : panel.current;
    target?.scrollIntoView?.({ block: 'nearest' });
    target?.focus({ preventScroll: true });
  }, [termId]);
  return (
    <aside
      id="glossary-panel"
      ref={panel}
      className="glossary-panel"
      data-testid="glossary"
      aria-label="Glossary"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') glossaryStore.getState().close();
      }}
    >
      <header className="glossary-header">
        <h2>Glossary</h2>
        <button
          type="button"
          aria-label="Close the glossary"
          onClick={() => glossaryStore.getState().close()}
        >
          ×
        </button>
      </header>
      <dl className="glossary-list">
        {GLOSSARY.map((entry) => (
          <div
            key={entry.id}
            id={`glossary-${entry.id}`}
            className={`glossary-entry${entry.id === termId ? ' current' : ''}`}
            data-term={entry.id}
            tabIndex={-1}
          >
            <dt>{entry.term}</dt>
            <dd>
              {entry.definition}
              {entry.source && <span className="glossary-source">Source: {entry.source}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {lessonSources && (
        <section className="glossary-lesson-sources" aria-label="Sources of this lesson">
          <h3>Sources of this lesson</h3>
          <SourcesNote sources={lessonSources} />
        </section>
      )}
    </aside>
  );
}
