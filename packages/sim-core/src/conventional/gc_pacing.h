// GcPacing: gc.pacing=proportional, the coupling between the host's writes
// and foreground GC on each plane (see gc_pacing.cpp for the rule). The
// write buffer asks it before taking a host wordline and charges it after;
// the GC policy asks it (IGcThrottle) whether GC may wait for the host.
// With gc.pacing=none it admits everything and keeps no per-plane state.
#pragma once

#include <cstdint>
#include <vector>

#include "conventional/gc_engine.h"
#include "conventional/i_relocation_policy.h"
#include "nand/layout.h"

namespace flashscope {

class GcPacing final : public IGcThrottle {
 public:
  GcPacing(const DeviceLayout& layout, const GcEngine& engine, bool proportional);

  bool proportional() const { return proportional_; }
  // Whether a host wordline may go on `plane` now; when not, one waits
  // (TakeWaiting tells the buffer when GC's work may let it go).
  bool Admits(uint32_t plane);
  // A host wordline was taken on `plane`: spends its price.
  void Charge(uint32_t plane);
  // IGcThrottle: GC on `plane` has earned the price of the next host wordline.
  bool GcAhead(uint32_t plane) const override;
  // True once after Admits refused a wordline: GC's progress may let it go.
  bool TakeWaiting() {
    const bool waiting = waiting_;
    waiting_ = false;
    return waiting;
  }

 private:
  // A host wordline's price in relocated units, and the plane's tokens with
  // what GC has relocated since they were last counted.
  double Price(uint32_t plane) const;
  double Balance(uint32_t plane) const;

  const DeviceLayout& layout_;
  const GcEngine& engine_;
  const bool proportional_;
  // Per plane, relocation units GC has earned and host wordlines have not
  // spent yet (negative: owed), and the GC units already counted.
  std::vector<double> balance_;
  std::vector<uint64_t> gc_units_seen_;
  bool waiting_ = false;  // a host wordline waits for GC's work
};

}  // namespace flashscope
