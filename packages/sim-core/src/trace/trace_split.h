// Trace split: one multi-volume trace (Tencent CBS's thousands of volumes,
// MSR's hm_0 / hm_1, SPC's ASUs) into one trace file per volume, in ONE
// streaming pass over the (possibly compressed, unsorted) input, so that a
// fleet sweep can replay every volume as its own drive
// (`flashscope trace split FILE --by volume --out DIR`).
//
// What each file holds: the records a replay of the whole trace with
// `--volume ID` issues, in the order it issues them (sorted by the
// scanner's reorder window, clock "sorted": times as the trace wrote them,
// not spread; the replay of the split file spreads them exactly as the
// replay with --volume does, since it sees the same times in the same
// order), each record exact: time, op (trims included), offset, length.
// One difference can remain: a record out of order by more records of the
// whole trace than the reorder window holds (kTraceReorderRecords) takes
// its predecessor's time here (counted, and said on stderr), where the
// window of its volume alone might still have sorted it.
//
// The clock is the whole trace's: when it is coarse (Tencent's seconds),
// each file starts with "# flashscope clock_tick_ns=N (the clock of
// SOURCE)" (after iolog's version line), which the scanner reads as the
// file's tick, so a volume whose records all share one second still has
// them spread across it, as `run --volume ID` does, instead of replaying a
// second's records at once. Flushes and FUA writes (blkparse) keep their
// rwbs ("FN", "WF", "FW").
//
// The split format (no format round-trips every trace exactly, so it
// follows the input's clock and address units):
//   blkparse  "maj,min cpu seq seconds.nanoseconds pid Q rwbs sector + n":
//             nanosecond times and trims ('D'), addresses in 512-byte
//             sectors. Used for every input format except the two below;
//             exact for the sector-addressed formats (tencent, spc, mqsim,
//             disksim, blkparse) and for byte-addressed records on 512-byte
//             boundaries (MSR and SYSTOR are); a record that is not is an
//             InputError naming its line (nothing is rounded silently).
//   iolog     fio iolog v3 "time_us name action offset length": byte
//             addresses and trims, microsecond times: exact for the
//             microsecond traces (alibaba, iolog).
// csv is not a split format: it replays only with a --csv-columns mapping,
// and each split file must replay with `--format F` alone. mqsim has no
// trims and msr neither trims nor nanoseconds.
//
// Memory is fixed whatever the number of volumes or records: records are
// formatted into a pool of kSplitChunkBytes chunks (kSplitBufferBytes in
// all); when the pool is full every volume's pending chunks are appended to
// its file (opened, written, closed: one file open at a time), so no
// per-volume buffer grows. Per volume a small fixed record of counters
// remains. The scanner's VolumeTable gives each of the first
// kMaxTraceVolumes ids its own index; a trace naming more volumes is an
// InputError naming that limit (volumes are never merged).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "trace/byte_input.h"
#include "trace/trace_options.h"

namespace flashscope {

inline constexpr size_t kSplitBufferBytes = size_t{16} << 20;
inline constexpr size_t kSplitChunkBytes = 256;
// Written in DIR beside volumes.json: the source a split in progress is of,
// so a split interrupted before volumes.json is recognised too.
inline constexpr const char* kSplitMarkerFile = ".flashscope-split";
inline constexpr const char* kSplitVolumesFile = "volumes.json";

// "blkparse" or "iolog" for a trace read with `format` (see above).
std::string SplitFormatFor(std::string_view format);

// The file a volume's records go to: "vol-" + the id with every character
// outside [a-z0-9_-] written as %XX (so ids stay distinct on
// case-insensitive file systems too, and "", "." or "a/b" are safe),
// shortened with a hash of the id beyond 200 characters, + "." + format.
std::string SplitFileName(std::string_view volume, std::string_view split_format);

// Makes `dir` ready for a split of `source`: creates it, or accepts it
// empty, or as a previous split of the same file (its volumes.json or
// marker names it), whose vol-* files and volumes.json are removed. An
// InputError otherwise (a file, a non-empty directory of something else,
// a split of another trace).
void PrepareSplitDirectory(const std::string& dir, const std::string& source);

struct TraceSplitSummary {
  std::string format;        // the input's
  std::string split_format;  // the files'
  uint64_t volumes = 0;
  uint64_t requests = 0;
  uint64_t bytes_consumed = 0;  // text read (decompressed)
  uint64_t late_records = 0;    // wider disorder than the reorder window
  uint64_t flushes = 0;         // times the chunk pool was written out
};

// Splits `input` (a file as opened; decompressed here when compressed)
// into `dir` (prepared by PrepareSplitDirectory) and writes
// dir/volumes.json:
//   {"source": SOURCE, "format": NAME, "split_format": F,
//    "volumes": [{"volume": ID, "file": NAME, "requests": N,
//                 "read_requests": R, "write_requests": W,
//                 "trim_requests": T, "flushes": F, "bytes": B}, ...],
//                                                   (first-seen order)
//    "requests": TOTAL}
// options.clock is replaced by "sorted" (see above); the selecting options
// (format, csv_columns, blkparse_action, volume, window, max_requests,
// bad_lines) apply as to a replay. InputError for a bad trace line (as
// the replay reports it), too many volumes, or a file that cannot be
// written.
TraceSplitSummary SplitTraceByVolume(std::unique_ptr<IByteInput> input, const std::string& source,
                                     TraceOptions options, const std::string& dir);

}  // namespace flashscope
