"""Runs one point (`flashscope run ... --set k=v ... --json` as a
subprocess) and records it in DIR/points/.

Files per point, each written to a .tmp and renamed, so a sweep killed at
any instant leaves either a whole file or none (resume trusts what it finds):
  <id>.json        the core's full result JSON, as printed
  <id>.meta.json   what ran: settings, volume, argv, wall time, attempts
  <id>.error.json  a point that failed every attempt: the core's error line
A failure is retried (ATTEMPTS in all) because on a busy or shared machine a
run can die of something outside the simulator (OOM killer, a lost node);
the simulator itself is deterministic, so a rejected setting fails each time
and ends as a failed row, never lost.
"""
import json
import os
import subprocess
import time

from .core import last_error_line
from .fetch import FetchError, localize
from .metrics import METRIC_COLUMNS, extract_metrics, is_complete_result
from .store import write_atomic

ATTEMPTS = 2


class PointFailed(Exception):
    """A run that exited non-zero; args[0] is the core's error line."""


def run_once(binary, argv):
    """One run; (result JSON text, wall seconds) or PointFailed. Inputs
    named by URL are fetched first (into this machine's cache): a fetch
    that fails is a failed attempt like a run that fails (wall seconds
    count the run, not the fetch)."""
    try:
        argv = localize(argv)
    except FetchError as error:
        raise PointFailed(str(error)) from None
    started = time.monotonic()
    proc = subprocess.run([binary] + argv + ["--json"], capture_output=True, text=True)
    wall_s = time.monotonic() - started
    if proc.returncode != 0:
        error = last_error_line(proc.stderr) or f"exit status {proc.returncode}"
        raise PointFailed(error)
    return proc.stdout, wall_s


def execute(binary, argv, attempts=ATTEMPTS):
    """Runs until one attempt succeeds; an outcome dict either way."""
    error = None
    for attempt in range(1, attempts + 1):
        try:
            text, wall_s = run_once(binary, argv)
            return {"ok": True, "result_text": text, "wall_s": wall_s, "attempts": attempt}
        except PointFailed as failure:
            error = failure.args[0]
        except OSError as failure:  # the binary itself is missing or not executable
            error = f"{binary}: {failure.strerror}"
    return {"ok": False, "error": error, "attempts": attempts}


def _paths(out_dir, point_id):
    base = os.path.join(out_dir, "points", point_id)
    return base + ".json", base + ".meta.json", base + ".error.json"


def failed_row(error):
    row = {"status": "failed", "error": error}
    row.update({column: None for column in METRIC_COLUMNS})
    return row


def record(out_dir, point, argv, outcome):
    """Writes a point's files from an outcome; returns its row's status,
    error and metrics."""
    result_path, meta_path, error_path = _paths(out_dir, point.id)
    about = {"point": point.id, "settings": point.settings, "volume": point.volume, "argv": argv}
    if not outcome["ok"]:
        about.update(error=outcome["error"], attempts=outcome["attempts"])
        write_atomic(error_path, json.dumps(about, indent=2) + "\n")
        return failed_row(outcome["error"])
    result = json.loads(outcome["result_text"])
    about.update(wall_s=outcome["wall_s"], attempts=outcome["attempts"])
    # The meta file first: a result file on disk always has its meta beside it.
    write_atomic(meta_path, json.dumps(about, indent=2) + "\n")
    write_atomic(result_path, outcome["result_text"])
    if os.path.exists(error_path):
        os.remove(error_path)
    return {"status": "ok", "error": None, **extract_metrics(result, outcome["wall_s"])}


def run_point(out_dir, point, binary, argv, attempts=ATTEMPTS):
    """Runs and records one point; its row fields (status, error, metrics)."""
    return record(out_dir, point, argv, execute(binary, argv, attempts))


def load_done(out_dir, point):
    """The row of a point already complete in DIR, or None (then it runs).
    A result that does not parse as a whole run is not trusted."""
    result_path, meta_path, _ = _paths(out_dir, point.id)
    try:
        with open(result_path, encoding="utf-8") as handle:
            result = json.load(handle)
    except (OSError, json.JSONDecodeError):
        return None
    if not is_complete_result(result):
        return None
    wall_s = None
    try:
        with open(meta_path, encoding="utf-8") as handle:
            wall_s = json.load(handle).get("wall_s")
    except (OSError, json.JSONDecodeError):
        pass
    return {"status": "ok", "error": None, **extract_metrics(result, wall_s)}
