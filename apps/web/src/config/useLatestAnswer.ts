// A question for the worker, asked a short while after the last change (so
// typing does not queue a call per keystroke); the answer to the latest
// question wins, an older one arriving late is dropped, and an answer for
// an older question is not returned for the fields as they are now. The
// effective-device and burst-template hooks ask the core this way.

import { useEffect, useMemo, useState } from 'react';
import { LatestAnswer } from './latestAnswer';

/** Quiet time after an edit before the worker is asked. */
export const ASK_DEBOUNCE_MS = 250;

/**
 * The core's answer to `question` (null until it has answered this one).
 * `question.key` says when what is asked has changed; `ask` must be stable
 * (useCallback), a new one starts over.
 */
export function useLatestAnswer<Q extends { key: string }, A>(
  question: Q | null,
  ask: (question: Q) => Promise<A | null>,
): A | null {
  const [answer, setAnswer] = useState<{ key: string; answer: A } | null>(null);
  const asker = useMemo(
    () =>
      new LatestAnswer<Q, A | null>(
        ask,
        (q, result) => {
          if (result !== null) setAnswer({ key: q.key, answer: result });
        },
        ASK_DEBOUNCE_MS,
      ),
    [ask],
  );
  useEffect(() => () => asker.cancel(), [asker]);

  const key = question?.key ?? null;
  useEffect(() => {
    if (question !== null) asker.change(question);
    // A new question only when what is asked changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asker]);

  return answer !== null && answer.key === key ? answer.answer : null;
}
