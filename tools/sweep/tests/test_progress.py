"""Progress lines: every failure, otherwise at most one a second, and the last."""
import io

from flashscope_sweep.progress import Progress


class Point:
    def __init__(self, n):
        self.n = n

    def label(self):
        return f"p{self.n}"


def test_one_line_a_second_plus_failures_and_the_last():
    now = [0.0]
    out = io.StringIO()
    progress = Progress(total=1000, reused=0, stream=out, clock=lambda: now[0])
    for i in range(1000):
        now[0] = i * 0.01  # 100 points a second, 10 s in all
        failed = i == 500
        progress.finished(Point(i), {"status": "failed" if failed else "ok", "error": "boom" if failed else None})
    lines = out.getvalue().splitlines()
    # The first, one per second after it (10 s), the failure, and the last.
    assert 10 <= len(lines) <= 13, lines
    assert any("p500: FAILED: boom" in line for line in lines)
    assert lines[-1].startswith("[1000/1000] 1 failed, ETA 0 s")
