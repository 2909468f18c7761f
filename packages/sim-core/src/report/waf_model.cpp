#include "report/waf_model.h"

#include <string>

#include "metrics/analytic_waf.h"

namespace flashscope {

std::optional<WafModel> SteadyStateWafModel(const DeviceConfig& config,
                                            const DeviceLayout& layout) {
  if (config.zns.enabled || UsesClassicDevice(config) || config.slc_cache.enabled ||
      config.wear_leveling.static_enabled) {
    return std::nullopt;
  }
  if (layout.planes == 0 || layout.logical_units == 0 || layout.units_per_block == 0) {
    return std::nullopt;
  }
  const double planes = static_cast<double>(layout.planes);
  const double data_blocks = layout.blocks_per_plane - layout.gc_reserve_blocks + 0.5;
  const double logical_per_plane = static_cast<double>(layout.logical_units) / planes;
  const double spare =
      (data_blocks * layout.units_per_block - logical_per_plane) / logical_per_plane;
  const std::string& victim = config.gc.victim;
  if (victim == "greedy")
    return WafModel{"greedy", spare, GreedyWaf(spare, layout.units_per_block)};
  if (victim == "fifo") return WafModel{"fifo", spare, FifoWaf(spare)};
  if (victim == "random") {
    return WafModel{"random", spare, DChoicesWaf(spare, layout.units_per_block, 1)};
  }
  return std::nullopt;
}

void WriteWafModel(json::Writer& out, const std::optional<WafModel>& model) {
  if (!model) {
    out.Null();
    return;
  }
  out.BeginObject();
  out.FieldString("name", model->name);
  out.Field("spare_factor", model->spare_factor);
  out.Field("waf", model->waf);
  out.EndObject();
}

}  // namespace flashscope
