// The write cache policies the CLI, device JSON (`cache.policy`) and UI
// offer. The registry (cache_registry.cpp) must construct every one of them;
// a test checks it.
#pragma once

#include <array>
#include <string_view>

namespace flashscope::cache {

inline constexpr std::array<std::string_view, 5> kWriteCacheNames = {"none", "lru", "cflru",
                                                                     "bplru", "clash"};

}  // namespace flashscope::cache
