// fio job files: the language FlashScope uses for synthetic workloads.
//
// ParseFioJobs reads fio's INI format ([global] plus job sections, `;`/`#`
// comments, `include` not supported) into FioJob records with fio's defaults
// and semantics (fio(1) HOWTO, "Job file parameters"). Options that mean
// nothing for a simulated device (ioengine, direct, filename, thread,
// group_reporting, ...) are accepted and listed in `ignored`; an option that
// would change the workload but is not supported is an InputError naming the
// file, the line and the option, never silently dropped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace flashscope {

enum class IoOp : uint8_t { kRead = 0, kWrite = 1, kTrim = 2, kFlush = 3 };

// fio's `rw`: the direction and whether offsets are random.
enum class RwPattern : uint8_t {
  kRead,       // read
  kWrite,      // write
  kRandRead,   // randread
  kRandWrite,  // randwrite
  kReadWrite,  // readwrite, rw: sequential mix
  kRandRw,     // randrw: random mix
  kTrim,       // trim
  kRandTrim,   // randtrim
};

// A size given in bytes or as a percentage of the device's logical capacity
// (fio's `size=50%`, `offset=10%`).
struct SizeSpec {
  bool is_percent = false;
  double percent = 0;  // 0..100 when is_percent
  uint64_t bytes = 0;
  bool set = false;  // false: the option was not given
  uint64_t Resolve(uint64_t capacity_bytes) const;
};

struct BlockSizeShare {
  uint32_t bytes = 4096;
  uint32_t percent = 100;  // shares of one direction add up to 100
};

enum class Distribution : uint8_t { kUniform, kZipf, kPareto, kNormal, kZoned };

// One range of random_distribution=zoned:access%/size%:... (fio semantics:
// `access_percent` of the I/O goes to the next `size_percent` of the region).
struct DistributionZone {
  double access_percent = 0;
  double size_percent = 0;
};

struct FioJob {
  std::string name;   // section name
  uint32_t line = 0;  // line of the section header
  RwPattern rw = RwPattern::kRead;
  uint32_t rwmixread = 50;           // percent of reads in a mix
  uint32_t percentage_random = 100;  // for random patterns
  // Block sizes per direction ([0] read, [1] write, [2] trim), from `bs`
  // (bs=4k or bs=4k,64k) or `bssplit` (bssplit=4k/50:64k/50).
  std::vector<BlockSizeShare> block_sizes[3];
  SizeSpec size;            // region size; default: logical capacity minus offset
  SizeSpec offset;          // region start; default 0
  SizeSpec io_size;         // total bytes to transfer; default: size
  uint64_t number_ios = 0;  // 0 = unlimited
  uint32_t loops = 1;
  uint32_t iodepth = 1;
  Distribution distribution = Distribution::kUniform;
  double distribution_param = 0;        // zipf theta, pareto h, normal deviation %
  std::vector<DistributionZone> zones;  // for kZoned
  bool norandommap = false;
  uint64_t runtime_ns = 0;  // 0 = no limit
  bool time_based = false;
  uint64_t thinktime_ns = 0;
  uint32_t thinktime_blocks = 1;
  uint64_t startdelay_ns = 0;
  uint64_t rate_iops = 0;  // 0 = unlimited
  bool stonewall = false;  // this job waits for all earlier jobs to finish
  bool has_randseed = false;
  uint64_t randseed = 0;
  std::vector<std::string> ignored;  // option names accepted but meaningless here

  // Added by the parser beyond the original contract (fio names kept):
  std::string description;  // fio `description=`: shown, never parsed
  bool new_group = false;   // fio `new_group`: starts a reporting group
  // fio `ramp_time`: the job runs this long before its I/O counts in the
  // statistics (fio HOWTO: "run the specified workload for this amount of
  // time before logging any performance numbers"). The generator ignores it;
  // the host/metrics drop latencies and counts of I/O issued before
  // start + ramp_time_ns, and a `runtime` limit starts after the ramp.
  uint64_t ramp_time_ns = 0;
  // Optional second value of zipf/pareto/normal (`zipf:1.2:0.25`): where the
  // hot spot sits, 0..1 of the region; -1 = fio's default (random offset for
  // zipf/pareto, the middle for normal).
  double distribution_center = -1;
  // fio `fsync=N` / `fdatasync=N`: a kFlush after every N writes (0 = off).
  uint32_t fsync_blocks = 0;
  // fio `zonemode=zbd` (HOWTO "zonemode"): the job drives a zoned device
  // directly, its writes moved to zone write pointers (zns/zbd_adapter.h).
  // `zonemode=none` is the default; `strided` is not supported.
  bool zbd = false;
  // fio `max_open_zones`: zones the job writes at once (0 = the device's
  // limit).
  uint32_t max_open_zones = 0;
  // fio `zone_reset_threshold` and `zone_reset_frequency`, both 0..1: once
  // the written share of the zones passes the threshold, a zone is reset
  // before every 1/frequency-th write (0 frequency: never).
  double zone_reset_threshold = 0;
  double zone_reset_frequency = 0;
  // fio `read_beyond_wp`: reads past a zone's write pointer are issued as
  // they are instead of being moved into written data.
  bool read_beyond_wp = false;
};

struct FioJobFile {
  std::string file;
  std::vector<FioJob> jobs;  // in file order; [global] merged into each
};

FioJobFile ParseFioJobs(std::string_view text, const std::string& file_name);

// One I/O a job issues. Offsets and lengths are bytes on the logical device.
struct IoRequest {
  IoOp op = IoOp::kRead;
  uint64_t offset_bytes = 0;
  uint32_t length_bytes = 0;
};

}  // namespace flashscope
