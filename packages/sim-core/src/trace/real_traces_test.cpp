// The real traces of ../shared/traces/real/ as their users meet them: a
// blkparse capture with a '#' header and a per-CPU summary, Tencent CBS
// with whole-second timestamps whose two seconds interleave and 2,038
// volumes, MSR Cambridge with FILETIME (100 ns) ticks, and SYSTOR'17 with
// a CSV header and unsorted lines. Each inspects and replays with default
// options; the counts are the decompressed text's, worked out with awk /
// Python from the files (numbers in the comments).
//
// SYSTOR'17 is opened as the .gz it is distributed as; Tencent's .bz2 is
// decoded once by the same reader and its text reused in memory.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "sim/trace_jobs.h"
#include "trace/byte_input.h"
#include "trace/compressed_input.h"
#include "trace/trace_lines_for_test.h"
#include "trace/trace_source.h"
#include "trace/trace_summary.h"

namespace flashscope {
namespace {

using testing::TinySlcDevice;
using trace_test::ReadFile;
using trace_test::SharedTracePath;

// The Tencent sample's text, decoded once by the reader's own bzip2
// decoder (its tests reuse the text many times over, in memory).
const std::string& TencentText() {
  static const std::string text = [] {
    const std::unique_ptr<IByteInput> input =
        DecompressIfCompressed(OpenFileInput(SharedTracePath("real/tencent_cbs_sample.csv.bz2")));
    std::string decoded;
    std::vector<uint8_t> piece(1 << 16);
    while (const size_t n = input->Read(piece.data(), piece.size())) {
      decoded.append(reinterpret_cast<const char*>(piece.data()), n);
    }
    return decoded;
  }();
  return text;
}

std::unique_ptr<TraceInspector> Inspect(const std::string& name, const std::string& text,
                                        const TraceOptions& options = {}) {
  auto inspector = std::make_unique<TraceInspector>(MakeMemoryInput(name, text), options);
  inspector->Scan(UINT64_MAX);
  return inspector;
}

struct Replay {
  std::unique_ptr<Simulator> sim;
  const TraceSource* source = nullptr;
  const JobMetrics& job() const { return sim->host().metrics(0); }
};

Replay ReplayOn(const std::string& name, const std::string& text, const TraceOptions& options) {
  const DeviceConfig device = TinySlcDevice();
  TraceJob trace = JobFromTrace(MakeMemoryInput(name, text), options, DeviceLayout::From(device));
  Replay replay;
  replay.source = trace.source;
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(trace.job));
  replay.sim = std::make_unique<Simulator>(device, std::move(jobs));
  replay.sim->RunToCompletion();
  return replay;
}

bool AnyNoteContains(const std::vector<std::string>& notes, const std::string& words) {
  for (const std::string& note : notes) {
    if (note.find(words) != std::string::npos) return true;
  }
  return false;
}

// nvme_dmcrypt.blkparse.txt: 1,459 lines; 2 '#' header lines; 225 Q
// events with a sector range (all writes: W, WS, WFS, FWFS...).
TEST(RealTraces, BlkparseCaptureWithHashHeaderInspectsWithoutBadLines) {
  const std::string text = ReadFile(SharedTracePath("real/nvme_dmcrypt.blkparse.txt"));
  ASSERT_EQ(text.size(), 112731u);
  const auto inspector = Inspect("nvme.blkparse.txt", text);
  EXPECT_EQ(inspector->format().format, "blkparse");
  const TraceScanner& scan = inspector->scanner();
  EXPECT_EQ(scan.comment_lines(), 2u);
  EXPECT_EQ(scan.bad_lines(), 0u);
  EXPECT_EQ(scan.lines(), 1459u);
  EXPECT_EQ(inspector->requests(), 225u);
  EXPECT_EQ(inspector->requests(IoOp::kWrite), 225u);
  // Nanosecond clock: nothing spread.
  EXPECT_EQ(scan.spread_records(), 0u);
  EXPECT_NE(inspector->SummaryJson().find("\"comment_lines\":2"), std::string::npos);
}

TEST(RealTraces, BlkparseCaptureReplaysWithDefaultOptions) {
  const std::string text = ReadFile(SharedTracePath("real/nvme_dmcrypt.blkparse.txt"));
  const Replay r = ReplayOn("nvme.blkparse.txt", text, {});
  EXPECT_EQ(r.source->requests(), 225u);
  EXPECT_EQ(r.job().requests[1], 225u);
  EXPECT_EQ(r.source->bad_lines(), 0u);
  EXPECT_EQ(r.source->scanner().comment_lines(), 2u);
  // One device (259,0): the whole drive, placed as before.
  EXPECT_STREQ(r.source->volume_placement(), "regions");
  ASSERT_EQ(r.source->volume_regions().size(), 1u);
  EXPECT_EQ(r.source->volume_regions()[0].bytes, r.source->capacity_bytes());
}

// tencent_cbs_sample.csv (decompressed in the test): 50,000 records, 1,297
// at second 1538323199 and 48,703 at 1538323200, the first record of the
// later second, so all 1,297 of ...199 are out of place (out_of_order, as
// the note says; 144 of them are earlier than their predecessor, the count
// out_of_order gave before issue 28); the last of ...199 is line 26,937
// (inside the 65,536-record window).
TEST(RealTraces, TencentSampleSpansItsTwoSecondsWhenTicksAreSpread) {
  const std::string& text = TencentText();
  ASSERT_EQ(text.size() > 1'000'000u, true) << "the .bz2 did not decode";
  const auto inspector = Inspect("tencent.csv", text);
  EXPECT_EQ(inspector->format().format, "tencent");
  const TraceScanner& scan = inspector->scanner();
  EXPECT_EQ(inspector->requests(), 50000u);
  EXPECT_EQ(inspector->requests(IoOp::kRead), 24521u);
  EXPECT_EQ(scan.out_of_order(), 1297u);
  EXPECT_EQ(scan.late_records(), 0u);
  EXPECT_EQ(scan.clock_resolution_ns(), 1'000'000'000u);
  // A sort within one tick of the clock decides nothing: no warning.
  EXPECT_TRUE(scan.RepairWarnings().empty());
  EXPECT_EQ(scan.max_records_per_tick(), 48703u);
  // All but the first record of each second move off the tick's start.
  EXPECT_EQ(scan.spread_records(), 50000u - 2u);
  // From second ...199 to the last of ...200 at 200 + 48702/48703 s.
  EXPECT_NEAR(inspector->duration_s(), 1.99998, 0.00001);
  const std::string summary = inspector->SummaryJson();
  EXPECT_NE(summary.find("\"clock_resolution_ns\":1000000000"), std::string::npos);
  EXPECT_NE(summary.find("\"volumes\":2038"), std::string::npos);
  const std::vector<std::string> notes = scan.ClockNotes();
  EXPECT_TRUE(AnyNoteContains(notes, "timestamps tick every 1 s")) << summary;
  EXPECT_TRUE(AnyNoteContains(notes, "1,297 records out of order by up to 1 s were sorted"))
      << summary;
  // About 25,000 IOPS, not 0.
  EXPECT_NEAR(50000 / inspector->duration_s(), 25000, 10);
}

TEST(RealTraces, TencentAsIsKeepsTheOldZeroSpanAndSaysWhy) {
  TraceOptions options;
  options.clock = TraceClock::kAsIs;
  const auto inspector = Inspect("tencent.csv", TencentText(), options);
  // The first record is of the later second: every record of the earlier
  // one takes its predecessor's time, so the span is 0 as before.
  EXPECT_EQ(inspector->duration_s(), 0);
  EXPECT_EQ(inspector->scanner().late_records(), 1297u);
  EXPECT_TRUE(AnyNoteContains(inspector->scanner().ClockNotes(),
                              "1,297 records out of order took their predecessor's time"));
}

TEST(RealTraces, TencentReplaySendsItsRequestsAcrossTwoSecondsNotAtOnce) {
  const Replay r = ReplayOn("tencent.csv", TencentText(), {});
  EXPECT_EQ(r.source->requests(), 50000u);
  EXPECT_EQ(r.job().requests[0] + r.job().requests[1], 50000u);
  // The host issues over the spread ticks: its run lasts at least the
  // trace's 2 s (it may run longer while the tiny drive catches up).
  EXPECT_GE(r.job().end_ns - r.job().start_ns, 1'999'000'000u);
}

// Every request of a volume lands inside its own region, the regions do
// not overlap, and no 4 KiB page is written by two volumes; with "shared"
// (the old behaviour) thousands of pages are.
TEST(RealTraces, TencentVolumesGetDisjointRegionsByDefault) {
  const uint64_t capacity = uint64_t{1} << 30;  // 1 GiB: far below the volumes' spans
  auto pages_shared_between_volumes = [&](const TraceOptions& options, bool check_regions) {
    TraceSource source(MakeMemoryInput("tencent.csv", TencentText()), options, capacity);
    std::map<uint64_t, uint32_t> page_owner;
    std::set<uint64_t> shared_pages;
    HostIo io;
    uint64_t requests = 0;
    while (source.Next(io)) {
      ++requests;
      const uint32_t volume = source.last_volume();
      if (check_regions) {
        const TraceSource::VolumeRegion& region = source.volume_regions().at(volume);
        EXPECT_GE(io.offset_bytes, region.offset_bytes);
        EXPECT_LE(io.offset_bytes + io.length_bytes, region.offset_bytes + region.bytes);
      }
      for (uint64_t page = io.offset_bytes / 4096; page * 4096 < io.offset_bytes + io.length_bytes;
           ++page) {
        const auto [it, inserted] = page_owner.emplace(page, volume);
        if (!inserted && it->second != volume) shared_pages.insert(page);
      }
    }
    EXPECT_EQ(requests, 50000u);
    return shared_pages.size();
  };

  EXPECT_EQ(pages_shared_between_volumes({}, true), 0u);
  TraceOptions shared;
  shared.volume_placement = VolumePlacement::kShared;
  EXPECT_GT(pages_shared_between_volumes(shared, false), 1000u);

  TraceSource source(MakeMemoryInput("tencent.csv", TencentText()), {}, capacity);
  ASSERT_EQ(source.volume_regions().size(), 2038u);
  uint64_t end = 0;
  for (const TraceSource::VolumeRegion& region : source.volume_regions()) {
    EXPECT_GE(region.offset_bytes, end);  // packed in order, never overlapping
    EXPECT_GE(region.bytes, 4096u);
    end = region.offset_bytes + region.bytes;
  }
  EXPECT_LE(end, capacity);
  // 73 TiB of spans on 1 GiB: volumes wrap within their own regions,
  // which follow the bytes each moves (1.4 GiB in all), not its span.
  EXPECT_GE(source.wrapped_volumes(), 2000u);
  uint64_t moved_total = 0;
  for (const TraceSource::VolumeRegion& region : source.volume_regions()) {
    moved_total += region.moved_bytes;
  }
  EXPECT_EQ(moved_total, 646755328u + 871636992u);  // the inspector's read + write bytes
  for (uint32_t v = 0; v < source.volume_regions().size(); ++v) {
    if (source.volume_name(v) != "1125") continue;
    // The busiest volume: 17.6 GB of span, 1,225 requests. Its region is
    // its share of the 1 GiB by bytes moved (4 KiB floors aside).
    const TraceSource::VolumeRegion& busiest = source.volume_regions()[v];
    EXPECT_EQ(busiest.need_bytes, 17552113664u);
    const double share = static_cast<double>(busiest.moved_bytes) / moved_total;
    EXPECT_NEAR(static_cast<double>(busiest.bytes) / capacity, share, 0.01);
  }
  EXPECT_TRUE(AnyNoteContains(source.Notes(), "2,038 volumes placed in separate regions"));
}

TEST(RealTraces, TencentVolumeStillSelectsOneVolume) {
  TraceOptions options;
  options.volume = "1125";  // the busiest: 1,225 records
  const Replay r = ReplayOn("tencent.csv", TencentText(), options);
  EXPECT_EQ(r.source->requests(), 1225u);
  EXPECT_STREQ(r.source->volume_placement(), "single");
  EXPECT_TRUE(r.source->volume_regions().empty());
}

// msr_hm0_sample.csv: 1,000 records of hm_0 over 127.2334941 s, in order,
// with 100 ns (FILETIME) ticks.
TEST(RealTraces, MsrSampleInspectsWithItsFiletimeClock) {
  const std::string text = ReadFile(SharedTracePath("real/msr_hm0_sample.csv"));
  const auto inspector = Inspect("msr.csv", text);
  EXPECT_EQ(inspector->format().format, "msr");
  EXPECT_EQ(inspector->requests(), 1000u);
  EXPECT_EQ(inspector->scanner().out_of_order(), 0u);
  EXPECT_EQ(inspector->scanner().clock_resolution_ns(), 100u);
  EXPECT_EQ(inspector->scanner().spread_records(), 0u);
  EXPECT_NEAR(inspector->duration_s(), 127.2334941, 1e-9);
  EXPECT_TRUE(inspector->scanner().ClockNotes().empty());

  // The same file read as csv with the new 100ns time unit spans the same.
  TraceOptions csv;
  csv.format = "csv";
  csv.format_options.csv_columns =
      "time=0:100ns,op=3,offset=4,length=5,device=2,read=Read,write=Write";
  const auto as_csv = Inspect("msr.csv", text, csv);
  EXPECT_EQ(as_csv->requests(), 1000u);
  EXPECT_EQ(as_csv->scanner().bad_lines(), 0u);
  EXPECT_NEAR(as_csv->duration_s(), 127.2334941, 1e-9);
}

// systor17_sample.csv.gz, opened as downloaded (gzip read by the reader)
// and auto-detected: a header line and 999 records of LUN 0 over
// 2.4477670 s. Counted from the text:
//   zcat systor17_sample.csv.gz | awk -F, 'NR>1{n++; $3=="R" ? r++ : w++;
//     $3=="R" ? rb+=$6 : wb+=$6} END{print n, r, w, rb, wb}'
//   -> 999 826 173 36355584 2766848  (only R and W occur; all LUN 0;
//   every Offset and Size a multiple of 512)
// and for the order (p: the predecessor, m: the latest time so far):
//   awk -F, 'NR>2 && $1<p{o++} NR>2 && $1<m{d++; if(m-$1>x)x=m-$1}
//     NR==2||$1>m{m=$1} {p=$1} END{print o, d, x}'  (after NR>1)
//   -> 243 records earlier than their predecessor, 287 earlier than some
//   record before them, by up to 0.067603 s.
TEST(RealTraces, SystorSampleIsDetectedAndSortedWithinTheWindow) {
  const std::string path = SharedTracePath("real/systor17_sample.csv.gz");
  TraceInspector inspector(OpenFileInput(path), TraceOptions{});
  inspector.Scan(UINT64_MAX);
  EXPECT_EQ(inspector.format().format, "systor");
  EXPECT_GE(inspector.format().confidence, 0.99);
  ASSERT_GE(inspector.format().candidates.size(), 2u);
  EXPECT_LT(inspector.format().candidates[1].confidence, kMinTraceConfidence)
      << inspector.format().candidates[1].format;
  const TraceScanner& scan = inspector.scanner();
  EXPECT_EQ(scan.lines(), 1000u);
  EXPECT_EQ(scan.skipped_lines(), 1u);  // the header
  EXPECT_EQ(scan.bad_lines(), 0u);
  EXPECT_EQ(inspector.requests(), 999u);
  EXPECT_EQ(inspector.requests(IoOp::kRead), 826u);
  EXPECT_EQ(inspector.requests(IoOp::kWrite), 173u);
  EXPECT_EQ(inspector.bytes(IoOp::kRead), 36355584u);
  EXPECT_EQ(inspector.bytes(IoOp::kWrite), 2766848u);
  EXPECT_EQ(scan.out_of_order(), 287u);  // what the note says were sorted
  EXPECT_EQ(scan.late_records(), 0u);
  EXPECT_EQ(scan.spread_records(), 0u);  // a microsecond clock: nothing spread
  // 1456095147.574052 - 1456095145.126285 (the last and first in time).
  EXPECT_NEAR(inspector.duration_s(), 2.4477670, 1e-6);
  EXPECT_TRUE(AnyNoteContains(scan.ClockNotes(), "287 records out of order by up to 67.6"));
  const std::string summary = inspector.SummaryJson();
  EXPECT_NE(summary.find("\"compression\":\"gzip\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"volumes\":1"), std::string::npos) << summary;
}

TEST(RealTraces, SystorSampleReplaysWithDefaultOptions) {
  const DeviceConfig device = TinySlcDevice();
  TraceJob trace = JobFromTrace(OpenFileInput(SharedTracePath("real/systor17_sample.csv.gz")),
                                TraceOptions{}, DeviceLayout::From(device));
  const TraceSource* source = trace.source;
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(trace.job));
  Simulator sim(device, std::move(jobs));
  sim.RunToCompletion();
  EXPECT_EQ(source->requests(), 999u);
  EXPECT_EQ(sim.host().metrics(0).requests[0], 826u);
  EXPECT_EQ(sim.host().metrics(0).requests[1], 173u);
  EXPECT_EQ(source->bad_lines(), 0u);
  // One LUN: the whole drive, as a single-volume trace is placed.
  EXPECT_STREQ(source->volume_placement(), "regions");
  ASSERT_EQ(source->volume_regions().size(), 1u);
  EXPECT_EQ(source->volume_name(0), "0");
}

}  // namespace
}  // namespace flashscope
