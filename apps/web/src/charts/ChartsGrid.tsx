// The charts under the device view; a zoned drive's two come first.

import { useAppStore, type AppState } from '../store';
import { EraseHistogramChart } from './EraseHistogramChart';
import { GcTimelineChart } from './GcTimelineChart';
import { LatencyCdfChart } from './LatencyCdfChart';
import { LatencyChart } from './LatencyChart';
import { ThroughputChart } from './ThroughputChart';
import { ThroughputVsWrittenChart } from './ThroughputVsWrittenChart';
import { WafChart } from './WafChart';
import { ZnsClassWafChart } from './ZnsClassWafChart';
import { ZnsGpChart } from './ZnsGpChart';

const selectZoned = (state: AppState) => Boolean(state.sim.frame?.meta.zns);

export function ChartsGrid() {
  const zoned = useAppStore(selectZoned);
  return (
    <div className="charts-grid">
      {zoned && <ZnsClassWafChart />}
      {zoned && <ZnsGpChart />}
      <ThroughputChart />
      <ThroughputVsWrittenChart />
      <WafChart />
      <LatencyChart />
      <LatencyCdfChart />
      <GcTimelineChart />
      <EraseHistogramChart />
    </div>
  );
}
