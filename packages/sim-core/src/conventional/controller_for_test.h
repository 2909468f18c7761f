// Tests reach into the conventional drive's controller (its SLC, GC and
// reliability figures) through the Simulator's one drive.
#pragma once

#include "conventional/controller.h"
#include "sim/simulator.h"

namespace flashscope::testing {

// The simulator's drive as the conventional controller; the test's device
// must be conventional (std::bad_cast otherwise).
inline const Controller& ControllerOf(const Simulator& sim) {
  return dynamic_cast<const Controller&>(sim.drive());
}

}  // namespace flashscope::testing
