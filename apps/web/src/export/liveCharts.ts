// The live view's chart cards, for the report: each card of the live view
// registers how to draw itself as standalone SVG while it is mounted, and
// the report button asks the registered ones, in the order of KEY_CHARTS.

/** A mounted chart card's export: null while it has nothing drawn. */
export interface LiveChart {
  title(): string;
  standalone(): string | null;
}

const charts = new Map<string, LiveChart>();

/** The charts a customer report shows, in this order (others are left out). */
export const KEY_CHARTS = [
  'chart-throughput-vs-written',
  'chart-throughput',
  'chart-waf',
  'chart-latency',
  'chart-latency-cdf',
] as const;

/** Registers a card; returns the function that removes it (on unmount). */
export function registerLiveChart(testId: string, chart: LiveChart): () => void {
  charts.set(testId, chart);
  return () => {
    if (charts.get(testId) === chart) charts.delete(testId);
  };
}

/** The key charts drawn now, as titles and standalone SVG text. */
export function liveChartSvgs(): Array<{ title: string; svg: string }> {
  const drawn: Array<{ title: string; svg: string }> = [];
  for (const id of KEY_CHARTS) {
    const chart = charts.get(id);
    const svg = chart?.standalone() ?? null;
    if (chart && svg) drawn.push({ title: chart.title(), svg });
  }
  return drawn;
}
