// The WebAssembly speed check of `npm run bench` (scripts/bench.sh): the
// native benchmark's first workload -- 4 KiB random writes at QD32 in GC
// steady state on the tlc-64g preset, after an untimed fill + 1x random
// precondition -- run once in the Node flavour of the wasm module and once
// in the native CLI, timing only the timed run in both (precondition and
// setup excluded). Prints simulated host writes per wall second for each and
// the wasm/native ratio (target >= 0.6). Prints; never asserts.
//
//   node packages/wasm/bench/bench-wasm.mjs [--ios N] [--native PATH|none]
//        [--presets DIR] [--glue PATH]
//
// Plain Node ESM on purpose: no build step beyond scripts/build-wasm.sh.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');

function parseArgs(argv) {
  const args = {
    ios: 2_000_000,
    native: join(repoRoot, 'packages/sim-core/build/flashscope'),
    presets: join(repoRoot, 'public/presets/devices'),
    glue: join(repoRoot, 'packages/wasm/dist/flashscope.node.cjs'),
  };
  for (let i = 2; i < argv.length; ++i) {
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
      return argv[++i];
    };
    if (argv[i] === '--ios') args.ios = Number(value());
    else if (argv[i] === '--native') args.native = value();
    else if (argv[i] === '--presets') args.presets = resolve(value());
    else if (argv[i] === '--glue') args.glue = resolve(value());
    else if (argv[i] === '--quick') args.ios = 500_000;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return args;
}

// The Emscripten module, instantiated synchronously (the .cjs flavour is
// built with SINGLE_FILE and WASM_ASYNC_COMPILATION=0).
function loadModule(gluePath) {
  const factory = createRequire(import.meta.url)(gluePath);
  const module = {};
  factory(module);
  if (typeof module._fs_create !== 'function') throw new Error(`${gluePath}: no fs_create`);
  return module;
}

function withCString(m, text, body) {
  const bytes = m.lengthBytesUTF8(text) + 1;
  const ptr = m._malloc(bytes);
  m.stringToUTF8(text, ptr, bytes);
  try {
    return body(ptr);
  } finally {
    m._free(ptr);
  }
}

function lastError(m) {
  return new Error(m.UTF8ToString(m._fs_last_error()));
}

function runWasm(m, deviceJson, fioText, fioPath, sets) {
  const options = JSON.stringify({ series_interval_ms: 100, workload_name: fioPath, set: sets });
  const t0 = performance.now();
  const session = withCString(m, deviceJson, (d) =>
    withCString(m, fioText, (f) => withCString(m, options, (o) => m._fs_create(d, f, o))),
  );
  if (session === 0) throw lastError(m);
  if (m._fs_precondition(session) !== 0) throw lastError(m);
  const t1 = performance.now();
  // One call, as the CLI's RunToCompletion: the timed part only.
  if (m._fs_advance(session, Infinity, Infinity) !== 2) throw lastError(m);
  const t2 = performance.now();
  const resultPtr = m._fs_result_json(session);
  if (resultPtr === 0) throw lastError(m);
  const result = m.UTF8ToString(resultPtr);
  m._fs_destroy(session);
  return { preconditionS: (t1 - t0) / 1000, runS: (t2 - t1) / 1000, result };
}

function runNative(cli, presets, fioPath, sets) {
  const args = ['run', '--device', 'preset:tlc-64g', '--presets', presets, '--fio', fioPath];
  for (const set of sets) args.push('--set', set);
  args.push('--json');
  const run = spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`${cli} exited ${run.status}: ${run.stderr}`);
  // "flashscope: setup+precondition X s, timed run Y s wall (...)"
  const match = /setup\+precondition ([\d.]+) s, timed run ([\d.]+) s wall/.exec(run.stderr);
  if (!match) throw new Error(`no wall times in the CLI's stderr: ${run.stderr}`);
  return { preconditionS: Number(match[1]), runS: Number(match[2]), result: run.stdout };
}

function writesPerSecond(resultJson, seconds) {
  const writes = JSON.parse(resultJson).host.write_requests;
  return { writes, perSecond: writes / seconds };
}

function main() {
  const args = parseArgs(process.argv);
  const deviceJson = readFileSync(join(args.presets, 'tlc-64g.json'), 'utf8');
  const sets = ['precondition.fill=1', 'precondition.random_writes=1'];
  const fioText =
    '[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap=1\n' + `number_ios=${args.ios}\n`;
  const dir = mkdtempSync(join(tmpdir(), 'flashscope-bench-'));
  const fioPath = join(dir, 'randwrite.fio');
  writeFileSync(fioPath, fioText);
  try {
    const label = '4 KiB random writes, GC steady state, 64 GiB TLC (QD32)';
    const wasm = runWasm(loadModule(args.glue), deviceJson, fioText, fioPath, sets);
    const w = writesPerSecond(wasm.result, wasm.runS);
    console.log(
      `wasm (Node ${process.versions.node}): ${label}: ${w.perSecond.toFixed(0)} simulated host ` +
        `writes/s (${w.writes} writes in ${wasm.runS.toFixed(2)} s wall; precondition ` +
        `${wasm.preconditionS.toFixed(1)} s)`,
    );
    if (args.native === 'none') return;
    args.native = resolve(args.native);
    const native = runNative(args.native, args.presets, fioPath, sets);
    const n = writesPerSecond(native.result, native.runS);
    console.log(
      `native CLI, same workload: ${n.perSecond.toFixed(0)} simulated host writes/s ` +
        `(${n.writes} writes in ${native.runS.toFixed(2)} s wall; precondition ` +
        `${native.preconditionS.toFixed(1)} s)`,
    );
    const ratio = w.perSecond / n.perSecond;
    console.log(
      `wasm/native speed ratio: ${ratio.toFixed(2)} (target >= 0.6; timed run only, ` +
        `results ${wasm.result === native.result ? 'byte-identical' : 'DIFFER'})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
