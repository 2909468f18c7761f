// Compressed traces at the CLI, as a user downloads them from SNIA IOTTA:
// `trace inspect` and `run --trace` read the .gz and .bz2 files as they are,
// say which compression they decoded, and replay every request.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kSystorGz = FLASHSCOPE_REPO_ROOT "/../shared/traces/real/systor17_sample.csv.gz";
const std::string kTencentBz2 =
    FLASHSCOPE_REPO_ROOT "/../shared/traces/real/tencent_cbs_sample.csv.bz2";
// SYSTOR'17 CSV: Timestamp,Response,IOType,LUN,Offset,Size.
const std::string kSystorFlags =
    " --format csv --csv-columns time=0:s,op=2,device=3,offset=4:bytes,length=5:bytes,header=1";

using testing::kSmallDevice;
using CompressedTraceCli = testing::CliTest;

TEST_F(CompressedTraceCli, InspectJsonSaysGzipAndCountsTheText) {
  const json::Value s = Json(Run("trace inspect " + kSystorGz + kSystorFlags + " --json"));
  EXPECT_EQ(s.Find("compression")->as_string(), "gzip");
  EXPECT_EQ(s.Find("requests")->as_number(), 999);
  EXPECT_EQ(s.Find("reads")->as_number(), 826);
  EXPECT_EQ(s.Find("writes")->as_number(), 173);
  EXPECT_EQ(s.Find("bytes_read")->as_number(), 14312);  // the .gz, for progress
  EXPECT_EQ(s.Find("decompressed_bytes")->as_number(), 56626);
}

TEST_F(CompressedTraceCli, InspectTextNamesTheCompression) {
  const testing::CliOutput text = Run("trace inspect " + kTencentBz2);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("format tencent"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("compression: bzip2, 241.5 KiB compressed"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("requests: 50000"), std::string::npos) << text.out;
}

TEST_F(CompressedTraceCli, RunReplaysEveryRequestOfAGzipTrace) {
  const std::string device = Write("d.json", kSmallDevice);
  const json::Value r =
      Json(Run("run --device " + device + " --trace " + kSystorGz + kSystorFlags + " --json"));
  const json::Value& trace = *r.Find("trace");
  EXPECT_EQ(trace.Find("compression")->as_string(), "gzip");
  EXPECT_EQ(trace.Find("requests")->as_number(), 999);
  EXPECT_EQ(r.Find("host")->Find("read_requests")->as_number(), 826);
  EXPECT_EQ(r.Find("host")->Find("write_requests")->as_number(), 173);
  EXPECT_EQ(trace.Find("bytes_read")->as_number(), 14312);
  EXPECT_EQ(trace.Find("size_bytes")->as_number(), 14312);
}

TEST_F(CompressedTraceCli, ATruncatedDownloadIsAnErrorNamingTheFile) {
  std::string head;
  {
    std::ifstream file(kSystorGz, std::ios::binary);
    head.resize(7000);
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
  }
  const std::string path = Write("cut.csv.gz", head);
  const testing::CliOutput out = Run("trace inspect " + path + kSystorFlags);
  EXPECT_EQ(out.status, 2);
  EXPECT_NE(out.err.find(path + ": gzip data ends early (a truncated file?) after compressed "
                                "byte 7000"),
            std::string::npos)
      << out.err;
}

}  // namespace
}  // namespace flashscope
