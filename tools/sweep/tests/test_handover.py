"""`flashscope sweep` (the command the README documents) hands over to this
package: the same files and rows as `python -m flashscope_sweep`."""
import json
import os
import subprocess
import sys

from conftest import fast_spec, read_rows, run_sweep_cli, write_spec


def test_flashscope_sweep_runs_this_package(binary, tmp_path):
    spec = write_spec(tmp_path, fast_spec({"gc.victim": ["greedy", "fifo"], "overprovision": [0.1, 0.25]}))
    env = dict(os.environ, FLASHSCOPE_PYTHON=sys.executable)
    proc = subprocess.run(
        [binary, "sweep", str(spec), "--out", str(tmp_path / "cli"), "--workers", "2", "--json"],
        capture_output=True, text=True, env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ok"] == 4
    assert "[4/4] 0 failed" in proc.stderr
    module = run_sweep_cli(spec, tmp_path / "module")
    assert module.returncode == 0, module.stderr
    assert read_rows(tmp_path / "cli") == read_rows(tmp_path / "module")
    # The table and the summary, both written.
    assert (tmp_path / "cli" / "summary.md").read_text() == (tmp_path / "module" / "summary.md").read_text()
