// The classic FTLs and write caches of issue 7 (seed 002) as the form
// offers them: the mapping scheme (`ftl.*`) and the write cache in front of
// it (`cache.*`) — their names, labels and defaults are the core's (the
// device schema) — what the device text says, and the overrides a draft
// sends.
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

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import type { ScenarioDraft } from '../store/scenarioDraft';
import { asObject } from '../util/json';
import { isChoice, numberDefault, stringDefault } from './deviceSchema';
import { parseDeviceObject, slcCacheOf, znsConfigOf } from './deviceText';
import { effectiveGeometry } from './deviceValues';
import { splitSetEntry } from './setEntry';

/** A name of the core's ftl.mapping choices (the schema lists them). */
export type MappingScheme = string;
/** A name of the core's cache.policy choices (the schema lists them). */
export type WriteCachePolicy = string;

/**
 * Caches sized by cache.bytes (C-lash is sized in blocks and pages instead):
 * the form sizes these itself (equalSizeCacheBytes), a UI rule of seed 002.
 */
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

function wholeAtLeast(value: unknown, min: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : undefined;
}

/** The last `key=value` entry of a --set list as a whole number >= 1, if it is one. */
function lastSetWhole(set: readonly string[], key: string): number | undefined {
  for (let i = set.length - 1; i >= 0; i--) {
    const entry = splitSetEntry(set[i]);
    if (entry?.key === key) return wholeAtLeast(Number(entry.value), 1);
  }
  return undefined;
}

/**
 * Bytes of a flash page and of a mapping unit as the run will have them:
 * a scenario's extra overrides (workloadSet, sent first) over the device
 * text over the core defaults.
 */
export function pageAndUnitBytes(
  draft: ScenarioDraft,
  schema: DeviceSchema,
): { pageBytes: number; unitBytes: number } {
  const device = parseDeviceObject(draft.deviceText);
  const pageBytes =
    lastSetWhole(draft.workloadSet, 'geometry.page_bytes') ??
    wholeAtLeast(asObject(device.geometry).page_bytes, 1) ??
    numberDefault(schema, 'geometry.page_bytes');
  const unitBytes =
    lastSetWhole(draft.workloadSet, 'mapping_unit_bytes') ??
    wholeAtLeast(device.mapping_unit_bytes, 1) ??
    numberDefault(schema, 'mapping_unit_bytes');
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

/**
 * The classic choices the run will have: the user's, else the device
 * text's, else the core's defaults (its schema), but cache.bytes (see
 * equalSizeCacheBytes).
 */
export function effectiveClassicPolicy(
  draft: ScenarioDraft,
  schema: DeviceSchema,
): ClassicPolicyChoice {
  const device = parseDeviceObject(draft.deviceText);
  const ftl = asObject(device.ftl);
  const cache = asObject(device.cache);
  const chosen = draft.classicPolicy;
  const core = (path: string) => numberDefault(schema, path);
  const blockSpaceBlocks =
    chosen.blockSpaceBlocks ??
    wholeAtLeast(cache.block_space_blocks, 1) ??
    core('cache.block_space_blocks');
  const pageSpacePages =
    chosen.pageSpacePages ??
    wholeAtLeast(cache.page_space_pages, 1) ??
    core('cache.page_space_pages');
  const { pageBytes } = pageAndUnitBytes(draft, schema);
  const pagesPerBlock = effectiveGeometry(draft, schema).pages_per_block;
  return {
    mapping:
      chosen.mapping ??
      (isChoice(schema, 'ftl.mapping', ftl.mapping)
        ? ftl.mapping
        : stringDefault(schema, 'ftl.mapping')),
    cmtEntries: chosen.cmtEntries ?? wholeAtLeast(ftl.cmt_entries, 1) ?? core('ftl.cmt_entries'),
    logBlocks: chosen.logBlocks ?? wholeAtLeast(ftl.log_blocks, 0) ?? core('ftl.log_blocks'),
    cache:
      chosen.cache ??
      (isChoice(schema, 'cache.policy', cache.policy)
        ? cache.policy
        : stringDefault(schema, 'cache.policy')),
    cacheBytes:
      chosen.cacheBytes ??
      textCacheBytes(draft) ??
      equalSizeCacheBytes(pageBytes, pagesPerBlock, blockSpaceBlocks, pageSpacePages),
    blockSpaceBlocks,
    pageSpacePages,
    cflruWindowPages:
      chosen.cflruWindowPages ??
      wholeAtLeast(cache.cflru_window_pages, 0) ??
      core('cache.cflru_window_pages'),
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
export function classicFixups(draft: ScenarioDraft, schema: DeviceSchema): ClassicFixups | null {
  if (znsConfigOf(draft.deviceText) !== null) return null;
  if (!usesClassicDevice(effectiveClassicPolicy(draft, schema))) return null;
  const { pageBytes, unitBytes } = pageAndUnitBytes(draft, schema);
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
export function classicOverrides(draft: ScenarioDraft, schema: DeviceSchema): string[] {
  if (znsConfigOf(draft.deviceText) !== null) return [];
  const chosen = draft.classicPolicy;
  const policy = effectiveClassicPolicy(draft, schema);
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
  const fixups = classicFixups(draft, schema);
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
export function absorbClassicOverride(
  draft: ScenarioDraft,
  key: string,
  value: unknown,
  schema: DeviceSchema,
): boolean {
  if (znsConfigOf(draft.deviceText) !== null) return false;
  const chosen = draft.classicPolicy;
  switch (key) {
    case 'ftl.mapping':
      if (!isChoice(schema, 'ftl.mapping', value)) return false;
      chosen.mapping = value;
      return true;
    case 'cache.policy':
      if (!isChoice(schema, 'cache.policy', value)) return false;
      chosen.cache = value;
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
      return value !== null && classicFixups(draft, schema)?.mappingUnitBytes === value;
    case 'slc_cache':
      // "slc_cache=null" in a link, null in a scenario file.
      return (
        (value === null || value === 'null') && classicFixups(draft, schema)?.dropsSlcCache === true
      );
    default:
      return false;
  }
}
