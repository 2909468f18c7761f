// "Links open at": the address shared links and reports point to, in the
// Share popover. Empty means this app's own address; another (a team server
// serving the same build) is checked, remembered in this browser
// (linkBase.ts) and used by every later link and report.

import { useState } from 'react';
import { linkBase, linkBaseIsSet, ownLinkBase, setLinkBase } from './linkBase';

interface Props {
  /** The base changed: the caller remakes its link. */
  onChange: () => void;
}

export function LinkBaseField({ onChange }: Props) {
  const [text, setText] = useState(() => (linkBaseIsSet() ? linkBase() : ''));
  const [problem, setProblem] = useState<string | null>(null);

  const commit = (value: string) => {
    const found = setLinkBase(value);
    setProblem(found);
    if (found !== null) return;
    setText(linkBaseIsSet() ? linkBase() : '');
    onChange();
  };

  return (
    <div className="share-base">
      <span>Links open at</span>
      <input
        type="url"
        data-testid="share-base-url"
        value={text}
        placeholder={ownLinkBase()}
        aria-label="Address shared links and reports open at"
        aria-invalid={problem !== null}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
      {problem !== null ? (
        <p className="field-error" role="alert" data-testid="share-base-problem">
          Links open at: {problem}
        </p>
      ) : (
        <p className="field-note">
          Empty: this app’s address. Another (a team server with the same FlashScope) is remembered
          in this browser for links and reports.
        </p>
      )}
    </div>
  );
}
