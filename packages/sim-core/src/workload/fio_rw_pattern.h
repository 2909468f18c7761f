// Questions about an fio `rw=` pattern that the parser and the generator
// both ask: is it random, a trim-then-write pair, a read/write mix, and
// which direction a pattern that is not a mix issues first.
#pragma once

#include "workload/fio_job.h"

namespace flashscope {

inline bool IsRandomPattern(RwPattern rw) {
  return rw == RwPattern::kRandRead || rw == RwPattern::kRandWrite || rw == RwPattern::kRandRw ||
         rw == RwPattern::kRandTrim || rw == RwPattern::kRandTrimWrite;
}

inline bool IsTrimWritePattern(RwPattern rw) {
  return rw == RwPattern::kTrimWrite || rw == RwPattern::kRandTrimWrite;
}

inline bool IsMixedPattern(RwPattern rw) {
  return rw == RwPattern::kReadWrite || rw == RwPattern::kRandRw;
}

// The direction (0 read, 1 write, 2 trim) of a pattern that is not a mix.
inline int FixedDirection(RwPattern rw) {
  switch (rw) {
    case RwPattern::kWrite:
    case RwPattern::kRandWrite:
      return 1;
    case RwPattern::kTrim:
    case RwPattern::kRandTrim:
    case RwPattern::kTrimWrite:  // starts with a trim
    case RwPattern::kRandTrimWrite:
      return 2;
    default:
      return 0;
  }
}

}  // namespace flashscope
