"""The sweep spec: a JSON file naming a base run, a grid of `--set`
overrides and, optionally, every volume of a trace.

    {"name": "...", "description": "...",
     "base": {"scenario": PATH}
           | {"device": "preset:NAME" | PATH | {...},
              "fio": PATH | "fio_job": TEXT | "trace": PATH,
              "format": NAME, "trace_options": {"qd": 32, ...}},
     "grid": {"KEY": [v1, v2, ...]}, "combine": "cross" | "zip",
     "sets": {"KEY": value}, "volumes": "each"}

Paths are relative to the spec file, so a spec and its inputs move together.
A trace, fio job or device file may instead be a URL (http://, https://, or
a pyarrow.fs URI: s3://, gs://, hdfs://, file://), which whoever runs a
point fetches (fetch.py); a URL is not checked here, as the driver may not
reach what the workers do.
Every problem is raised as a SpecError naming the file and the key, before
any point runs: a typo must not surface hours into a sweep.
"""
import json
import os

from .fetch import is_url

TOP_KEYS = {"name", "description", "base", "grid", "combine", "sets", "volumes"}
BASE_KEYS = {"scenario", "device", "fio", "fio_job", "trace", "format", "trace_options"}
WORKLOAD_KEYS = ("fio", "fio_job", "trace")


class SpecError(Exception):
    """A spec that cannot run; the message names the file and the key."""


class Spec:
    """A validated spec. `raw` is the JSON as written (kept in DIR so a
    resumed sweep can tell it is the same sweep); paths are absolute."""

    def __init__(self, path, raw):
        self.path = os.path.abspath(path)
        self.raw = raw
        self.name = raw.get("name") or os.path.splitext(os.path.basename(path))[0]
        self.description = raw.get("description", "")
        self.base = {}
        self.grid = {}
        self.combine = "cross"
        self.sets = {}
        self.volumes = None

    def resolve(self, relative):
        """A path from the spec, made absolute against the spec's folder."""
        return os.path.normpath(os.path.join(os.path.dirname(self.path), relative))


def _fail(path, key, message):
    raise SpecError(f"{path}: {key}: {message}")


def _check_value(path, key, value):
    """A --set value: a number, a string or a boolean (what `--set k=v` can say)."""
    if isinstance(value, (dict, list)) or value is None:
        _fail(path, key, f"{json.dumps(value)} is not a number, string or boolean")


def _check_file(spec, key, relative):
    if not isinstance(relative, str) or not relative:
        _fail(spec.path, key, "needs a path or URL (a string)")
    if is_url(relative):
        return relative
    resolved = spec.resolve(relative)
    if not os.path.isfile(resolved):
        _fail(spec.path, key, f"no such file {resolved}")
    return resolved


def _parse_base(spec, base):
    if not isinstance(base, dict):
        _fail(
            spec.path,
            "base",
            'needs an object: {"scenario": PATH} or {"device": ..., "fio"|"fio_job"|"trace": ...}',
        )
    for key in base:
        if key not in BASE_KEYS:
            _fail(spec.path, f"base.{key}", f"unknown key; allowed: {', '.join(sorted(BASE_KEYS))}")
    resolved = {}
    if "scenario" in base:
        others = sorted(set(base) - {"scenario"})
        if others:
            _fail(spec.path, f"base.{others[0]}", "a base scenario holds its own device and workload")
        if is_url(base["scenario"]):
            _fail(spec.path, "base.scenario", "needs a path (a scenario names files beside it); "
                  "a URL works for \"device\", \"fio\" and \"trace\"")
        resolved["scenario"] = _check_file(spec, "base.scenario", base["scenario"])
        return resolved
    if "device" not in base:
        _fail(spec.path, "base", "needs \"scenario\" or \"device\"")
    device = base["device"]
    if isinstance(device, dict):
        resolved["device"] = device
    elif isinstance(device, str) and device.startswith("preset:"):
        resolved["device"] = device
    else:
        resolved["device"] = _check_file(spec, "base.device", device)
    workloads = [key for key in WORKLOAD_KEYS if key in base]
    if len(workloads) != 1:
        _fail(spec.path, "base", "needs exactly one of \"fio\", \"fio_job\", \"trace\"")
    workload = workloads[0]
    if workload == "fio_job":
        if not isinstance(base["fio_job"], str) or not base["fio_job"].strip():
            _fail(spec.path, "base.fio_job", "needs the job file's text")
        resolved["fio_job"] = base["fio_job"]
    else:
        resolved[workload] = _check_file(spec, f"base.{workload}", base[workload])
    if workload != "trace":
        for key in ("format", "trace_options"):
            if key in base:
                _fail(spec.path, f"base.{key}", "applies to a trace only")
        return resolved
    if "format" in base:
        if not isinstance(base["format"], str):
            _fail(spec.path, "base.format", "needs a format name")
        resolved["format"] = base["format"]
    options = base.get("trace_options", {})
    if not isinstance(options, dict):
        _fail(spec.path, "base.trace_options", "needs an object of trace options, e.g. {\"qd\": 32}")
    for key, value in options.items():
        _check_value(spec.path, f"base.trace_options.{key}", value)
    resolved["trace_options"] = {key.replace("_", "-"): value for key, value in options.items()}
    return resolved


def parse_spec(raw, path):
    """A Spec from parsed JSON, or a SpecError naming path and the key."""
    if not isinstance(raw, dict):
        _fail(path, "(top level)", "a sweep spec is a JSON object")
    spec = Spec(path, raw)
    for key in raw:
        if key not in TOP_KEYS:
            _fail(spec.path, key, f"unknown key; allowed: {', '.join(sorted(TOP_KEYS))}")
    for key in ("name", "description"):
        if key in raw and not isinstance(raw[key], str):
            _fail(spec.path, key, "needs a string")
    if "base" not in raw:
        _fail(spec.path, "base", "missing: the run every point starts from")
    spec.base = _parse_base(spec, raw["base"])

    grid = raw.get("grid", {})
    if not isinstance(grid, dict):
        _fail(spec.path, "grid", "needs an object {\"KEY\": [values]}")
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            _fail(spec.path, f"grid.{key}", "needs a non-empty list of values")
        for value in values:
            _check_value(spec.path, f"grid.{key}", value)
        if len(set(map(json.dumps, values))) != len(values):
            _fail(spec.path, f"grid.{key}", "lists a value twice")
    spec.grid = dict(grid)

    spec.combine = raw.get("combine", "cross")
    if spec.combine not in ("cross", "zip"):
        _fail(spec.path, "combine", f"\"{spec.combine}\": use \"cross\" or \"zip\"")
    if spec.combine == "zip" and len({len(values) for values in grid.values()}) > 1:
        _fail(spec.path, "grid", "\"combine\": \"zip\" needs lists of one length")

    sets = raw.get("sets", {})
    if not isinstance(sets, dict):
        _fail(spec.path, "sets", "needs an object {\"KEY\": value}")
    for key, value in sets.items():
        _check_value(spec.path, f"sets.{key}", value)
        if key in grid:
            _fail(spec.path, f"sets.{key}", "is also swept in grid")
    spec.sets = dict(sets)

    if "volumes" in raw:
        if raw["volumes"] != "each":
            _fail(spec.path, "volumes", f"{json.dumps(raw['volumes'])}: the only choice is \"each\"")
        if "trace" not in spec.base:
            _fail(spec.path, "volumes", "\"each\" needs a base \"trace\"")
        spec.volumes = "each"
    if "volume" in grid or "volume" in sets:
        _fail(spec.path, "grid.volume", "\"volume\" is the per-volume column; use \"volumes\": \"each\"")
    return spec


def load_spec(path):
    """Reads and validates a spec file."""
    try:
        with open(path, encoding="utf-8") as handle:
            raw = json.load(handle)
    except OSError as error:
        raise SpecError(f"{path}: cannot read: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise SpecError(f"{path}: not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    return parse_spec(raw, path)
