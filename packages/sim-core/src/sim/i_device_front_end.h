// TEMPORARY forwarding header: i_device_front_end.h moved to host/ (issue 16 part 3, one-way
// layers). Only the files another branch is rewriting still include it here;
// scripts/dev/layer-moves.sed rewrites their includes, then this file goes.
#pragma once

#include "host/i_device_front_end.h"
