// One line under the device title: geometry and capacity of the loaded run.

import { useAppStore } from '../store';
import { layoutSummary } from './layoutText';

export function DeviceSummary() {
  const layout = useAppStore((state) => state.sim.layout);
  if (!layout) return <p className="card-subtitle">No device loaded</p>;
  return <p className="card-subtitle">{layoutSummary(layout)}</p>;
}
