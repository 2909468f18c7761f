// ZbdAdapter (zns/zbd_adapter.h): fio zbd.c's zbd_adjust_block on the
// ZoneStateMachine. Names in comments are fio's.
#include "zns/zbd_adapter.h"

#include <algorithm>
#include <climits>

namespace flashscope::zns {

namespace {

constexpr uint64_t kLba = ZbdAdapter::kLbaBytes;

bool Offline(const Zone& zone) { return zone.state == ZoneState::kOffline; }

}  // namespace

ZbdAdapter::ZbdAdapter(const ZoneStateMachine& device, const ZbdOptions& options, uint64_t /*seed*/)
    : device_(device), options_(options) {
  const ZoneGeometry& g = device.geometry();
  // zbd_set_max_open_zones for a host-managed drive: the device's limit
  // unless the job asks for fewer. Zones only leave the open state by
  // filling here, so the active limit bounds the open ones too.
  uint32_t device_limit = g.max_open_resources;
  if (device_limit == 0) device_limit = g.max_active_resources;
  max_open_zones_ = options.max_open_zones;
  if (device_limit != 0 && (max_open_zones_ == 0 || max_open_zones_ > device_limit)) {
    max_open_zones_ = device_limit;
  }
  zone_size_bytes_ = g.zone_size_lbas * kLba;
  namespace_bytes_ = device.namespace_lbas() * kLba;
  open_zones_.reserve(
      std::min<uint32_t>(max_open_zones_ == 0 ? 0 : max_open_zones_, device.zone_count()));
  write_count_ = WritesPerReset();  // zbd_file_reset -> zbd_reset_write_cnt
}

bool ZbdAdapter::Adjust(HostIo& io, ZbdDecision& decision) {
  decision.reset_zone = kNoZone;
  if (io.length_bytes == 0 || io.op == IoOp::kFlush) return true;
  // zbd_adjust_ddir: a mix's read with nothing written anywhere would find
  // no data, so it writes instead.
  if (io.op == IoOp::kRead && options_.read_write_mix && !options_.read_beyond_wp &&
      !AnyZoneHoldsData()) {
    io.op = IoOp::kWrite;
  }
  if (io.offset_bytes >= namespace_bytes_) return false;  // !is_valid_offset
  switch (io.op) {
    case IoOp::kWrite:
      return AdjustWrite(io, decision);
    case IoOp::kRead:
      return AdjustRead(io);
    case IoOp::kTrim:
      return AdjustTrim(io, decision);
    case IoOp::kFlush:
      break;
  }
  return true;
}

bool ZbdAdapter::AdjustWrite(HostIo& io, ZbdDecision& decision) {
  // "I/O buflen exceeds zone size"
  if (io.length_bytes > zone_size_bytes_) return false;
  PruneOpenZones();
  uint32_t zone = device_.ZoneOf(io.offset_bytes / kLba);
  if (!OpenZone(zone)) {
    zone = ConvertToOpenZone(io.offset_bytes);
    if (zone == kNoZone) return false;  // "can't convert to open zone"
  }
  // "Check whether the zone reset threshold has been exceeded".
  bool reset = false;
  if (options_.zone_reset_frequency > 0 &&
      static_cast<double>(WrittenLbas() * kLba) >=
          static_cast<double>(namespace_bytes_) * options_.zone_reset_threshold &&
      CountDownToReset()) {
    reset = true;
  }
  const Zone& target = device_.zone(zone);
  uint64_t write_lba = target.write_pointer;
  // "Reset the zone pointer if necessary"; zbd_reset_zone skips a zone
  // without data.
  if (reset || ZoneFull(zone)) {
    if (target.written_lbas() > 0) decision.reset_zone = zone;
    write_lba = target.start_lba;
  }
  // "Make writes occur at the write pointer", cut at the zone capacity.
  const uint64_t room_bytes = (target.end_of_capacity_lba() - write_lba) * kLba;
  const uint64_t length = std::min<uint64_t>(io.length_bytes, room_bytes) / kLba * kLba;
  if (length == 0) {  // "zone remainder too small"
    decision.reset_zone = kNoZone;
    return false;
  }
  io.offset_bytes = write_lba * kLba;
  io.length_bytes = static_cast<uint32_t>(length);
  return true;
}

bool ZbdAdapter::AdjustRead(HostIo& io) {
  uint32_t zone = device_.ZoneOf(io.offset_bytes / kLba);
  // "Accept the I/O offset for reads if reading beyond the write pointer
  // is enabled."
  if (options_.read_beyond_wp && !Offline(device_.zone(zone))) return true;
  const uint64_t orig_start = device_.zone(zone).start_lba * kLba;
  const auto written_bytes = [this](uint32_t z) {
    const Zone& info = device_.zone(z);
    return Offline(info) ? 0 : info.written_lbas() * kLba;
  };
  uint64_t range = written_bytes(zone);
  const uint64_t wp_bytes = device_.zone(zone).write_pointer * kLba;
  // "Check that there is enough written data in the zone to do an I/O of
  // at least min_bs B. If there isn't, find a new zone for the I/O."
  if (range < kLba || (!options_.random && io.offset_bytes + kLba > wp_bytes)) {
    zone = FindZoneWithData(zone, 1);
    if (zone == kNoZone) return false;  // "zbd_find_zone failed"
    range = written_bytes(zone);
    if (!options_.random) io.offset_bytes = device_.zone(zone).start_lba * kLba;
  }
  const Zone& target = device_.zone(zone);
  const uint64_t start = target.start_lba * kLba;
  // "Make sure the I/O is within the zone valid data range while
  // maximizing the I/O size and preserving randomness."
  if (range <= io.length_bytes) {
    io.offset_bytes = start;
  } else if (options_.random) {
    io.offset_bytes =
        start + ((io.offset_bytes - orig_start) % (range - io.length_bytes)) / kLba * kLba;
  }
  // "Make sure the I/O does not cross over the zone wp position."
  const uint64_t end = target.write_pointer * kLba;
  const uint64_t length =
      std::min<uint64_t>(io.length_bytes, end > io.offset_bytes ? end - io.offset_bytes : 0) /
      kLba * kLba;
  if (length == 0) return false;
  io.length_bytes = static_cast<uint32_t>(length);
  return true;
}

bool ZbdAdapter::AdjustTrim(HostIo& io, ZbdDecision& decision) {
  uint32_t zone = device_.ZoneOf(io.offset_bytes / kLba);
  // "Check random trim targets a non-empty zone"
  if (options_.random && device_.zone(zone).written_lbas() == 0) {
    zone = FindZoneWithData(zone, 1);
    if (zone == kNoZone) return false;
    io.offset_bytes = device_.zone(zone).start_lba * kLba;
  }
  const Zone& target = device_.zone(zone);
  // zbd_do_io_u_trim: "Trim offset not at zone start" is EINVAL.
  if (io.offset_bytes != target.start_lba * kLba || Offline(target)) return false;
  if (target.written_lbas() > 0) decision.reset_zone = zone;
  return true;
}

void ZbdAdapter::PruneOpenZones() {
  open_zones_.erase(std::remove_if(open_zones_.begin(), open_zones_.end(),
                                   [this](uint32_t zone) {
                                     return !HoldsOpenResource(device_.zone(zone).state);
                                   }),
                    open_zones_.end());
}

bool ZbdAdapter::IsJobOpen(uint32_t zone) const {
  return std::find(open_zones_.begin(), open_zones_.end(), zone) != open_zones_.end();
}

bool ZbdAdapter::OpenZone(uint32_t zone) {
  const ZoneState state = device_.zone(zone).state;
  // Offline in fio; a Read Only zone cannot take writes either.
  if (state == ZoneState::kOffline || state == ZoneState::kReadOnly) return false;
  // "zbdi->max_open_zones == 0 means that there is no limit"
  if (max_open_zones_ == 0) return true;
  if (IsJobOpen(zone)) {
    // "If the zone is already open and going to be full by writes
    // in-flight, handle it as a full zone instead of an open zone."
    return !ZoneFull(zone);
  }
  if (device_.open_zones() >= max_open_zones_) return false;
  open_zones_.push_back(zone);
  return true;
}

uint32_t ZbdAdapter::PickOpenZone(uint64_t offset_bytes) const {
  const uint64_t count = open_zones_.size();
  if (count == 0) return 0;
  const __uint128_t scaled = static_cast<__uint128_t>(offset_bytes) * count;
  return static_cast<uint32_t>(
      std::min<uint64_t>(static_cast<uint64_t>(scaled / namespace_bytes_), count - 1));
}

uint32_t ZbdAdapter::ConvertToOpenZone(uint64_t offset_bytes) {
  const bool limited = max_open_zones_ > 0;
  uint32_t zone = device_.ZoneOf(offset_bytes / kLba);
  bool examine = false;
  if (!limited) {
    examine = !Offline(device_.zone(zone));
  } else if (!open_zones_.empty()) {
    // "Start with quasi-random candidate zone."
    zone = open_zones_[PickOpenZone(offset_bytes)];
    examine = true;
  }
  if (examine && HasRoom(zone)) return zone;
  // open_other_zone: "Zone 'z' is full, so try to open a new zone."
  const uint32_t zones = device_.zone_count();
  for (uint32_t i = 0; i < zones; ++i) {
    zone = zone + 1 < zones ? zone + 1 : 0;  // wrap-around
    if (limited && IsJobOpen(zone)) continue;
    if (OpenZone(zone)) return zone;
  }
  // "Check whether the write fits in any of the already opened zones."
  for (uint32_t open : open_zones_) {
    if (HasRoom(open)) return open;
  }
  return kNoZone;
}

uint32_t ZbdAdapter::FindZoneWithData(uint32_t zone, uint64_t min_lbas) const {
  // "Skip to the next non-empty zone in case of sequential I/O and to the
  // nearest non-empty zone in case of random I/O."
  const int64_t zones = device_.zone_count();
  const auto holds = [&](int64_t z) {
    const Zone& info = device_.zone(static_cast<uint32_t>(z));
    return !Offline(info) && info.written_lbas() >= min_lbas;
  };
  for (int64_t up = int64_t{zone} + 1, down = int64_t{zone} - 1; up < zones || down >= 0;
       ++up, --down) {
    if (up < zones && !Offline(device_.zone(static_cast<uint32_t>(up)))) {
      if (holds(up)) return static_cast<uint32_t>(up);
    } else if (!options_.random) {
      break;
    }
    if (options_.random && down >= 0 && holds(down)) return static_cast<uint32_t>(down);
  }
  return kNoZone;
}

bool ZbdAdapter::Writable(uint32_t zone) const {
  const ZoneState state = device_.zone(zone).state;
  return state != ZoneState::kOffline && state != ZoneState::kReadOnly && state != ZoneState::kFull;
}

bool ZbdAdapter::HasRoom(uint32_t zone) const { return Writable(zone) && !ZoneFull(zone); }

bool ZbdAdapter::ZoneFull(uint32_t zone) const {
  // A zone Finished early is Full with its write pointer short of the
  // capacity; the device would refuse the write, so it counts as full.
  const Zone& info = device_.zone(zone);
  return info.state == ZoneState::kFull || info.write_pointer + 1 > info.end_of_capacity_lba();
}

uint64_t ZbdAdapter::WrittenLbas() const {
  uint64_t lbas = 0;
  for (const Zone& zone : device_.zones()) lbas += zone.written_lbas();
  return lbas;
}

bool ZbdAdapter::AnyZoneHoldsData() const {
  for (const Zone& zone : device_.zones()) {
    if (zone.written_lbas() > 0) return true;
  }
  return false;
}

uint32_t ZbdAdapter::WritesPerReset() const {
  // _zbd_reset_write_cnt: 1 / frequency writes, UINT_MAX when 0.
  const double frequency = options_.zone_reset_frequency;
  if (!(frequency > 0)) return UINT_MAX;
  return static_cast<uint32_t>(std::min(1.0 / frequency, static_cast<double>(UINT_MAX)));
}

bool ZbdAdapter::CountDownToReset() {
  if (write_count_ > 0) --write_count_;
  if (write_count_ != 0) return false;
  write_count_ = WritesPerReset();
  return true;
}

}  // namespace flashscope::zns
