// Does a fio job file fit the chosen drive? Job files are written for the
// drive their author had: `size=2t` on a 512 GiB preset should say how much
// the jobs need, how much the drive holds and which preset would hold them,
// instead of the generator's "ends past the device".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "workload/fio_file_set.h"  // HumanBytes
#include "workload/fio_job.h"

namespace flashscope {

// The drive space the jobs need: the highest end offset of any job whose
// offset and size are absolute (bytes, not % of the drive or zones):
// offset (+ clone_index * offset_increment) + size, or + nrfiles *
// filesize when size is not given; a job with only an absolute offset
// needs one byte past it. zonemode=zbd jobs (sized against the zoned
// namespace), read_iolog and fill_device jobs are left out.
struct FioSpaceNeed {
  uint64_t end_bytes = 0;
  int job = -1;         // index in FioJobFile::jobs of the job that needs the most; -1: none
  std::string options;  // that job's sizing options as written: "offset=1t, size=2t"
};
FioSpaceNeed FioJobsSpaceNeed(const FioJobFile& file);

// InputError(file, job line) when the jobs need more than logical_bytes:
//   "job 'seq': size=2t needs 2.00 TiB; the drive (preset:tlc-512g) holds
//    476.8 GiB; preset:NAME (1.82 TiB) would fit"
// `drive` names the device as the user gave it; `preset_that_fits(bytes)`
// returns a preset's text ("preset:NAME (…)") or "" when none fits (then
// the sentence ends with the drive's size). Does nothing when they fit.
void CheckFioJobsFit(const FioJobFile& file, uint64_t logical_bytes, const std::string& drive,
                     const std::function<std::string(uint64_t)>& preset_that_fits);

// A device preset by name and what it holds (its logical capacity).
struct PresetSize {
  std::string name;
  uint64_t logical_bytes = 0;
  bool zoned = false;
};

// Every device preset in presets_dir (index.json, the web app's list, is
// not one), in name order.
std::vector<PresetSize> PresetSizesIn(const std::string& presets_dir);
// The conventional (not zoned) preset of `presets` with the smallest
// logical capacity >= bytes (ties: the first name); none when none holds
// it. The one rule for a job file or a trace bigger than the drive; the
// web app passes the presets it lists (api fs_trace_fit).
std::optional<PresetSize> SmallestPresetFor(const std::vector<PresetSize>& presets, uint64_t bytes);

// The conventional (not zoned) preset in presets_dir with the smallest
// logical capacity >= bytes, as "preset:NAME (1.82 TiB)"; "" when none.
std::string SmallestPresetHolding(const std::string& presets_dir, uint64_t bytes);

}  // namespace flashscope
