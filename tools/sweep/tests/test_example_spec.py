"""The example spec (public/sweeps/zns-placements-op.json), locally and on a
local Ray cluster, gives the rows that running each point with `flashscope
run` gives: the sweep adds nothing and loses nothing."""
import json
import os
import subprocess

import pyarrow.parquet as pq
import ray

from conftest import REPO, read_rows, run_sweep_cli
from flashscope_sweep.metrics import METRIC_COLUMNS, extract_metrics

EXAMPLE = os.path.join(REPO, "public", "sweeps", "zns-placements-op.json")
PLACEMENTS = ["normal", "warcip", "sepbit", "bhbdp_pre", "bhbdp", "fk", "zbopt"]


def direct_rows(binary):
    """Each point of the example run by hand, in the sweep's order."""
    with open(EXAMPLE, encoding="utf-8") as handle:
        spec = json.load(handle)
    scenario = os.path.normpath(os.path.join(os.path.dirname(EXAMPLE), spec["base"]["scenario"]))
    rows = []
    for overprovision in spec["grid"]["overprovision"]:
        for placement in spec["grid"]["zns.placement"]:
            argv = [binary, "run", "--scenario", scenario, "--set", f"overprovision={overprovision}"]
            argv += ["--set", f"zns.placement={placement}", "--json"]
            result = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)
            metrics = extract_metrics(result)
            del metrics["wall_s"]
            rows.append({"overprovision": float(overprovision), "zns.placement": placement, "raw": result, **metrics})
    return rows


def ray_processes():
    """Pids of the processes running this venv's Ray (raylet, GCS, agents,
    workers): another checkout's Ray runs from another path."""
    ray_package = os.path.join(os.path.dirname(ray.__file__), "").encode()
    pids = set()
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                cmdline = handle.read()
        except OSError:
            continue
        if ray_package in cmdline:
            pids.add(pid)
    return pids


def check_against_direct(rows, direct):
    assert len(rows) == 14
    assert [r["status"] for r in rows] == ["ok"] * 14
    for row, expected in zip(rows, direct):
        assert row["overprovision"] == expected["overprovision"]
        assert row["zns.placement"] == expected["zns.placement"]
        assert row["error"] is None and row["volume"] is None
        for metric in METRIC_COLUMNS[:-1]:
            assert row[metric] == expected[metric], metric
        # The figures a reader looks for, straight from the core's JSON.
        raw = expected["raw"]
        assert row["waf"] == raw["waf"]
        assert row["zns_gc_bytes"] == raw["zns"]["gc_write_bytes"]
        assert row["zns_gc_count"] == raw["zns"]["gc_count"]
        assert row["host_write_bytes"] == raw["host"]["write_bytes"]


def test_example_local_and_ray_match_direct_runs(binary, tmp_path):
    direct = direct_rows(binary)
    # What the spec's description says: at both levels the WAF falls in
    # PLACEMENTS' order (Normal ... FK, ZB-OPT), ZB-OPT within 5 % of 1, and
    # the spare fraction moves each policy's WAF by only a few percent.
    wafs = {level: {r["zns.placement"]: r["zns_waf"] for r in direct if r["overprovision"] == level}
            for level in (0.35, 0.5)}
    for by_placement in wafs.values():
        assert sorted(by_placement, key=by_placement.get, reverse=True) == PLACEMENTS
        assert by_placement["zbopt"] < 1.05
    for placement in PLACEMENTS:
        assert abs(wafs[0.5][placement] / wafs[0.35][placement] - 1) < 0.05, placement

    local = run_sweep_cli(EXAMPLE, tmp_path / "local", "--workers", "2", "--json")
    assert local.returncode == 0, local.stderr
    summary = json.loads(local.stdout)
    assert (summary["points"], summary["ok"], summary["failed"], summary["ran"]) == (14, 14, 0, 14)
    local_rows = read_rows(tmp_path / "local")
    check_against_direct(local_rows, direct)
    # Each point's full result JSON is kept beside the table.
    for row in local_rows:
        with open(tmp_path / "local" / "points" / f"{row['point']}.json", encoding="utf-8") as handle:
            assert json.load(handle)["zns"]["placement"] == row["zns.placement"]

    table = pq.read_table(tmp_path / "local" / "results.parquet")
    metadata = table.schema.metadata
    assert json.loads(metadata[b"flashscope.swept"]) == ["overprovision", "zns.placement"]
    assert json.loads(metadata[b"flashscope.metrics"]) == METRIC_COLUMNS
    with open(EXAMPLE, encoding="utf-8") as handle:
        assert json.loads(metadata[b"flashscope.spec"]) == json.load(handle)
    assert all(wall > 0 for wall in table.column("wall_s").to_pylist())

    summary_md = (tmp_path / "local" / "summary.md").read_text()
    assert "| placement | WAF | GC volume (GB) | GC count / best |" in summary_md
    # ZB-OPT tops both placement tables (sorted by WAF), the best GC count.
    placement_rows = [line for line in summary_md.splitlines() if line.startswith("| zbopt | ")]
    assert len(placement_rows) == 2 and all(line.endswith("| 1.00 |") for line in placement_rows)

    before = ray_processes()
    on_ray = run_sweep_cli(EXAMPLE, tmp_path / "ray", "--engine", "ray", "--json")
    assert on_ray.returncode == 0, on_ray.stderr
    assert json.loads(on_ray.stdout)["ok"] == 14
    ray_rows = read_rows(tmp_path / "ray")
    assert ray_rows == local_rows
    assert sorted(os.listdir(tmp_path / "ray" / "points")) == sorted(os.listdir(tmp_path / "local" / "points"))
    assert ray_processes() == before, "the Ray engine left its local cluster running"
