// fio job files: the language FlashScope uses for synthetic workloads.
//
// ParseFioJobs reads fio's INI format ([global] plus job sections, `;`/`#`
// comments, `include`, `${VAR}`) into FioJob records with fio's defaults
// and semantics (fio(1) HOWTO, "Job file parameters"). Options that mean
// nothing for a simulated device (ioengine, direct, filename, thread,
// group_reporting, ...) are accepted and listed in `ignored`; an option that
// would change the workload but is not supported is an InputError naming the
// file, the line and the option, never silently dropped.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "workload/request_source.h"  // IoOp, IoRange

namespace flashscope {

// fio's `rw`: the direction and whether offsets are random.
enum class RwPattern : uint8_t {
  kRead,           // read
  kWrite,          // write
  kRandRead,       // randread
  kRandWrite,      // randwrite
  kReadWrite,      // readwrite, rw: sequential mix
  kRandRw,         // randrw: random mix
  kTrim,           // trim
  kRandTrim,       // randtrim
  kTrimWrite,      // trimwrite: trim a block, then write it (sequential)
  kRandTrimWrite,  // randtrimwrite: the same at random offsets
};

// A size given in bytes or as a percentage of the device's logical capacity
// (fio's `size=50%`, `offset=10%`).
struct SizeSpec {
  bool is_percent = false;
  double percent = 0;  // 0..100 when is_percent
  uint64_t bytes = 0;
  bool set = false;  // false: the option was not given
  // fio's zone unit (`size=8z`, zonemode=zbd): `zones` zones of the device;
  // the job's consumer converts it to bytes once the zone size is known.
  bool in_zones = false;
  uint64_t zones = 0;
  uint64_t Resolve(uint64_t capacity_bytes) const;
};

// fio's `bsrange=min-max` for one direction (0/0: not given).
struct BlockSizeRange {
  uint32_t min_bytes = 0;
  uint32_t max_bytes = 0;
};

// fio `file_service_type`: how a job with nrfiles > 1 moves between files.
enum class FileService : uint8_t { kRoundRobin, kSequential, kRandom };

// fio `rate_process`.
enum class RateProcess : uint8_t { kLinear, kPoisson };

// fio's steady-state detection (`ss=iops:10%`, HOWTO "steadystate").
// kLat / kLatSlope (appended): the mean completion latency of each sample
// interval, in ns (fio steadystate.c, `ss=lat:5%`).
enum class SteadyStateMetric : uint8_t { kNone, kIops, kIopsSlope, kBw, kBwSlope, kLat, kLatSlope };

struct BlockSizeShare {
  uint32_t bytes = 4096;
  uint32_t percent = 100;  // shares of one direction add up to 100
};

// kSequence: fio's random_distribution=sequence (newer than 3.33), an exact
// order of block indices (FioJob::random_sequence).
enum class Distribution : uint8_t { kUniform, kZipf, kPareto, kNormal, kZoned, kSequence };

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
  // `zonemode=none` is the default; `strided` sets zone_strided (below).
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

  // --- issue 15: the rest of fio's option table (fio names kept) ---

  // fio `numjobs`: the parser expands a job into `numjobs` clones, each an
  // entry of FioJobFile::jobs with the same name; clone_index is fio's
  // subjob_number (0 for the job itself). Clones run concurrently with the
  // job (only the first can carry `stonewall`), each with its own seed.
  uint32_t numjobs = 1;
  uint32_t clone_index = 0;
  // fio `group_reporting`: the jobs of one reporting group are summed in
  // the report. report_group is fio's groupid: a job with stonewall or
  // new_group after earlier jobs starts a new group.
  bool group_reporting = false;
  uint32_t report_group = 0;
  // fio `unified_rw_reporting=mixed|1`: reads, writes and trims reported
  // together as "mixed".
  bool unified_rw_reporting = false;

  // fio `bsrange` / `blocksize_range` per direction ([0] read, [1] write,
  // [2] trim); when set for a direction it replaces block_sizes there.
  BlockSizeRange bs_range[3];
  bool bs_unaligned = false;  // fio `bs_unaligned`: range sizes not rounded
  // fio `blockalign` / `ba` per direction: random offsets are multiples of
  // this (0: fio's default, the direction's smallest block size).
  uint32_t block_align[3] = {0, 0, 0};

  // fio files mapped onto the drive: `nrfiles` files of `filesize` (a
  // range min..max, fio draws each file's size in it) laid out one after
  // another from the job's offset; without filesize, size is split evenly.
  uint32_t nrfiles = 1;
  SizeSpec filesize_min;   // not set: size / nrfiles
  SizeSpec filesize_max;   // equal to filesize_min unless a range was given
  uint32_t openfiles = 0;  // 0: all nrfiles open
  FileService file_service = FileService::kRoundRobin;
  uint32_t file_service_nr = 1;  // I/Os before switching file (`:N`)
  // fio `offset_increment`: clone k starts at offset + k * increment.
  SizeSpec offset_increment;
  // fio's `rw=...:N` modifier: sequential jobs skip rw_seq_add_bytes after
  // every I/O (negative: backwards, fio's `rw=read:-8k`); random jobs issue
  // rw_seq_nr sequential I/Os per random offset (0/1: every I/O random).
  int64_t rw_seq_add_bytes = 0;
  uint32_t rw_seq_nr = 0;

  // fio `rate` / `ratemin` (bytes per second) and `rate_iops` /
  // `rate_iops_min` per direction (0: none). The older `rate_iops` field
  // above keeps a value given for every direction.
  uint64_t rate_bytes[3] = {0, 0, 0};
  uint64_t rate_min_bytes[3] = {0, 0, 0};
  uint64_t rate_iops_dir[3] = {0, 0, 0};
  uint64_t rate_iops_min[3] = {0, 0, 0};
  uint64_t rate_cycle_ns = 1'000'000'000;  // fio `ratecycle` (ms in fio)
  RateProcess rate_process = RateProcess::kLinear;

  // fio `sync=1` (O_SYNC): a write completes only when it is durable, i.e.
  // it is followed by a flush through the write buffer that it waits for.
  bool sync_writes = false;
  // fio `end_fsync`: one flush when the job's I/O is done, inside its time.
  bool end_fsync = false;
  // fio `fill_device` / `fill_fs`: write until the drive is full; run as
  // the untimed sequential preconditioning of the whole drive.
  bool fill_device = false;
  // fio `read_iolog`: the job replays this trace instead of generating I/O
  // (path as written; relative to the job file's directory).
  std::string read_iolog;
  // fio `flow`, `flow_id`, `flow_sleep`: jobs sharing a flow_id keep a
  // shared counter near zero, each I/O adding its job's `flow`; a job whose
  // I/O would push the counter the wrong way sleeps flow_sleep.
  int32_t flow = 0;
  uint32_t flow_id = 0;
  uint64_t flow_sleep_ns = 0;
  // fio `exitall`: when this job finishes, every running job stops.
  bool exitall = false;
  // fio `wait_for=NAME`: this job starts when the job NAME has finished.
  std::string wait_for;

  // fio `ss`, `ss_dur`, `ss_ramp`: stop the job once the metric has been
  // within `ss_limit` (a percentage of the mean when ss_limit_percent) over
  // the last ss_dur, measured from ss_ramp on (fio samples once a second).
  SteadyStateMetric ss_metric = SteadyStateMetric::kNone;
  double ss_limit = 0;
  bool ss_limit_percent = false;
  uint64_t ss_dur_ns = 0;
  uint64_t ss_ramp_ns = 0;

  // fio `zonesize`, `zonerange`, `zoneskip` (zonemode=zbd: zonesize must be
  // the device's zone size; 0: not given).
  SizeSpec zonesize;

  // fio `percentile_list` (0..100, in order; empty: fio's default list
  // 1,5,10,20,30,40,50,60,70,80,90,95,99,99.5,99.9,99.95,99.99).
  std::vector<double> percentile_list;

  // The job section's own options as written (name, value), for fio's
  // JSON "job options"; global ones are in FioJobFile::global_options.
  std::vector<std::pair<std::string, std::string>> options;

  // --- issue 15, generator-2: strided zones, sequence, multi-range trims ---

  // fio `zonemode=strided` (HOWTO "zonemode", io_u.c
  // setup_strided_zone_mode): the job's I/O stays in a zone of `zonerange`
  // bytes starting at the job's offset until `zonesize` bytes have been
  // transferred, then moves zonerange + `zoneskip` bytes on (back to the
  // job's offset past the end). zonerange defaults to zonesize (fio init.c);
  // with more than one open file fio turns the mode off.
  bool zone_strided = false;
  SizeSpec zonerange;
  SizeSpec zoneskip;
  // fio `random_distribution=sequence:2,0,1` (Distribution::kSequence, at
  // most 64 indices): the n-th random I/O of a direction goes to block
  // random_sequence[n % count]; with `random_sequence_stride` the pattern
  // moves on by `count` blocks after each cycle (2,0,1,5,3,4,...), and the
  // job ends when it leaves the file (fio io_u.c
  // __get_next_rand_offset_sequence).
  std::vector<uint32_t> random_sequence;
  bool random_sequence_stride = false;
  // fio `num_range` (io_uring_cmd, NVMe Dataset Management): one trim
  // command carries this many ranges, each `bs` long at its own offset
  // (io_u.c fill_multi_range_io_u); 1: a range per command.
  uint32_t num_range = 1;
  // fio `sprandom` (sprandom.c, fio newer than 3.33): a random-write job
  // writes the drive's physical capacity once (logical * (1 + spr_op)) in
  // `spr_num_regions` regions, rewriting a share of each region's blocks in
  // the next so the drive starts at random-write steady state
  // (workload/fio_sprandom.h). `spr_cs`: the drive's cache in bytes (0:
  // none); rewrites then wait for the end of the next region.
  bool sprandom = false;
  uint32_t spr_num_regions = 100;
  double spr_op = 0.15;
  uint64_t spr_cs_bytes = 0;

  // --- issue 15, added by the host-2 helper (fio names kept) ---

  // fio `steadystate_check_interval` / `ss_interval`: how often a sample of
  // the steady-state metric is taken (fio's default 1 s; at least 1 s, and
  // ss_dur a multiple of it, as fio's init.c requires).
  uint64_t ss_interval_ns = 1'000'000'000;
  // fio `latency_target` (0: off), `latency_window`, `latency_percentile`,
  // `latency_run` (fio io_u.c lat_target_*): the job searches for the
  // highest queue depth, up to iodepth, at which latency_percentile % of the
  // I/Os of each latency_window complete within latency_target; without
  // latency_run it stops after one more window at the depth it settled on.
  uint64_t latency_target_ns = 0;
  uint64_t latency_window_ns = 0;
  double latency_percentile = 100;
  bool latency_run = false;
};

struct FioJobFile {
  std::string file;
  std::vector<FioJob> jobs;  // in file order; [global] merged into each
  // Options of the [global] sections as written, for fio's JSON
  // "global options".
  std::vector<std::pair<std::string, std::string>> global_options;
};

// How ParseFioJobs reaches outside the text (fio `include` and `${VAR}`).
struct FioParseOptions {
  // Returns the text of an included file; `path` as written, resolved by
  // the callee relative to the including file's directory (fio's rule).
  // Empty: `include` is an error naming the file and the line.
  std::function<std::string(const std::string& path, const std::string& including_file)>
      read_include;
  // The value of an environment variable for `${NAME}`; std::nullopt: not
  // set (an error naming it). Empty function: the process environment.
  std::function<std::optional<std::string>(const std::string& name)> environment;
};

FioJobFile ParseFioJobs(std::string_view text, const std::string& file_name,
                        const FioParseOptions& options = {});

// One I/O a job issues. Offsets and lengths are bytes on the logical device.
struct IoRequest {
  IoOp op = IoOp::kRead;
  uint64_t offset_bytes = 0;
  uint32_t length_bytes = 0;
  // A trim of a num_range job: the command's ranges (offset_bytes is the
  // first range's, length_bytes their sum); owned by the generator and
  // valid until its next Next(). nullptr / 0: one range.
  const IoRange* ranges = nullptr;
  uint32_t range_count = 0;
};

}  // namespace flashscope
