// Play, pause, single step, reset and speed. Buttons stay visible and are
// disabled only while no run is loaded, so their places never jump; play
// and pause are idempotent, and the pressed one shows the state.

import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { SpeedSelect } from './SpeedSelect';
import { RunStatus } from './RunStatus';

export function Transport() {
  const session = useSession();
  const phase = useAppStore((state) => state.sim.phase);
  const running = useAppStore((state) => state.sim.running);
  const ready = phase === 'ready';

  return (
    <div className="transport" role="toolbar" aria-label="Simulation controls">
      <button
        type="button"
        className={running ? 'primary pressed' : 'primary'}
        data-testid="play"
        aria-pressed={running}
        disabled={!ready}
        onClick={() => session.play()}
        title="Run the simulation"
      >
        <span aria-hidden>▶</span> Play
      </button>
      <button
        type="button"
        className={ready && !running ? 'pressed' : ''}
        data-testid="pause"
        aria-pressed={ready && !running}
        disabled={!ready}
        onClick={() => session.pause()}
        title="Pause the simulation"
      >
        <span aria-hidden>❚❚</span> Pause
      </button>
      <button
        type="button"
        data-testid="step"
        disabled={!ready}
        onClick={() => session.step()}
        title="Advance by one 10 ms series interval, then pause"
      >
        <span aria-hidden>▸|</span> Step
      </button>
      <button
        type="button"
        data-testid="reset"
        disabled={!ready}
        onClick={() => void session.reset()}
        title="Back to time 0 of this scenario, paused"
      >
        <span aria-hidden>↺</span> Reset
      </button>
      <SpeedSelect />
      <RunStatus />
    </div>
  );
}
