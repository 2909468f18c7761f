// The closing lines of `npm test` (scripts/test.sh): a table of every step
// and, last, the one line CI reads: "N passed, N failed" over all runners.
// Each check (a build, a formatter, a linter, a type check) counts as one
// test; GoogleTest, Vitest and Playwright count their tests from their JSON
// reports, pytest (the sweep engine, tools/sweep) from its JUnit XML. A runner that exited non-zero without a failing test in its
// report (it crashed, or a suite did not load) counts one failure. Exits 1
// if anything failed.
//
//   node scripts/test-summary.mjs REPORT_DIR   (REPORT_DIR/status.tsv + reports)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const reportDir = process.argv[2];
if (!reportDir) throw new Error('usage: node scripts/test-summary.mjs REPORT_DIR');

function readJson(name) {
  const file = path.join(reportDir, name);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Each returns { passed, failed, skipped } from a runner's report, or null.
const counters = {
  googletest() {
    const report = readJson('googletest.json');
    if (!report) return null;
    const failed = report.failures + report.errors;
    const skipped = report.disabled ?? 0;
    return { passed: report.tests - failed - skipped, failed, skipped };
  },
  vitest() {
    const report = readJson('vitest.json');
    if (!report) return null;
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  },
  pytest() {
    // JUnit XML (pytest's built-in --junitxml): the counts of its testsuite.
    const file = path.join(reportDir, 'pytest.xml');
    if (!existsSync(file)) return null;
    const suite = /<testsuite\b([^>]*)>/.exec(readFileSync(file, 'utf8'));
    if (!suite) return null;
    const count = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite[1])?.[1] ?? 0);
    const failed = count('failures') + count('errors');
    const skipped = count('skipped');
    return { passed: count('tests') - failed - skipped, failed, skipped };
  },
  playwright() {
    const report = readJson('playwright.json');
    if (!report?.stats) return null;
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  },
};

const steps = readFileSync(path.join(reportDir, 'status.tsv'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [kind, name, exitCode, seconds] = line.split('\t');
    return { kind, name, exitCode: Number(exitCode), seconds: Number(seconds) };
  });

const total = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
for (const step of steps) {
  let counts;
  let note = '';
  if (step.kind === 'check') {
    counts =
      step.exitCode === 0
        ? { passed: 1, failed: 0, skipped: 0 }
        : { passed: 0, failed: 1, skipped: 0 };
  } else {
    counts = counters[step.kind]?.() ?? { passed: 0, failed: 0, skipped: 0 };
    if (step.exitCode !== 0 && counts.failed === 0) {
      counts = { ...counts, failed: 1 };
      note = ` (exited ${step.exitCode} with no failing test reported)`;
    }
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  const outcome =
    step.kind === 'check'
      ? counts.failed
        ? 'FAILED'
        : 'ok'
      : `${counts.passed} ok, ${counts.failed} failed`;
  rows.push(`  ${step.name.padEnd(34)} ${outcome}${note} (${step.seconds} s)`);
}

console.log(rows.join('\n'));
const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 ? 1 : 0);
