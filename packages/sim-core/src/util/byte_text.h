// Byte counts as people read them: the loop and rounding every report
// shares, in the two conventions the project quotes.
#pragma once

#include <cstdint>
#include <string>

namespace flashscope {

// Decimal units as drive vendors quote cache sizes ("22.0 GB", "43.0 MB"),
// the web app's formatBytes convention: B, kB, MB, GB, TB.
std::string DecimalByteText(double bytes);
// Binary units as trace tools quote sizes ("4.0 KiB", "1.5 GiB"): B, KiB,
// MiB, GiB, TiB, PiB.
std::string BinaryByteText(double bytes);

}  // namespace flashscope
