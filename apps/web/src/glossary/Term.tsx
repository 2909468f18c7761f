// A term the glossary explains: its definition shows as a tooltip on hover
// and on keyboard focus (the term is focusable, described by the tooltip
// while it shows; Escape hides it), and a click or Enter opens the glossary
// panel at its entry.

import { useId, useState, type ReactNode } from 'react';
import { glossaryEntry } from './glossary';
import { glossaryStore } from './glossaryStore';

export function Term(props: { id: string; children: ReactNode; className?: string }) {
  const entry = glossaryEntry(props.id);
  const tooltipId = useId();
  const [shown, setShown] = useState(false);
  // An unknown id is a programming mistake (glossary.test.ts checks every
  // id the app uses); the words still read, unmarked.
  if (!entry) return <>{props.children}</>;
  const openEntry = () => glossaryStore.getState().openAt(entry.id);
  return (
    <span
      className={`term${props.className ? ` ${props.className}` : ''}`}
      tabIndex={0}
      role="button"
      data-term-ref={entry.id}
      aria-describedby={shown ? tooltipId : undefined}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onClick={openEntry}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          openEntry();
        } else if (event.key === 'Escape') {
          setShown(false);
        }
      }}
    >
      {props.children}
      {/* Rendered only while shown, so the words around a term read (and
          match in tests) as they did before it was marked. */}
      {shown && (
        <span id={tooltipId} role="tooltip" className="term-tooltip" data-testid="term-tooltip">
          <strong>{entry.term}</strong> {entry.definition}
          <span className="term-tooltip-hint"> Click for the glossary.</span>
        </span>
      )}
    </span>
  );
}
