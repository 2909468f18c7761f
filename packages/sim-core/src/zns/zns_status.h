// ZnsStatus: the NVMe completion statuses a Zoned Namespace device returns,
// with the Status Code Type (SCT) in the high byte and the Status Code (SC) in
// the low byte, so one value names exactly what a real controller posts.
//
// Sources: NVM Express Zoned Namespace Command Set Specification rev 1.1,
// §3.1.2 "Command Specific Status Values" (SCT 1h, codes B8h..BFh); NVM
// Express Base Specification 2.0, "Generic Command Status Values" (SCT 0h:
// 02h Invalid Field in Command, 80h LBA Out of Range). The same codes are in
// Linux include/linux/nvme.h (NVME_SC_ZONE_*) and QEMU hw/nvme (NVME_ZONE_*).
#pragma once

#include <cstdint>

namespace flashscope::zns {

enum class ZnsStatus : uint16_t {
  kSuccess = 0x000,
  // Generic Command Status (SCT 0h).
  kInvalidFieldInCommand = 0x002,
  kLbaOutOfRange = 0x080,
  // Command Specific Status (SCT 1h), Zoned Namespace Command Set.
  kZoneBoundaryError = 0x1B8,
  kZoneIsFull = 0x1B9,
  kZoneIsReadOnly = 0x1BA,
  kZoneIsOffline = 0x1BB,
  kZoneInvalidWrite = 0x1BC,
  kTooManyActiveZones = 0x1BD,
  kTooManyOpenZones = 0x1BE,
  kInvalidZoneStateTransition = 0x1BF,
};

// Status Code Type: 0h generic, 1h command specific.
constexpr uint8_t StatusCodeType(ZnsStatus status) {
  return static_cast<uint8_t>(static_cast<uint16_t>(status) >> 8);
}

// Status Code within its type, e.g. 0xBC for Zone Invalid Write.
constexpr uint8_t StatusCode(ZnsStatus status) {
  return static_cast<uint8_t>(static_cast<uint16_t>(status) & 0xFF);
}

// The specification's name for the status, as a log or the UI shows it.
constexpr const char* ZnsStatusName(ZnsStatus status) {
  switch (status) {
    case ZnsStatus::kSuccess:
      return "Successful Completion";
    case ZnsStatus::kInvalidFieldInCommand:
      return "Invalid Field in Command";
    case ZnsStatus::kLbaOutOfRange:
      return "LBA Out of Range";
    case ZnsStatus::kZoneBoundaryError:
      return "Zone Boundary Error";
    case ZnsStatus::kZoneIsFull:
      return "Zone Is Full";
    case ZnsStatus::kZoneIsReadOnly:
      return "Zone Is Read Only";
    case ZnsStatus::kZoneIsOffline:
      return "Zone Is Offline";
    case ZnsStatus::kZoneInvalidWrite:
      return "Zone Invalid Write";
    case ZnsStatus::kTooManyActiveZones:
      return "Too Many Active Zones";
    case ZnsStatus::kTooManyOpenZones:
      return "Too Many Open Zones";
    case ZnsStatus::kInvalidZoneStateTransition:
      return "Invalid Zone State Transition";
  }
  return "Unknown Status";
}

}  // namespace flashscope::zns
