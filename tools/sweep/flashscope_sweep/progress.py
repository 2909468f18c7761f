"""Progress on stderr, one line per finished point (it reads in a log and
in a terminal alike): points done / total, failed so far, ETA from the rate
of the points run in this invocation (reused ones cost nothing)."""
import sys
import time


class Progress:
    def __init__(self, total, reused, stream=None):
        self.total = total
        self.done = reused
        self.ran = 0
        self.failed = 0
        self.started = time.monotonic()
        self.stream = stream or sys.stderr  # looked up now: callers may redirect it
        if reused:
            print(f"sweep: {reused} of {total} points already in the output folder; running the rest", file=self.stream)

    def finished(self, point, row):
        self.done += 1
        self.ran += 1
        if row["status"] != "ok":
            self.failed += 1
        elapsed = time.monotonic() - self.started
        remaining = self.total - self.done
        eta = elapsed / self.ran * remaining
        status = "ok" if row["status"] == "ok" else f"FAILED: {row['error']}"
        print(
            f"[{self.done}/{self.total}] {self.failed} failed, ETA {eta:.0f} s  {point.label()}: {status}",
            file=self.stream,
            flush=True,
        )
