#include "report/zns_json.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "zns/zns_device.h"
#include "zns/zns_status.h"

namespace flashscope {

namespace {

constexpr uint64_t kBlockBytes = 4096;

// Garbage proportions with 4 decimals.
double Gp(double gp) { return std::round(gp * 1e4) / 1e4; }

void WaFOrNull(json::Writer& out, const zns::ZnsDevice& device) {
  out.Key("waf");
  if (device.user_blocks() == 0) {
    out.Null();
  } else {
    out.Number(device.waf());
  }
}

// The exact mean GP of the zones GC reclaimed (the result's reclaimed_gp
// averaged), null before the first or without a host FTL: the
// garbage-proportion chart states it rather than a mean of its bins.
void MeanReclaimedGpOrNull(json::Writer& out, const zns::ZnsDevice& device) {
  out.Key("mean_reclaimed_gp");
  const zns::ZnsHostFtl* ftl = device.host_ftl();
  if (ftl == nullptr || ftl->stats().gc_count == 0) {
    out.Null();
  } else {
    out.Number(Gp(ftl->stats().mean_reclaimed_gp()));
  }
}

void WriteClassStats(json::Writer& out, const zns::HostFtlStats& stats) {
  out.Key("class_stats").BeginArray();
  for (size_t c = 0; c < stats.classes.size(); ++c) {
    const zns::ZoneClassStats& s = stats.classes[c];
    out.BeginObject();
    out.FieldUint("class", c + 1);
    out.FieldUint("user_write_bytes", s.user_blocks * kBlockBytes);
    out.FieldUint("gc_write_bytes", s.gc_blocks * kBlockBytes);
    out.FieldUint("zones_filled", s.zones_filled);
    out.FieldUint("zones_reclaimed", s.zones_reclaimed);
    out.Key("mean_zone_lifetime");
    if (s.zones_reclaimed > 0) {
      out.Number(static_cast<double>(s.lifetime_sum) / s.zones_reclaimed);
    } else {
      out.Null();
    }
    out.Key("mean_reclaimed_gp");
    if (s.zones_reclaimed > 0) {
      out.Number(Gp(s.reclaimed_gp_sum / s.zones_reclaimed));
    } else {
      out.Null();
    }
    out.EndObject();
  }
  out.EndArray();
}

}  // namespace

void WriteZnsResult(json::Writer& out, const Simulator& sim) {
  const zns::ZnsDevice* device = sim.drive().zoned();
  if (device == nullptr) {
    out.Null();
    return;
  }
  const ZnsConfig& config = sim.config().zns;
  const zns::ZonedLayout& zoned = device->zoned_layout();
  const zns::ZnsHostFtl* ftl = device->host_ftl();
  out.BeginObject();
  out.FieldUint("zone_count", zoned.zone_count);
  out.FieldUint("zone_bytes", zoned.zone_bytes);
  out.FieldUint("zone_capacity_bytes", zoned.zone_capacity_bytes);
  out.FieldUint("max_open", zoned.max_open);
  out.FieldUint("max_active", zoned.max_active);
  out.FieldBool("host_ftl", ftl != nullptr);
  out.FieldString("placement", config.placement);
  out.FieldString("gc_victim", config.gc_victim);
  out.Field("gc_threshold", config.gc_threshold);
  out.FieldUint("classes", config.classes);
  // What the host addresses: the host FTL's logical space, or (zbd) the
  // zones' capacity.
  out.FieldUint("logical_bytes", ftl != nullptr ? sim.layout().logical_bytes
                                                : zoned.zone_count * zoned.zone_capacity_bytes);
  WaFOrNull(out, *device);
  out.FieldUint("user_write_bytes", device->user_blocks() * kBlockBytes);
  out.FieldUint("gc_write_bytes", device->gc_blocks() * kBlockBytes);
  out.FieldUint("gc_count", device->gc_runs());
  out.FieldUint("resets", device->resets());
  out.Key("reclaimed_gp").BeginArray();
  if (ftl != nullptr) {
    for (float gp : ftl->stats().reclaimed_gp) out.Number(Gp(gp));
  }
  out.EndArray();
  if (ftl != nullptr) {
    WriteClassStats(out, ftl->stats());
  } else {
    out.Key("class_stats").BeginArray().EndArray();
  }
  out.Key("zone_errors").BeginObject();
  for (zns::ZnsStatus status : zns::kRefusalStatuses) {
    const uint64_t count = device->zone_errors(status);
    if (count > 0) out.FieldUint(zns::ZnsStatusName(status), count);
  }
  out.EndObject();
  out.EndObject();
}

void WriteZnsSeriesColumns(json::Writer& out, const TimeSeries& s, size_t from, size_t end,
                           size_t run) {
  const std::pair<const char*, const std::vector<double>*> columns[] = {
      {"zns_waf", &s.zns_waf},
      {"zns_gp", &s.zns_gp},
      {"zones_open", &s.zones_open},
      {"zones_active", &s.zones_active},
  };
  for (const auto& [name, values] : columns) {
    out.Key(name).BeginArray();
    for (size_t first = from; first < end; first += run) {
      out.Number((*values)[std::min(first + run, end) - 1]);
    }
    out.EndArray();
  }
  out.Key("zns_class_waf").BeginArray();
  for (size_t first = from; first < end; first += run) {
    const size_t point = std::min(first + run, end) - 1;
    out.BeginArray();
    for (uint32_t c = 0; c < s.zns_classes; ++c) {
      out.Number(s.zns_class_waf[point * s.zns_classes + c]);
    }
    out.EndArray();
  }
  out.EndArray();
}

namespace {

// GC's data flow since `cursor` (see the header), then the cursor moves on.
// Zones are scanned once per call, as the per-zone arrays are; the targets
// kept are a small sorted array, so nothing here grows with the zone count
// but the cursor's copy (sized once).
void WriteGcFlow(json::Writer& out, const zns::ZnsDevice& device, ZnsMetaCursor& cursor) {
  const uint32_t zone_count = device.zoned_layout().zone_count;
  if (cursor.gc_blocks_received.size() != zone_count) {
    cursor.gc_blocks_received.assign(zone_count, 0);
  }
  struct Target {
    uint64_t blocks;
    uint32_t zone;
  };
  std::array<Target, zns::kGcFlowZones> targets;
  uint32_t kept = 0;
  for (uint32_t z = 0; z < zone_count; ++z) {
    const uint64_t received = device.zone_gc_blocks_received(z);
    const uint64_t blocks = received - cursor.gc_blocks_received[z];
    cursor.gc_blocks_received[z] = received;
    if (blocks == 0) continue;
    // Insert by blocks, descending; zones arrive in increasing order, so an
    // equal count stays behind the lower zone. A full array drops its last.
    if (kept == targets.size() && blocks <= targets[kept - 1].blocks) continue;
    uint32_t at = kept < targets.size() ? kept++ : kept - 1;
    while (at > 0 && targets[at - 1].blocks < blocks) {
      targets[at] = targets[at - 1];
      --at;
    }
    targets[at] = Target{blocks, z};
  }
  out.Key("gc_targets").BeginArray();
  for (uint32_t i = 0; i < kept; ++i) {
    out.BeginArray().Uint(targets[i].zone).Uint(targets[i].blocks).EndArray();
  }
  out.EndArray();

  const uint64_t victims = device.gc_victim_count();
  const uint64_t first =
      std::max(cursor.gc_victims, victims > zns::kGcFlowZones ? victims - zns::kGcFlowZones : 0);
  out.Key("gc_sources").BeginArray();
  for (uint64_t i = first; i < victims; ++i) out.Uint(device.gc_victim(i));
  out.EndArray();
  cursor.gc_victims = victims;
}

}  // namespace

void WriteZnsMeta(json::Writer& out, const Simulator& sim, ZnsMetaCursor& cursor) {
  const zns::ZnsDevice* device = sim.drive().zoned();
  if (device == nullptr) {
    out.Null();
    return;
  }
  const ZnsConfig& config = sim.config().zns;
  const zns::ZonedLayout& zoned = device->zoned_layout();
  const zns::ZoneStateMachine& zones = device->zones();
  out.BeginObject();
  out.FieldUint("zone_count", zoned.zone_count);
  out.FieldUint("zone_capacity_blocks", zoned.zone_capacity_blocks);
  out.FieldUint("max_open", zoned.max_open);
  out.FieldUint("max_active", zoned.max_active);
  out.FieldUint("classes", config.classes);
  out.FieldString("placement", config.placement);
  out.FieldString("gc_victim", config.gc_victim);
  out.FieldUint("open", zones.open_zones());
  out.FieldUint("active", zones.active_zones());
  out.FieldUint("resets", device->resets());
  out.FieldUint("gc_count", device->gc_runs());
  WaFOrNull(out, *device);
  out.FieldUint("user_write_bytes", device->user_blocks() * kBlockBytes);
  out.FieldUint("gc_write_bytes", device->gc_blocks() * kBlockBytes);
  out.Key("state").BeginArray();
  for (const zns::Zone& zone : zones.zones()) out.Uint(static_cast<uint8_t>(zone.state));
  out.EndArray();
  out.Key("wp").BeginArray();
  for (const zns::Zone& zone : zones.zones()) out.Uint(zone.written_lbas());
  out.EndArray();
  out.Key("valid").BeginArray();
  for (uint32_t z = 0; z < zoned.zone_count; ++z) out.Uint(device->zone_valid_blocks(z));
  out.EndArray();
  out.Key("class").BeginArray();
  for (uint32_t z = 0; z < zoned.zone_count; ++z) out.Uint(device->zone_class(z));
  out.EndArray();
  out.Key("gp_histogram").BeginArray();
  for (uint64_t count : device->gp_histogram()) out.Uint(count);
  out.EndArray();
  MeanReclaimedGpOrNull(out, *device);
  out.Key("gc_zone").Int(device->gc_zone());
  WriteGcFlow(out, *device, cursor);
  out.EndObject();
}

std::string ZnsResultText(const Simulator& sim) {
  const zns::ZnsDevice* device = sim.drive().zoned();
  if (device == nullptr) return "";
  const zns::ZonedLayout& zoned = device->zoned_layout();
  const ZnsConfig& config = sim.config().zns;
  char line[512];
  std::string text;
  char waf[32] = "\u2014";  // no user writes: no WAF (null in the JSON)
  if (device->user_blocks() > 0) std::snprintf(waf, sizeof waf, "%.3f", device->waf());
  std::snprintf(
      line, sizeof line,
      "zns: %u zones of %.1f MiB (capacity %.1f MiB), %s: WAF %s, %.1f MiB user, "
      "%.1f MiB GC writes, %llu GC, %llu resets\n",
      zoned.zone_count, zoned.zone_bytes / 1048576.0, zoned.zone_capacity_bytes / 1048576.0,
      device->host_ftl() != nullptr
          ? ("host FTL, placement " + config.placement + ", GC " + config.gc_victim).c_str()
          : "zonemode=zbd jobs",
      waf, device->user_blocks() * kBlockBytes / 1048576.0,
      device->gc_blocks() * kBlockBytes / 1048576.0, (unsigned long long)device->gc_runs(),
      (unsigned long long)device->resets());
  text += line;
  std::string refused;
  for (zns::ZnsStatus status : zns::kRefusalStatuses) {
    const uint64_t count = device->zone_errors(status);
    if (count == 0) continue;
    if (!refused.empty()) refused += ", ";
    refused += std::to_string(count) + " " + zns::ZnsStatusName(status);
  }
  if (!refused.empty()) text += "zns: commands refused: " + refused + "\n";
  return text;
}

}  // namespace flashscope
