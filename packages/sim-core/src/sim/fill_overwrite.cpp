#include "sim/fill_overwrite.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "drive/drive_figures.h"
#include "nand/layout.h"
#include "sim/fio_jobs.h"
#include "util/byte_text.h"
#include "util/rng.h"
#include "workload/fio_generator.h"

namespace flashscope {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

bool WritesSequentially(const FioJob& job) {
  return job.rw == RwPattern::kWrite || job.rw == RwPattern::kReadWrite ||
         job.rw == RwPattern::kTrimWrite;
}

// "50 %", "33.3 %": a share of the drive as the fill-level field shows it.
std::string PercentText(double fraction) {
  const double percent = fraction * 100;
  char text[32];
  std::snprintf(text, sizeof text,
                std::fabs(percent - std::round(percent)) < 0.05 ? "%.0f %%" : "%.1f %%", percent);
  return text;
}

// Where a job would start past the fill, as a fio offset: the fill's share
// when it is a whole percentage (fio aligns a percentage offset up to the
// block size, so it starts at or after the fill's last unit), else whole
// MiB rounded up.
std::string OffsetPastFill(double fill, uint64_t fill_end_bytes) {
  const double percent = fill * 100;
  if (std::fabs(percent - std::round(percent)) < 1e-9) {
    return "offset=" + std::to_string(static_cast<int>(std::round(percent))) + "%";
  }
  return "offset=" + std::to_string((fill_end_bytes + kMiB - 1) / kMiB) + "m";
}

std::string Message(const FioJob& job, const FillOverwrite& overwrite, double fill,
                    uint64_t logical_bytes) {
  std::string name = "job '" + job.name + "'";
  if (job.numjobs > 1) {
    name +=
        " (clone " + std::to_string(job.clone_index) + " of " + std::to_string(job.numjobs) + ")";
  }
  // The offset as written when it is a share of the drive: fio aligns it up
  // to the block size, so on a small drive 50% may start at 50.3 %.
  std::string where = "line " + std::to_string(job.line);
  if (job.offset.is_percent) {
    char percent[32];
    std::snprintf(percent, sizeof percent, ", offset=%g%%", job.offset.percent);
    where += percent;
  }
  const double from = static_cast<double>(overwrite.offset_bytes) / logical_bytes;
  return name + " (" + where + ") writes sequentially from " +
         DecimalByteText(overwrite.offset_bytes) + " (" + PercentText(from) +
         " of the drive), inside the " + PercentText(fill) + " fill: it overwrites " +
         DecimalByteText(overwrite.overwritten_bytes) +
         " of the fill's data instead of writing to free space; start it at " +
         OffsetPastFill(fill, overwrite.fill_end_bytes) + " or later, or lower the fill";
}

}  // namespace

std::vector<FillOverwrite> FillOverwrites(const FioJobFile& file, const DeviceConfig& config) {
  std::vector<FillOverwrite> overwrites;
  if (config.zns.enabled) return overwrites;
  const DeviceLayout layout = DeviceLayout::From(config);
  const uint64_t fill_end =
      PreconditionFillUnits(config.precondition.fill, layout.logical_units) * layout.unit_bytes;
  if (fill_end == 0) return overwrites;
  for (size_t j = FirstTimedFioJob(file, config); j < file.jobs.size(); ++j) {
    const FioJob& job = file.jobs[j];
    if (!WritesSequentially(job) || job.zbd || !job.read_iolog.empty()) continue;
    // The region as the run's generator resolves it (offset alignment,
    // offset_increment of clones, files).
    const FioIoGenerator generator(job, layout.logical_bytes, layout.unit_bytes, Rng(1), file.file);
    const uint64_t offset = generator.region_offset_bytes();
    if (offset >= fill_end) continue;
    // A job that stops before its region's end (io_size, number_ios aside)
    // writes from its offset on; a time-based one wraps over the region.
    const uint64_t written = job.time_based
                                 ? generator.region_bytes()
                                 : std::min(generator.region_bytes(), generator.bytes_per_loop());
    FillOverwrite overwrite;
    overwrite.job = job.name;
    overwrite.line = job.line;
    overwrite.offset_bytes = offset;
    overwrite.end_bytes = offset + written;
    overwrite.fill_end_bytes = fill_end;
    overwrite.overwritten_bytes = std::min(overwrite.end_bytes, fill_end) - offset;
    if (overwrite.overwritten_bytes == 0) continue;
    overwrite.message = Message(job, overwrite, config.precondition.fill, layout.logical_bytes);
    overwrites.push_back(std::move(overwrite));
  }
  return overwrites;
}

void WriteFillOverwrites(json::Writer& out, const std::vector<FillOverwrite>& overwrites) {
  out.Key("fill_overwrites").BeginArray();
  for (const FillOverwrite& overwrite : overwrites) {
    out.BeginObject()
        .FieldString("job", overwrite.job)
        .FieldUint("line", overwrite.line)
        .FieldUint("offset_bytes", overwrite.offset_bytes)
        .FieldUint("end_bytes", overwrite.end_bytes)
        .FieldUint("fill_end_bytes", overwrite.fill_end_bytes)
        .FieldUint("overwritten_bytes", overwrite.overwritten_bytes)
        .FieldString("message", overwrite.message);
    out.EndObject();
  }
  out.EndArray();
}

}  // namespace flashscope
