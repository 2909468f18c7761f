// IDieScheduler: decides which queued command a free die runs next.
//
// Contract: a die keeps two FIFO queues — host reads, and everything else
// (host programs, GC reads/programs, erases). When both are non-empty, Choose
// says which head goes next; it sees only the two heads and must be a pure
// function of them (deterministic, no state needed). Program/erase suspend is
// a later extension of this interface.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "config/plugin_table.h"
#include "config/setting.h"
#include "nand/flash_op.h"

namespace flashscope {

enum class QueuePick { kHostRead, kOther };

class IDieScheduler {
 public:
  virtual ~IDieScheduler() = default;
  virtual QueuePick Choose(const FlashOp& host_read, const FlashOp& other) const = 0;
};

// A registry entry: the scheduler's name, label, description and
// parameters, and how to build it.
using DieSchedulerEntry = PluginEntry<std::unique_ptr<IDieScheduler> (*)()>;

// The registry (scheduler_registry.cpp): every scheduler, in the order the
// UI offers them.
const std::vector<DieSchedulerEntry>& DieSchedulerTable();

// The scheduler named `name` (one of DieSchedulerNames()), or nullptr.
std::unique_ptr<IDieScheduler> MakeDieScheduler(std::string_view name);

// The table's infos and names, in table order.
std::vector<PolicyInfo> DieSchedulerInfos();
const std::vector<std::string_view>& DieSchedulerNames();

}  // namespace flashscope
