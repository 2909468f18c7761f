// A small pill saying what the simulation is doing.

import { useAppStore } from '../store';

export function RunStatus() {
  const phase = useAppStore((state) => state.sim.phase);
  const running = useAppStore((state) => state.sim.running);
  const finished = useAppStore((state) => state.sim.finished);
  let label = 'Paused';
  let tone = 'paused';
  if (phase === 'starting') [label, tone] = ['Starting simulator…', 'busy'];
  else if (phase === 'loading') [label, tone] = ['Loading scenario…', 'busy'];
  else if (phase === 'idle') [label, tone] = ['No run', 'idle'];
  else if (finished) [label, tone] = ['Finished', 'done'];
  else if (running) [label, tone] = ['Running', 'running'];
  return (
    <span className={`run-status ${tone}`} data-testid="run-status" aria-live="polite">
      {label}
    </span>
  );
}
