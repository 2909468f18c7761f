// ZnsHostFtl (zns_host_ftl.h). Storage, all sized at construction:
//   map_        logical block -> slot (zone * capacity + offset), or kUnmapped
//   owner_      slot -> logical block, or kUnmapped once invalid
//   zones_      ZoneInfo per zone (class, counts, clocks)
//   last_user_write_  logical time of each block's latest user write
//   next_write_ (fk/zbopt only) when each block's current data dies
// Zones for a class come from a free list, lowest number first; each class
// keeps at most one open zone, so the device's open zones never exceed the
// class count (checked against max_open at construction).
#include "zns/host_ftl/zns_host_ftl.h"

#include <algorithm>
#include <stdexcept>

#include "util/input_error.h"
#include "zns/host_ftl/placement/i_placement.h"
#include "zns/host_ftl/victim/i_zone_victim.h"
#include "zns/host_ftl/zone_info.h"

namespace flashscope::zns {

namespace {

constexpr uint32_t kUnmapped = UINT32_MAX;

std::string NameList(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view name : names) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace

struct ZnsHostFtl::Impl {
  std::unique_ptr<IPlacementPolicy> placement;
  std::unique_ptr<IZoneVictim> victim;
  std::unique_ptr<IZoneVictim> fallback;  // greedy, when space must be freed
  uint64_t capacity = 0;                  // blocks per zone (ZCAP)
  uint64_t zone_size = 0;                 // LBAs per zone (ZSZE)
  std::vector<uint32_t> map;
  std::vector<uint32_t> owner;
  std::vector<ZoneInfo> zones;
  std::vector<uint64_t> last_user_write;
  std::vector<uint64_t> next_write;
  std::vector<uint32_t> open_zone;   // per class
  std::vector<uint32_t> free_zones;  // stack, lowest number on top
  uint64_t held = 0;                 // blocks in zones (valid + invalid)
  uint64_t invalid = 0;
  uint32_t reserve = 0;  // free zones GC keeps for its own appends
};

uint64_t ZnsHostFtl::MaxLogicalBlocks(const ZoneGeometry& geometry, uint32_t classes,
                                      double /*gc_threshold*/) {
  // Every class may hold a partly written zone and GC needs a free zone per
  // class plus one to move a victim's data: those zones hold no user data.
  const uint64_t spare = 2ull * classes + 1;
  if (geometry.zone_count <= spare) return 0;
  return (geometry.zone_count - spare) * geometry.zone_capacity_lbas;
}

ZnsHostFtl::ZnsHostFtl(const HostFtlConfig& config, ZoneStateMachine& device,
                       const std::string& source)
    : config_(config), device_(device), impl_(std::make_unique<Impl>()) {
  const ZoneGeometry& geometry = device.geometry();
  PlacementSetup setup;
  setup.logical_blocks = config.logical_blocks;
  setup.classes = config.classes;
  setup.zone_blocks = geometry.zone_capacity_lbas;
  impl_->placement = MakePlacement(config.placement, setup);
  if (!impl_->placement) {
    throw InputError(
        source, 0,
        "zns.placement '" + config.placement + "' is not one of " + NameList(PlacementNames()));
  }
  impl_->victim = MakeZoneVictim(config.gc_victim);
  if (!impl_->victim) {
    throw InputError(
        source, 0,
        "zns.gc_victim '" + config.gc_victim + "' is not one of " + NameList(ZoneVictimNames()));
  }
  impl_->fallback = MakeZoneVictim("greedy");
  if (config.classes == 0 || config.classes > 255) {
    throw InputError(source, 0, "zns.classes must be 1..255");
  }
  if (geometry.max_open_resources != 0 && config.classes > geometry.max_open_resources) {
    throw InputError(source, 0,
                     "zns.classes (" + std::to_string(config.classes) +
                         ") needs as many open zones, but max_open is " +
                         std::to_string(geometry.max_open_resources));
  }
  const uint64_t fits = MaxLogicalBlocks(geometry, config.classes, config.gc_threshold);
  if (config.logical_blocks == 0 || config.logical_blocks > fits) {
    throw InputError(source, 0,
                     "the host FTL's logical space (" + std::to_string(config.logical_blocks) +
                         " blocks) does not fit " + std::to_string(geometry.zone_count) +
                         " zones of " + std::to_string(geometry.zone_capacity_lbas) +
                         " blocks with room for GC: at most " + std::to_string(fits) +
                         " blocks (raise overprovision or add zones)");
  }
  const uint64_t slots = static_cast<uint64_t>(geometry.zone_count) * geometry.zone_capacity_lbas;
  if (slots >= kUnmapped) {
    throw InputError(source, 0, "a zoned device of more than 2^32 blocks is not supported");
  }
  Impl& s = *impl_;
  s.capacity = geometry.zone_capacity_lbas;
  s.zone_size = geometry.zone_size_lbas;
  s.map.assign(config.logical_blocks, kUnmapped);
  s.owner.assign(slots, kUnmapped);
  s.zones.assign(geometry.zone_count, ZoneInfo{});
  s.last_user_write.assign(config.logical_blocks, kNeverWritten);
  if (impl_->placement->NeedsFutureKnowledge()) {
    s.next_write.assign(config.logical_blocks, kNeverWritten);
  }
  s.open_zone.assign(config.classes, kNoZone);
  s.free_zones.reserve(geometry.zone_count);
  for (uint32_t z = geometry.zone_count; z-- > 0;) {
    if (device.zone(z).state == ZoneState::kEmpty) s.free_zones.push_back(z);
  }
  s.reserve = config.classes + 1;
  stats_.classes.assign(config.classes, ZoneClassStats{});
  stats_.reclaimed_gp.reserve(4096);
}

ZnsHostFtl::~ZnsHostFtl() = default;

bool ZnsHostFtl::NeedsFutureKnowledge() const { return impl_->placement->NeedsFutureKnowledge(); }

double ZnsHostFtl::garbage_proportion() const {
  return impl_->held ? static_cast<double>(impl_->invalid) / impl_->held : 0.0;
}

uint64_t ZnsHostFtl::zone_valid_blocks(uint32_t zone) const { return impl_->zones[zone].valid; }

uint8_t ZnsHostFtl::zone_class(uint32_t zone) const { return impl_->zones[zone].cls; }

BlockLocation ZnsHostFtl::Lookup(uint64_t block) const {
  const uint32_t slot = block < impl_->map.size() ? impl_->map[block] : kUnmapped;
  if (slot == kUnmapped) return {};
  return {static_cast<uint32_t>(slot / impl_->capacity), slot % impl_->capacity};
}

// Marks the block's current copy invalid; returns its zone or kNoZone.
uint32_t ZnsHostFtl::Invalidate(uint64_t block, uint64_t clock) {
  Impl& s = *impl_;
  const uint32_t slot = s.map[block];
  if (slot == kUnmapped) return kNoZone;
  const uint32_t zone = static_cast<uint32_t>(slot / s.capacity);
  s.owner[slot] = kUnmapped;
  s.map[block] = kUnmapped;
  ZoneInfo& info = s.zones[zone];
  --info.valid;
  info.last_invalidate_clock = clock;
  ++s.invalid;
  return zone;
}

void ZnsHostFtl::Append(uint32_t cls, uint64_t block, bool gc) {
  Impl& s = *impl_;
  uint32_t zone = s.open_zone[cls];
  if (zone == kNoZone) {
    if (s.free_zones.empty()) {
      throw std::runtime_error("zoned host FTL: no empty zone left (GC could not free one)");
    }
    zone = s.free_zones.back();
    s.free_zones.pop_back();
    s.open_zone[cls] = zone;
    ZoneInfo& fresh = s.zones[zone];
    fresh = ZoneInfo{};
    fresh.cls = static_cast<uint8_t>(cls);
    fresh.opened_clock = clock_;
  }
  const ZoneWriteResult result = device_.Append(static_cast<uint64_t>(zone) * s.zone_size, 1);
  if (!result.ok()) {
    throw std::logic_error(std::string("zoned host FTL: Zone Append refused: ") +
                           ZnsStatusName(result.status));
  }
  const uint64_t offset = result.lba - static_cast<uint64_t>(zone) * s.zone_size;
  const uint32_t slot = static_cast<uint32_t>(zone * s.capacity + offset);
  s.owner[slot] = static_cast<uint32_t>(block);
  s.map[block] = slot;
  ZoneInfo& info = s.zones[zone];
  ++info.written;
  ++info.valid;
  ++s.held;
  ZoneClassStats& class_stats = stats_.classes[cls];
  (gc ? class_stats.gc_blocks : class_stats.user_blocks) += 1;
  if (listener_) listener_->OnAppend(zone, offset, gc);
  if (result.zone_became_full) {
    info.full = true;
    info.full_clock = clock_;
    s.open_zone[cls] = kNoZone;
    ++class_stats.zones_filled;
  }
}

void ZnsHostFtl::Collect(uint32_t zone) {
  Impl& s = *impl_;
  ZoneInfo& info = s.zones[zone];
  const double gp = info.gp();
  const uint32_t cls = info.cls;
  if (listener_) listener_->OnGcStart(zone, gp);
  uint64_t moved = 0;
  const uint64_t base = static_cast<uint64_t>(zone) * s.capacity;
  for (uint64_t offset = 0; offset < info.written && info.valid > 0; ++offset) {
    const uint32_t block = s.owner[base + offset];
    if (block == kUnmapped) continue;
    if (listener_) listener_->OnGcRead(zone, offset);
    PlacementInput input;
    input.block = block;
    input.now = clock_;
    input.now_ns = now_ns_;
    input.gc = true;
    input.from_class = cls;
    input.last_user_write = s.last_user_write[block];
    input.next_write = s.next_write.empty() ? kNeverWritten : s.next_write[block];
    const uint32_t to = impl_->placement->ClassFor(input);
    Invalidate(block, clock_);  // the victim is reset next: its clock no longer matters
    Append(to, block, true);
    ++moved;
  }
  stats_.gc_blocks += moved;
  if (listener_) listener_->OnGcEnd(zone, moved);
  Reset(zone, gp);
}

void ZnsHostFtl::Reset(uint32_t zone, double gp) {
  Impl& s = *impl_;
  ZoneInfo& info = s.zones[zone];
  const ZoneManagementResult result = device_.Reset(static_cast<uint64_t>(zone) * s.zone_size);
  if (!result.ok()) {
    throw std::logic_error(std::string("zoned host FTL: Reset refused: ") +
                           ZnsStatusName(result.status));
  }
  if (listener_) listener_->OnReset(zone);
  if (info.cls != ZoneInfo::kNoClass) {
    impl_->placement->OnZoneReclaimed(info.cls, info.opened_clock, info.full_clock, clock_);
    ZoneClassStats& class_stats = stats_.classes[info.cls];
    ++class_stats.zones_reclaimed;
    class_stats.lifetime_sum += clock_ - info.full_clock;
    class_stats.reclaimed_gp_sum += gp;
  }
  stats_.reclaimed_gp.push_back(static_cast<float>(gp));
  stats_.reclaimed_gp_sum += gp;
  ++stats_.gc_count;
  s.held -= info.written;
  s.invalid -= info.written;  // every block left in it is invalid by now
  info = ZoneInfo{};
  s.free_zones.push_back(zone);
}

void ZnsHostFtl::MaybeCollect() {
  Impl& s = *impl_;
  for (;;) {
    const bool short_of_space = s.free_zones.size() < s.reserve;
    if (!short_of_space && garbage_proportion() <= config_.gc_threshold) return;
    uint32_t victim = s.victim->Pick(s.zones, clock_, config_.gc_threshold);
    if (victim == kNoZone && short_of_space) victim = s.fallback->Pick(s.zones, clock_, 0);
    if (victim == kNoZone) {
      // Garbage only in open zones, or none a policy wants: wait for more
      // zones to fill. Out of zones entirely is a configuration the
      // constructor's capacity check should have refused.
      if (s.free_zones.empty()) {
        throw std::runtime_error("zoned host FTL: out of space with nothing to reclaim");
      }
      return;
    }
    Collect(victim);
  }
}

void ZnsHostFtl::Write(uint64_t block, uint64_t next_write, uint64_t now_ns) {
  Impl& s = *impl_;
  if (block >= config_.logical_blocks) {
    throw std::out_of_range("zoned host FTL: block beyond the logical space");
  }
  now_ns_ = now_ns;
  MaybeCollect();
  PlacementInput input;
  input.block = block;
  input.now = clock_;
  input.now_ns = now_ns;
  input.gc = false;
  input.last_user_write = s.last_user_write[block];
  input.next_write = next_write;
  const uint32_t cls = s.placement->ClassFor(input);
  Invalidate(block, clock_);
  Append(cls, block, false);
  s.last_user_write[block] = clock_;
  if (!s.next_write.empty()) s.next_write[block] = next_write;
  ++stats_.user_blocks;
  ++clock_;
}

void ZnsHostFtl::Trim(uint64_t block) {
  if (block >= config_.logical_blocks) return;
  if (Invalidate(block, clock_) != kNoZone) ++stats_.trimmed_blocks;
}

}  // namespace flashscope::zns
