// Seed 002's synthetic sweeps (§5, Fig. 4 and 5) on
// public/scenarios/clash-sequentiality.json: C-lash against the ideal
// page-mapping FTL, DFTL and FAST as the write ratio, the sequentiality, the
// spatial locality and the flash size vary (clash_scenario_test.cpp covers
// sequentiality on the file as shipped). Each test prints its rows of the
// table: mean response time (us) and block erases per scheme.
//
// Two starting states. The file as shipped starts from an empty drive: its
// 20000 requests write about 80 MB of the 119 MiB logical space, so the page
// FTL and DFTL never garbage-collect (0 erases) and a read of a never-written
// address costs nothing (at 20 % writes, 82 % of the bytes read). A full
// drive (--set precondition.fill=1) makes every read reach the flash and every
// FTL collect, so response times and erase counts compare; most sweeps here
// run on it (public/scenarios/clash-full-drive.json is that state for the
// app). The seed does not say how full its flash was.
//
// Reproduced (numbers in each assertion's comment):
//   - write ratio, full drive: the more writes, the further C-lash pulls
//     ahead of every FTL, and at 80 % it answers in a tenth of DFTL's time
//     (seed: "plus de 43 %"); its erases move towards DFTL's as writes grow.
//   - sequentiality, full drive: at 65 % C-lash is far faster than DFTL yet
//     erases more; at 50 % it falls behind all three FTLs (the empty drive of
//     clash_scenario_test keeps it ahead of DFTL and FAST there).
//   - spatial locality: at 40 % and 30 % C-lash leads every FTL by far more
//     than 40 %; at 10 % it loses much more than any FTL does.
//   - flash size, full drive: C-lash's erase count stays the same from
//     128 MiB to 2 GiB while every FTL's falls (DFTL's to 0 at 2 GiB, as the
//     seed saw DFTL at 0 for 500 MB); C-lash answers fastest at every size.
// Not reproduced:
//   - erases at 80 % writes: the seed has C-lash 47 % below DFTL; here it is
//     13 % above it on a full drive (1322 against 1170), and on an empty drive
//     DFTL erases nothing. C-lash programs fewer host pages (31940 against
//     DFTL's 38947: the cache absorbs rewrites), but each block it evicts is
//     merged into a fresh block of its direct block translation, the block's
//     other pages copied (52668 pages) and one block erased per eviction.
//   - "se rapproche de la FTL à page mapping": here C-lash is faster than the
//     ideal page FTL at every write ratio (its writes complete in SRAM), so
//     it does not approach it from behind. On an empty drive the gap does not
//     even grow with the write ratio (C-lash / DFTL: 0.084, 0.090, 0.086 at
//     20, 50, 80 % writes): reads of never-written data cost nothing, so
//     every scheme's mean scales with its writes alike.
//   - "faibles performances" at 10 % spatial locality: C-lash slows 3x (empty
//     drive) to 7x (full drive) but stays ahead of every FTL (0.35x and 0.75x
//     the page FTL). Only at 0 % locality on a full drive does it fall behind
//     the page FTL (3529 against 2964 us).
//   - 30 % locality: DiskSim cuts the local band at 1, so with 80 %
//     sequential 30 % gives the same stream as 40 % (synthetic_generator.h);
//     the results are identical, not a separate point of the curve.
//   - the seed's margins at each flash size (35 % to 63 % better than the
//     next FTL): here 70 % to 84 %.
// Robustness: the margins below were checked with --seed 2 and 3 as well
// (the trends hold with each). Time: 52 CLI runs of 0.05 - 0.15 s, about 4 s
// in a Release build on 2 cores.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

#include "scenario/clash_run_for_test.h"

namespace flashscope {
namespace {

using testing::ClashOutcome;
using testing::ClashVariant;
using Row = std::map<std::string, ClashOutcome>;

// A drive filled once over its logical space before the workload.
constexpr const char* kFullDrive = "--set precondition.fill=1";

class ClashSweep : public testing::ClashScenarioTest {
 protected:
  // The four schemes on `variant`; prints the row as `label`.
  Row Sweep(const std::string& label, const ClashVariant& variant) {
    Row row;
    std::string line;
    for (const char* scheme : testing::kClashSchemes) {
      row[scheme] = RunClash(variant, scheme);
      char cell[64];
      std::snprintf(cell, sizeof cell, "  %s %9.1f us %5.0f er", scheme,
                    row[scheme].mean_response_us, row[scheme].erases);
      line += cell;
    }
    std::printf("[ sweep    ] %-26s%s\n", label.c_str(), line.c_str());
    return row;
  }

  // C-lash's mean response time over `ftl`'s.
  static double ClashOver(Row& row, const char* ftl) {
    return row["clash"].mean_response_us / row[ftl].mean_response_us;
  }
};

TEST_F(ClashSweep, OnAFullDriveClashGainsMoreOverEveryFtlAsWritesGrow) {
  std::map<int, Row> by_write_percent;
  for (int percent : {20, 50, 80}) {
    by_write_percent[percent] =
        Sweep("full, writes " + std::to_string(percent) + " %",
              {.preset = "clash_default",
               .workload_keys = "\"write_prob\": " + std::to_string(percent / 100.0),
               .device_sets = kFullDrive});
  }
  auto& w20 = by_write_percent[20];
  auto& w50 = by_write_percent[50];
  auto& w80 = by_write_percent[80];
  // Seed: "plus on augmente le taux d'écriture, plus C-lash surpasse les
  // autres FTLs". C-lash / FTL response time at 20, 50, 80 % writes:
  // page 0.62, 0.32, 0.16; DFTL 0.43, 0.19, 0.099; FAST 0.32, 0.15, 0.087
  // (C-lash itself 363, 345, 298 us, while the FTLs slow down 3x).
  for (const char* ftl : {"page", "dftl", "fast"}) {
    EXPECT_LT(ClashOver(w20, ftl), 0.7) << ftl;
    EXPECT_LT(ClashOver(w50, ftl), 0.75 * ClashOver(w20, ftl)) << ftl;
    EXPECT_LT(ClashOver(w80, ftl), 0.75 * ClashOver(w50, ftl)) << ftl;
  }
  // Seed: at 80 % writes C-lash answers more than 43 % faster than DFTL.
  // Here 298 against 3010 us (0.099x).
  EXPECT_LT(ClashOver(w80, "dftl"), 0.2);
  // Seed: and erases more than 47 % less than DFTL. Not here (1322 against
  // 1170), but C-lash / DFTL erases fall towards 1 as writes grow: 3.1
  // (494 / 159), 1.48 (950 / 641), 1.13; and at 80 % C-lash erases 31 % less
  // than the page FTL (1322 against 1921).
  auto erases_over_dftl = [](Row& row) { return row["clash"].erases / row["dftl"].erases; };
  EXPECT_LT(erases_over_dftl(w50), 0.7 * erases_over_dftl(w20));
  EXPECT_LT(erases_over_dftl(w80), 0.9 * erases_over_dftl(w50));
  EXPECT_LT(w80["clash"].erases, 0.8 * w80["page"].erases);
}

TEST_F(ClashSweep, OnAFullDriveClashFallsBehindEveryFtlAt50PercentSequentiality) {
  Row seq65 = Sweep("full, clash_seq_65",
                    {.preset = "clash_seq_65", .workload_keys = "", .device_sets = kFullDrive});
  Row seq50 = Sweep("full, clash_seq_50",
                    {.preset = "clash_seq_50", .workload_keys = "", .device_sets = kFullDrive});
  // Seed: at 65 % C-lash answers faster than DFTL while erasing more. Here
  // 522 against 3216 us, 1826 against 1297 erases.
  EXPECT_LT(ClashOver(seq65, "dftl"), 0.3);
  EXPECT_GT(seq65["clash"].erases, 1.2 * seq65["dftl"].erases);
  // Seed: below 60 % C-lash does poorly on small requests. Here its merges
  // saturate the one die: 20045 us against page 3508, DFTL 14276, FAST
  // 11994 us.
  EXPECT_GT(ClashOver(seq50, "page"), 3.0);
  EXPECT_GT(ClashOver(seq50, "dftl"), 1.2);
  EXPECT_GT(ClashOver(seq50, "fast"), 1.2);
}

TEST_F(ClashSweep, LosingSpatialLocalityCostsClashFarMoreThanTheFtls) {
  for (const char* drive : {"empty", "full"}) {
    const std::string sets = std::string(drive) == "full" ? kFullDrive : "";
    const std::string at = std::string(drive) + ", ";
    Row local40 = Sweep(at + "clash_default",
                        {.preset = "clash_default", .workload_keys = "", .device_sets = sets});
    Row local30 = Sweep(at + "clash_local_30",
                        {.preset = "clash_local_30", .workload_keys = "", .device_sets = sets});
    Row local10 = Sweep(at + "clash_local_10",
                        {.preset = "clash_local_10", .workload_keys = "", .device_sets = sets});
    // 30 % is the same DiskSim stream as 40 % (see the file comment).
    for (const char* scheme : testing::kClashSchemes) {
      EXPECT_EQ(local30[scheme].mean_response_us, local40[scheme].mean_response_us)
          << drive << " " << scheme;
      EXPECT_EQ(local30[scheme].erases, local40[scheme].erases) << drive << " " << scheme;
    }
    // Seed: above 30 % C-lash is more than 40 % better than every FTL. Here
    // C-lash / FTL at 40 %: empty page 0.11, DFTL 0.086, FAST 0.053; full
    // 0.16, 0.099, 0.087.
    for (const char* ftl : {"page", "dftl", "fast"}) {
      EXPECT_LT(ClashOver(local40, ftl), 0.3) << drive << " " << ftl;
    }
    // Seed: poor at 10 %. Here C-lash slows from 98.6 to 318 us (empty) and
    // from 298 to 1982 us (full), its erases 810 -> 1823 and 1322 -> 2736;
    // each FTL slows at most 1.22x (empty: page 897 -> 905, DFTL 1140 ->
    // 1390, FAST 1865 -> 1789 us) or 3.05x (full: DFTL 3010 -> 9193 us).
    const double clash_slowdown =
        local10["clash"].mean_response_us / local40["clash"].mean_response_us;
    EXPECT_GT(clash_slowdown, 2.0) << drive;
    EXPECT_GT(local10["clash"].erases, 1.6 * local40["clash"].erases) << drive;
    for (const char* ftl : {"page", "dftl", "fast"}) {
      const double ftl_slowdown = local10[ftl].mean_response_us / local40[ftl].mean_response_us;
      EXPECT_GT(clash_slowdown, 1.5 * ftl_slowdown) << drive << " " << ftl;
    }
  }
}

TEST_F(ClashSweep, OnAFullDriveClashErasesDoNotDependOnFlashSize) {
  // blocks_per_plane 1024, 4096, 16384: 128 MiB, 512 MiB, 2 GiB of flash
  // (the seed: 100 MB to 2 GB); the workload spans the logical space.
  std::map<int, Row> by_mib;
  for (int blocks : {1024, 4096, 16384}) {
    const int mib = blocks / 8;  // 64 pages of 2 KiB per block
    by_mib[mib] =
        Sweep("full, " + std::to_string(mib) + " MiB",
              {.preset = "clash_default",
               .workload_keys = "",
               .device_sets = std::string(kFullDrive) +
                              " --set geometry.blocks_per_plane=" + std::to_string(blocks)});
  }
  auto& small = by_mib[128];
  // Seed: C-lash erases as much whatever the flash size; the FTLs less
  // stable. Here C-lash 1322, 1401, 1316 erases at 128 MiB, 512 MiB, 2 GiB
  // (each eviction costs one block rewrite, whatever the spare); page 1921,
  // 1000, 407; DFTL 1170, 417, 0; FAST 1410, 973, 617.
  for (int mib : {512, 2048}) {
    auto& row = by_mib[mib];
    EXPECT_GT(row["clash"].erases, 0.9 * small["clash"].erases) << mib;
    EXPECT_LT(row["clash"].erases, 1.1 * small["clash"].erases) << mib;
  }
  auto& large = by_mib[2048];
  EXPECT_LT(large["page"].erases, 0.5 * small["page"].erases);
  EXPECT_LT(large["dftl"].erases, 0.5 * small["dftl"].erases);
  EXPECT_LT(large["fast"].erases, 0.6 * small["fast"].erases);
  // Seed: C-lash always answers fastest, 35 % to 63 % better. Here C-lash /
  // fastest FTL 0.16 (page), 0.27 (page), 0.30 (page).
  for (auto& [mib, row] : by_mib) {
    for (const char* ftl : {"page", "dftl", "fast"}) {
      EXPECT_LT(ClashOver(row, ftl), 0.5) << mib << " MiB " << ftl;
    }
  }
}

// public/scenarios/clash-full-drive.json is the full-drive starting point of
// these sweeps, for the app (where --set is not at hand).
TEST_F(ClashSweep, FullDriveScenarioFileIsTheSweepsStartingPoint) {
  const ClashVariant as_shipped = {
      .preset = "clash_default", .workload_keys = "", .device_sets = ""};
  const ClashVariant filled = {
      .preset = "clash_default", .workload_keys = "", .device_sets = kFullDrive};
  Row from_file;
  for (const char* scheme : {"clash", "dftl"}) {
    from_file[scheme] = RunClash(as_shipped, scheme, "clash-full-drive.json");
    const ClashOutcome from_sets = RunClash(filled, scheme);
    EXPECT_EQ(from_file[scheme].mean_response_us, from_sets.mean_response_us) << scheme;
    EXPECT_EQ(from_file[scheme].erases, from_sets.erases) << scheme;
  }
  // On the full drive DFTL collects (1170 erases; 0 on the empty drive).
  EXPECT_GT(from_file["dftl"].erases, 500);
}

}  // namespace
}  // namespace flashscope
