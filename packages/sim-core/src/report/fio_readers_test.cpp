// The readers people already point at fio's JSON, run on FlashScope's:
// fio's own tools/fio_jsonplus_clat2csv (Debian's fio ships it), fio-plot's
// JSON import (PyPI fio-plot in the venv scripts/lib.sh creates), kbench-
// style jq queries, and the key layout of real fio 3.33's json+ for the
// same job options. Each runs the real reader; a missing one fails the test
// naming the install step (scripts/lib.sh ensure_fio_readers, which
// `npm test` runs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "report/fio_json.h"
#include "report/fio_report_for_test.h"
#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::FioTestJob;
using testing::RunFioJobs;

using testing::HaveCommand;
using testing::Shell;
using testing::ShellOutput;

constexpr const char* kInstallStep =
    "; scripts/lib.sh ensure_fio_readers installs it (npm test runs it)";

const std::string kFioPlotPython = FLASHSCOPE_REPO_ROOT "/build/fio-plot-venv/bin/python";

double Number(const json::Value& object, const char* key) {
  const json::Value* value = object.Find(key);
  EXPECT_NE(value, nullptr) << key;
  return value != nullptr && value->is_number() ? value->as_number() : -1;
}

class FioReaders : public testing::CliTest {
 protected:
  // Runs `file` on the test drive and writes fio's JSON of it to NAME.
  json::Value WriteFioJson(const FioJobFile& file, const std::string& name, bool plus) {
    const auto sim = RunFioJobs(file);
    const std::string text = FioJsonOutput(*sim, &file, RunInfoFor(file, "t.fio", false), plus);
    Write(name, text);
    return json::Parse(text, name);
  }
};

std::vector<std::string> SplitCsv(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) {
    const size_t first = cell.find_first_not_of(' ');
    cells.push_back(first == std::string::npos ? "" : cell.substr(first));
  }
  return cells;
}

TEST_F(FioReaders, FioJsonplusClat2csvReadsOurJsonPlus) {
  ASSERT_TRUE(HaveCommand("fio_jsonplus_clat2csv"))
      << "fio_jsonplus_clat2csv is missing (Debian package fio)" << kInstallStep;
  FioJobFile file;
  file.jobs.push_back(FioTestJob("mix", RwPattern::kRandRw, 3000, 8));
  const json::Value root = WriteFioJson(file, "plus.json", true);
  const std::string json_path = (dir_ / "plus.json").string();
  const ShellOutput run =
      Shell("fio_jsonplus_clat2csv " + json_path + " " + (dir_ / "plus.csv").string());
  ASSERT_EQ(run.status, 0) << run.out;
  const ShellOutput validate = Shell("fio_jsonplus_clat2csv " + json_path + " " +
                                     (dir_ / "plus.csv").string() + " --validate");
  EXPECT_EQ(validate.status, 0) << validate.out;
  EXPECT_NE(validate.out.find("plus_job0.csv validated"), std::string::npos) << validate.out;

  std::ifstream csv(dir_ / "plus_job0.csv");
  ASSERT_TRUE(csv.good()) << run.out;
  std::string line;
  std::getline(csv, line);
  const std::vector<std::string> header = SplitCsv(line);
  std::vector<std::vector<std::string>> rows;
  while (std::getline(csv, line)) rows.push_back(SplitCsv(line));
  ASSERT_FALSE(rows.empty());

  const json::Value& job = root.Find("jobs")->items()[0];
  for (const char* dir : {"read", "write"}) {
    const json::Value& clat = *job.Find(dir)->Find("clat_ns");
    const double n = Number(clat, "N");
    const double max = Number(clat, "max");
    const auto column = [&](const std::string& name) {
      return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
    };
    const size_t count_col = column(std::string(dir) + "_clat_ns_count");
    const size_t cumulative_col = column(std::string(dir) + "_clat_ns_cumulative");
    ASSERT_LT(cumulative_col, header.size()) << dir;
    // The CSV's rows: latency value and cumulative count where this
    // direction has samples.
    std::vector<std::pair<double, double>> points;
    double sum = 0;
    for (const auto& row : rows) {
      if (row.size() <= cumulative_col || row[count_col].empty()) continue;
      sum += std::stod(row[count_col]);
      points.emplace_back(std::stod(row[0]), std::stod(row[cumulative_col]));
    }
    EXPECT_EQ(sum, Number(*job.Find(dir), "total_ios")) << dir;
    EXPECT_EQ(sum, n) << dir;
    // Each of our percentiles is the first CSV latency whose cumulative
    // count reaches p% of the samples (at most the max); where p% of N is
    // a whole number, fio's rounding may take the next row.
    for (const auto& [key, value] : clat.Find("percentile")->members()) {
      const double threshold = std::stod(key) / 100 * n;
      size_t i = 0;
      while (i < points.size() && points[i].second < threshold - 1e-9) ++i;
      ASSERT_LT(i, points.size()) << dir << " p" << key;
      const double at = std::min(points[i].first, max);
      const bool boundary = std::fabs(threshold - std::round(threshold)) < 1e-6;
      const double next = i + 1 < points.size() ? std::min(points[i + 1].first, max) : at;
      EXPECT_TRUE(value.as_number() == at || (boundary && value.as_number() == next))
          << dir << " p" << key << ": ours " << value.as_number() << ", CSV " << at;
    }
  }
}

TEST_F(FioReaders, FioPlotImportsOurJson) {
  std::ifstream python(kFioPlotPython);
  ASSERT_TRUE(python.good()) << "fio-plot's venv is missing (" << kFioPlotPython << ")"
                             << kInstallStep;
  // fio-plot -i DIR -T title -l -r randread -d 1 -n 1 reads every JSON file
  // in DIR whose job options say rw=randread, iodepth=1, numjobs=1 (as
  // bench-fio's job files give them).
  FioJobFile file;
  file.jobs.push_back(FioTestJob("randread-qd1", RwPattern::kRandRead, 2000, 1));
  file.jobs[0].options = {{"rw", "randread"}, {"bs", "4k"}, {"iodepth", "1"}, {"numjobs", "1"}};
  std::filesystem::create_directories(dir_ / "results");
  const json::Value root = WriteFioJson(file, "results/randread-1-1.json", false);
  const std::string script = Write("import.py", R"(import json, sys
from fio_plot.fiolib import getdata
settings = {"input_directory": [sys.argv[1]], "rw": "randread", "iodepth": [1],
            "numjobs": [1], "filter": ["read", "write"]}
settings = getdata.configure_default_settings(settings, getdata.get_routing_dict(),
                                              "bargraph2d_qd")
row = getdata.get_json_data(settings)[0]["data"][0]
print(json.dumps({k: row[k] for k in ("iops", "bw", "lat", "lat_stddev", "iops_stddev",
                                      "cpu_usr", "type")}))
)");
  const ShellOutput run = Shell(kFioPlotPython + " " + script + " " + (dir_ / "results").string());
  ASSERT_EQ(run.status, 0) << run.out;
  const json::Value row = json::Parse(run.out, "fio-plot row");
  const json::Value& read = *root.Find("jobs")->items()[0].Find("read");
  EXPECT_EQ(row.Find("type")->as_string(), "read");
  EXPECT_GT(Number(row, "iops"), 0);
  EXPECT_NEAR(Number(row, "iops"), Number(read, "iops"), 1e-6 * Number(read, "iops"));
  EXPECT_EQ(Number(row, "bw"), Number(read, "bw"));
  EXPECT_NEAR(Number(row, "lat"), Number(*read.Find("lat_ns"), "mean"), 1e-3);
  EXPECT_NEAR(Number(row, "lat_stddev"), Number(*read.Find("lat_ns"), "stddev"), 1e-3);
  EXPECT_NEAR(Number(row, "iops_stddev"), Number(read, "iops_stddev"), 1e-3);
  EXPECT_EQ(Number(row, "cpu_usr"), 0);

  // And fio-plot's own command draws the graph from that directory.
  const std::string fio_plot = FLASHSCOPE_REPO_ROOT "/build/fio-plot-venv/bin/fio-plot";
  const ShellOutput graph =
      Shell("cd " + dir_.string() + " && MPLBACKEND=Agg " + fio_plot + " -i " +
            (dir_ / "results").string() + " -T flashscope -l -r randread -d 1 -n 1");
  EXPECT_EQ(graph.status, 0) << graph.out;
  bool png = false;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    png |= entry.path().extension() == ".png";
  }
  EXPECT_TRUE(png) << graph.out;
}

TEST_F(FioReaders, KbenchStyleJqQueries) {
  ASSERT_TRUE(HaveCommand("jq")) << "jq is missing (Debian package jq)" << kInstallStep;
  FioJobFile file;
  file.jobs.push_back(FioTestJob("mix", RwPattern::kRandRw, 2000, 16));
  const json::Value root = WriteFioJson(file, "kbench.json", false);
  const std::string path = (dir_ / "kbench.json").string();
  const json::Value& job = root.Find("jobs")->items()[0];
  const auto jq = [&](const std::string& query) {
    const ShellOutput run = Shell("jq '" + query + "' " + path);
    EXPECT_EQ(run.status, 0) << query << ": " << run.out;
    return std::stod(run.out);
  };
  const double iops_mean = Number(*job.Find("read"), "iops_mean");
  EXPECT_GT(iops_mean, 0);
  EXPECT_NEAR(jq(".jobs[0].read.iops_mean"), iops_mean, 1e-6 * iops_mean);
  EXPECT_NEAR(jq(".jobs[0].read.lat_ns.mean"), Number(*job.Find("read")->Find("lat_ns"), "mean"),
              1e-3);
  EXPECT_EQ(jq(".jobs[0].write.clat_ns.percentile[\"99.000000\"]"),
            Number(*job.Find("write")->Find("clat_ns")->Find("percentile"), "99.000000"));
  EXPECT_EQ(jq(".jobs[0].read.bw"), Number(*job.Find("read"), "bw"));
  EXPECT_EQ(jq(".jobs[0].write.iops_samples"), Number(*job.Find("write"), "iops_samples"));
  // kbench sums the directions' IOPS across jobs: here all 2000 I/Os over
  // the job's runtime.
  const double ios =
      Number(*job.Find("read"), "total_ios") + Number(*job.Find("write"), "total_ios");
  EXPECT_EQ(ios, 2000);
  EXPECT_NEAR(jq("[.jobs[].read.iops] | add") + jq("[.jobs[].write.iops] | add"),
              ios / (Number(job, "job_runtime") / 1000),
              0.01 * ios / (Number(job, "job_runtime") / 1000));  // job_runtime is whole ms
}

// Every key path of a JSON value; the contents of option lists and bins
// (whose keys depend on the job and its latencies) are left out.
void KeyPaths(const json::Value& value, const std::string& path, std::set<std::string>& out) {
  if (value.is_object()) {
    for (const auto& [key, member] : value.members()) {
      const std::string child = path + "." + key;
      out.insert(child);
      if (key == "job options" || key == "global options" || key == "bins") continue;
      KeyPaths(member, child, out);
    }
  } else if (value.is_array()) {
    for (const json::Value& item : value.items()) KeyPaths(item, path + "[]", out);
  }
}

TEST_F(FioReaders, OurKeysIncludeEveryKeyRealFioWrites) {
  ASSERT_TRUE(HaveCommand("fio")) << "fio is missing (Debian package fio)" << kInstallStep;
  const std::string fio_path = (dir_ / "fio.json").string();
  const ShellOutput fio = Shell(
      "fio --name=t --ioengine=null --size=4m --rw=randrw --bs=4k --iodepth=1 "
      "--output-format=json+ --output=" +
      fio_path);
  ASSERT_EQ(fio.status, 0) << fio.out;
  std::ifstream in(fio_path);
  const std::string fio_text((std::istreambuf_iterator<char>(in)), {});
  const json::Value fio_root = json::Parse(fio_text, fio_path);

  FioJobFile file;
  file.jobs.push_back(FioTestJob("t", RwPattern::kRandRw, 0, 1));
  file.jobs[0].size.set = true;
  file.jobs[0].size.bytes = 4 << 20;
  file.jobs[0].options = {{"ioengine", "null"}, {"size", "4m"}, {"rw", "randrw"}, {"bs", "4k"}};
  const json::Value ours = WriteFioJson(file, "ours.json", true);

  std::set<std::string> fio_keys, our_keys;
  KeyPaths(fio_root, "", fio_keys);
  KeyPaths(ours, "", our_keys);
  EXPECT_GT(fio_keys.size(), 150u);
  for (const std::string& key : fio_keys) {
    EXPECT_TRUE(our_keys.count(key)) << "fio writes " << key << ", FlashScope does not";
  }
  // Same job options, same I/O count: 1024 I/Os of 4 KiB over 4 MiB.
  const json::Value& fio_job = fio_root.Find("jobs")->items()[0];
  const json::Value& our_job = ours.Find("jobs")->items()[0];
  EXPECT_EQ(
      Number(*fio_job.Find("read"), "total_ios") + Number(*fio_job.Find("write"), "total_ios"),
      1024);
  EXPECT_EQ(
      Number(*our_job.Find("read"), "total_ios") + Number(*our_job.Find("write"), "total_ios"),
      1024);
}

}  // namespace
}  // namespace flashscope
