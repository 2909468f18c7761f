// The one requestAnimationFrame loop of the app. Work is scheduled under a
// key; a key scheduled several times before the next frame runs once, with
// its latest task (Excalidraw's throttleRAF idea). Canvas layers schedule
// here instead of calling requestAnimationFrame themselves, so all drawing
// of a frame happens in one callback.

export type FrameTask = (now: number) => void;

export interface FrameScheduler {
  schedule(key: string, task: FrameTask): void;
  cancel(key: string): void;
  /** Number of animation frames that ran tasks (for the e2e hook). */
  readonly framesRun: number;
}

export function createFrameScheduler(
  requestFrame: (callback: (now: number) => void) => number = (callback) =>
    requestAnimationFrame(callback),
): FrameScheduler {
  const pending = new Map<string, FrameTask>();
  let requested = false;
  let framesRun = 0;

  const flush = (now: number) => {
    requested = false;
    framesRun++;
    const tasks = [...pending.values()];
    pending.clear();
    for (const task of tasks) {
      try {
        task(now);
      } catch (error) {
        console.error('frame task failed', error);
      }
    }
  };

  return {
    schedule(key, task) {
      pending.set(key, task);
      if (!requested) {
        requested = true;
        requestFrame(flush);
      }
    },
    cancel(key) {
      pending.delete(key);
    },
    get framesRun() {
      return framesRun;
    },
  };
}

export const frameScheduler = createFrameScheduler();
