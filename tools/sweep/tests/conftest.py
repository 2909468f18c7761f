"""Shared by the sweep tests: the real flashscope binary (no stand-in: the
tests check the sweep against what the simulator prints), the sweep run as
its CLI in a subprocess, and a small fast spec."""
import functools
import http.server
import json
import os
import subprocess
import sys
import threading

import pyarrow.parquet as pq
import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SWEEP_DIR = os.path.join(REPO, "tools", "sweep")
sys.path.insert(0, SWEEP_DIR)

REAL = os.path.normpath(os.path.join(REPO, "..", "shared", "traces", "real"))
BINARY = os.environ.get("FLASHSCOPE_BIN") or os.path.join(REPO, "packages", "sim-core", "build", "flashscope")


@pytest.fixture(scope="session")
def binary():
    if not os.access(BINARY, os.X_OK):
        pytest.fail(f"no flashscope binary at {BINARY}: build it first (scripts/build-native.sh)")
    return BINARY


def run_sweep_cli(spec, out, *args, flashscope=BINARY, env=None, start_new_session=False):
    """`python -m flashscope_sweep sweep SPEC --out OUT ARGS`; the CompletedProcess."""
    full_env = dict(os.environ, PYTHONPATH=SWEEP_DIR, **(env or {}))
    argv = [sys.executable, "-m", "flashscope_sweep", "sweep", str(spec), "--out", str(out)]
    argv += ["--flashscope", str(flashscope), *args]
    return subprocess.run(argv, capture_output=True, text=True, env=full_env, start_new_session=start_new_session)


def read_rows(out):
    """results.parquet's rows as dicts (wall_s dropped: the only column that
    is not deterministic)."""
    return pq.read_table(os.path.join(out, "results.parquet")).drop(["wall_s"]).to_pylist()


def write_spec(tmp_path, spec, name="spec.json"):
    path = tmp_path / name
    path.write_text(json.dumps(spec))
    return path


# 128 MiB of 4 KiB random writes on the 64 MiB SLC teaching drive: GC
# runs, so WAF and erases differ by victim and over-provisioning (greedy at
# 0.1: WAF 3.83; fifo at 0.1: 4.60); a few hundredths of a second a point.
FAST_JOB = "[w]\nrw=randwrite\nbs=4k\nio_size=128m\n"


def fast_spec(grid, **extra):
    return {
        "name": "fast",
        "base": {"device": "preset:teaching-slc-tiny", "fio_job": FAST_JOB},
        "grid": grid,
        **extra,
    }


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without a log line per request."""

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server():
    """http://127.0.0.1:PORT/ serving the real traces, in a thread."""
    handler = functools.partial(QuietHandler, directory=REAL)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()
