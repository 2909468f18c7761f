// The classic FTLs and write caches of issue 7 (seed 002) as the form
// offers them: the mapping scheme (`ftl.*`) and the write cache in front of
// it (`cache.*`) — names of packages/sim-core/src/mapping and src/cache —
// what the device text says, and the overrides a draft sends.
//
// Any mapping other than "page" or any cache other than "none" runs the
// classic device (classic/classic_device.h), which the simulator accepts
// only with mapping_unit_bytes == geometry.page_bytes, no slc_cache and no
// zns; C-lash also needs ftl.mapping "block". The form keeps the user out of
// those errors instead of reporting them after Apply:
//   - zns: a zoned drive's host FTL maps the zones, so the fields are hidden
//     there and nothing is sent (as the ZNS fields send nothing for a
//     conventional drive): a choice never turns a drive into another kind.
//   - mapping unit and SLC cache: the run also sends
//     mapping_unit_bytes=<page_bytes> and slc_cache=null (classicFixups),
//     and the panel says so (data-testid classic-note). The device text is
//     left as the user wrote it, like every other form field.
//   - C-lash: picking it also picks block mapping, and picking another
//     mapping under C-lash drops the cache to "none" (withClassicChoice);
//     both selects show the result.
//   - a byte-sized cache (lru, cflru, bplru) whose device text gives no
//     size gets the C-lash footprint of the same drive (equalSizeCacheBytes),
//     so caches compare at equal size as in seed 002 (512 KB each), and that
//     size is sent: the simulator's own default (0 bytes) would not run.

import type { ScenarioDraft } from '../store/scenarioDraft';
import { effectiveGeometry, parseDeviceObject } from './scenario';
import { slcCacheOf } from './slcPolicy';
import { znsConfigOf } from './znsPolicy';

export const MAPPING_SCHEMES = ['page', 'block', 'bast', 'fast', 'dftl'] as const;
export type MappingScheme = (typeof MAPPING_SCHEMES)[number];

export const WRITE_CACHES = ['none', 'lru', 'cflru', 'bplru', 'clash'] as const;
export type WriteCachePolicy = (typeof WRITE_CACHES)[number];

/** Caches sized by cache.bytes (C-lash is sized in blocks and pages instead). */
export const BYTE_SIZED_CACHES: readonly WriteCachePolicy[] = ['lru', 'cflru', 'bplru'];

export interface ClassicPolicyChoice {
  mapping: MappingScheme;
  /** dftl: entries of the cached mapping table (>= 1). */
  cmtEntries: number;
  /** bast, fast: log blocks; 0 = every spare block but one. */
  logBlocks: number;
  cache: WriteCachePolicy;
  /** lru, cflru, bplru: capacity in bytes (whole pages are used). */
  cacheBytes: number;
  /** clash: blocks of block space (>= 1). */
  blockSpaceBlocks: number;
  /** clash: pages of page space (>= 1). */
  pageSpacePages: number;
  /** cflru: the clean-first window in pages; 0 = half the cache. */
  cflruWindowPages: number;
}

/**
 * What the simulator assumes for keys the device text leaves out
 * (device_config.h, cache/i_write_cache.h), but cache.bytes (see
 * equalSizeCacheBytes).
 */
export const CLASSIC_DEFAULTS: Omit<ClassicPolicyChoice, 'cacheBytes'> = {
  mapping: 'page',
  cmtEntries: 4096,
  logBlocks: 0,
  cache: 'none',
  blockSpaceBlocks: 2,
  pageSpacePages: 128,
  cflruWindowPages: 0,
};

/** device_config.h's geometry.page_bytes and mapping_unit_bytes defaults. */
const CORE_PAGE_BYTES = 16384;
const CORE_MAPPING_UNIT_BYTES = 4096;

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function pick<T extends string>(names: readonly T[], value: unknown, fallback: T): T {
  return names.includes(value as T) ? (value as T) : fallback;
}

function wholeAtLeast(value: unknown, min: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : undefined;
}

/** The last `key=value` entry of a --set list as a whole number >= 1, if it is one. */
function lastSetWhole(set: readonly string[], key: string): number | undefined {
  for (let i = set.length - 1; i >= 0; i--) {
    const at = set[i].indexOf('=');
    if (at > 0 && set[i].slice(0, at).trim() === key) {
      return wholeAtLeast(Number(set[i].slice(at + 1).trim()), 1);
    }
  }
  return undefined;
}

/**
 * Bytes of a flash page and of a mapping unit as the run will have them:
 * a scenario's extra overrides (workloadSet, sent first) over the device
 * text over the core defaults.
 */
export function pageAndUnitBytes(draft: ScenarioDraft): { pageBytes: number; unitBytes: number } {
  const device = parseDeviceObject(draft.deviceText);
  const pageBytes =
    lastSetWhole(draft.workloadSet, 'geometry.page_bytes') ??
    wholeAtLeast(asObject(device.geometry).page_bytes, 1) ??
    CORE_PAGE_BYTES;
  const unitBytes =
    lastSetWhole(draft.workloadSet, 'mapping_unit_bytes') ??
    wholeAtLeast(device.mapping_unit_bytes, 1) ??
    CORE_MAPPING_UNIT_BYTES;
  return { pageBytes, unitBytes };
}

/**
 * The default size of a byte-sized cache: what C-lash holds on the same
 * drive (its block space of whole blocks plus its page space), so the
 * caches compare at equal size — seed 002 gives every cache 512 KB, C-lash's
 * 2 blocks + 128 pages of 2 KB.
 */
export function equalSizeCacheBytes(
  pageBytes: number,
  pagesPerBlock: number,
  blockSpaceBlocks: number,
  pageSpacePages: number,
): number {
  return (blockSpaceBlocks * pagesPerBlock + pageSpacePages) * pageBytes;
}

/** The device text's cache.bytes when it is a usable size, else undefined. */
function textCacheBytes(draft: ScenarioDraft): number | undefined {
  return wholeAtLeast(asObject(parseDeviceObject(draft.deviceText).cache).bytes, 1);
}

export function effectiveClassicPolicy(draft: ScenarioDraft): ClassicPolicyChoice {
  const device = parseDeviceObject(draft.deviceText);
  const ftl = asObject(device.ftl);
  const cache = asObject(device.cache);
  const chosen = draft.classicPolicy;
  const blockSpaceBlocks =
    chosen.blockSpaceBlocks ??
    wholeAtLeast(cache.block_space_blocks, 1) ??
    CLASSIC_DEFAULTS.blockSpaceBlocks;
  const pageSpacePages =
    chosen.pageSpacePages ??
    wholeAtLeast(cache.page_space_pages, 1) ??
    CLASSIC_DEFAULTS.pageSpacePages;
  const { pageBytes } = pageAndUnitBytes(draft);
  const pagesPerBlock = effectiveGeometry(draft).pages_per_block;
  return {
    mapping: chosen.mapping ?? pick(MAPPING_SCHEMES, ftl.mapping, CLASSIC_DEFAULTS.mapping),
    cmtEntries:
      chosen.cmtEntries ?? wholeAtLeast(ftl.cmt_entries, 1) ?? CLASSIC_DEFAULTS.cmtEntries,
    logBlocks: chosen.logBlocks ?? wholeAtLeast(ftl.log_blocks, 0) ?? CLASSIC_DEFAULTS.logBlocks,
    cache: chosen.cache ?? pick(WRITE_CACHES, cache.policy, CLASSIC_DEFAULTS.cache),
    cacheBytes:
      chosen.cacheBytes ??
      textCacheBytes(draft) ??
      equalSizeCacheBytes(pageBytes, pagesPerBlock, blockSpaceBlocks, pageSpacePages),
    blockSpaceBlocks,
    pageSpacePages,
    cflruWindowPages:
      chosen.cflruWindowPages ??
      wholeAtLeast(cache.cflru_window_pages, 0) ??
      CLASSIC_DEFAULTS.cflruWindowPages,
  };
}

export function sameClassicPolicy(a: ClassicPolicyChoice, b: ClassicPolicyChoice): boolean {
  return (Object.keys(a) as Array<keyof ClassicPolicyChoice>).every((key) => a[key] === b[key]);
}

/** The policies run the classic device rather than the conventional controller. */
export function usesClassicDevice(policy: Pick<ClassicPolicyChoice, 'mapping' | 'cache'>): boolean {
  return policy.mapping !== 'page' || policy.cache !== 'none';
}

/**
 * The choices after `patch` is applied to `current` (the effective policy),
 * kept consistent: C-lash replaces the FTL and runs over block mapping
 * (seed 002 §5.1), so picking it picks "block", and picking another mapping
 * while C-lash is on drops the cache to "none". The user sees both selects
 * change; nothing is fixed behind their back.
 */
export function withClassicChoice(
  current: Pick<ClassicPolicyChoice, 'mapping' | 'cache'>,
  patch: Partial<ClassicPolicyChoice>,
): Partial<ClassicPolicyChoice> {
  const next = { ...patch };
  if (patch.cache === 'clash' && (patch.mapping ?? current.mapping) !== 'block') {
    next.mapping = 'block';
  } else if (
    patch.mapping !== undefined &&
    patch.mapping !== 'block' &&
    (patch.cache ?? current.cache) === 'clash'
  ) {
    next.cache = 'none';
  }
  return next;
}

/** What the classic device needs of the drive that its device text does not give. */
export interface ClassicFixups {
  /** Sent as mapping_unit_bytes (the page size), or null when the text's unit already is. */
  mappingUnitBytes: number | null;
  /** The device text has an SLC cache, so slc_cache=null is sent. */
  dropsSlcCache: boolean;
}

/** The fixups the draft's run sends; null when it runs no classic device (or the drive is zoned). */
export function classicFixups(draft: ScenarioDraft): ClassicFixups | null {
  if (znsConfigOf(draft.deviceText) !== null) return null;
  if (!usesClassicDevice(effectiveClassicPolicy(draft))) return null;
  const { pageBytes, unitBytes } = pageAndUnitBytes(draft);
  const fixups: ClassicFixups = {
    mappingUnitBytes: unitBytes !== pageBytes ? pageBytes : null,
    dropsSlcCache: slcCacheOf(draft.deviceText) !== null,
  };
  return fixups.mappingUnitBytes !== null || fixups.dropsSlcCache ? fixups : null;
}

/**
 * The ftl.* and cache.* overrides of the choices the user made, each size
 * only where its scheme or cache uses it, then the fixups the classic
 * device needs (after any slc_cache.* entry, so slc_cache=null wins).
 * None for a zoned drive.
 */
export function classicOverrides(draft: ScenarioDraft): string[] {
  if (znsConfigOf(draft.deviceText) !== null) return [];
  const chosen = draft.classicPolicy;
  const policy = effectiveClassicPolicy(draft);
  const set: string[] = [];
  if (chosen.mapping !== undefined) set.push(`ftl.mapping=${chosen.mapping}`);
  if (policy.mapping === 'dftl' && chosen.cmtEntries !== undefined) {
    set.push(`ftl.cmt_entries=${chosen.cmtEntries}`);
  }
  if ((policy.mapping === 'bast' || policy.mapping === 'fast') && chosen.logBlocks !== undefined) {
    set.push(`ftl.log_blocks=${chosen.logBlocks}`);
  }
  if (chosen.cache !== undefined) set.push(`cache.policy=${chosen.cache}`);
  if (BYTE_SIZED_CACHES.includes(policy.cache)) {
    // Without a usable size in the text the run needs the one the form shows.
    if (chosen.cacheBytes !== undefined || textCacheBytes(draft) === undefined) {
      set.push(`cache.bytes=${policy.cacheBytes}`);
    }
    if (policy.cache === 'cflru' && chosen.cflruWindowPages !== undefined) {
      set.push(`cache.cflru_window_pages=${chosen.cflruWindowPages}`);
    }
  }
  if (policy.cache === 'clash') {
    if (chosen.blockSpaceBlocks !== undefined) {
      set.push(`cache.block_space_blocks=${chosen.blockSpaceBlocks}`);
    }
    if (chosen.pageSpacePages !== undefined) {
      set.push(`cache.page_space_pages=${chosen.pageSpacePages}`);
    }
  }
  const fixups = classicFixups(draft);
  if (fixups?.mappingUnitBytes != null) set.push(`mapping_unit_bytes=${fixups.mappingUnitBytes}`);
  if (fixups?.dropsSlcCache) set.push('slc_cache=null');
  return set;
}

function assignWhole(
  target: Partial<ClassicPolicyChoice>,
  key:
    | 'cmtEntries'
    | 'logBlocks'
    | 'cacheBytes'
    | 'blockSpaceBlocks'
    | 'pageSpacePages'
    | 'cflruWindowPages',
  value: unknown,
  min: number,
): boolean {
  const whole = wholeAtLeast(value, min);
  if (whole === undefined) return false;
  target[key] = whole;
  return true;
}

/**
 * Puts a classic override (`key` = `value`, typed as in a scenario's JSON
 * `set`) into the draft's form fields; false when it is not one or the form
 * cannot show its value (it then stays an override). A fixup the draft
 * sends anyway (mapping_unit_bytes = the page size, slc_cache = null under
 * a classic policy) is absorbed, so a shared link does not send it twice.
 * A zoned drive takes none: the simulator reports them as they are.
 */
export function absorbClassicOverride(draft: ScenarioDraft, key: string, value: unknown): boolean {
  if (znsConfigOf(draft.deviceText) !== null) return false;
  const chosen = draft.classicPolicy;
  switch (key) {
    case 'ftl.mapping':
      if (!MAPPING_SCHEMES.includes(value as MappingScheme)) return false;
      chosen.mapping = value as MappingScheme;
      return true;
    case 'cache.policy':
      if (!WRITE_CACHES.includes(value as WriteCachePolicy)) return false;
      chosen.cache = value as WriteCachePolicy;
      return true;
    case 'ftl.cmt_entries':
      return assignWhole(chosen, 'cmtEntries', value, 1);
    case 'ftl.log_blocks':
      return assignWhole(chosen, 'logBlocks', value, 0);
    case 'cache.bytes':
      return assignWhole(chosen, 'cacheBytes', value, 1);
    case 'cache.block_space_blocks':
      return assignWhole(chosen, 'blockSpaceBlocks', value, 1);
    case 'cache.page_space_pages':
      return assignWhole(chosen, 'pageSpacePages', value, 1);
    case 'cache.cflru_window_pages':
      return assignWhole(chosen, 'cflruWindowPages', value, 0);
    case 'mapping_unit_bytes':
      return value !== null && classicFixups(draft)?.mappingUnitBytes === value;
    case 'slc_cache':
      // "slc_cache=null" in a link, null in a scenario file.
      return (value === null || value === 'null') && classicFixups(draft)?.dropsSlcCache === true;
    default:
      return false;
  }
}
