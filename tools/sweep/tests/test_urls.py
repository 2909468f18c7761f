"""Inputs by URL: a sweep whose trace is an http:// URL (served from
../shared/traces/real by a local http.server, no internet) or a file://
URI (through pyarrow.fs) gives the rows of the same sweep from the path; a
URL nobody serves is a failed row naming the URL, retried like a run."""
import hashlib
import json
import os

from conftest import REAL, read_rows, run_sweep_cli, write_spec
from flashscope_sweep.fetch import fetch
from test_resume import counting_wrapper, runs

MSR = os.path.join(REAL, "msr_hm0_sample.csv")
TENCENT = os.path.join(REAL, "tencent_cbs_sample.csv.bz2")


def msr_spec(trace):
    return {
        "name": "msr",
        "base": {"device": "preset:teaching-slc-tiny", "trace": trace},
        "grid": {"gc.victim": ["greedy", "fifo"]},
    }


def sweep_rows(tmp_path, name, spec, cache):
    out = tmp_path / name
    proc = run_sweep_cli(write_spec(tmp_path, spec, f"{name}.json"), out, "--json",
                         env={"FLASHSCOPE_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    return read_rows(out), out


def cached_files(cache):
    return sorted(
        os.path.join(root, name)
        for root, _, names in os.walk(cache)
        for name in names
        if not name.endswith((".lock", ".tmp"))
    )


def digest(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def test_trace_by_http_and_file_uri_gives_the_rows_of_the_path(binary, tmp_path, server):
    from_path, _ = sweep_rows(tmp_path, "path", msr_spec(MSR), tmp_path / "unused")
    assert [r["status"] for r in from_path] == ["ok", "ok"] and from_path[0]["host_requests"] == 1000
    assert not (tmp_path / "unused").exists()

    cache = tmp_path / "cache"
    from_http, out = sweep_rows(tmp_path, "http", msr_spec(f"{server}/msr_hm0_sample.csv"), cache)
    assert from_http == from_path
    # Fetched once into the cache under its own name (two points, one copy).
    [copy] = cached_files(cache)
    assert os.path.basename(copy) == "msr_hm0_sample.csv" and digest(copy) == digest(MSR)
    with open(out / "points" / f"{from_http[0]['point']}.json", encoding="utf-8") as handle:
        assert json.load(handle)["workload"] == copy

    file_cache = tmp_path / "file-cache"
    from_uri, _ = sweep_rows(tmp_path, "uri", msr_spec(f"file://{MSR}"), file_cache)
    assert from_uri == from_path
    [copy] = cached_files(file_cache)
    assert digest(copy) == digest(MSR)


def test_volumes_each_of_a_compressed_trace_by_url(binary, tmp_path, server):
    def spec(trace):
        return {
            "name": "tencent",
            "base": {"device": "preset:tlc-8g", "trace": trace, "format": "tencent",
                     "trace_options": {"max_requests": 1000}},
            "volumes": "each",
        }

    cache = tmp_path / "cache"
    from_path, _ = sweep_rows(tmp_path, "path", spec(TENCENT), cache)
    from_http, out = sweep_rows(tmp_path, "http", spec(f"{server}/tencent_cbs_sample.csv.bz2"), cache)
    assert len(from_path) > 1 and all(r["status"] == "ok" for r in from_path)
    assert sum(r["host_requests"] for r in from_path) == 1000
    assert from_http == from_path
    # The driver fetched the object once, still bz2, and split it into DIR.
    [copy] = cached_files(cache)
    assert copy.endswith("/tencent_cbs_sample.csv.bz2") and digest(copy) == digest(TENCENT)
    with open(out / "volumes" / "volumes.json", encoding="utf-8") as handle:
        assert json.load(handle)["source"] == copy


def test_an_unreachable_url_is_a_failed_row_naming_it(binary, tmp_path, server):
    wrapper, log = counting_wrapper(tmp_path)
    missing = f"{server}/no_such_trace.csv"
    spec = write_spec(tmp_path, {
        "name": "missing",
        "base": {"device": "preset:teaching-slc-tiny", "trace": missing},
        "grid": {"gc.victim": ["greedy"]},
    })
    out = tmp_path / "out"
    proc = run_sweep_cli(spec, out, "--json", flashscope=wrapper, env={"FLASHSCOPE_CACHE": str(tmp_path / "c")})
    assert proc.returncode == 0, proc.stderr
    [row] = read_rows(out)
    assert row["status"] == "failed"
    assert row["error"] == f"cannot fetch {missing}: HTTP 404 File not found"
    with open(out / "points" / f"{row['point']}.error.json", encoding="utf-8") as handle:
        assert json.load(handle)["attempts"] == 2
    assert runs(log) == 0  # the core never ran: there was nothing to give it
    assert cached_files(tmp_path / "c") == []


def test_a_url_with_nothing_listening_is_a_failed_row(binary, tmp_path):
    # A port that was just free: nothing answers, the connection is refused.
    import socket  # noqa: PLC0415

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/msr_hm0_sample.csv"
    spec = write_spec(tmp_path, msr_spec(url))
    out = tmp_path / "out"
    proc = run_sweep_cli(spec, out, "--json", env={"FLASHSCOPE_CACHE": str(tmp_path / "c")})
    assert proc.returncode == 0, proc.stderr
    rows = read_rows(out)
    assert [(r["status"], r["error"]) for r in rows] == [("failed", f"cannot fetch {url}: Connection refused")] * 2


def test_a_compressed_object_is_cached_as_stored(tmp_path):
    # pyarrow.fs would decompress a .bz2 by its suffix unless told not to;
    # the core reads the compressed copy itself.
    copy = fetch(f"file://{TENCENT}", str(tmp_path))
    assert os.path.basename(copy) == "tencent_cbs_sample.csv.bz2" and digest(copy) == digest(TENCENT)
    assert fetch(f"file://{TENCENT}", str(tmp_path)) == copy  # cached: the same file, not a second copy
    assert cached_files(tmp_path) == [copy]
