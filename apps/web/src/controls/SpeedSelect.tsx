// Simulated time per wall-clock second.

import { useSession } from '../app/sessionContext';
import { useAppStore } from '../store';
import { SPEED_OPTIONS } from '../store/speeds';

export function SpeedSelect() {
  const session = useSession();
  const speedId = useAppStore((state) => state.sim.speedId);
  return (
    <label className="inline-field">
      <span>Speed</span>
      <select
        data-testid="speed"
        value={speedId}
        onChange={(event) => session.setSpeed(event.target.value)}
        title="Simulated time per second of wall-clock time"
      >
        {SPEED_OPTIONS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
