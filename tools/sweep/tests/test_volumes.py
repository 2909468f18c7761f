"""`"volumes": "each"` on a real multi-volume trace: the Tencent CBS sample
(50,000 requests over 2,038 volumes) splits once into one drive per volume,
and the volumes' rows account for every request of the trace. Each volume
keeps the trace's one-second clock: its records spread across their
seconds, so no volume replays a second's records at once (1,870 of 2,038
volumes once ran in under 100 ms, a median of 373,860 IOPS)."""
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

    # n records of one second spread across it: the last arrives at
    # (n - 1) / n s, at least half a second in for n >= 2. So every volume
    # with two or more requests runs for half a second or more, and no
    # volume's IOPS exceed its requests over that half second.
    several = [row for row in rows if row["host_requests"] >= 2]
    assert len(several) > 1500
    assert min(row["sim_time_ms"] for row in several) >= 500
    assert all(row["iops"] <= row["host_requests"] / 0.5 for row in several)
    iops = sorted(row["iops"] for row in rows)
    assert iops[len(iops) // 2] < 100  # the median volume: a few requests a second
    summary = (out / "summary.md").read_text()
    assert "## Distribution over volumes" in summary and "| 2038 |" in summary

    # Run again: the split and every point are reused, nothing runs.
    split_mtime = os.path.getmtime(out / "volumes" / "volumes.json")
    again = run_sweep_cli(spec, out, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["ran"] == 0
    assert os.path.getmtime(out / "volumes" / "volumes.json") == split_mtime
    assert read_rows(out) == rows
