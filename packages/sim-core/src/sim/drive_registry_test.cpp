// The drive registry makes each kind of drive by name, and the Simulator
// and the reports see only IDrive: these tests pin down which kind a device
// config gets and what each kind answers when asked what it has to report.
#include "sim/drive_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "conventional/controller_for_test.h"
#include "sched/i_die_scheduler.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using testing::Io;
using testing::OpenLoop;

DeviceConfig Conventional() { return testing::TinySlcDevice(64, 64); }

DeviceConfig Classic() {
  DeviceConfig c = testing::TinySlcDevice(64, 64);
  c.cache.policy = "lru";
  c.cache.params.Set("bytes", uint64_t{64 * 4096});
  return c;
}

DeviceConfig Zoned() { return testing::SmallZonedDevice(); }

std::vector<HostIo> Writes(uint32_t count) {
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < count; ++i) ios.push_back(Io(IoOp::kWrite, 3 * i));
  return ios;
}

TEST(DriveRegistry, TheDeviceConfigChoosesTheKind) {
  EXPECT_EQ(DriveKindFor(Conventional()), "conventional");
  EXPECT_EQ(DriveKindFor(Classic()), "classic");
  DeviceConfig dftl = Conventional();
  dftl.ftl.mapping = "dftl";
  EXPECT_EQ(DriveKindFor(dftl), "classic");
  EXPECT_EQ(DriveKindFor(Zoned()), "zoned");
  // Every kind the registry lists is one DriveKindFor can choose.
  for (const DeviceConfig& config : {Conventional(), Classic(), Zoned()}) {
    EXPECT_NE(std::find(kDriveKinds.begin(), kDriveKinds.end(), DriveKindFor(config)),
              kDriveKinds.end());
  }
}

// Each kind runs the same writes and reports them; only the zoned drive has
// zones, only the classic drive an FTL scheme of its own.
TEST(DriveRegistry, EachKindRunsAndSaysWhatItHas) {
  const std::vector<std::pair<DeviceConfig, std::string>> cases = {
      {Conventional(), "conventional"}, {Classic(), "classic"}, {Zoned(), "zoned"}};
  for (const auto& [config, kind] : cases) {
    Simulator sim(config, OpenLoop(Writes(10)));
    sim.RunToCompletion();
    const IDrive& drive = sim.drive();
    EXPECT_EQ(drive.kind(), kind);
    EXPECT_EQ(&sim.front_end(), static_cast<const IDeviceFrontEnd*>(&drive));
    EXPECT_EQ(drive.zoned() != nullptr, kind == "zoned") << kind;
    EXPECT_EQ(drive.classic() != nullptr, kind == "classic") << kind;
    EXPECT_FALSE(drive.has_slc_cache()) << kind;
    EXPECT_EQ(drive.reliability().refreshes, 0u) << kind;
    // The host's 40 KiB reached the NAND (drained at the end of the run).
    EXPECT_EQ(sim.host().host_write_bytes(), 10u * 4096) << kind;
    EXPECT_GT(sim.counters().TotalPrograms(), 0u) << kind;
  }
}

// The SLC figures the reports read come from the drive: 10 host units went
// to pSLC, none natively, and the capacity is the static cache.
TEST(DriveRegistry, AConventionalDriveReportsItsSlcCache) {
  DeviceConfig config = Zoned();
  config.zns.enabled = false;
  config.slc_cache.enabled = true;
  config.slc_cache.static_bytes = 4u << 20;
  Simulator sim(config, OpenLoop(Writes(10)));
  sim.RunToCompletion();
  ASSERT_TRUE(sim.drive().has_slc_cache());
  const SlcFigures slc = sim.drive().slc_now();
  EXPECT_EQ(slc.stats.host_units_to_slc, 10u);
  EXPECT_EQ(slc.stats.host_units_to_native, 0u);
  EXPECT_GE(slc.static_capacity_bytes, 4u << 20);
  EXPECT_EQ(slc.stats.migrated_units, testing::ControllerOf(sim).slc_stats().migrated_units);
}

TEST(DriveRegistry, AnUnknownKindIsRefused) {
  const DeviceConfig config = Conventional();
  const DeviceLayout layout = DeviceLayout::From(config);
  FtlState ftl(layout, config.wear_leveling.dynamic, true);
  std::unique_ptr<IVictimPolicy> victims = MakeVictimPolicy("greedy", ParamBag{});
  std::unique_ptr<IDieScheduler> scheduler = MakeDieScheduler(config.scheduler);
  EventQueue events;
  FlashEngine flash(config, layout, *scheduler, events);
  Rng rng(1);
  NandCounters counters;
  SimEventLog log;
  const std::vector<JobSpec> jobs;
  const std::function<std::vector<JobSpec>()> again;
  const DriveParts parts{config, layout,   ftl, *victims, flash, events,
                         rng,    counters, log, jobs,     again, rng};
  EXPECT_EQ(MakeDrive("conventional", parts)->kind(), "conventional");
  EXPECT_THROW(MakeDrive("hybrid", parts), InputError);
}

// zonemode=zbd jobs need zones: the conventional and classic kinds refuse
// them with the message the CLI shows.
TEST(DriveRegistry, ZbdJobsNeedAZonedDrive) {
  for (const DeviceConfig& config : {Conventional(), Classic()}) {
    std::vector<JobSpec> jobs = OpenLoop(Writes(1));
    jobs[0].zbd = true;
    try {
      Simulator sim(config, std::move(jobs));
      ADD_FAILURE() << "accepted a zbd job";
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find("zonemode=zbd needs a zoned device"),
                std::string::npos);
    }
  }
}

}  // namespace
}  // namespace flashscope
