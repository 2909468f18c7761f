import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromDraft } from '../compare/compareConfig';
import { draftFromShared, sharedConfigOf } from '../share/shareConfig';
import { liveConfig } from '../runs/liveRecorder';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import {
  classicFixups,
  classicOverrides,
  effectiveClassicPolicy,
  withClassicChoice,
} from './classicPolicy';
import { choicesAt } from './deviceSchema';
import { buildLoadRequest, overridesOf } from './scenario';
import { checkScenario, draftFromScenario } from './scenarioFile';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');
const PRESET_IDS = (
  JSON.parse(
    readFileSync(new URL('../../../../public/presets/devices/index.json', import.meta.url), 'utf8'),
  ) as { devices: Array<{ id: string }> }
).devices.map((entry) => entry.id);
// Seed 002's drive as public/scenarios/clash-sequentiality.json has it: 2 KB pages, C-lash.
const CLASH_DEVICE = JSON.stringify(
  (
    JSON.parse(
      readFileSync(
        new URL('../../../../public/scenarios/clash-sequentiality.json', import.meta.url),
        'utf8',
      ),
    ) as { device: object }
  ).device,
);
const ZONED = JSON.stringify({ cell: 'tlc', zns: { max_open: 14 } });

const draft = (deviceText: string, patch: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...EMPTY_DRAFT,
  deviceText,
  fioText: '[a]\nrw=randwrite\n',
  ...patch,
});

/** The --set entries applied to a device object as the CLI's ApplyOverride does (dotted keys). */
function applySet(deviceText: string, set: string[]): Record<string, unknown> {
  const root = JSON.parse(deviceText) as Record<string, unknown>;
  for (const entry of set) {
    const at = entry.indexOf('=');
    const path = entry.slice(0, at).split('.');
    const text = entry.slice(at + 1);
    const value = text === 'null' ? null : Number.isFinite(Number(text)) ? Number(text) : text;
    let node = root;
    for (const key of path.slice(0, -1)) {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  return root;
}

describe('classic FTL and cache choices', () => {
  it("offers the core's mapping schemes and caches, each with the core's label", () => {
    // The selects list the schema's choices (no list of names in TypeScript):
    // the five schemes and five caches of seed 002, each labelled.
    const mappings = choicesAt(schema, 'ftl.mapping');
    const caches = choicesAt(schema, 'cache.policy');
    expect(mappings.map((c) => c.value).sort()).toEqual(['bast', 'block', 'dftl', 'fast', 'page']);
    expect(caches.map((c) => c.value).sort()).toEqual(['bplru', 'cflru', 'clash', 'lru', 'none']);
    for (const choice of [...mappings, ...caches]) expect(choice.label).toMatch(/\w/);
  });

  it('shows the device text under the user choices, over the core defaults', () => {
    // The default preset: 64 pages of 4 KiB per block, so C-lash's 2 blocks
    // + 128 pages are 1 MiB, the default size of the byte-sized caches.
    expect(effectiveClassicPolicy(draft(preset('teaching-slc-tiny')), schema)).toEqual({
      mapping: 'page',
      cmtEntries: 4096,
      logBlocks: 0,
      cache: 'none',
      cacheBytes: 1048576,
      blockSpaceBlocks: 2,
      pageSpacePages: 128,
      cflruWindowPages: 0,
    });
    // Seed 002's device: 2 KB pages, so the equal-size LRU is its 512 KB.
    const seed002 = effectiveClassicPolicy(
      draft(CLASH_DEVICE, { classicPolicy: { cache: 'lru' } }),
      schema,
    );
    expect(seed002).toMatchObject({ mapping: 'block', cache: 'lru', cacheBytes: 524288 });
    const fromText = effectiveClassicPolicy(
      draft(JSON.stringify({ ftl: { mapping: 'fast', log_blocks: 6 }, cache: { bytes: 65536 } })),
      schema,
    );
    expect(fromText).toMatchObject({ mapping: 'fast', logBlocks: 6, cacheBytes: 65536 });
  });

  it('sends DFTL + LRU on the default preset as three overrides, nothing to fix', () => {
    const chosen = draft(preset('teaching-slc-tiny'), {
      classicPolicy: { mapping: 'dftl', cache: 'lru' },
    });
    expect(classicOverrides(chosen, schema)).toEqual([
      'ftl.mapping=dftl',
      'cache.policy=lru',
      'cache.bytes=1048576',
    ]);
    expect(classicFixups(chosen, schema)).toBeNull();
    // Nothing chosen: nothing sent, on any preset.
    for (const id of PRESET_IDS) expect(classicOverrides(draft(preset(id)), schema)).toEqual([]);
  });

  it('makes every device preset a valid classic device, fixing only what it must', () => {
    const fixed: string[] = [];
    for (const id of PRESET_IDS) {
      const text = preset(id);
      const set = buildLoadRequest(
        draft(text, { classicPolicy: { mapping: 'dftl', cache: 'lru' } }),
        schema,
      ).set!;
      const device = applySet(text, set) as {
        geometry?: { page_bytes?: number };
        mapping_unit_bytes?: number;
        slc_cache?: unknown;
      };
      // The simulator's classic-device rules (device_config.cpp FindClassicProblem).
      expect(device.mapping_unit_bytes ?? 4096, id).toBe(device.geometry?.page_bytes ?? 16384);
      expect(device.slc_cache ?? null, id).toBeNull();
      const original = JSON.parse(text) as typeof device;
      const needsUnit = (original.mapping_unit_bytes ?? 4096) !== original.geometry?.page_bytes;
      expect(
        set.some((entry) => entry.startsWith('mapping_unit_bytes=')),
        id,
      ).toBe(needsUnit);
      expect(set.includes('slc_cache=null'), id).toBe(original.slc_cache != null);
      if (needsUnit || original.slc_cache != null) fixed.push(id);
    }
    // Most presets need a fix (16 KiB pages under 4 KiB units, SLC caches): not vacuous.
    expect(fixed).toEqual(
      expect.arrayContaining(['tlc-8g', 'teaching-qlc-slc', 'qlc-1tb-p1-like']),
    );
    expect(fixed).not.toContain('teaching-slc-tiny');
    // The fixups follow the SLC cache's own overrides, so slc_cache=null wins.
    const set = buildLoadRequest(
      draft(preset('teaching-qlc-slc'), {
        slcPolicy: { whenFull: 'fold-then-write' },
        classicPolicy: { mapping: 'bast' },
      }),
      schema,
    ).set!;
    expect(set.indexOf('slc_cache=null')).toBeGreaterThan(
      set.indexOf('slc_cache.when_full=fold-then-write'),
    );
    expect(
      classicFixups(draft(preset('qlc-128g-slc'), { classicPolicy: { cache: 'bplru' } }), schema),
    ).toEqual({ mappingUnitBytes: 16384, dropsSlcCache: true });
  });

  it('sends each size only where its scheme or cache uses it', () => {
    const sizes = { cmtEntries: 512, logBlocks: 8, cacheBytes: 65536, cflruWindowPages: 4 };
    const tiny = preset('teaching-slc-tiny');
    expect(
      classicOverrides(
        draft(tiny, { classicPolicy: { ...sizes, mapping: 'dftl', cache: 'cflru' } }),
        schema,
      ),
    ).toEqual([
      'ftl.mapping=dftl',
      'ftl.cmt_entries=512',
      'cache.policy=cflru',
      'cache.bytes=65536',
      'cache.cflru_window_pages=4',
    ]);
    expect(
      classicOverrides(
        draft(tiny, { classicPolicy: { ...sizes, mapping: 'fast', cache: 'bplru' } }),
        schema,
      ),
    ).toEqual(['ftl.mapping=fast', 'ftl.log_blocks=8', 'cache.policy=bplru', 'cache.bytes=65536']);
    // A usable cache.bytes in the text is not sent again unless the user changes it.
    const sized = JSON.stringify({
      geometry: { page_bytes: 4096 },
      mapping_unit_bytes: 4096,
      cache: { bytes: 65536 },
    });
    expect(classicOverrides(draft(sized, { classicPolicy: { cache: 'lru' } }), schema)).toEqual([
      'cache.policy=lru',
    ]);
  });

  it('keeps C-lash over block mapping, both ways', () => {
    expect(withClassicChoice({ mapping: 'dftl', cache: 'none' }, { cache: 'clash' })).toEqual({
      cache: 'clash',
      mapping: 'block',
    });
    expect(withClassicChoice({ mapping: 'block', cache: 'clash' }, { mapping: 'fast' })).toEqual({
      mapping: 'fast',
      cache: 'none',
    });
    expect(withClassicChoice({ mapping: 'block', cache: 'clash' }, { cache: 'lru' })).toEqual({
      cache: 'lru',
    });

    const store = createAppStore();

    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectScenario(draft(preset('teaching-slc-tiny')));
    config().setClassicPolicy({ cache: 'clash' });
    expect(effectiveClassicPolicy(config().draft, schema)).toMatchObject({
      mapping: 'block',
      cache: 'clash',
    });
    expect(classicOverrides(config().draft, schema)).toEqual([
      'ftl.mapping=block',
      'cache.policy=clash',
    ]);
    // Seed 002's scenario runs C-lash from its device text: picking DFTL drops the cache.
    config().selectScenario(draft(CLASH_DEVICE));
    config().setClassicPolicy({ mapping: 'dftl' });
    expect(classicOverrides(config().draft, schema)).toEqual([
      'ftl.mapping=dftl',
      'cache.policy=none',
    ]);
  });

  it('leaves a zoned drive alone', () => {
    const zoned = draft(ZONED, { classicPolicy: { mapping: 'dftl', cache: 'lru' } });
    expect(classicOverrides(zoned, schema)).toEqual([]);
    expect(classicFixups(zoned, schema)).toBeNull();
    const back = draftFromShared(
      { deviceText: ZONED, set: ['ftl.mapping=dftl'], fioText: 'j' },
      schema,
    );
    expect(back.classicPolicy).toEqual({});
    expect(back.workloadSet).toEqual(['ftl.mapping=dftl']);
  });

  it('round-trips through a shared link and a scenario file, fixups included', () => {
    const chosen = draft(preset('qlc-128g-slc'), {
      slcPolicy: { placement: 'hyflex' },
      classicPolicy: { mapping: 'dftl', cmtEntries: 1024, cache: 'lru', cacheBytes: 2097152 },
      workloadSet: ['seed=7'],
    });
    const shared = sharedConfigOf(chosen, schema);
    expect(shared.set).toEqual(
      expect.arrayContaining([
        'mapping_unit_bytes=16384',
        'slc_cache=null',
        'ftl.cmt_entries=1024',
      ]),
    );
    const back = draftFromShared(shared, schema);
    expect(back.classicPolicy).toEqual(chosen.classicPolicy);
    expect(back.slcPolicy).toEqual({ placement: 'hyflex' });
    // The fixups are the form's, regenerated: not kept as extra overrides.
    expect(back.workloadSet).toEqual(['seed=7']);
    expect(overridesOf(back, schema)).toEqual(overridesOf(chosen, schema));

    const set = {
      'ftl.mapping': 'fast',
      'ftl.log_blocks': 8,
      'cache.policy': 'bplru',
      'cache.bytes': 65536,
      mapping_unit_bytes: 16384,
      slc_cache: null,
      'cache.page_space_pages': 0, // not a size the form can show
    };
    const fromScenario = draftFromScenario(
      checkScenario({ device: {}, fio_job: 'j', set }, 's.json'),
      {
        scenarioId: 's',
        deviceText: preset('teaching-qlc-slc'),
        devicePresetId: null,
        fioText: 'j',
      },
      schema,
    );
    expect(fromScenario.classicPolicy).toEqual({
      mapping: 'fast',
      logBlocks: 8,
      cache: 'bplru',
      cacheBytes: 65536,
    });
    expect(fromScenario.workloadSet).toEqual(['cache.page_space_pages=0']);
    // A unit the classic device would not use stays an override, for the simulator to judge.
    const odd = draftFromShared(
      {
        deviceText: preset('teaching-qlc-slc'),
        set: ['ftl.mapping=dftl', 'mapping_unit_bytes=8192'],
        fioText: 'j',
      },
      schema,
    );
    expect(odd.workloadSet).toEqual(['mapping_unit_bytes=8192']);
  });

  it('travels into a compare and a saved run', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectScenario(draft(preset('tlc-8g')));
    config().setClassicPolicy({ mapping: 'dftl', cache: 'lru' });
    config().markApplied(config().draft);
    // tlc-8g: 192 pages of 16 KiB per block, so the equal-size cache is 8 MiB.
    const lines = [
      'ftl.mapping=dftl',
      'cache.policy=lru',
      'cache.bytes=8388608',
      'mapping_unit_bytes=16384',
    ];
    expect(configFromDraft(config().draft, schema, 'c1').overridesText.split('\n')).toEqual(lines);
    expect(liveConfig(store.getState())?.set).toEqual(lines);
  });

  it('offers a restart when the mapping or a size changes while a run is loaded', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectScenario(draft(preset('teaching-slc-tiny')));
    config().markApplied(config().draft);
    config().setClassicPolicy({ mapping: 'dftl' });
    expect(config().restartOffered).toBe(true);
    config().setClassicPolicy({ mapping: 'page' });
    expect(config().restartOffered).toBe(false);
    config().setClassicPolicy({ cache: 'lru', cacheBytes: 1048576 });
    expect(config().restartOffered).toBe(true);
    config().markApplied(config().draft);
    config().setClassicPolicy({ cacheBytes: 2097152 });
    expect(config().restartOffered).toBe(true);
  });
});
