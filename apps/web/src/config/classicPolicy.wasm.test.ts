// The form's classic choices against the real simulator: the LoadRequest a
// draft builds (buildLoadRequest, what the worker receives) runs in the Node
// flavour of the wasm module (packages/wasm/dist/flashscope.node.cjs, from
// scripts/build-wasm.sh), stepped in slices as the worker does. DFTL + LRU
// on the app's default preset reports both in its result; on an SLC-cached
// drive with 4 KiB mapping units the fixups the form adds are what lets it
// run at all.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadRequest } from '@flashscope/wasm/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { choicesAt, type DeviceSchema } from './deviceSchema';
import { buildLoadRequest } from './scenario';

const GLUE = fileURLToPath(
  new URL('../../../../packages/wasm/dist/flashscope.node.cjs', import.meta.url),
);
const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');

// A 50/50 random mix over the first 2 MiB: 512 pages of 4 KiB against a
// 1 MiB (256-page) cache, so the cache both hits and evicts. norandommap:
// uniform picks (fio's default random map visits each block once per pass,
// which gives LRU only ~1/8 hits here).
const MIX_JOB =
  '[mix]\nrw=randrw\nrwmixread=50\nbs=4k\niodepth=4\nsize=2m\nio_size=8m\nnorandommap=1\n';

type Result = {
  suspend: { program_suspensions: number; erase_suspensions: number };
  read_disturb: { refreshes: number; refreshed_units: number };
  ftl: {
    mapping: string;
    translation_reads: number;
    cmt: { hits: number; misses: number };
  };
  cache: { policy: string; capacity_bytes: number; hits: number; misses: number } | null;
  host: { read_requests: number; write_requests: number };
};

let node: typeof import('@flashscope/wasm/node');
/** The core's schema (defaults, choices), from the same module. */
let schema: DeviceSchema;

beforeAll(async () => {
  if (!existsSync(GLUE)) throw new Error(`${GLUE} is missing: run 'bash scripts/build-wasm.sh'`);
  node = await import('@flashscope/wasm/node');
  schema = (await import('../app/testCore')).coreSchema();
});

/** Runs a request to its end in slices of 10 ms, as the worker does. */
function run(request: LoadRequest): Result {
  const session = node.openSession(request);
  try {
    session.precondition();
    let untilNs = 0;
    while (session.advance((untilNs += 10e6), 5000) !== 'finished');
    return JSON.parse(session.result()) as Result;
  } finally {
    session.destroy();
  }
}

const draft = (deviceText: string, patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText,
  fioText: MIX_JOB,
  ...patch,
});

describe('classic choices in the real simulator', () => {
  it('runs DFTL + LRU on the default preset and reports both', () => {
    const request = buildLoadRequest(
      draft(preset('teaching-slc-tiny'), { classicPolicy: { mapping: 'dftl', cache: 'lru' } }),
      schema,
    );
    expect(request.set).toEqual(['ftl.mapping=dftl', 'cache.policy=lru', 'cache.bytes=1048576']);
    const result = run(request);
    expect(result.host.read_requests + result.host.write_requests).toBe(2048); // 8 MiB / 4 KiB
    expect(result.ftl.mapping).toBe('dftl');
    // The 512 pages fit the 4096-entry mapping table: only cold misses, each
    // one translation page read, and every later lookup hits.
    expect(result.ftl.cmt.misses).toBeGreaterThan(400);
    expect(result.ftl.cmt.misses).toBeLessThanOrEqual(512);
    expect(result.ftl.translation_reads).toBe(result.ftl.cmt.misses);
    expect(result.ftl.cmt.hits).toBeGreaterThan(0);
    expect(result.cache).not.toBeNull();
    expect(result.cache!.policy).toBe('lru');
    expect(result.cache!.capacity_bytes).toBe(1048576);
    // Uniform picks (norandommap) over twice the cache: half the requests
    // hit once it is warm, a little less over the whole run (measured 0.46).
    const hitRate = result.cache!.hits / (result.cache!.hits + result.cache!.misses);
    expect(hitRate).toBeGreaterThan(0.35);
    expect(hitRate).toBeLessThan(0.55);
  });

  it('runs every mapping and cache the form offers (C-lash over block mapping)', () => {
    const device = preset('teaching-slc-tiny');
    for (const { value: mapping } of choicesAt(schema, 'ftl.mapping')) {
      const result = run(buildLoadRequest(draft(device, { classicPolicy: { mapping } }), schema));
      expect(result.ftl.mapping).toBe(mapping);
    }
    for (const { value: cache } of choicesAt(schema, 'cache.policy')) {
      const mapping = cache === 'clash' ? 'block' : 'page';
      const result = run(
        buildLoadRequest(draft(device, { classicPolicy: { mapping, cache } }), schema),
      );
      expect(result.cache?.policy ?? 'none').toBe(cache);
    }
  });

  it('needs the fixups on an SLC-cached drive with 4 KiB units, and runs with them', () => {
    const request = buildLoadRequest(
      draft(preset('teaching-qlc-slc'), { classicPolicy: { mapping: 'dftl', cache: 'lru' } }),
      schema,
    );
    expect(request.set).toContain('mapping_unit_bytes=16384');
    expect(request.set).toContain('slc_cache=null');
    const withoutFixups = request.set!.filter(
      (entry) => !entry.startsWith('mapping_unit_bytes=') && entry !== 'slc_cache=null',
    );
    expect(() => run({ ...request, set: withoutFixups })).toThrow(/slc_cache/);
    const result = run(request);
    expect(result.ftl.mapping).toBe('dftl');
    expect(result.cache?.policy).toBe('lru');
  });

  it('accepts the conflict controls the form sends, and they act', () => {
    const request = buildLoadRequest(
      draft(preset('teaching-slc-tiny'), {
        preconditionFill: 0.5,
        fioText: MIX_JOB.replace('rwmixread=50', 'rwmixread=90'),
        conflictPolicy: {
          suspendProgram: true,
          suspendUs: 12.5,
          suspendMaxPerOp: 2,
          readDisturb: true,
          readDisturbThresholds: { slc: 64 },
          staticWl: true,
          staticWlThreshold: 30,
        },
      }),
      schema,
    );
    const result = run(request);
    // Reads meet programs on the dies (measured 414 suspensions), and ~1800
    // reads over the 8 full blocks of the region pass 64 reads per block:
    // their data is moved (measured 100 units; the refresh count itself
    // rises only once a refreshed block is erased).
    expect(result.suspend.program_suspensions).toBeGreaterThan(100);
    expect(result.read_disturb.refreshed_units).toBeGreaterThan(0);
    const off = run(
      buildLoadRequest(draft(preset('teaching-slc-tiny'), { preconditionFill: 0.5 }), schema),
    );
    expect(off.suspend.program_suspensions).toBe(0);
    expect(off.read_disturb.refreshed_units).toBe(0);
  });
});
