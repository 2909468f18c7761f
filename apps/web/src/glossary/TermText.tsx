// Free text (a lesson step) with the glossary's terms marked: the first
// occurrence of each, as a <Term>.

import { useMemo } from 'react';
import { markTerms } from './glossary';
import { Term } from './Term';

export function TermText({ text }: { text: string }) {
  const parts = useMemo(() => markTerms(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.termId ? (
          <Term key={index} id={part.termId}>
            {part.text}
          </Term>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
