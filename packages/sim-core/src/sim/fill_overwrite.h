// Does a sequential write job overwrite the data the fill level put on the
// drive? Preconditioning's fill writes logical units [0, fill) sequentially
// (drive/drive_figures.h PreconditionFillUnits), and a job that writes
// sequentially "into the free space" of a drive that full starts where the
// fill ends (the SLC cliff scenarios pair offset=50% with a 50 % fill). Raise
// the fill to 90 % and that job's first 40 % of the drive overwrite the
// fill's data: the drive does not get fuller as it writes, its dynamic SLC
// cache does not shrink as on a drive taking new data, and the blocks it
// empties give GC free space. The panel, the burst template and the report
// show this rule's warning (issue 28).
//
// Only sequential writes count (rw=write, readwrite, trimwrite): random
// writes over a filled drive are how a drive reaches GC steady state, which
// is what they are for. zonemode=zbd and read_iolog jobs, whose addresses
// come from zones or a log, are left out, as are zoned drives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "util/json.h"
#include "workload/fio_job.h"

namespace flashscope {

struct FillOverwrite {
  std::string job;                 // the job's section name
  uint32_t line = 0;               // its section header's line
  uint64_t offset_bytes = 0;       // where the job starts writing
  uint64_t end_bytes = 0;          // the end of what it writes (its region, or less io)
  uint64_t fill_end_bytes = 0;     // the fill wrote [0, fill_end_bytes)
  uint64_t overwritten_bytes = 0;  // the fill's data in [offset, end)
  // "job 'seqwrite-1m-qd64' (line 5, offset=50%) writes sequentially from
  //  512.0 GB (50 % of the drive), inside the 90 % fill: it overwrites
  //  409.6 GB of the fill's data instead of writing to free space; start it
  //  at offset=90% or later, or lower the fill"
  std::string message;
};

// The timed jobs of `file` (leading fill_device jobs are the
// preconditioning, sim/fio_jobs.h) that overwrite `config`'s fill, in job
// order. Throws InputError as FioIoGenerator does for a job the drive cannot
// run; call it on a job file a run accepts.
std::vector<FillOverwrite> FillOverwrites(const FioJobFile& file, const DeviceConfig& config);

// Writes "fill_overwrites": [{"job", "line", "offset_bytes", "end_bytes",
// "fill_end_bytes", "overwritten_bytes", "message"}, ...] into the object
// being written (fs_fio_resolve, fs_burst_template).
void WriteFillOverwrites(json::Writer& out, const std::vector<FillOverwrite>& overwrites);

}  // namespace flashscope
