// Writes public/traces/sample-oltp.msr.csv: a small synthetic block trace in
// the MSR Cambridge format for demos, so a class or a customer meeting can
// replay a trace without bringing one. It is made up, not recorded: an
// OLTP-like mix over three seconds (~1000 requests/s) — 8 KiB random reads and writes to a 2 GiB
// table region where a fifth of the pages take four fifths of the accesses,
// 64 KiB sequential writes to a 256 MiB log, and 64 KiB sequential scans of
// the table. Deterministic (mulberry32 seeded with 5).
//
//   node scripts/gen-sample-trace.mjs [OUT]
import { writeFileSync } from 'node:fs';

const out = process.argv[2] ?? new URL('../public/traces/sample-oltp.msr.csv', import.meta.url);

function mulberry32(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(5);
const KiB = 1024;
const MiB = 1024 * KiB;
const TABLE_BYTES = 2048 * MiB;
const LOG_START = TABLE_BYTES;
const LOG_BYTES = 256 * MiB;
const PAGE = 8 * KiB;
const TABLE_PAGES = TABLE_BYTES / PAGE;
const REQUESTS = 3000;
const MEAN_GAP_TICKS = 10_000; // 1 ms in 100 ns filetime ticks: ~1000 requests/s

// A table page: 80 % of accesses go to the first fifth of the pages.
const tablePage = () =>
  random() < 0.8
    ? Math.floor(random() * (TABLE_PAGES / 5))
    : Math.floor(TABLE_PAGES / 5 + random() * ((TABLE_PAGES * 4) / 5));

let ticks = 128166372000000000n; // 2007, like the MSR traces
let logOffset = 0;
let scanOffset = 0;
const lines = [];
for (let i = 0; i < REQUESTS; i++) {
  ticks += BigInt(Math.max(1, Math.round(-Math.log(1 - random()) * MEAN_GAP_TICKS)));
  const kind = random();
  let type, offset, size;
  if (kind < 0.4) {
    [type, offset, size] = ['Read', tablePage() * PAGE, PAGE];
  } else if (kind < 0.65) {
    [type, offset, size] = ['Write', tablePage() * PAGE, PAGE];
  } else if (kind < 0.9) {
    [type, offset, size] = ['Write', LOG_START + logOffset, 64 * KiB];
    logOffset = (logOffset + 64 * KiB) % LOG_BYTES;
  } else {
    [type, offset, size] = ['Read', scanOffset, 64 * KiB];
    scanOffset = (scanOffset + 64 * KiB) % TABLE_BYTES;
  }
  const response = 500 + Math.floor(random() * 20000);
  lines.push(`${ticks},oltp,0,${type},${offset},${size},${response}`);
}
writeFileSync(out, lines.join('\n') + '\n');
