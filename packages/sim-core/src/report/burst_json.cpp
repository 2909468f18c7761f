#include "report/burst_json.h"

namespace flashscope {

namespace {
double Ms(uint64_t ns) { return static_cast<double>(ns) / 1e6; }
}  // namespace

void WriteOptional(json::Writer& out, std::string_view key, const std::optional<double>& value) {
  out.Key(key);
  if (value) {
    out.Number(*value);
  } else {
    out.Null();
  }
}

BurstFigures FiguresOfBurst(const Simulator& sim, size_t index) {
  const BurstTracker& tracker = sim.bursts();
  const Burst& burst = tracker.bursts()[index];
  BurstFigures figures;
  figures.burst = &burst;
  // Once the host is done no burst goes on.
  figures.ended = sim.host().finished() || tracker.Ended(index, sim.now_ns());
  figures.mbps_before = burst.mbps_before();
  // A burst going on has an after figure once it means something (the
  // tracker says when); an ended burst's is final, whatever its span.
  if (figures.ended || burst.after_measured()) figures.mbps_after = burst.mbps_after();
  if (figures.mbps_before && figures.mbps_after && *figures.mbps_before > 0) {
    figures.depth = 1 - *figures.mbps_after / *figures.mbps_before;
  }
  const Burst& first = tracker.bursts().front();
  if (burst.cache_exhausted && first.cache_exhausted && first.cache_bytes() > 0) {
    figures.recovered_fraction =
        static_cast<double>(burst.cache_bytes()) / static_cast<double>(first.cache_bytes());
  }
  return figures;
}

std::optional<BurstFigures> FirstCliffFigures(const Simulator& sim) {
  const BurstTracker& tracker = sim.bursts();
  const Burst* cliff = tracker.FirstCliffBurst();
  if (cliff == nullptr) return std::nullopt;
  return FiguresOfBurst(sim, static_cast<size_t>(cliff - tracker.bursts().data()));
}

void WriteBurstFields(json::Writer& out, const Simulator& sim) {
  const BurstTracker& tracker = sim.bursts();
  out.Key("bursts").BeginArray();
  for (size_t i = 0; i < tracker.bursts().size(); ++i) {
    const BurstFigures figures = FiguresOfBurst(sim, i);
    const Burst& burst = *figures.burst;
    out.BeginObject();
    out.Field("start_ms", Ms(burst.start_ns));
    out.Field("end_ms", Ms(burst.end_ns));
    out.Key("idle_before_ms");
    if (burst.idle_before_ns) {
      out.Number(Ms(*burst.idle_before_ns));
    } else {
      out.Null();
    }
    out.FieldUint("host_written_bytes", burst.host_written_bytes());
    out.FieldBool("cache_exhausted", burst.cache_exhausted);
    out.Key("cache_bytes");
    if (burst.cache_exhausted) {
      out.Uint(burst.cache_bytes());
    } else {
      out.Null();
    }
    WriteOptional(out, "cliff_t_ms",
                  burst.cache_exhausted ? std::optional<double>(Ms(burst.cliff_ns)) : std::nullopt);
    // Where the cliff is among the run's host bytes written (slc.cliff's
    // host_written_bytes for the first burst): the x of its cliff on the
    // chart of throughput vs data written, whose x is the series'
    // host_write_bytes, the same count.
    out.Key("cliff_host_written_bytes");
    if (burst.cache_exhausted) {
      out.Uint(burst.written_at_cliff);
    } else {
      out.Null();
    }
    WriteOptional(out, "write_mbps_before", figures.mbps_before);
    WriteOptional(out, "write_mbps_after", figures.mbps_after);
    WriteOptional(out, "depth", figures.depth);
    WriteOptional(out, "recovered_fraction", figures.recovered_fraction);
    out.FieldBool("ended", figures.ended);
    out.EndObject();
  }
  out.EndArray();
  out.FieldUint("bursts_total", tracker.bursts_total());
}

}  // namespace flashscope
