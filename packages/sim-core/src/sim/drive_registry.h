// The drive registry: every kind of drive, made by name. The Simulator asks
// DriveKindFor which kind a device config describes and MakeDrive for it,
// then talks to the drive only through IDrive (drive/i_drive.h).
//
//   "conventional"  the page-mapped controller (conventional/controller.h)
//   "classic"       the classic FTLs and write caches (classic/classic_device.h)
//   "zoned"         the zoned drive and its host FTL (zns/zns_device.h)
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "config/device_config.h"
#include "drive/i_drive.h"
#include "engine/flash_engine.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "host/host.h"
#include "kernel/event_queue.h"
#include "metrics/nand_counters.h"
#include "nand/layout.h"
#include "util/rng.h"

namespace flashscope {

inline constexpr std::array<std::string_view, 3> kDriveKinds = {"conventional", "classic", "zoned"};

// What a drive is made from: the Simulator's components, by reference (they
// outlive the drive), and the run's jobs.
struct DriveParts {
  const DeviceConfig& config;
  const DeviceLayout& layout;
  FtlState& ftl;
  IVictimPolicy& victims;
  FlashEngine& flash;
  EventQueue& events;
  Rng& gc_rng;
  NandCounters& counters;
  SimEventLog& log;
  const std::vector<JobSpec>& jobs;
  // Builds the jobs again (SimOptions::jobs_again); may be empty.
  const std::function<std::vector<JobSpec>()>& jobs_again;
  // The generator Simulator::Precondition draws its random writes from (a
  // copy is taken each time): fk / zbopt replay them in their pre-pass.
  const Rng& precondition_rng;
};

// The kind `config` describes: "zoned" with zns enabled, "classic" when it
// uses a classic FTL or a write cache (UsesClassicDevice), else
// "conventional".
std::string_view DriveKindFor(const DeviceConfig& config);

// A drive of kind `kind`, or throws InputError (config.file) for an unknown
// kind or for jobs the drive cannot run (zonemode=zbd jobs on a drive
// without zones, ...).
std::unique_ptr<IDrive> MakeDrive(std::string_view kind, const DriveParts& parts);

}  // namespace flashscope
