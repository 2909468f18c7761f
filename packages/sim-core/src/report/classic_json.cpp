#include "report/classic_json.h"

#include "mapping/i_mapping_scheme.h"

namespace flashscope {

void WriteFtlResult(json::Writer& out, const Simulator& sim) {
  const classic::ClassicDevice* device = sim.classic();
  out.BeginObject();
  out.FieldString("mapping", device ? device->mapping_name() : "page");
  if (device) {
    out.Key("merges").BeginObject();
    for (uint32_t k = 0; k < mapping::kMergeKindCount; ++k) {
      const auto kind = static_cast<mapping::MergeKind>(k);
      out.FieldUint(mapping::MergeKindName(kind), device->merges(kind));
    }
    out.EndObject();
    out.FieldUint("translation_reads", device->translation_reads());
    out.FieldUint("translation_writes", device->translation_writes());
    if (device->mapping_name() == "dftl") {
      const mapping::CmtCounts cmt = device->cmt();
      out.Key("cmt")
          .BeginObject()
          .FieldUint("hits", cmt.hits)
          .FieldUint("misses", cmt.misses)
          .FieldUint("dirty_evictions", cmt.dirty_evictions)
          .FieldUint("clean_evictions", cmt.clean_evictions)
          .EndObject();
    }
  }
  out.EndObject();
}

void WriteCacheResult(json::Writer& out, const Simulator& sim) {
  const classic::ClassicDevice* device = sim.classic();
  if (!device || sim.config().cache.policy == "none") {
    out.Null();
    return;
  }
  const cache::IWriteCache& cache = device->cache();
  const cache::CacheCounters& c = cache.counters();
  const cache::CacheOccupancy o = cache.occupancy();
  out.BeginObject()
      .FieldString("policy", sim.config().cache.policy)
      .FieldUint("capacity_bytes", cache.capacity_bytes())
      .FieldUint("hits", c.hits())
      .FieldUint("misses", c.misses())
      .FieldUint("read_hits", c.read_hits)
      .FieldUint("read_misses", c.read_misses)
      .FieldUint("write_hits", c.write_hits)
      .FieldUint("write_misses", c.write_misses)
      .FieldUint("evicted_pages", c.evicted_pages)
      .FieldUint("evicted_blocks", c.evicted_blocks)
      .FieldUint("clean_evictions", c.clean_evictions)
      .FieldUint("flushes", c.flushes)
      .FieldUint("flushed_pages", c.flushed_pages)
      .FieldUint("fill_pages", c.fill_pages)
      .FieldUint("set_moves", c.set_moves)
      .FieldUint("swaps", c.swaps);
  out.Key("occupancy")
      .BeginObject()
      .FieldUint("pages", o.pages)
      .FieldUint("capacity_pages", o.capacity_pages)
      .FieldUint("blocks", o.blocks)
      .FieldUint("capacity_blocks", o.capacity_blocks)
      .FieldUint("block_pages", o.block_pages)
      .EndObject();
  out.EndObject();
}

double MeanResponseUs(const std::array<LatencyHistogram, kHostOpKinds>& latency) {
  const LatencyHistogram& reads = latency[static_cast<uint32_t>(IoOp::kRead)];
  const LatencyHistogram& writes = latency[static_cast<uint32_t>(IoOp::kWrite)];
  const uint64_t count = reads.count() + writes.count();
  if (count == 0) return 0;
  const double sum_ns = reads.mean_ns() * static_cast<double>(reads.count()) +
                        writes.mean_ns() * static_cast<double>(writes.count());
  return sum_ns / static_cast<double>(count) / 1000.0;
}

}  // namespace flashscope
