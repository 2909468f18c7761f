"""`python -m flashscope_sweep bench`: the sweep engine's speed, for
`npm run bench` (scripts/bench.sh): points per minute on 1 and 2 local
workers (scaling), and the overhead a point pays for being in a sweep
(planning, the process pool, writing its files, Parquet, the summary)
against running the same points with a bare `flashscope run`, one after
another. Printed, not asserted: the figures depend on the machine."""
import contextlib
import io
import os
import subprocess
import tempfile
import time

from . import core
from .points import make_points
from .spec import load_spec
from .sweep import point_argv, run_sweep


def _timed_sweep(spec, binary, workers):
    with tempfile.TemporaryDirectory(prefix="flashscope-sweep-bench-") as out:
        with contextlib.redirect_stderr(io.StringIO()):
            started = time.monotonic()
            result = run_sweep(spec, out, binary, "local", workers)
        wall_s = time.monotonic() - started
    if result["failed"]:
        raise RuntimeError(f"{result['failed']} points failed: see the spec")
    return wall_s


def _bare_runs(spec, binary):
    """Every point of the (non per-volume) spec with the bare binary."""
    with tempfile.TemporaryDirectory(prefix="flashscope-sweep-bench-") as inputs:
        base = core.materialize_inputs(spec, inputs)
        points = make_points(spec)
        started = time.monotonic()
        for point in points:
            argv = [binary] + point_argv(base, point, None) + ["--json"]
            subprocess.run(argv, capture_output=True, check=True)
        return time.monotonic() - started, len(points)


def bench(spec_path, binary):
    spec = load_spec(spec_path)
    binary = os.path.abspath(binary)
    bare_s, points = _bare_runs(spec, binary)
    one_s = _timed_sweep(spec, binary, 1)
    two_s = _timed_sweep(spec, binary, 2)
    print(f"Sweep engine (local), {os.path.relpath(spec_path)}: {points} points")
    print(f"sweep, 1 worker: {points / one_s * 60:.0f} points/min ({one_s:.2f} s wall)")
    print(
        f"sweep, 2 workers: {points / two_s * 60:.0f} points/min ({two_s:.2f} s wall; "
        f"scaling {one_s / two_s:.2f}x over 1 worker)"
    )
    overhead_ms = (one_s - bare_s) / points * 1000
    print(
        f"bare flashscope run of the same points, one after another: {bare_s:.2f} s "
        f"({bare_s / points * 1000:.0f} ms a point); sweep overhead {overhead_ms:.0f} ms a point "
        f"({(one_s - bare_s) / bare_s * 100:.0f} % of a bare run; 1 worker)"
    )
