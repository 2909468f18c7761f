import { describe, expect, it } from 'vitest';
import { LatestAnswer } from './latestAnswer';

/** A clock the test moves by hand, and questions the test answers by hand. */
function harness() {
  let now = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const schedule = ((run: () => void, ms: number) => {
    const id = nextId++;
    timers.push({ at: now + ms, run, id });
    return id;
  }) as unknown as typeof setTimeout;
  const unschedule = ((id: number) => {
    const at = timers.findIndex((timer) => timer.id === id);
    if (at >= 0) timers.splice(at, 1);
  }) as unknown as typeof clearTimeout;
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  const asked: { input: string; answer: (text: string) => void }[] = [];
  const answers: string[] = [];
  const latest = new LatestAnswer<string, string>(
    (input) => new Promise((resolve) => asked.push({ input, answer: resolve })),
    (input, answer) => answers.push(`${input}:${answer}`),
    250,
    schedule,
    unschedule,
  );
  return { latest, advance, asked, answers };
}

/** Lets resolved promises run their callbacks. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('LatestAnswer', () => {
  it('asks once the input has been still for the delay, not per keystroke', () => {
    const { latest, advance, asked } = harness();
    latest.change('0.0');
    advance(100);
    latest.change('0.01');
    advance(100);
    latest.change('0.015');
    advance(249);
    expect(asked).toEqual([]);
    advance(1);
    expect(asked.map((q) => q.input)).toEqual(['0.015']);
  });

  it('keeps only the answer to the latest question', async () => {
    const { latest, advance, asked, answers } = harness();
    latest.change('0.01');
    advance(250);
    latest.change('0.2');
    advance(250);
    // The later question is answered first; the earlier answer arrives late.
    asked[1].answer('ok');
    asked[0].answer('below the minimum');
    await settle();
    expect(answers).toEqual(['0.2:ok']);
  });

  it('drops everything on cancel', async () => {
    const { latest, advance, asked, answers } = harness();
    latest.change('a');
    advance(250);
    latest.cancel();
    asked[0].answer('late');
    latest.change('b');
    latest.cancel();
    advance(1000);
    await settle();
    expect(asked).toHaveLength(1);
    expect(answers).toEqual([]);
  });
});
