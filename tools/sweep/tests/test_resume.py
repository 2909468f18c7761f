"""An interrupted sweep resumes: killed after some points, run again it runs
only the points DIR lacks. The runs are counted by a wrapper around the real
binary, which also does the killing (the whole sweep's process group, at a
chosen run), so the test needs no timing."""
import json
import os
import stat

from conftest import BINARY, fast_spec, read_rows, run_sweep_cli, write_spec

GRID = {"gc.victim": ["greedy", "fifo", "cost_benefit"], "overprovision": [0.1, 0.25]}


def counting_wrapper(tmp_path):
    log = tmp_path / "runs.log"
    wrapper = tmp_path / "flashscope"
    wrapper.write_text(
        "#!/bin/bash\n"
        'if [ "$1" = run ] && [ "${*: -1}" = --json ]; then\n'
        f'  echo run >>"{log}"\n'
        f'  n=$(wc -l <"{log}")\n'
        '  if [ -n "$KILL_AT_RUN" ] && [ "$n" -ge "$KILL_AT_RUN" ]; then\n'
        '    kill -KILL -- -"$(ps -o pgid= $$ | tr -d " ")"\n'
        "  fi\n"
        "fi\n"
        f'exec "{BINARY}" "$@"\n'
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    return wrapper, log


def runs(log):
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_killed_sweep_runs_only_the_missing_points(binary, tmp_path):
    wrapper, log = counting_wrapper(tmp_path)
    spec = write_spec(tmp_path, fast_spec(GRID))
    out = tmp_path / "out"
    # The 4th run kills the sweep (driver, pool, runs): 3 points were done.
    killed = run_sweep_cli(spec, out, "--workers", "1", flashscope=wrapper,
                           env={"KILL_AT_RUN": "4"}, start_new_session=True)
    assert killed.returncode == -9
    assert not (out / "results.parquet").exists()
    done = [name for name in os.listdir(out / "points") if not name.endswith((".meta.json", ".error.json", ".tmp"))]
    assert len(done) == 3 and runs(log) == 4

    log.unlink()
    resumed = run_sweep_cli(spec, out, "--workers", "2", "--json", flashscope=wrapper)
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert (summary["points"], summary["reused"], summary["ran"], summary["ok"]) == (6, 3, 3, 6)
    assert runs(log) == 3
    assert "3 of 6 points already in the output folder" in resumed.stderr

    # The same rows as a sweep that was never interrupted.
    fresh = run_sweep_cli(spec, tmp_path / "fresh")
    assert fresh.returncode == 0, fresh.stderr
    assert read_rows(out) == read_rows(tmp_path / "fresh")
    wafs = {(r["gc.victim"], r["overprovision"]): r["waf"] for r in read_rows(out)}
    # The figures conftest's FAST_JOB comment gives.
    assert (round(wafs[("greedy", 0.1)], 2), round(wafs[("fifo", 0.1)], 2)) == (3.83, 4.60)


def test_a_point_whose_settings_change_gets_a_new_id(tmp_path):
    from flashscope_sweep.points import make_points
    from flashscope_sweep.spec import parse_spec

    first = make_points(parse_spec(fast_spec(GRID), str(tmp_path / "a.json")))
    changed = make_points(parse_spec(fast_spec(GRID, sets={"seed": 2}), str(tmp_path / "a.json")))
    again = make_points(parse_spec(fast_spec(GRID), str(tmp_path / "b.json")))
    assert [p.id for p in first] == [p.id for p in again]
    assert len({p.id for p in first}) == 6
    assert not {p.id for p in first} & {p.id for p in changed}


def test_a_folder_refuses_another_spec(binary, tmp_path):
    out = tmp_path / "out"
    first = run_sweep_cli(write_spec(tmp_path, fast_spec({"overprovision": [0.25]})), out)
    assert first.returncode == 0, first.stderr
    other = write_spec(tmp_path, fast_spec({"overprovision": [0.1]}), name="other.json")
    refused = run_sweep_cli(other, out)
    assert refused.returncode == 2
    assert "holds a sweep started with another spec" in refused.stderr
    assert "name a new --out folder" in refused.stderr
