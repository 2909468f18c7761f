// LifetimeWindow: the last kSize lifetimes and their sum (placements.h).
#include "zns/host_ftl/placement/impl/placements.h"

namespace flashscope::zns {

void LifetimeWindow::Add(uint64_t lifetime) {
  if (count_ == kSize)
    sum_ -= values_[next_];
  else
    ++count_;
  values_[next_] = lifetime;
  sum_ += lifetime;
  next_ = (next_ + 1) % kSize;
}

}  // namespace flashscope::zns
