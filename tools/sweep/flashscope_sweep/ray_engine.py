"""The Ray engine: one Ray task per point on a cluster (`--address`) or on a
local cluster Ray starts itself (no address: how the tests run it).

The simulator reaches the workers the way Ray ships code: a runtime_env
py_module built in a scratch folder (uploaded at ray.init) holding the binary and the device presets,
so a worker needs no FlashScope checkout; inputs (scenario, device, fio job,
trace volumes) are read from their paths, which the workers must reach (a
shared filesystem), or a worker fetches a device, fio job or trace URL
itself into its machine's cache (fetch.py, called by run_once). Tasks return the result text; the driver writes the
point files, so both engines write the same DIR whatever the workers see.
A task that raises is retried by Ray (RETRIES, then a failed row).
"""
import logging
import os
import shutil
import signal
import stat
import tempfile
import time

from .core import last_error_line
from .run_point import ATTEMPTS, PointFailed, record, run_once

SHIP_MODULE = "flashscope_sweep_ship"
RETRIES = ATTEMPTS - 1


def build_ship_module(scratch, binary, presets_dir):
    """SCRATCH/flashscope_sweep_ship/: an importable package holding the
    binary (bin/flashscope) and the presets (presets/), for py_modules."""
    module = os.path.join(scratch, SHIP_MODULE)
    os.makedirs(os.path.join(module, "bin"))
    with open(os.path.join(module, "__init__.py"), "w", encoding="utf-8") as handle:
        handle.write('"""The flashscope binary and presets, shipped to Ray workers."""\n')
    shutil.copy2(binary, os.path.join(module, "bin", "flashscope"))
    if presets_dir and os.path.isdir(presets_dir):
        shutil.copytree(presets_dir, os.path.join(module, "presets"))
    return module


def _shipped_binary():
    """The shipped binary on this worker, executable (a zip round trip may
    drop the mode bits: then a private executable copy)."""
    import flashscope_sweep_ship  # noqa: PLC0415 - exists only inside a Ray worker

    root = os.path.dirname(flashscope_sweep_ship.__file__)
    binary = os.path.join(root, "bin", "flashscope")
    if not os.access(binary, os.X_OK):
        try:
            os.chmod(binary, os.stat(binary).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError:
            private = os.path.join(tempfile.mkdtemp(prefix="flashscope-"), "flashscope")
            shutil.copy(binary, private)
            os.chmod(private, 0o755)
            binary = private
    presets = os.path.join(root, "presets")
    return binary, presets if os.path.isdir(presets) else None


def _run_shipped(argv, needs_presets):
    """The task body: one run of the shipped binary; PointFailed on failure
    (Ray retries it, then the driver records the failure)."""
    binary, presets = _shipped_binary()
    if needs_presets and presets:
        argv = argv + ["--presets", presets]
    return run_once(binary, argv)


def _error_text(error):
    cause = getattr(error, "cause", None)
    if isinstance(cause, PointFailed):
        return cause.args[0]
    if isinstance(error, PointFailed):
        return error.args[0]
    return last_error_line(str(error)) or type(error).__name__


def _session_processes(session_dir):
    """Pids of this machine's processes started for one Ray session (their
    command lines name its session folder)."""
    needle = session_dir.encode()
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                if needle in handle.read():
                    pids.append(int(entry))
        except OSError:
            continue
    return pids


def stop_local_session(session_dir, grace_s=5.0):
    """What `ray stop` would do, for the one local cluster this sweep
    started only: ray.shutdown() stops the raylet and GCS, but the dashboard
    and runtime-env agents they spawned can outlive them for minutes. Other
    Ray sessions on the machine are left alone."""
    pids = _session_processes(session_dir)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace_s
    while pids and time.monotonic() < deadline:
        time.sleep(0.1)
        pids = [pid for pid in pids if os.path.exists(f"/proc/{pid}")]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def run_ray(jobs, out_dir, binary, on_done, address=None, presets_dir=None, needs_presets=False, workers=None):
    """Runs jobs [(point, argv)] as Ray tasks and records each as it
    finishes. Shuts down the Ray client (and the local cluster it started)
    on every exit path, so nothing is left behind."""
    import ray  # noqa: PLC0415 - only the Ray engine needs Ray

    import flashscope_sweep  # noqa: PLC0415

    with tempfile.TemporaryDirectory(prefix="flashscope-ray-ship-") as scratch:
        module = build_ship_module(scratch, binary, presets_dir)
        _run_on_ray(ray, flashscope_sweep, module, jobs, out_dir, on_done, address, needs_presets, workers)


def _run_on_ray(ray, package, module, jobs, out_dir, on_done, address, needs_presets, workers):
    runtime_env = {"py_modules": [package, module]}
    # Ray's own INFO lines (packaging, cluster start) would drown the progress lines.
    init_options = {
        "address": address,
        "runtime_env": runtime_env,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if address is None:
        # A private local cluster: no dashboard to start (slow on two cores);
        # --workers caps its CPUs (one task per CPU), else all of them.
        init_options["include_dashboard"] = False
        init_options["num_cpus"] = workers
    context = ray.init(**init_options)
    session_dir = None
    if address is None:
        session_dir = context.address_info.get("session_dir")
    try:
        task = ray.remote(max_retries=RETRIES, retry_exceptions=True)(_run_shipped)
        pending = {}
        for point, argv in jobs:
            pending[task.remote(argv, needs_presets)] = (point, argv)
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                point, argv = pending.pop(ref)
                try:
                    text, wall_s = ray.get(ref)
                    outcome = {"ok": True, "result_text": text, "wall_s": wall_s, "attempts": None}
                except Exception as error:  # noqa: BLE001 - any task failure is a failed row
                    outcome = {"ok": False, "error": _error_text(error), "attempts": ATTEMPTS}
                on_done(point, record(out_dir, point, argv, outcome))
    finally:
        ray.shutdown()
        if session_dir:
            stop_local_session(session_dir)
