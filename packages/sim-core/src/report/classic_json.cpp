#include "report/classic_json.h"

#include <array>
#include <span>

#include "classic/classic_device.h"
#include "mapping/i_mapping_scheme.h"

namespace flashscope {

namespace {

// The ftl object's fields (result and meta alike), into an open object.
void WriteFtlFields(json::Writer& out, const classic::ClassicDevice& device) {
  out.Key("merges").BeginObject();
  for (uint32_t k = 0; k < mapping::kMergeKindCount; ++k) {
    const auto kind = static_cast<mapping::MergeKind>(k);
    out.FieldUint(mapping::MergeKindName(kind), device.merges(kind));
  }
  out.EndObject();
  out.FieldUint("translation_reads", device.translation_reads());
  out.FieldUint("translation_writes", device.translation_writes());
}

// The cache object's fields (result and meta alike), into an open object.
void WriteCacheFields(json::Writer& out, const Simulator& sim, const cache::IWriteCache& cache) {
  const cache::CacheCounters& c = cache.counters();
  const cache::CacheOccupancy o = cache.occupancy();
  out.FieldString("policy", sim.config().cache.policy)
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
}

// DFTL's mapping-table counters (result and meta alike), into an open object.
void WriteCmtCounts(json::Writer& out, const mapping::CmtCounts& cmt) {
  out.FieldUint("hits", cmt.hits)
      .FieldUint("misses", cmt.misses)
      .FieldUint("dirty_evictions", cmt.dirty_evictions)
      .FieldUint("clean_evictions", cmt.clean_evictions);
}

bool HasWriteCache(const Simulator& sim) {
  return sim.drive().classic() != nullptr && sim.config().cache.policy != "none";
}

}  // namespace

void WriteFtlResult(json::Writer& out, const Simulator& sim) {
  const classic::ClassicDevice* device = sim.drive().classic();
  out.BeginObject();
  out.FieldString("mapping", device ? device->mapping_name() : "page");
  if (device) {
    WriteFtlFields(out, *device);
    if (device->has_cmt()) {
      out.Key("cmt").BeginObject();
      WriteCmtCounts(out, device->cmt());
      out.EndObject();
    }
  }
  out.EndObject();
}

void WriteCacheResult(json::Writer& out, const Simulator& sim) {
  if (!HasWriteCache(sim)) {
    out.Null();
    return;
  }
  out.BeginObject();
  WriteCacheFields(out, sim, sim.drive().classic()->cache());
  out.EndObject();
}

void WriteClassicMeta(json::Writer& out, const Simulator& sim) {
  const classic::ClassicDevice* device = sim.drive().classic();
  if (device == nullptr) {
    out.Null();
    return;
  }
  out.BeginObject();
  out.FieldString("mapping", device->mapping_name());
  out.FieldUint("pages_per_block", sim.layout().pages_per_block);
  out.FieldUint("block_erases", sim.counters().TotalErases());
  WriteFtlFields(out, *device);
  out.Key("cmt");
  if (device->has_cmt()) {
    mapping::MappingConfig scheme;
    mapping::ApplyMappingParameters(sim.config().ftl.params, scheme);
    out.BeginObject()
        .FieldUint("capacity", scheme.cmt_entries)
        .FieldUint("cached", device->cmt_cached());
    WriteCmtCounts(out, device->cmt());
    out.EndObject();
  } else {
    out.Null();
  }
  out.Key("cache");
  if (!HasWriteCache(sim)) {
    out.Null();
  } else {
    const cache::IWriteCache& cache = device->cache();
    out.BeginObject();
    WriteCacheFields(out, sim, cache);
    // A handful of slots (seed 002: 2 blocks); the array is on the stack.
    std::array<cache::CachedBlock, kMetaCacheBlocks> blocks;
    const auto write_blocks = [&out, &blocks](size_t n) {
      out.BeginArray();
      for (size_t i = 0; i < n; ++i) {
        if (blocks[i].logical_block == cache::CachedBlock::kFree) {
          out.Null();
          continue;
        }
        out.BeginObject()
            .FieldUint("block", blocks[i].logical_block)
            .FieldUint("pages", blocks[i].pages)
            .EndObject();
      }
      out.EndArray();
    };
    out.Key("block_space");
    write_blocks(cache.BlockSpace(blocks));
    out.Key("page_sets");
    write_blocks(cache.LargestPageSets(std::span(blocks).first(kMetaPageSets)));
    out.EndObject();
  }
  out.EndObject();
}

double MeanResponseUs(const LatencyHistogram& reads, const LatencyHistogram& writes) {
  const uint64_t count = reads.count() + writes.count();
  if (count == 0) return 0;
  const double sum_ns = reads.mean_ns() * static_cast<double>(reads.count()) +
                        writes.mean_ns() * static_cast<double>(writes.count());
  return sum_ns / static_cast<double>(count) / 1000.0;
}

double MeanResponseUs(const std::array<LatencyHistogram, kHostOpKinds>& latency) {
  return MeanResponseUs(latency[static_cast<uint32_t>(IoOp::kRead)],
                        latency[static_cast<uint32_t>(IoOp::kWrite)]);
}

void WriteMeanResponse(json::Writer& out, const LatencyHistogram& reads,
                       const LatencyHistogram& writes) {
  if (reads.count() + writes.count() == 0) {
    out.Null();
  } else {
    out.Number(MeanResponseUs(reads, writes));
  }
}

}  // namespace flashscope
