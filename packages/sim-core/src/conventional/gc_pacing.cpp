#include "conventional/gc_pacing.h"

#include <algorithm>

namespace flashscope {

GcPacing::GcPacing(const DeviceLayout& layout, const GcEngine& engine, bool proportional)
    : layout_(layout), engine_(engine), proportional_(proportional) {
  balance_.assign(proportional_ ? layout_.planes : 0, 0);
  gc_units_seen_.assign(proportional_ ? layout_.planes : 0, 0);
}

// gc.pacing=proportional: host writes on a plane are admitted in proportion
// to the reclaim work GC still owes there, so GC's copies are spread evenly
// between host wordlines instead of the host running until the pool is dry
// and then waiting for whole victims (gc.pacing=none). A token bucket per
// plane: GC earns one token per unit it relocates; while GC runs on the
// plane each host wordline costs
//     units_per_wordline * v / (1 - v)
// tokens, v the valid fraction of the plane's recent victims. Freeing a
// victim moves v of a block and nets 1 - v blocks, so v / (1 - v) units of
// relocation per host unit is exactly the rate at which GC keeps the pool
// level: the pool hovers at the reserve and the host's rate is flat. A host
// wordline goes while the bucket is not in debt; the bucket holds at most
// one wordline's price of savings, and is emptied when GC stops (the pool is
// back at the reserve, nothing is owed). The coupling runs both ways: GC
// starts a block before the reserve (NativeGcPolicy::ForegroundStartBelow),
// so it can run while the host still opens blocks, and it waits once it
// has earned the next host wordline's price (GcAhead) unless the pool is
// below the reserve. Without that, GC ran flat out whenever the pool dipped
// (every plane at once, since striping fills them in step) and the host's
// IOPS swung with a 2.5 s period on tlc-8g. This is the shape issue 17 names:
// the token-based GC of MQSim-E (the enterprise-SSD extension of MQSim) and
// the host write throttling of enterprise firmware; no text of either was at
// hand, so the price is derived here from the steady-state balance above
// (greedy GC's WAF is 1 / (1 - v): Desnoyers, SYSTOR 2012).
bool GcPacing::Admits(uint32_t plane) {
  if (!proportional_) return true;
  double& balance = balance_[plane];
  balance = Balance(plane);
  gc_units_seen_[plane] = engine_.gc_units_moved_on(plane);
  if (!engine_.active(Relocation::kGc, plane)) balance = 0;
  if (balance >= 0) return true;
  waiting_ = true;
  return false;
}

void GcPacing::Charge(uint32_t plane) {
  if (!proportional_ || !engine_.active(Relocation::kGc, plane)) return;
  const double price = Price(plane);
  double& balance = balance_[plane];
  balance = std::min(balance, price) - price;
}

bool GcPacing::GcAhead(uint32_t plane) const {
  if (!proportional_) return false;
  const double price = Price(plane);
  return price > 0 && Balance(plane) >= price;
}

double GcPacing::Price(uint32_t plane) const {
  // A victim that is nearly all valid would price the host out; such a
  // plane is at its limit anyway (WAF 20).
  const double valid = std::min(engine_.gc_victim_valid_fraction(plane), 0.95);
  return layout_.units_per_wordline * valid / (1 - valid);
}

double GcPacing::Balance(uint32_t plane) const {
  const uint64_t earned = engine_.gc_units_moved_on(plane) - gc_units_seen_[plane];
  return balance_[plane] + static_cast<double>(earned);
}

}  // namespace flashscope
