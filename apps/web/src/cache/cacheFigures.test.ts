import { describe, expect, it } from 'vitest';
import type { ClassicMeta, WriteCacheMeta } from '@flashscope/wasm/protocol';
import { cacheView } from './cacheFigures';
import { coreSchema } from '../app/testCore';
import { choiceLabel } from '../config/choiceLabel';

const schema = coreSchema();

function clashCache(overrides: Partial<WriteCacheMeta> = {}): WriteCacheMeta {
  return {
    policy: 'clash',
    capacity_bytes: 524288,
    hits: 30,
    misses: 90,
    read_hits: 10,
    read_misses: 40,
    write_hits: 20,
    write_misses: 50,
    evicted_pages: 40,
    evicted_blocks: 3,
    clean_evictions: 0,
    flushes: 3,
    flushed_pages: 40,
    fill_pages: 150,
    set_moves: 7,
    swaps: 1,
    occupancy: { pages: 96, capacity_pages: 128, blocks: 1, capacity_blocks: 2, block_pages: 48 },
    block_space: [{ block: 12, pages: 48 }, null],
    page_sets: [
      { block: 40, pages: 32 },
      { block: 7, pages: 16 },
    ],
    ...overrides,
  };
}

function meta(overrides: Partial<ClassicMeta> = {}): ClassicMeta {
  return {
    mapping: 'block',
    pages_per_block: 64,
    block_erases: 3,
    merges: { switch: 0, partial: 0, full: 0, copy: 3 },
    translation_reads: 0,
    translation_writes: 0,
    cmt: null,
    cache: clashCache(),
    ...overrides,
  };
}

describe('cacheView', () => {
  it('draws C-lash page space by its largest sets and block space by its slots', () => {
    const view = cacheView(meta(), null, schema);
    const cache = view.cache!;
    expect(cache.label).toBe(choiceLabel(schema, 'cache.policy', 'clash'));
    expect(cache.hitRatio).toBeCloseTo(30 / 120, 10);
    expect(cache.pages).toEqual({ used: 96, capacity: 128, fill: 0.75 });
    // Shares of the page space's capacity, largest (the next to move) first.
    expect(cache.pageSets.map((s) => [s.block, s.share, s.offset])).toEqual([
      [40, 0.25, 0],
      [7, 0.125, 0.25],
    ]);
    // The smaller sets hold the rest of the used page space.
    expect(cache.otherSetsShare).toBeCloseTo(0.75 - 0.375, 10);
    expect(cache.blockSpace).toEqual([
      { block: 12, pages: 48, fill: 0.75, changed: false },
      { block: null, pages: 0, fill: 0, changed: false },
    ]);
    // The core's label for the scheme (its schema's x-choices), not the bare name.
    expect(view.mappingLabel).toBe(choiceLabel(schema, 'ftl.mapping', 'block'));
    expect(view.mappingLabel).not.toBe('block');
    expect(view.totalMerges).toBe(3);
  });

  it('flags slots whose block changed since the previous update and counts the evictions', () => {
    const before = meta();
    const now = meta({
      cache: clashCache({
        evicted_blocks: 5,
        block_space: [
          { block: 12, pages: 60 },
          { block: 99, pages: 20 },
        ],
      }),
    });
    const cache = cacheView(now, before, schema).cache!;
    expect(cache.blockSpace!.map((s) => s.changed)).toEqual([false, true]);
    expect(cache.evictedBlocksSince).toBe(2);
    // A slot emptied by an eviction is a change too.
    const emptied = cacheView(
      meta({ cache: clashCache({ block_space: [null, null] }) }),
      before,
      schema,
    );
    expect(emptied.cache!.blockSpace!.map((s) => s.changed)).toEqual([true, false]);
  });

  it('shows a page-grained cache as one fill bar, without spaces', () => {
    const lru = cacheView(
      meta({
        mapping: 'fast',
        cache: clashCache({
          policy: 'lru',
          block_space: [],
          page_sets: [],
          occupancy: {
            pages: 10,
            capacity_pages: 40,
            blocks: 0,
            capacity_blocks: 0,
            block_pages: 0,
          },
        }),
      }),
      null,
      schema,
    ).cache!;
    expect(lru.blockSpace).toBeNull();
    expect(lru.pageSets).toEqual([]);
    expect(lru.pages.fill).toBe(0.25);
  });

  it('reads DFTL’s mapping table: fill, hit ratio, dirty evictions as translation writes', () => {
    const view = cacheView(
      meta({
        mapping: 'dftl',
        cache: null,
        translation_reads: 900,
        translation_writes: 120,
        cmt: {
          capacity: 256,
          cached: 192,
          hits: 100,
          misses: 900,
          dirty_evictions: 120,
          clean_evictions: 588,
        },
      }),
      null,
      schema,
    );
    expect(view.cache).toBeNull();
    expect(view.cmt).toMatchObject({
      fill: 0.75,
      hitRatio: 0.1,
      dirtyEvictions: 120,
      translationWrites: 120,
    });
    expect(view.mappingLabel).toMatch(/DFTL/);
  });

  it('has no hit ratio before any access', () => {
    const view = cacheView(meta({ cache: clashCache({ hits: 0, misses: 0 }) }), null, schema);
    expect(view.cache!.hitRatio).toBeNull();
  });
});
