// The charts under the device view.

import { EraseHistogramChart } from './EraseHistogramChart';
import { GcTimelineChart } from './GcTimelineChart';
import { LatencyCdfChart } from './LatencyCdfChart';
import { LatencyChart } from './LatencyChart';
import { ThroughputChart } from './ThroughputChart';
import { ThroughputVsWrittenChart } from './ThroughputVsWrittenChart';
import { WafChart } from './WafChart';

export function ChartsGrid() {
  return (
    <div className="charts-grid">
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
