"""A point the core rejects is retried, then kept as a failed row with the
core's error line; the other points are unaffected. Both engines."""
import json
import os

from conftest import fast_spec, read_rows, run_sweep_cli, write_spec
from test_example_spec import ray_processes
from test_resume import counting_wrapper, runs


def test_a_rejected_value_is_a_failed_row_with_the_core_error(binary, tmp_path):
    wrapper, log = counting_wrapper(tmp_path)
    spec = write_spec(tmp_path, fast_spec({"gc.victim": ["greedy", "bogus", "fifo"]}))
    out = tmp_path / "out"
    proc = run_sweep_cli(spec, out, "--json", flashscope=wrapper)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert (summary["ok"], summary["failed"]) == (2, 1)
    rows = read_rows(out)
    assert [r["status"] for r in rows] == ["ok", "failed", "ok"]
    failed = rows[1]
    assert failed["gc.victim"] == "bogus"
    assert 'unknown gc.victim "bogus"' in failed["error"]
    assert failed["waf"] is None and failed["iops"] is None
    assert rows[0]["waf"] > 1 and rows[2]["waf"] > 1
    # Two attempts for the rejected point, one for each other.
    assert runs(log) == 4
    with open(out / "points" / f"{failed['point']}.error.json", encoding="utf-8") as handle:
        error = json.load(handle)
    assert error["error"] == failed["error"] and error["attempts"] == 2
    assert not (out / "points" / f"{failed['point']}.json").exists()
    assert "FAILED" in proc.stderr and "## Failed points" in (out / "summary.md").read_text()


def test_on_ray_a_rejected_value_is_retried_then_a_failed_row(binary, tmp_path, server):
    """The same on the Ray engine (its own local cluster, one start-up),
    with the trace given by URL, so each Ray worker fetches it itself: the
    task that fails is retried by Ray once, then recorded as a failed row."""
    wrapper, log = counting_wrapper(tmp_path)
    cache = tmp_path / "cache"
    spec = write_spec(tmp_path, {
        "name": "ray failures",
        "base": {"device": "preset:teaching-slc-tiny", "trace": f"{server}/msr_hm0_sample.csv"},
        "grid": {"gc.victim": ["greedy", "bogus", "fifo"]},
    })
    out = tmp_path / "out"
    before = ray_processes()
    proc = run_sweep_cli(spec, out, "--engine", "ray", "--workers", "2", "--json", flashscope=wrapper,
                         env={"FLASHSCOPE_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    assert (json.loads(proc.stdout)["ok"], json.loads(proc.stdout)["failed"]) == (2, 1)
    rows = read_rows(out)
    assert [r["status"] for r in rows] == ["ok", "failed", "ok"]
    assert rows[1]["gc.victim"] == "bogus" and 'unknown gc.victim "bogus"' in rows[1]["error"]
    assert rows[1]["waf"] is None and rows[0]["host_requests"] == rows[2]["host_requests"] == 1000
    # Ray ran the rejected task twice (max_retries=1), each other once.
    assert runs(log) == 4
    with open(out / "points" / f"{rows[1]['point']}.error.json", encoding="utf-8") as handle:
        assert json.load(handle)["attempts"] == 2
    # The workers fetched the trace into their machine's cache, once.
    assert [name for name in os.listdir(next(cache.iterdir())) if not name.endswith(".lock")] == [
        "msr_hm0_sample.csv"
    ]
    assert ray_processes() == before, "the Ray engine left its local cluster running"
