// --parse-only names the options that decide where a job's I/O goes beyond
// its region: strided zones, the sequence distribution, multi-range trims
// and sprandom (issue 15).
#include <gtest/gtest.h>

#include <string>

#include "report/fio_parse_only.h"
#include "sim/test_devices.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

TEST(FioParseOnlyOffsets, NamesTheOffsetOrder) {
  const FioJobFile file = ParseFioJobs(
      "[s]\nrw=read\nsize=1m\nzonemode=strided\nzonesize=64k\nzoneskip=128k\n"
      "[q]\nrw=randread\nsize=48k\nrandom_distribution=sequence:2,0,1\nrandom_sequence_stride=1\n"
      "[t]\nrw=randtrim\nsize=1m\nnum_range=8\n"
      "[p]\nrw=randwrite\nsize=4m\nsprandom=1\nspr_op=0.21\nspr_num_regions=400\n",
      "jobs.fio");
  const std::string text = FioResolvedJobsText(file, testing::TinySlcDevice());
  EXPECT_NE(text.find("zonemode=strided: zonesize 65536, zonerange 65536, zoneskip 131072 bytes"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("random_distribution=sequence:2,0,1 (strided)"), std::string::npos) << text;
  EXPECT_NE(text.find("num_range 8 ranges per trim command"), std::string::npos) << text;
  EXPECT_NE(text.find("sprandom: 400 regions, spr_op 0.21"), std::string::npos) << text;
  // sprandom writes the physical size: 4 MiB + 21 %, aligned to 4 KiB.
  EXPECT_NE(text.find("io 5074944 bytes per loop"), std::string::npos) << text;
}

}  // namespace
}  // namespace flashscope
