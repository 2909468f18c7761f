// Tests of scripts/check-layers.mjs on tiny fixture trees, so that the layer
// check cannot silently pass everything: a back edge, a sideways edge and an
// unknown folder are each reported with file:line, a clean tree passes, and
// the command's exit status follows.
//   node --test scripts/check-layers.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { checkLayers, parseExceptions } from './check-layers.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-layers.mjs');
const LAYERS = { util: 0, nand: 3, engine: 5, cache: 6, ftl: 6, sim: 12 };
const roots = [];

// Writes `files` ({ 'folder/name.h': text }) under a fresh directory.
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-layers-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const CLEAN = {
  'util/json.h': '#pragma once\n#include <string>\n',
  'nand/layout.h': '#pragma once\n#include "util/json.h"\n',
  'engine/flash_engine.h':
    '#pragma once\n#include "nand/layout.h"\n#include "engine/sim_events.h"\n',
  'engine/sim_events.h': '#pragma once\n',
  'sim/simulator.cpp': '#include "engine/flash_engine.h"\n#include "ftl/ftl_state.h"\n',
  'ftl/ftl_state.h': '#pragma once\n#include "nand/layout.h"\n',
};

test('a tree whose includes all run down passes', () => {
  assert.deepEqual(checkLayers(tree(CLEAN), { layers: LAYERS }), []);
});

test('a back edge is reported with file:line and both layers', () => {
  const root = tree({
    ...CLEAN,
    'nand/flash_op.h': '#pragma once\n#include <cstdint>\n\n#include "engine/sim_events.h"\n',
  });
  assert.deepEqual(checkLayers(root, { layers: LAYERS }), [
    'nand/flash_op.h:4: folder nand (layer 3) includes engine/sim_events.h (layer 5 >= 3)',
  ]);
});

test('a sideways edge between folders of one layer is reported', () => {
  const root = tree({ ...CLEAN, 'ftl/gc/gc.cpp': '#include "cache/i_write_cache.h"\n' });
  assert.deepEqual(checkLayers(root, { layers: LAYERS }), [
    'ftl/gc/gc.cpp:1: folder ftl (layer 6) includes cache/i_write_cache.h (layer 6 >= 6)',
  ]);
});

test('tests are exempt: *_test.cpp, *_for_test.h and test_*.h include anything', () => {
  const root = tree({
    ...CLEAN,
    'nand/layout_test.cpp': '#include "sim/simulator.h"\n',
    'nand/layout_for_test.h': '#include "sim/simulator.h"\n',
    'nand/test_devices.h': '#include "sim/simulator.h"\n',
  });
  assert.deepEqual(checkLayers(root, { layers: LAYERS }), []);
});

test('a folder missing from the table fails, and so does an include of one', () => {
  const root = tree({ ...CLEAN, 'gadget/gadget.h': '#pragma once\n' });
  const withIncluder = tree({
    ...CLEAN,
    'gadget/gadget.h': '#pragma once\n',
    'sim/runner.cpp': '#include "gadget/gadget.h"\n',
  });
  assert.deepEqual(checkLayers(root, { layers: LAYERS }), [
    'gadget/: folder missing from the layer table',
  ]);
  assert.deepEqual(checkLayers(withIncluder, { layers: LAYERS }), [
    'gadget/: folder missing from the layer table',
    'sim/runner.cpp:1: includes gadget/gadget.h: folder gadget/ missing from the layer table',
  ]);
});

test('a listed exception is allowed; one no longer needed is reported', () => {
  const root = tree({ ...CLEAN, 'nand/flash_op.h': '#include "engine/sim_events.h"\n' });
  const exceptions = parseExceptions(
    '# known\nnand/flash_op.h -> engine/sim_events.h\nnand/layout.h -> sim/simulator.h\n',
  );
  assert.deepEqual(checkLayers(root, { layers: LAYERS, exceptions }), [
    'exception no longer needed (remove it): nand/layout.h -> sim/simulator.h',
  ]);
  assert.throws(() => parseExceptions('nand/flash_op.h engine/sim_events.h\n'), /file -> header/);
});

test('the command exits 1 listing the back edge, 0 on a clean tree', () => {
  // The command uses the real table: sched (layer 4) may not include sim.
  const bad = tree({
    'sched/i_die_scheduler.h': '#pragma once\n#include "sim/flash_op.h"\n',
    'sim/flash_op.h': '#pragma once\n',
  });
  const none = path.join(bad, 'no-exceptions.txt');
  const failed = spawnSync(process.execPath, [SCRIPT, '--src', bad, '--exceptions', none], {
    encoding: 'utf8',
  });
  assert.equal(failed.status, 1);
  assert.match(
    failed.stdout,
    /^sched\/i_die_scheduler\.h:2: folder sched \(layer 4\) includes sim\/flash_op\.h \(layer 12 >= 4\)$/m,
  );
  const good = tree({
    'nand/flash_op.h': '#pragma once\n',
    'sched/i_die_scheduler.h': '#pragma once\n#include "nand/flash_op.h"\n',
  });
  const passed = spawnSync(process.execPath, [SCRIPT, '--src', good, '--exceptions', none], {
    encoding: 'utf8',
  });
  assert.equal(passed.status, 0, passed.stdout);
});
