import { describe, expect, it } from 'vitest';
import { createFrameScheduler } from './frameScheduler';

function fakeFrames() {
  const callbacks: ((now: number) => void)[] = [];
  return {
    request: (callback: (now: number) => void) => callbacks.push(callback),
    run: (now: number) => callbacks.splice(0).forEach((callback) => callback(now)),
    get pending() {
      return callbacks.length;
    },
  };
}

describe('frame scheduler', () => {
  it('runs each key once per frame with its latest task, in one animation frame', () => {
    const frames = fakeFrames();
    const scheduler = createFrameScheduler(frames.request);
    const ran: string[] = [];
    scheduler.schedule('static', () => ran.push('static 1'));
    scheduler.schedule('static', () => ran.push('static 2'));
    scheduler.schedule('overlay', () => ran.push('overlay'));
    expect(frames.pending).toBe(1);
    frames.run(16);
    expect(ran).toEqual(['static 2', 'overlay']);
    expect(scheduler.framesRun).toBe(1);
  });

  it('lets a task schedule itself for the next frame, and cancels', () => {
    const frames = fakeFrames();
    const scheduler = createFrameScheduler(frames.request);
    let runs = 0;
    const animate = () => {
      runs++;
      if (runs < 3) scheduler.schedule('anim', animate);
    };
    scheduler.schedule('anim', animate);
    frames.run(0);
    frames.run(16);
    frames.run(32);
    expect(runs).toBe(3);
    expect(frames.pending).toBe(0);
    scheduler.schedule('x', () => runs++);
    scheduler.cancel('x');
    frames.run(48);
    expect(runs).toBe(3);
  });
});
