// Asks a slow question (a worker call) a short while after the last change
// of its input, and keeps only the answer to the latest input: typing in a
// field does not queue a call per keystroke, and an answer to an older
// input that arrives late never replaces a newer one.

export class LatestAnswer<Input, Answer> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every ask: an answer carries the number it was asked under. */
  private generation = 0;

  constructor(
    private readonly ask: (input: Input) => Promise<Answer>,
    private readonly onAnswer: (input: Input, answer: Answer) => void,
    private readonly delayMs: number,
    // Wrapped, not passed bare: a browser's setTimeout called as a method of
    // this object throws "Illegal invocation".
    private readonly schedule: typeof setTimeout = ((callback: () => void, ms: number) =>
      setTimeout(callback, ms)) as typeof setTimeout,
    private readonly unschedule: typeof clearTimeout = (handle) => clearTimeout(handle),
  ) {}

  /** Asks about `input` once it has not changed for delayMs; drops the earlier question. */
  change(input: Input): void {
    this.cancel();
    const generation = this.generation;
    this.timer = this.schedule(() => {
      this.timer = undefined;
      this.ask(input).then(
        (answer) => {
          if (generation === this.generation) this.onAnswer(input, answer);
        },
        // The form keeps quiet about a failed question: the run reports its input's problems.
        () => {},
      );
    }, this.delayMs);
  }

  /** Drops the pending question and any answer still on its way. */
  cancel(): void {
    this.generation++;
    if (this.timer !== undefined) this.unschedule(this.timer);
    this.timer = undefined;
  }
}
