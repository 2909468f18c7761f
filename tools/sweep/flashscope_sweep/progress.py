"""Progress on stderr: points done / total, failed so far, ETA from the rate
of the points run in this invocation (reused ones cost nothing). One line
per failed point (with the core's error) and otherwise at most one line a
second, plus the last: a sweep of thousands of small points (every volume
of a trace) reads in a log as a few dozen lines, not thousands."""
import sys
import time

REPORT_EVERY_S = 1.0


class Progress:
    def __init__(self, total, reused, stream=None, clock=time.monotonic):
        self.total = total
        self.done = reused
        self.ran = 0
        self.failed = 0
        self.clock = clock
        self.started = clock()
        self.reported = None  # when the last line was written
        self.stream = stream or sys.stderr  # looked up now: callers may redirect it
        if reused:
            print(f"sweep: {reused} of {total} points already in the output folder; running the rest", file=self.stream)

    def finished(self, point, row):
        self.done += 1
        self.ran += 1
        ok = row["status"] == "ok"
        if not ok:
            self.failed += 1
        now = self.clock()
        due = self.reported is None or now - self.reported >= REPORT_EVERY_S
        if ok and not due and self.done < self.total:
            return
        self.reported = now
        remaining = self.total - self.done
        eta = (now - self.started) / self.ran * remaining
        status = "ok" if ok else f"FAILED: {row['error']}"
        print(
            f"[{self.done}/{self.total}] {self.failed} failed, ETA {eta:.0f} s  {point.label()}: {status}",
            file=self.stream,
            flush=True,
        )
