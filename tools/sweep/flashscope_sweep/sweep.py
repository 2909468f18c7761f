"""A sweep from spec to outputs: plan the points, skip those DIR already
holds, run the rest on an engine, then write results.parquet and summary.md."""
import os
import time

from . import core
from .local_engine import default_workers, run_local
from .parquet_out import results_table, write_results
from .points import make_points
from .progress import Progress
from .run_point import load_done
from .store import open_store, write_atomic
from .summary import summary_markdown


def default_presets(binary):
    """The repository's presets beside a build's binary
    (packages/sim-core/build/flashscope -> public/presets/devices)."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(binary)))))
    return os.path.join(repo, "public", "presets", "devices")


def point_argv(base, point, trace_format):
    if point.volume_file is not None:
        volume_file = os.path.join(base["_volumes_dir"], point.volume_file)
        argv = core.base_argv(base, volume_file, trace_format)
    else:
        argv = core.base_argv(base)
    return argv + core.set_argv(point.settings)


def run_sweep(spec, out_dir, binary, engine="local", workers=None, address=None, presets=None):
    """Runs (or resumes) a sweep; returns a summary dict for --json."""
    started = time.monotonic()
    out_dir = os.path.abspath(out_dir)
    binary = os.path.abspath(binary)
    presets = presets or default_presets(binary)
    core.check_set_keys(binary, spec)
    open_store(out_dir, spec)
    base = core.materialize_inputs(spec, out_dir)
    core.check_fio_job(binary, base, spec.sets)

    volumes, trace_format = None, None
    if spec.volumes == "each":
        base["_volumes_dir"] = os.path.join(out_dir, "volumes")
        index = core.split_trace(binary, base, base["_volumes_dir"])
        volumes, trace_format = index["volumes"], index["split_format"]
    points = make_points(spec, volumes)

    rows = {}
    jobs = []
    for point in points:
        row = load_done(out_dir, point)
        if row is not None:
            rows[point.id] = row
        else:
            jobs.append((point, point_argv(base, point, trace_format)))
    progress = Progress(len(points), len(rows))

    def on_done(point, row):
        rows[point.id] = row
        progress.finished(point, row)

    if engine == "ray":
        from .ray_engine import run_ray  # noqa: PLC0415 - Ray is imported only when used

        run_ray(jobs, out_dir, binary, on_done, address, presets, core.uses_preset(base), workers)
    else:
        run_local(jobs, out_dir, binary, on_done, workers or default_workers())

    parquet = write_results(out_dir, results_table(spec, points, rows))
    summary = summary_markdown(spec, points, rows)
    summary_path = os.path.join(out_dir, "summary.md")
    write_atomic(summary_path, summary)
    failed = sum(1 for row in rows.values() if row["status"] != "ok")
    return {
        "out": out_dir,
        "engine": engine,
        "points": len(points),
        "ok": len(points) - failed,
        "failed": failed,
        "ran": len(jobs),
        "reused": len(points) - len(jobs),
        "wall_s": time.monotonic() - started,
        "results": parquet,
        "summary": summary_path,
        "summary_text": summary,
    }
