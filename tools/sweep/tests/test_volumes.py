"""`"volumes": "each"` on a real multi-volume trace: the Tencent CBS sample
(50,000 requests over 2,038 volumes) splits once into one drive per volume,
and the volumes' rows account for every request of the trace."""
import json
import os
import subprocess

from conftest import REPO, read_rows, run_sweep_cli, write_spec

TRACE = os.path.normpath(os.path.join(REPO, "..", "shared", "traces", "real", "tencent_cbs_sample.csv.bz2"))


def test_each_volume_is_a_row_and_requests_sum_to_the_trace(binary, tmp_path):
    inspect = subprocess.run(
        [binary, "trace", "inspect", TRACE, "--format", "tencent", "--json"],
        capture_output=True, text=True, check=True,
    )
    trace = json.loads(inspect.stdout)
    spec = write_spec(tmp_path, {
        "name": "tencent volumes",
        "base": {"device": "preset:tlc-8g", "trace": TRACE, "format": "tencent"},
        "volumes": "each",
    })
    out = tmp_path / "out"
    proc = run_sweep_cli(spec, out, "--json")
    assert proc.returncode == 0, proc.stderr
    rows = read_rows(out)
    assert len(rows) == trace["volumes"] == 2038
    assert all(row["status"] == "ok" for row in rows)
    assert len({row["volume"] for row in rows}) == len(rows)
    assert sum(row["host_requests"] for row in rows) == trace["requests"] == 50000

    with open(out / "volumes" / "volumes.json", encoding="utf-8") as handle:
        split = json.load(handle)
    by_volume = {v["volume"]: v["requests"] for v in split["volumes"]}
    assert {row["volume"]: row["host_requests"] for row in rows} == by_volume
    summary = (out / "summary.md").read_text()
    assert "## Distribution over volumes" in summary and "| 2038 |" in summary

    # Run again: the split and every point are reused, nothing runs.
    split_mtime = os.path.getmtime(out / "volumes" / "volumes.json")
    again = run_sweep_cli(spec, out, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["ran"] == 0
    assert os.path.getmtime(out / "volumes" / "volumes.json") == split_mtime
    assert read_rows(out) == rows
