// What the cache view draws, from the frame's ClassicMeta (the classic FTL /
// write-cache drive of issue 7, seed 002): the write cache's fill — for
// C-lash its page space (with its largest page sets, the next to move to
// block space first) and its block-space slots — DFTL's cached mapping
// table, and the merges of the log-block FTLs. Counters are cumulative in
// the meta; "since" figures are differences against the previous update,
// so a slot whose block left for flash (or came in) is flagged there.

import type { CachedBlock, ClassicMeta } from '@flashscope/wasm/protocol';
import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { choiceLabel } from '../config/choiceLabel';

export const MERGE_KINDS = ['switch', 'partial', 'full', 'copy'] as const;
export type MergeKind = (typeof MERGE_KINDS)[number];

export interface BlockSlotView {
  /** The logical block in the slot, null for a free slot. */
  block: number | null;
  pages: number;
  /** pages / pages per block. */
  fill: number;
  /** Another block (or none) than at the previous update: an eviction or a new arrival. */
  changed: boolean;
}

export interface PageSetView {
  block: number;
  pages: number;
  /** Share of the page space's capacity, and the shares of the larger sets before it. */
  share: number;
  offset: number;
}

export interface WriteCacheView {
  policy: string;
  label: string;
  capacityBytes: number;
  /** Hits / (hits + misses), null before any access. */
  hitRatio: number | null;
  hits: number;
  misses: number;
  evictedPages: number;
  evictedBlocks: number;
  /** Whole blocks written to flash since the previous update. */
  evictedBlocksSince: number;
  /** Pages the late merges read from flash (C-lash) or padding read (BPLRU). */
  fillPages: number;
  setMoves: number;
  swaps: number;
  /** Page-grained space: LRU/CFLRU/BPLRU's whole cache, C-lash's page space. */
  pages: { used: number; capacity: number; fill: number };
  /** C-lash only: its largest page sets, and the share of the page space the others hold. */
  pageSets: PageSetView[];
  otherSetsShare: number;
  blockSpace: BlockSlotView[] | null;
}

export interface MappingCacheView {
  capacity: number;
  cached: number;
  fill: number;
  hitRatio: number | null;
  hits: number;
  misses: number;
  dirtyEvictions: number;
  cleanEvictions: number;
  translationReads: number;
  translationWrites: number;
}

export interface CacheViewModel {
  mapping: string;
  mappingLabel: string;
  cache: WriteCacheView | null;
  cmt: MappingCacheView | null;
  merges: Record<MergeKind, number>;
  totalMerges: number;
  blockErases: number;
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}

function slots(
  now: ReadonlyArray<CachedBlock | null>,
  before: ReadonlyArray<CachedBlock | null> | undefined,
  pagesPerBlock: number,
): BlockSlotView[] {
  return now.map((slot, i) => {
    const previous = before?.[i] ?? null;
    const block = slot?.block ?? null;
    const pages = slot?.pages ?? 0;
    return {
      block,
      pages,
      fill: clamp01(pages / pagesPerBlock),
      changed: before !== undefined && (previous?.block ?? null) !== block,
    };
  });
}

/** The view of `meta`; `previous` is the meta of the previous update (or null). */
/** `schema`: the core's, for its labels of the cache and mapping names (the names while null). */
export function cacheView(
  meta: ClassicMeta,
  previous: ClassicMeta | null,
  schema: DeviceSchema | null,
): CacheViewModel {
  const merges = { ...meta.merges };
  const totalMerges = MERGE_KINDS.reduce((sum, kind) => sum + merges[kind], 0);
  let cache: WriteCacheView | null = null;
  if (meta.cache) {
    const c = meta.cache;
    const o = c.occupancy;
    const clash = c.policy === 'clash';
    const before = previous?.cache?.policy === c.policy ? previous.cache : null;
    const pageSets: PageSetView[] = [];
    let offset = 0;
    for (const set of clash ? c.page_sets : []) {
      const share = clamp01(set.pages / o.capacity_pages);
      pageSets.push({ block: set.block, pages: set.pages, share, offset });
      offset += share;
    }
    cache = {
      policy: c.policy,
      label: choiceLabel(schema, 'cache.policy', c.policy),
      capacityBytes: c.capacity_bytes,
      hitRatio: ratio(c.hits, c.hits + c.misses),
      hits: c.hits,
      misses: c.misses,
      evictedPages: c.evicted_pages,
      evictedBlocks: c.evicted_blocks,
      evictedBlocksSince: before ? Math.max(0, c.evicted_blocks - before.evicted_blocks) : 0,
      fillPages: c.fill_pages,
      setMoves: c.set_moves,
      swaps: c.swaps,
      pages: {
        used: o.pages,
        capacity: o.capacity_pages,
        fill: clamp01(o.pages / o.capacity_pages),
      },
      pageSets,
      otherSetsShare: clash
        ? Math.max(
            0,
            clamp01(o.pages / o.capacity_pages) - pageSets.reduce((sum, set) => sum + set.share, 0),
          )
        : 0,
      blockSpace: clash ? slots(c.block_space, before?.block_space, meta.pages_per_block) : null,
    };
  }
  let cmt: MappingCacheView | null = null;
  if (meta.cmt) {
    const t = meta.cmt;
    cmt = {
      capacity: t.capacity,
      cached: t.cached,
      fill: clamp01(t.cached / t.capacity),
      hitRatio: ratio(t.hits, t.hits + t.misses),
      hits: t.hits,
      misses: t.misses,
      dirtyEvictions: t.dirty_evictions,
      cleanEvictions: t.clean_evictions,
      translationReads: meta.translation_reads,
      translationWrites: meta.translation_writes,
    };
  }
  return {
    mapping: meta.mapping,
    mappingLabel: choiceLabel(schema, 'ftl.mapping', meta.mapping),
    cache,
    cmt,
    merges,
    totalMerges,
    blockErases: meta.block_erases,
  };
}
