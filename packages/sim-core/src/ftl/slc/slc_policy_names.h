// Names of the SLC cache's selectable policies (device JSON slc_cache.*):
// what happens to host writes when the cache is full, and where a write is
// placed while it has room. A names test keeps these and the code in step.
#pragma once

#include <array>
#include <string_view>

namespace flashscope {

// direct: writes go straight to native blocks (the cliff); migration waits
// for idle time. fold-then-write: the controller folds SLC blocks into
// native ones in the foreground and keeps writing into SLC.
inline constexpr std::array<std::string_view, 2> kSlcWhenFullNames = {"direct", "fold-then-write"};

// slc_first: every write lands in SLC while it has room. size_split: large
// requests (likely cold, Shi et al. TVLSI 2016) go straight to native.
// hyflex: new data goes straight to native only while valid data grows fast
// enough to fill the SLC soon (HyFlex, ICCD 2021).
inline constexpr std::array<std::string_view, 3> kSlcPlacementNames = {"slc_first", "size_split",
                                                                       "hyflex"};

}  // namespace flashscope
