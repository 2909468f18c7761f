// TEMPORARY forwarding header: flash_engine.h moved to engine/ (issue 16 part 3, one-way
// layers). Only the files another branch is rewriting still include it here;
// scripts/dev/layer-moves.sed rewrites their includes, then this file goes.
#pragma once

#include "engine/flash_engine.h"
