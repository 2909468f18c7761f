// Writes a deterministic MSR Cambridge-format block trace of about SIZE_MB
// MiB for the parse-throughput benchmark (npm run bench): the wasm side
// (packages/wasm/bench/bench-wasm.mjs) parses this file, and
// flashscope_bench generates the same bytes in memory (bench_main.cpp,
// GenerateMsrTrace) — the two must stay in step.
//
//   node scripts/gen-msr-trace.mjs OUT.csv SIZE_MB
//
// Lines: "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime" with
// Windows filetime timestamps from 128166372003061629 (2007, as in the MSR
// traces) rising by 1000..100999 ticks, host "hm", disk 0 or 1, 70 % reads,
// 4 KiB-aligned offsets below 100 GiB, sizes 512 B .. 64 KiB, response
// times 100..100099 ticks. Random numbers: mulberry32 seeded with 1, so the
// file is the same on every machine. Lines are written until the file
// reaches SIZE_MB MiB (the last line crosses it).
import { openSync, writeSync, closeSync } from 'node:fs';

const [out, sizeArgument] = process.argv.slice(2);
const sizeMb = Number(sizeArgument);
if (!out || !(sizeMb > 0)) {
  console.error('usage: node scripts/gen-msr-trace.mjs OUT.csv SIZE_MB');
  process.exit(2);
}

function mulberry32(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const SIZES = [512, 4096, 8192, 16384, 65536];
const LOW_DIGITS = 1e11; // the timestamp as high * 1e11 + low: beyond 2^53 otherwise
const next = mulberry32(1);
const targetBytes = sizeMb * 1048576;
let high = 1281663;
let low = 72003061629;
let written = 0;
const fd = openSync(out, 'w');
let batch = [];
let batchBytes = 0;
while (written < targetBytes) {
  low += 1000 + (next() % 100000);
  if (low >= LOW_DIGITS) {
    high += 1;
    low -= LOW_DIGITS;
  }
  const type = next() % 10 < 7 ? 'Read' : 'Write';
  const offset = (next() % 26214400) * 4096;
  const size = SIZES[next() % SIZES.length];
  const disk = next() % 2;
  const response = 100 + (next() % 100000);
  const line = `${high}${String(low).padStart(11, '0')},hm,${disk},${type},${offset},${size},${response}\n`;
  batch.push(line);
  batchBytes += line.length;
  written += line.length;
  if (batchBytes >= 1 << 20) {
    writeSync(fd, batch.join(''));
    batch = [];
    batchBytes = 0;
  }
}
writeSync(fd, batch.join(''));
closeSync(fd);
console.log(`wrote ${out}: ${written} bytes`);
