// The analytic steady-state WAF of the drive as configured: the published
// model (metrics/analytic_waf.h) of its GC victim policy, for the workload
// those models assume (uniform random writes of one mapping unit over the
// whole logical space, in steady state). The result JSON carries it as
// "waf_model", the live snapshot meta as "waf_model" too, so the UI shows
// the model beside the simulated WAF without restating the formula.
//
// It applies to a conventional page-mapped drive whose victim policy has a
// model here: greedy ([VH13] mean field, GreedyWaf), fifo ([D12] eq. 4,
// FifoWaf) and random ([VH13] with d = 1, DChoicesWaf). It does not apply
// (std::nullopt, JSON null) to zoned drives (the host FTL's GC, not the
// drive's), the classic FTLs and write caches (another mapping), drives
// with an SLC cache (two pools and migration), static wear levelling (moves
// the models leave out), and the cost_benefit and d_choices victims.
//
// Spare factor (analytic_waf.h's definition, per plane: every plane is an
// independent drive under uniform random writes): the pages that can hold
// data are every block of the plane but the erased GC reserve, plus half
// of one block for the host frontier being filled on average; U is the
// plane's share of the logical units. ftl/waf_model_test.cpp and
// scenario/lesson_claims_test.cpp check the simulator against it.
#pragma once

#include <optional>

#include "config/device_config.h"
#include "nand/layout.h"
#include "util/json.h"

namespace flashscope {

struct WafModel {
  const char* name;     // the victim policy the model is of: "greedy", "fifo", "random"
  double spare_factor;  // (P - U) / U, as above
  double waf;           // the model's steady-state WAF, >= 1
};

std::optional<WafModel> SteadyStateWafModel(const DeviceConfig& config, const DeviceLayout& layout);

// {"name": ..., "spare_factor": ..., "waf": ...}, or null.
void WriteWafModel(json::Writer& out, const std::optional<WafModel>& model);

}  // namespace flashscope
