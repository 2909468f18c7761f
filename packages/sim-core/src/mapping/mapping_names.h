// The address-mapping scheme names (`ftl.mapping`) the CLI, device JSON and
// UI offer. The registry (mapping_registry.cpp) must construct every one of
// them; a test checks it.
#pragma once

#include <array>
#include <string_view>

namespace flashscope::mapping {

inline constexpr std::array<std::string_view, 5> kMappingSchemeNames = {"page", "block", "bast",
                                                                        "fast", "dftl"};

}  // namespace flashscope::mapping
