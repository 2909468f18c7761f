#!/usr/bin/env node
// The core's one-way layers (issue 16 part 3), checked. Every folder of
// packages/sim-core/src sits in one layer below; a non-test source file may
// include headers of its own folder and of folders in LOWER layers only:
// never a higher layer, never another folder of its own layer. Tests
// (`*_test.cpp`, `*_for_test.h`, `test_*.h`) are exempt: they sit on top
// and link everything.
//
//   node scripts/check-layers.mjs [--src DIR] [--exceptions FILE]
//
// Prints one line per include that runs back up or sideways,
//   FILE:LINE: folder A (layer n) includes B/x.h (layer m >= n)
// and one per folder the table does not name, and exits 1 if there is any.
// The exceptions file lists known back edges ("file -> header", one a line,
// paths relative to --src, `#` comments) that other work in progress removes;
// an exception no longer needed is reported too, so the list only shrinks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The layer table, the one place it is written (the agreed layering of issue
// 16). Lower numbers are lower layers; a folder may include only its own
// folder and lower layers.
export const LAYERS = {
  // Leaf helpers with no domain knowledge: JSON, RNG, input errors.
  util: 0,
  // The deterministic event queue and the counters/histograms every part
  // records into: generic machinery, no device notions.
  kernel: 1,
  metrics: 1,
  // The device description (structs, descriptors, derived arithmetic): every
  // part above reads it, so it may know nothing about them.
  config: 2,
  // The physical flash: geometry, one flash operation, transfer times.
  nand: 3,
  // Die schedulers order flash operations; they know nand, not the engine.
  sched: 4,
  // The flash engine runs scheduled operations on the event queue.
  engine: 5,
  // The plug-in policies the drives are built from; siblings, so they do not
  // include each other.
  mapping: 6,
  cache: 6,
  ftl: 6,
  // Request generation: fio jobs and generators, and the vocabulary of one
  // host I/O (workload/request_source.h: IoOp, HostIo, IRequestSource).
  workload: 7,
  // Trace formats replay into that vocabulary (a TraceSource is an
  // IRequestSource), so trace sits just above workload rather than beside it
  // (the agreed table put both at L7; workload never needs trace).
  trace: 7.5,
  // The host side: issues requests from a source to a device front end.
  host: 8,
  // The one interface every drive kind implements.
  drive: 9,
  // The three drive kinds, each built from the plug-ins below; siblings.
  conventional: 10,
  classic: 10,
  zns: 10,
  // The whole device schema: core sections plus every plug-in's parameters
  // and the registries' choices, so it sits above everything it describes.
  schema: 11,
  // The simulator: picks the drive kind by name, builds the jobs.
  sim: 12,
  // Runs of many simulations, and scenario files.
  stability: 13,
  scenario: 13,
  // Result writers read everything a run produced.
  report: 14,
  // The entry points.
  api: 15,
  cli: 15,
  bench: 15,
};

const TEST_FILE = /(_test\.cpp|_for_test\.h)$|(^|\/)test_[^/]*\.h$/;
const SOURCE_FILE = /\.(h|cpp)$/;
const INCLUDE = /^\s*#\s*include\s*"([^"]+)"/;

function walk(dir, relative = '') {
  const files = [];
  for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walk(dir, child));
    else if (SOURCE_FILE.test(entry.name)) files.push(child);
  }
  return files.sort();
}

// Parses an exceptions file's text into a Set of "file -> header" keys.
export function parseExceptions(text) {
  const edges = new Set();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [file, header] = line.split('->').map((part) => part.trim());
    if (!file || !header) throw new Error(`bad exception line (want "file -> header"): ${raw}`);
    edges.add(`${file} -> ${header}`);
  }
  return edges;
}

// Checks the tree under srcDir against layers. Returns the problems as
// printable lines (empty when the tree obeys the table).
export function checkLayers(srcDir, { layers = LAYERS, exceptions = new Set() } = {}) {
  const problems = [];
  const used = new Set();
  const folders = readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    if (!(folder in layers)) problems.push(`${folder}/: folder missing from the layer table`);
  }
  for (const file of walk(srcDir)) {
    if (TEST_FILE.test(file) || !file.includes('/')) continue;
    const folder = file.split('/')[0];
    if (!(folder in layers)) continue; // reported above
    const layer = layers[folder];
    const lines = readFileSync(path.join(srcDir, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      const match = INCLUDE.exec(text);
      if (!match || !match[1].includes('/')) return;
      const header = match[1];
      const target = header.split('/')[0];
      if (target === folder) return;
      const where = `${file}:${index + 1}`;
      if (!(target in layers)) {
        problems.push(
          `${where}: includes ${header}: folder ${target}/ missing from the layer table`,
        );
        return;
      }
      if (layers[target] < layer) return;
      const key = `${file} -> ${header}`;
      if (exceptions.has(key)) {
        used.add(key);
        return;
      }
      problems.push(
        `${where}: folder ${folder} (layer ${layer}) includes ${header} (layer ${layers[target]} >= ${layer})`,
      );
    });
  }
  for (const key of exceptions) {
    if (!used.has(key)) problems.push(`exception no longer needed (remove it): ${key}`);
  }
  return problems;
}

function main(argv) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let srcDir = path.join(root, 'packages/sim-core/src');
  let exceptionsFile = path.join(root, 'scripts/layer-exceptions.txt');
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === '--src') srcDir = path.resolve(argv[i + 1]);
    else if (argv[i] === '--exceptions') exceptionsFile = path.resolve(argv[i + 1]);
    else {
      console.error(
        `usage: check-layers.mjs [--src DIR] [--exceptions FILE] (unknown: ${argv[i]})`,
      );
      return 2;
    }
  }
  const exceptions = existsSync(exceptionsFile)
    ? parseExceptions(readFileSync(exceptionsFile, 'utf8'))
    : new Set();
  const problems = checkLayers(srcDir, { exceptions });
  for (const problem of problems) console.log(problem);
  if (problems.length) {
    console.log(`${problems.length} layer problem(s) in ${srcDir}`);
    return 1;
  }
  console.log(`core layers: every include runs down (${exceptions.size} known exception(s))`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)));
}
