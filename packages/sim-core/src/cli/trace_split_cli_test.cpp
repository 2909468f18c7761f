// `flashscope trace split` as a fleet sweep uses it: the real multi-volume
// traces of ../shared/traces/real/ (read in place, never copied) split into
// per-volume files whose counts add up to `trace inspect`'s, each replaying
// exactly as the whole trace replays with --volume ID; and bad input gives
// one error line (exit status 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kTencent =
    FLASHSCOPE_REPO_ROOT "/../shared/traces/real/tencent_cbs_sample.csv.bz2";
const std::string kMsr = FLASHSCOPE_REPO_ROOT "/../shared/traces/real/msr_hm0_sample.csv";

using Output = testing::CliOutput;
using TraceSplitCli = testing::CliTest;

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The result's figures a split must keep: everything the drive did.
std::string Figures(const json::Value& result) {
  json::Writer out;
  out.BeginObject();
  for (const char* key : {"sim_time_ms", "host", "nand", "waf", "latency_us", "throughput", "gc",
                          "stalls", "end_of_run"}) {
    const json::Value* value = result.Find(key);
    EXPECT_NE(value, nullptr) << key;
    if (value != nullptr) out.Key(key).Raw(*value);
  }
  out.EndObject();
  return out.Take();
}

// The stderr of a failed run is one line (exit status 2) holding `words`.
void ExpectOneErrorLine(const Output& output, const std::string& words) {
  EXPECT_EQ(output.status, 2) << output.err;
  EXPECT_NE(output.err.find(words), std::string::npos) << output.err;
  ASSERT_FALSE(output.err.empty());
  EXPECT_EQ(output.err.find('\n'), output.err.size() - 1) << output.err;
}

TEST_F(TraceSplitCli, TencentSplitsIntoItsVolumesWhoseCountsSumToTheInspectedTrace) {
  const std::string out = (dir_ / "tencent").string();
  const Output split = Run("trace split " + kTencent + " --by volume --out " + out);
  ASSERT_EQ(split.status, 0) << split.err;
  const json::Value inspected = Json(Run("trace inspect " + kTencent + " --json"));
  EXPECT_EQ(inspected.Find("requests")->as_number(), 50000);

  const json::Value volumes = json::Parse(ReadText(dir_ / "tencent" / "volumes.json"), "v");
  EXPECT_EQ(volumes.Find("source")->as_string(), kTencent);
  EXPECT_EQ(volumes.Find("format")->as_string(), "tencent");
  EXPECT_EQ(volumes.Find("split_format")->as_string(), "blkparse");
  EXPECT_EQ(volumes.Find("requests")->as_number(), 50000);
  const std::vector<json::Value>& list = volumes.Find("volumes")->items();
  EXPECT_EQ(list.size(), 2038u);  // the sample's volumes (real_traces_test.cpp)
  double requests = 0;
  double reads = 0;
  double writes = 0;
  double bytes = 0;
  for (const json::Value& volume : list) {
    const double n = volume.Find("requests")->as_number();
    EXPECT_EQ(n, volume.Find("read_requests")->as_number() +
                     volume.Find("write_requests")->as_number() +
                     volume.Find("trim_requests")->as_number());
    requests += n;
    reads += volume.Find("read_requests")->as_number();
    writes += volume.Find("write_requests")->as_number();
    bytes += volume.Find("bytes")->as_number();
    EXPECT_TRUE(
        std::filesystem::is_regular_file(dir_ / "tencent" / volume.Find("file")->as_string()));
  }
  EXPECT_EQ(requests, inspected.Find("requests")->as_number());
  EXPECT_EQ(reads, inspected.Find("reads")->as_number());
  EXPECT_EQ(writes, inspected.Find("writes")->as_number());
  EXPECT_EQ(bytes,
            inspected.Find("read_bytes")->as_number() + inspected.Find("write_bytes")->as_number());

  // One volume's file, inspected on its own, holds what volumes.json says.
  const json::Value& first = list[0];
  const json::Value one = Json(Run("trace inspect " + out + "/" + first.Find("file")->as_string() +
                                   " --format blkparse --json"));
  EXPECT_EQ(one.Find("requests")->as_number(), first.Find("requests")->as_number());

  // Splitting again into the same directory (a previous split of this file) works.
  EXPECT_EQ(Run("trace split " + kTencent + " --by volume --out " + out).status, 0);
}

// The busiest Tencent volumes (1125: 1,225 requests, reads and writes;
// 6378: 1,047 writes), one whose 273 records all share one second (2690)
// and MSR's one: the split file replays with the very figures of the whole
// trace replayed with --volume (same records, same times, same order, the
// same clock: the file states the trace's one-second tick; one volume gets
// the whole drive either way).
TEST_F(TraceSplitCli, EachSplitFileReplaysAsTheWholeTraceWithThatVolume) {
  const std::string tencent = (dir_ / "tencent").string();
  ASSERT_EQ(Run("trace split " + kTencent + " --by volume --out " + tencent).status, 0);
  const std::string msr = (dir_ / "msr").string();
  ASSERT_EQ(Run("trace split " + kMsr + " --by volume --out " + msr).status, 0);
  const json::Value msr_volumes = json::Parse(ReadText(dir_ / "msr" / "volumes.json"), "v");
  EXPECT_EQ(msr_volumes.Find("requests")->as_number(),
            Json(Run("trace inspect " + kMsr + " --json")).Find("requests")->as_number());
  EXPECT_EQ(msr_volumes.Find("requests")->as_number(), 1000);
  const std::string device = "--device preset:tlc-8g";
  struct Case {
    std::string trace, volume, file;
  };
  for (const Case& c : {Case{kTencent, "1125", tencent + "/vol-1125.blkparse"},
                        Case{kTencent, "6378", tencent + "/vol-6378.blkparse"},
                        Case{kTencent, "2690", tencent + "/vol-2690.blkparse"},
                        Case{kMsr, "hm_0", msr + "/vol-hm_0.blkparse"}}) {
    const json::Value whole =
        Json(Run("run " + device + " --trace " + c.trace + " --volume " + c.volume + " --json"));
    const json::Value split =
        Json(Run("run " + device + " --trace " + c.file + " --format blkparse --json"));
    EXPECT_GT(testing::NumberAt(whole, {"trace", "requests"}), 0) << c.volume;
    EXPECT_EQ(Figures(split), Figures(whole)) << c.volume;
    EXPECT_EQ(split.Find("trace")->Find("requests")->as_number(),
              whole.Find("trace")->Find("requests")->as_number());
  }
  // Volume 2690's second is spread across it in its file too: not 273
  // requests in 20.7 ms, as a split file without the trace's clock gave.
  const json::Value one_second =
      Json(Run("run " + device + " --trace " + tencent + "/vol-2690.blkparse --json"));
  EXPECT_EQ(testing::NumberAt(one_second, {"trace", "requests"}), 273);
  EXPECT_GT(testing::NumberAt(one_second, {"sim_time_ms"}), 996);
  EXPECT_EQ(
      ReadText(dir_ / "tencent" / "vol-2690.blkparse")
          .rfind("# flashscope clock_tick_ns=1000000000 (the clock of " + kTencent + ")\n", 0),
      0u);
  // MSR's 100 ns clock is fine: its file states none.
  EXPECT_EQ(ReadText(dir_ / "msr" / "vol-hm_0.blkparse").rfind("#", 0), std::string::npos);
}

// fio iolog v3 (device = the file name) with trims and offsets that are not
// on 512-byte boundaries splits into iolog files (byte addresses,
// microseconds) that replay exactly, trims included.
TEST_F(TraceSplitCli, MicrosecondTraceWithTrimsSplitsIntoIologFilesThatReplayExactly) {
  std::string text = "fio version 3 iolog\n";
  for (int i = 0; i < 400; ++i) {
    const std::string file = i % 3 == 0 ? "/dev/sdb" : "Data.img";
    const char* action = i % 7 == 0 ? "trim" : i % 2 == 0 ? "write" : "read";
    text += std::to_string(1000 + i * 37) + " " + file + " " + action + " " +
            std::to_string((i * 7919) % 5000 * 4096 + (i % 5) * 100) + " " +
            std::to_string(4096 + (i % 4) * 1000) + "\n";
  }
  const std::string trace = Write("mixed.iolog", text);
  const std::string out = (dir_ / "split").string();
  ASSERT_EQ(Run("trace split " + trace + " --by volume --out " + out).status, 0);
  const json::Value volumes = json::Parse(ReadText(dir_ / "split" / "volumes.json"), "v");
  EXPECT_EQ(volumes.Find("split_format")->as_string(), "iolog");
  const std::vector<json::Value>& list = volumes.Find("volumes")->items();
  ASSERT_EQ(list.size(), 2u);
  // Ids are escaped into distinct, safe names (upper case and '/' too).
  EXPECT_EQ(list[0].Find("volume")->as_string(), "/dev/sdb");
  EXPECT_EQ(list[0].Find("file")->as_string(), "vol-%2Fdev%2Fsdb.iolog");
  EXPECT_EQ(list[1].Find("file")->as_string(), "vol-%44ata%2Eimg.iolog");
  EXPECT_EQ(list[0].Find("requests")->as_number() + list[1].Find("requests")->as_number(), 400);
  EXPECT_GT(list[0].Find("trim_requests")->as_number(), 0);
  for (const json::Value& volume : list) {
    const std::string id = volume.Find("volume")->as_string();
    const json::Value whole =
        Json(Run("run --device preset:tlc-8g --trace " + trace + " --volume " + id + " --json"));
    const json::Value split =
        Json(Run("run --device preset:tlc-8g --trace " + out + "/" +
                 volume.Find("file")->as_string() + " --format iolog --json"));
    EXPECT_EQ(Figures(split), Figures(whole)) << id;
    EXPECT_EQ(testing::NumberAt(split, {"trace", "trims"}),
              volume.Find("trim_requests")->as_number())
        << id;
  }
}

TEST_F(TraceSplitCli, BadInputGivesOneErrorLine) {
  const std::string out = (dir_ / "out").string();
  ExpectOneErrorLine(Run("trace split " + kMsr + " --by day --out " + out), "--by day");
  ExpectOneErrorLine(Run("trace split " + kMsr + " --out " + out), "needs --by volume");
  ExpectOneErrorLine(Run("trace split " + kMsr + " --by volume"), "needs --out DIR");
  ExpectOneErrorLine(
      Run("trace split " + (dir_ / "missing.csv").string() + " --by volume --out " + out),
      "cannot read the file");
  EXPECT_FALSE(std::filesystem::exists(out));  // nothing made for a failed split
  ExpectOneErrorLine(Run("trace split " + kMsr + " --by volume --out " + out + " --speed 2"),
                     "--speed");
  // A directory holding something else, or another trace's split.
  Write("notes.txt", "mine");
  ExpectOneErrorLine(Run("trace split " + kMsr + " --by volume --out " + dir_.string()),
                     "not empty and not a trace split");
  ASSERT_EQ(Run("trace split " + kMsr + " --by volume --out " + out).status, 0);
  const std::string tencent_text = Write("other.csv", "1538323200,0,8,1,7\n");
  ExpectOneErrorLine(Run("trace split " + tencent_text + " --by volume --out " + out),
                     "holds the split of another trace");
  // A record blkparse cannot hold exactly (an MSR offset off a sector) is
  // refused with its line, not rounded.
  const std::string odd = Write("odd.csv",
                                "128166385295514663,hm,0,Write,4096,512,1\n"
                                "128166385295514878,hm,0,Write,100,512,1\n");
  ExpectOneErrorLine(Run("trace split " + odd + " --by volume --out " + (dir_ / "odd").string()),
                     "odd.csv:2: offset 100 or length 512 is not a multiple of 512 bytes");
}

}  // namespace
}  // namespace flashscope
