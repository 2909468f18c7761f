// A scenario's or lesson's research references, folded away: the texts
// speak to students and customers; who measured what, and where, is here
// for whoever asks.

import './glossary.css';

export function SourcesNote({ sources }: { sources: readonly string[] | undefined }) {
  if (!sources || sources.length === 0) return null;
  return (
    <details className="sources-note" data-testid="sources">
      <summary>Sources</summary>
      <ul>
        {sources.map((source) => (
          <li key={source}>{source}</li>
        ))}
      </ul>
    </details>
  );
}
