#include "sim/fio_device_fit.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "config/device_config.h"
#include "nand/layout.h"
#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

bool Absolute(const SizeSpec& spec) { return spec.set && !spec.is_percent && !spec.in_zones; }

// The option as written in the job's section, else in [global]; else (a
// parser that kept no text) its value in bytes.
std::string Written(const FioJobFile& file, const FioJob& job, const std::string& name,
                    uint64_t value_bytes) {
  for (const auto& [key, value] : job.options) {
    if (key == name) return key + "=" + value;
  }
  for (const auto& [key, value] : file.global_options) {
    if (key == name) return key + "=" + value;
  }
  return name + "=" + std::to_string(value_bytes);
}

}  // namespace

FioSpaceNeed FioJobsSpaceNeed(const FioJobFile& file) {
  FioSpaceNeed need;
  for (size_t i = 0; i < file.jobs.size(); ++i) {
    const FioJob& job = file.jobs[i];
    if (job.zbd || !job.read_iolog.empty() || job.fill_device) continue;
    uint64_t start = Absolute(job.offset) ? job.offset.bytes : 0;
    if (Absolute(job.offset_increment)) start += job.clone_index * job.offset_increment.bytes;
    std::vector<std::string> written;
    if (Absolute(job.offset)) written.push_back(Written(file, job, "offset", job.offset.bytes));
    if (job.clone_index > 0 && Absolute(job.offset_increment) && job.offset_increment.bytes > 0) {
      written.push_back(Written(file, job, "offset_increment", job.offset_increment.bytes) +
                        " (clone " + std::to_string(job.clone_index) + ")");
    }
    uint64_t end = 0;
    if (Absolute(job.size)) {
      end = start + job.size.bytes;
      written.push_back(Written(file, job, "size", job.size.bytes));
    } else if (!job.size.set && Absolute(job.filesize_max)) {
      end = start + uint64_t{job.nrfiles} * job.filesize_max.bytes;
      if (job.nrfiles > 1) written.push_back("nrfiles=" + std::to_string(job.nrfiles));
      written.push_back(Written(file, job, "filesize", job.filesize_max.bytes));
    } else if (start > 0) {
      end = start + 1;
    } else {
      continue;
    }
    if (end <= need.end_bytes) continue;
    need.end_bytes = end;
    need.job = static_cast<int>(i);
    need.options.clear();
    for (const std::string& text : written) {
      if (text.empty()) continue;
      if (!need.options.empty()) need.options += ", ";
      need.options += text;
    }
  }
  return need;
}

void CheckFioJobsFit(const FioJobFile& file, uint64_t logical_bytes, const std::string& drive,
                     const std::function<std::string(uint64_t)>& preset_that_fits) {
  const FioSpaceNeed need = FioJobsSpaceNeed(file);
  if (need.job < 0 || need.end_bytes <= logical_bytes) return;
  const FioJob& job = file.jobs[static_cast<size_t>(need.job)];
  std::string message = "job '" + job.name + "': ";
  if (!need.options.empty()) message += need.options + " ";
  message += "needs " + HumanBytes(need.end_bytes) + "; the drive (" + drive + ") holds " +
             HumanBytes(logical_bytes);
  const std::string fits = preset_that_fits ? preset_that_fits(need.end_bytes) : "";
  message += fits.empty() ? "; no preset holds that much" : "; " + fits + " would fit";
  throw InputError(file.file, job.line, message);
}

std::vector<PresetSize> PresetSizesIn(const std::string& presets_dir) {
  std::error_code error;
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(presets_dir, error)) {
    // index.json lists the presets for the web app; it is not a device.
    if (entry.path().extension() == ".json" && entry.path().stem() != "index") {
      names.push_back(entry.path().stem().string());
    }
  }
  std::sort(names.begin(), names.end());
  std::vector<PresetSize> presets;
  for (const std::string& name : names) {
    const DeviceConfig config = LoadDevice("preset:" + name, presets_dir, {});
    presets.push_back({name, DeviceLayout::From(config).logical_bytes, config.zns.enabled});
  }
  return presets;
}

std::optional<PresetSize> SmallestPresetFor(const std::vector<PresetSize>& presets,
                                            uint64_t bytes) {
  std::optional<PresetSize> best;
  for (const PresetSize& preset : presets) {
    // A conventional job file or trace runs on a conventional drive.
    if (preset.zoned || preset.logical_bytes < bytes) continue;
    // Ties go to the name first in order, so the answer does not depend on
    // the list's order.
    if (best && (preset.logical_bytes > best->logical_bytes ||
                 (preset.logical_bytes == best->logical_bytes && preset.name > best->name))) {
      continue;
    }
    best = preset;
  }
  return best;
}

std::string SmallestPresetHolding(const std::string& presets_dir, uint64_t bytes) {
  const std::optional<PresetSize> best = SmallestPresetFor(PresetSizesIn(presets_dir), bytes);
  if (!best) return "";
  return "preset:" + best->name + " (" + HumanBytes(best->logical_bytes) + ")";
}

}  // namespace flashscope
