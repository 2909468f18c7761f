// A lesson step's text on screen: the glossary's terms marked (as TermText
// marks them) and each figure the text quotes from the run
// ({2.57}, quotedFigures.ts) shown without its braces, in bold.

import { useMemo } from 'react';
import { markTerms } from '../glossary/glossary';
import { Term } from '../glossary/Term';
import { splitQuotedFigures } from './quotedFigures';

interface Part {
  text: string;
  termId?: string;
  figure: boolean;
}

/** The text's parts: term marks over the plain text, cut where a quoted figure starts or ends. */
export function stepTextParts(text: string): Part[] {
  const pieces = splitQuotedFigures(text);
  // Where each quoted figure sits in the plain text.
  const figures: Array<[number, number]> = [];
  let at = 0;
  for (const piece of pieces) {
    if (piece.figure) figures.push([at, at + piece.text.length]);
    at += piece.text.length;
  }
  const cuts = new Set(figures.flat());
  const inFigure = (index: number) => figures.some(([start, end]) => index >= start && index < end);
  const parts: Part[] = [];
  at = 0;
  for (const term of markTerms(pieces.map((piece) => piece.text).join(''))) {
    let start = 0;
    for (let i = 1; i <= term.text.length; i++) {
      if (i === term.text.length || cuts.has(at + i)) {
        parts.push({
          text: term.text.slice(start, i),
          ...(term.termId ? { termId: term.termId } : {}),
          figure: inFigure(at + start),
        });
        start = i;
      }
    }
    at += term.text.length;
  }
  return parts;
}

export function StepText({ text }: { text: string }) {
  const parts = useMemo(() => stepTextParts(text), [text]);
  return (
    <>
      {parts.map((part, index) => {
        const words = part.termId ? <Term id={part.termId}>{part.text}</Term> : part.text;
        return part.figure ? (
          <strong key={index} className="lesson-figure" data-testid="lesson-quoted-figure">
            {words}
          </strong>
        ) : (
          <span key={index}>{words}</span>
        );
      })}
    </>
  );
}
