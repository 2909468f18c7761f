"""Spec errors name the file and the key, and come before any point runs."""
import os

import pytest

from conftest import FAST_JOB, fast_spec, run_sweep_cli, write_spec
from flashscope_sweep.points import make_points
from flashscope_sweep.spec import SpecError, load_spec, parse_spec


def spec_error(tmp_path, raw):
    path = write_spec(tmp_path, raw)
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message


@pytest.mark.parametrize(
    "raw, key, words",
    [
        ({**fast_spec({}), "grids": {}}, "grids", "unknown key"),
        ({"name": "x"}, "base", "missing"),
        ({"base": {"scenario": "nowhere.json"}}, "base.scenario", "no such file"),
        ({"base": {"scenario": "https://example.org/s.json"}}, "base.scenario", "needs a path"),
        ({"base": {"device": "preset:tlc-8g"}}, "base", "exactly one of"),
        ({"base": {"device": "preset:tlc-8g", "fio_job": FAST_JOB, "trace": "t.csv"}}, "base", "exactly one of"),
        (fast_spec({"overprovision": []}), "grid.overprovision", "non-empty list"),
        (fast_spec({"overprovision": [0.1, 0.1]}), "grid.overprovision", "twice"),
        (fast_spec({"gc": [{"victim": "fifo"}]}), "grid.gc", "not a number, string or boolean"),
        (fast_spec({"a": [1, 2], "b": [1]}, combine="zip"), "grid", "one length"),
        (fast_spec({}, combine="diagonal"), "combine", "\"cross\" or \"zip\""),
        (fast_spec({"seed": [1]}, sets={"seed": 2}), "sets.seed", "also swept"),
        (fast_spec({}, volumes="each"), "volumes", "needs a base \"trace\""),
        (fast_spec({}, volumes="all"), "volumes", "the only choice"),
    ],
)
def test_spec_errors_name_the_key(tmp_path, raw, key, words):
    message = spec_error(tmp_path, raw)
    assert f": {key}: " in message and words in message, message


def test_not_json_says_where(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"base": {"scenario": "a.json",}}')
    with pytest.raises(SpecError, match=r"broken.json: not JSON: .* line 1 column"):
        load_spec(path)


def test_paths_are_relative_to_the_spec(tmp_path, monkeypatch):
    (tmp_path / "inputs").mkdir()
    (tmp_path / "inputs" / "job.fio").write_text(FAST_JOB)
    monkeypatch.chdir("/")  # not the spec's folder
    spec = load_spec(write_spec(tmp_path, {"base": {"device": "preset:tlc-8g", "fio": "inputs/job.fio"}}))
    assert spec.base["fio"] == str(tmp_path / "inputs" / "job.fio")


def test_urls_are_kept_as_written(tmp_path):
    raw = {"base": {"device": "s3://bucket/d.json", "trace": "https://host/t.csv.bz2"}}
    spec = load_spec(write_spec(tmp_path, raw))
    assert spec.base == {"device": "s3://bucket/d.json", "trace": "https://host/t.csv.bz2", "trace_options": {}}


def test_cross_and_zip(tmp_path):
    grid = {"overprovision": [0.1, 0.2], "gc.victim": ["greedy", "fifo"]}
    crossed = make_points(parse_spec(fast_spec(grid), str(tmp_path / "s.json")))
    zipped = make_points(parse_spec(fast_spec(grid, combine="zip"), str(tmp_path / "s.json")))
    assert [p.label() for p in crossed] == [
        "overprovision=0.1 gc.victim=greedy",
        "overprovision=0.1 gc.victim=fifo",
        "overprovision=0.2 gc.victim=greedy",
        "overprovision=0.2 gc.victim=fifo",
    ]
    assert [p.label() for p in zipped] == ["overprovision=0.1 gc.victim=greedy", "overprovision=0.2 gc.victim=fifo"]


def test_a_key_typo_fails_before_any_run(binary, tmp_path):
    proc = run_sweep_cli(write_spec(tmp_path, fast_spec({"gc.victm": ["greedy"]})), tmp_path / "out")
    assert proc.returncode == 2
    assert 'grid.gc.victm: not a device key of `flashscope schema`; did you mean "gc.victim"?' in proc.stderr
    assert not (tmp_path / "out").exists()


def test_a_bad_fio_job_fails_before_any_run(binary, tmp_path):
    raw = {"base": {"device": "preset:tlc-8g", "fio_job": "[w]\nrw=sideways\n"}, "grid": {"overprovision": [0.1, 0.2]}}
    proc = run_sweep_cli(write_spec(tmp_path, raw), tmp_path / "out")
    assert proc.returncode == 2
    assert "base fio job: " in proc.stderr and "rw" in proc.stderr
    assert os.listdir(tmp_path / "out" / "points") == []
