// The WebAssembly speed check of `npm run bench` (scripts/bench.sh): the
// native benchmark's first workload -- 4 KiB random writes at QD32 in GC
// steady state on the tlc-64g preset, after an untimed fill + 1x random
// precondition -- run once in the Node flavour of the wasm module and once
// in the native CLI, timing only the timed run in both (precondition and
// setup excluded). Prints simulated host writes per wall second for each and
// the wasm/native ratio (target >= 0.6).
//
// Then trace parsing: the whole inspection (format detection, every line
// parsed, the summary's counts, histograms and footprint) of a generated
// MSR-Cambridge trace (scripts/gen-msr-trace.mjs, written once to
// build/bench/ and reused), in wasm -- read through Module.fsReadTrace in
// the worker's 4 MiB chunks, here from a file descriptor -- and natively by
// `flashscope trace inspect`, timed as a whole; MB/s of trace text each and
// their ratio (targets: >= 200 MB/s native, >= 100 MB/s wasm).
//
// Then a zoned drive: public/scenarios/zns-placement.json (1 M cloud-block
// writes through the host FTL with BHB-DP placement, GC and zone resets in
// flash time), timed run in wasm and in the native CLI, with the ratio and
// whether the two 'zns' result objects agree.
//
// Then the classic FTL / write-cache drive (issue 7, seed 002):
// public/scenarios/clash-full-drive.json (C-lash on a full 128 MiB SLC
// drive), copied to a temporary file with its DiskSim workload raised to
// CLASSIC_REQUESTS requests (as flashscope_bench's BenchClassic), timed run
// in wasm and in the native CLI on that file: simulated host requests per
// wall second each, the ratio, and whether the results' 'ftl' and 'cache'
// objects and jobs[0].mean_response_us agree.
//
// Then the wasm heap against run length (issue 14): 1, 2 and 4 passes of
// 4 KiB random writes over a full 1.9 GiB TLC drive (tlc-8g cut to 48
// blocks per plane, as flashscope_bench's long-run section), each in a
// fresh Node process (wasm memory never shrinks), the heap size after the
// run. Prints; never asserts.
//
//   node packages/wasm/bench/bench-wasm.mjs [--ios N] [--native PATH|none]
//        [--presets DIR] [--glue PATH] [--msr-trace PATH] [--msr-mb N]
//        [--skip-run] [--skip-trace] [--skip-zns] [--skip-classic] [--skip-heap]
//
// Plain Node ESM on purpose: no build step beyond scripts/build-wasm.sh.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Buffer } from 'node:buffer';
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
    quick: false,
    msrMb: 256,
    msrTrace: null,
    run: true,
    trace: true,
    zns: true,
    classic: true,
    heap: true,
    heapChild: 0,
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
    else if (argv[i] === '--quick') {
      args.ios = 500_000;
      args.quick = true;
    } else if (argv[i] === '--msr-trace') args.msrTrace = resolve(value());
    else if (argv[i] === '--msr-mb') args.msrMb = Number(value());
    else if (argv[i] === '--skip-run') args.run = false;
    else if (argv[i] === '--skip-trace') args.trace = false;
    else if (argv[i] === '--skip-zns') args.zns = false;
    else if (argv[i] === '--skip-classic') args.classic = false;
    else if (argv[i] === '--skip-heap') args.heap = false;
    else if (argv[i] === '--heap-child') args.heapChild = Number(value());
    else throw new Error(`unknown option ${argv[i]}`);
  }
  args.msrTrace ??= join(repoRoot, `build/bench/msr-${args.msrMb}mb.csv`);
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

function runWasm(m, deviceJson, fioText, fioPath, sets, extraOptions = {}) {
  const options = JSON.stringify({
    series_interval_ms: 100,
    workload_name: fioPath,
    set: sets,
    ...extraOptions,
  });
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

// --- trace parsing ---------------------------------------------------------

/** The generated MSR trace, made once (deterministic, so reuse is safe). */
function ensureMsrTrace(path, megabytes) {
  if (existsSync(path) && statSync(path).size > 0) return;
  mkdirSync(dirname(path), { recursive: true });
  const generator = join(repoRoot, 'scripts/gen-msr-trace.mjs');
  // Written aside and renamed, so an interrupted run leaves no short file to reuse.
  const partial = `${path}.part`;
  const run = spawnSync(process.execPath, [generator, partial, String(megabytes)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`${generator} exited ${run.status}`);
  renameSync(partial, path);
}

/**
 * Inspects the trace in wasm as the worker does: fs_trace_open, then
 * fs_trace_scan in 4 MiB slices until done, bytes served by fsReadTrace
 * (here positional reads of a file descriptor, as FileReaderSync slices a
 * Blob). The name is the path, as the CLI cites it, so the summaries can be
 * compared. Returns wall and CPU seconds and the summary text.
 */
function inspectWasm(m, path) {
  const fd = openSync(path, 'r');
  const size = statSync(path).size;
  const input = 1;
  const scratch = Buffer.allocUnsafe(8 << 20);
  m.fsReadTrace = (id, offset, length) => {
    if (id !== input) throw new Error(`no trace input ${id}`);
    const bytes = length <= scratch.length ? scratch : Buffer.allocUnsafe(length);
    const got = readSync(fd, bytes, 0, length, offset);
    return bytes.subarray(0, got);
  };
  try {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const json = JSON.stringify({ input, name: path, size_bytes: size });
    const handle = withCString(m, json, (ptr) => m._fs_trace_open(ptr));
    if (handle === 0) throw lastError(m);
    let state;
    while ((state = m._fs_trace_scan(handle, 4 << 20)) === 0);
    if (state !== 1) throw lastError(m);
    const wallS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const summary = m.UTF8ToString(m._fs_trace_summary(handle));
    m._fs_trace_close(handle);
    return { wallS, cpuS: (cpu.user + cpu.system) / 1e6, summary };
  } finally {
    closeSync(fd);
  }
}

/** `flashscope trace inspect PATH --json`, timed by bash (wall and CPU). */
function inspectNative(cli, path, dir) {
  const out = join(dir, 'summary.json');
  const err = join(dir, 'inspect.err');
  const script =
    'TIMEFORMAT="%R %U %S"; { time "$0" trace inspect "$1" --json >"$2" 2>"$3"; } 2>&1';
  const run = spawnSync('bash', ['-c', script, cli, path, out, err], { encoding: 'utf8' });
  const times = run.stdout.trim().split(/\s+/).map(Number);
  if (run.status !== 0 || times.length !== 3 || times.some(Number.isNaN)) {
    throw new Error(`${cli} trace inspect failed: ${run.stdout}${readFileSync(err, 'utf8')}`);
  }
  // The CLI ends its JSON with a line break; fs_trace_summary does not.
  const summary = readFileSync(out, 'utf8').replace(/\n$/, '');
  return { wallS: times[0], cpuS: times[1] + times[2], summary };
}

/** The pass with the least wall time of `passes` (a loaded machine only slows). */
function best(passes, run) {
  let fastest = null;
  for (let i = 0; i < passes; ++i) {
    const pass = run();
    if (fastest === null || pass.wallS < fastest.wallS) fastest = pass;
  }
  return fastest;
}

function benchTraceParse(args, m) {
  ensureMsrTrace(args.msrTrace, args.msrMb);
  const megabytes = statSync(args.msrTrace).size / 1e6;
  const passes = args.quick ? 1 : 3;
  const rates = (pass) =>
    `${(megabytes / pass.wallS).toFixed(0)} MB/s (${megabytes.toFixed(0)} MB in ` +
    `${pass.wallS.toFixed(2)} s wall, best of ${passes}; ${(megabytes / pass.cpuS).toFixed(0)} ` +
    `MB/s of CPU time)`;
  console.log(`trace parse: inspecting ${args.msrTrace} (format detection, parsing, summary)`);
  const wasm = best(passes, () => inspectWasm(m, args.msrTrace));
  console.log(`trace parse (msr, wasm): ${rates(wasm)}; target >= 100`);
  if (args.native === 'none') return;
  const dir = mkdtempSync(join(tmpdir(), 'flashscope-bench-trace-'));
  try {
    const native = best(passes, () => inspectNative(resolve(args.native), args.msrTrace, dir));
    console.log(`trace parse (msr, native trace inspect): ${rates(native)}; target >= 200`);
    console.log(
      `trace parse wasm/native ratio: ${(native.wallS / wasm.wallS).toFixed(2)} wall, ` +
        `${(native.cpuS / wasm.cpuS).toFixed(2)} CPU (summaries ` +
        `${native.summary === wasm.summary ? 'byte-identical' : 'DIFFER'}, ` +
        `${JSON.parse(wasm.summary).requests} requests)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writesPerSecond(resultJson, seconds) {
  const writes = JSON.parse(resultJson).host.write_requests;
  return { writes, perSecond: writes / seconds };
}

function main() {
  const args = parseArgs(process.argv);
  const m = loadModule(args.glue);
  if (args.heapChild > 0) {
    heapChild(args, m);
    return;
  }
  if (args.run) benchRun(args, m);
  if (args.trace) benchTraceParse(args, m);
  if (args.zns) benchZns(args, m);
  if (args.classic) benchClassic(args, m);
  if (args.heap) benchHeap(args);
}

// The drive of the heap runs (flashscope_bench's long-run drive).
const HEAP_SETS = ['geometry.blocks_per_plane=48', 'overprovision=0.15', 'precondition.fill=1'];

// One run of `args.heapChild` passes in this process; prints its figures.
function heapChild(args, m) {
  const device = readFileSync(join(args.presets, 'tlc-8g.json'), 'utf8');
  const passes = args.heapChild;
  const fio = `[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap=1\nloops=${passes}\n`;
  const run = runWasm(m, device, fio, 'heap.fio', HEAP_SETS);
  const writes = JSON.parse(run.result).host.write_requests;
  console.log(JSON.stringify({ writes, runS: run.runS, heapBytes: m.HEAPU8.length }));
}

function benchHeap(args) {
  console.log(
    'wasm heap against run length: full 1.9 GiB TLC drive (tlc-8g, 48 blocks per plane, ' +
      '15 % OP), 4 KiB random writes at QD32, each run in a fresh process',
  );
  let first = 0;
  for (const passes of [1, 2, 4]) {
    const child = spawnSync(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--glue',
        args.glue,
        '--presets',
        args.presets,
        '--heap-child',
        String(passes),
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) {
      console.log(`  ${passes} passes: the run failed: ${child.stderr.trim()}`);
      continue;
    }
    const { writes, runS, heapBytes } = JSON.parse(child.stdout.trim().split('\n').pop());
    if (passes === 1) first = heapBytes;
    const mib = heapBytes / 2 ** 20;
    console.log(
      `  ${passes} pass${passes === 1 ? '' : 'es'}: ${writes} writes in ${runS.toFixed(2)} s, ` +
        `wasm heap ${mib.toFixed(1)} MiB (${((heapBytes / first - 1) * 100).toFixed(1)} % vs 1 pass)`,
    );
  }
}

// The zns-placement scenario, wasm vs the native CLI (timed run only).
function benchZns(args, m) {
  const scenarioPath = join(repoRoot, 'public/scenarios/zns-placement.json');
  const scenario = JSON.parse(readFileSync(scenarioPath, 'utf8'));
  const label = 'zoned drive, zns-placement scenario (1 M writes, host FTL, BHB-DP)';
  const wasm = runWasm(m, JSON.stringify(scenario.device), '', scenarioPath, [], {
    workload: scenario.workload,
  });
  const wasmZns = JSON.parse(wasm.result).zns;
  console.log(
    `wasm: ${label}: ${(wasmZns.user_write_bytes / 4096 / wasm.runS).toFixed(0)} user writes/s ` +
      `(${wasm.runS.toFixed(2)} s wall; host FTL WAF ${wasmZns.waf.toFixed(3)})`,
  );
  if (args.native === 'none') return;
  const run = spawnSync(resolve(args.native), ['run', '--scenario', scenarioPath, '--json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) throw new Error(`${args.native} exited ${run.status}: ${run.stderr}`);
  const match = /timed run ([\d.]+) s wall/.exec(run.stderr);
  if (!match) throw new Error(`no wall time in the CLI's stderr: ${run.stderr}`);
  const nativeS = Number(match[1]);
  const nativeZns = JSON.parse(run.stdout).zns;
  console.log(
    `native CLI, same scenario: ${(nativeZns.user_write_bytes / 4096 / nativeS).toFixed(0)} ` +
      `user writes/s (${nativeS.toFixed(2)} s wall)`,
  );
  const same = JSON.stringify(wasmZns) === JSON.stringify(nativeZns);
  console.log(
    `zoned wasm/native speed ratio: ${(nativeS / wasm.runS).toFixed(2)} (timed run only; ` +
      `zns results ${same ? 'identical' : 'DIFFER'})`,
  );
}

// clash-full-drive.json's workload size in benchClassic (the file has 20000):
// >= 0.3 s of wall time per run; flashscope_bench's kClassicRequests.
const CLASSIC_REQUESTS = 400_000;

function requestsPerSecond(result, seconds) {
  const requests = result.host.read_requests + result.host.write_requests;
  return `${(requests / seconds).toFixed(0)} simulated host requests/s`;
}

// The clash-full-drive scenario (C-lash), raised to CLASSIC_REQUESTS, wasm vs
// the native CLI (timed run only).
function benchClassic(args, m) {
  const scenario = JSON.parse(
    readFileSync(join(repoRoot, 'public/scenarios/clash-full-drive.json'), 'utf8'),
  );
  scenario.workload.num_requests = CLASSIC_REQUESTS;
  // The scenario's "set" values are JSON, as LoadScenario writes them out.
  const sets = Object.entries(scenario.set ?? {}).map(([key, v]) => `${key}=${JSON.stringify(v)}`);
  const dir = mkdtempSync(join(tmpdir(), 'flashscope-bench-classic-'));
  const scenarioPath = join(dir, 'clash-full-drive.json');
  writeFileSync(scenarioPath, JSON.stringify(scenario));
  try {
    const label =
      `classic drive, clash-full-drive scenario (C-lash, full 128 MiB SLC, ` +
      `${CLASSIC_REQUESTS} DiskSim requests)`;
    const wasm = runWasm(m, JSON.stringify(scenario.device), '', scenarioPath, sets, {
      workload: scenario.workload,
    });
    const wasmResult = JSON.parse(wasm.result);
    console.log(
      `wasm: ${label}: ${requestsPerSecond(wasmResult, wasm.runS)} ` +
        `(${wasm.runS.toFixed(2)} s wall; mean response ` +
        `${wasmResult.jobs[0].mean_response_us.toFixed(1)} us, ` +
        `${wasmResult.nand.block_erases} block erases)`,
    );
    if (args.native === 'none') return;
    const run = spawnSync(resolve(args.native), ['run', '--scenario', scenarioPath, '--json'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    if (run.status !== 0) throw new Error(`${args.native} exited ${run.status}: ${run.stderr}`);
    const match = /timed run ([\d.]+) s wall/.exec(run.stderr);
    if (!match) throw new Error(`no wall time in the CLI's stderr: ${run.stderr}`);
    const nativeS = Number(match[1]);
    const nativeResult = JSON.parse(run.stdout);
    console.log(
      `native CLI, same scenario: ${requestsPerSecond(nativeResult, nativeS)} ` +
        `(${nativeS.toFixed(2)} s wall)`,
    );
    const agree = (pick) => JSON.stringify(pick(wasmResult)) === JSON.stringify(pick(nativeResult));
    const same =
      agree((r) => r.ftl) && agree((r) => r.cache) && agree((r) => r.jobs[0].mean_response_us);
    console.log(
      `classic wasm/native speed ratio: ${(nativeS / wasm.runS).toFixed(2)} (timed run only; ` +
        `ftl, cache and mean response ${same ? 'identical' : 'DIFFER'})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function benchRun(args, m) {
  const deviceJson = readFileSync(join(args.presets, 'tlc-64g.json'), 'utf8');
  const sets = ['precondition.fill=1', 'precondition.random_writes=1'];
  const fioText =
    '[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap=1\n' + `number_ios=${args.ios}\n`;
  const dir = mkdtempSync(join(tmpdir(), 'flashscope-bench-'));
  const fioPath = join(dir, 'randwrite.fio');
  writeFileSync(fioPath, fioText);
  try {
    const label = '4 KiB random writes, GC steady state, 64 GiB TLC (QD32)';
    const wasm = runWasm(m, deviceJson, fioText, fioPath, sets);
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
