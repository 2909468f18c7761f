"""A point the core rejects is retried, then kept as a failed row with the
core's error line; the other points are unaffected."""
import json

from conftest import fast_spec, read_rows, run_sweep_cli, write_spec
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
