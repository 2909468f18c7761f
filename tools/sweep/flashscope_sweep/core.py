"""What the sweep asks of the `flashscope` binary, and nothing else: the
argv of one point's run, the device schema (to check `--set` keys before a
sweep starts), a `--parse-only` check of a fio job, and `trace split`.

The binary is the authority on what a key or value means; this module never
re-implements a check the core makes, it asks the core early instead.
"""
import difflib
import json
import os
import shutil
import subprocess

from .fetch import FetchError, fetch, is_url
from .spec import SpecError
from .store import write_atomic

# Trace flags that say how a split file replays (they go to `flashscope run`
# of each volume); every other trace option selects records and goes to
# `trace split` (the list `trace split` refuses, packages/sim-core/src/cli/trace_command.cpp).
REPLAY_ONLY_TRACE_OPTIONS = {"speed", "qd", "map", "clock", "volume-placement"}


class CoreError(Exception):
    """The binary failed on something every point needs (schema, split)."""


def set_value_text(value):
    """A spec value as `--set KEY=VALUE` spells it (JSON's true/false, the
    shortest float that round-trips)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def last_error_line(stderr):
    """The core's error: its last non-empty stderr line (it reports every
    problem on one line, after any progress lines)."""
    lines = [line.strip() for line in (stderr or "").splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _flag_pairs(options):
    argv = []
    for key, value in options.items():
        argv += [f"--{key}", set_value_text(value)]
    return argv


def materialize_inputs(spec, out_dir):
    """Writes the spec's inline inputs (a device object, a fio job's text)
    into DIR/inputs/ so every point's argv names files; returns the base with
    paths in their place."""
    base = dict(spec.base)
    inputs = os.path.join(out_dir, "inputs")
    if isinstance(base.get("device"), dict):
        os.makedirs(inputs, exist_ok=True)
        path = os.path.join(inputs, "device.json")
        write_atomic(path, json.dumps(base["device"], indent=2) + "\n")
        base["device"] = path
    if "fio_job" in base:
        os.makedirs(inputs, exist_ok=True)
        path = os.path.join(inputs, "job.fio")
        write_atomic(path, base.pop("fio_job"))
        base["fio"] = path
    return base


def base_argv(base, trace_file=None, trace_format=None):
    """`run` and its base arguments (no binary, no --set): the scenario, or
    the device and its workload. trace_file/trace_format replace the base
    trace with one split volume."""
    if "scenario" in base:
        return ["run", "--scenario", base["scenario"]]
    argv = ["run", "--device", base["device"]]
    if "fio" in base:
        return argv + ["--fio", base["fio"]]
    options = base.get("trace_options", {})
    if trace_file is not None:
        argv += ["--trace", trace_file, "--format", trace_format]
        replay = {k: v for k, v in options.items() if k in REPLAY_ONLY_TRACE_OPTIONS}
        return argv + _flag_pairs(replay)
    argv += ["--trace", base["trace"]]
    if "format" in base:
        argv += ["--format", base["format"]]
    return argv + _flag_pairs(options)


def set_argv(settings):
    argv = []
    for key, value in settings.items():
        argv += ["--set", f"{key}={set_value_text(value)}"]
    return argv


def uses_preset(base):
    return isinstance(base.get("device"), str) and base["device"].startswith("preset:")


def _schema_node(node, key):
    """The sub-schema of one dotted-path step, through anyOf/oneOf (a
    nullable object such as slc_cache)."""
    candidates = [node] + node.get("anyOf", []) + node.get("oneOf", [])
    for candidate in candidates:
        properties = candidate.get("properties")
        if properties and key in properties:
            return properties[key]
    return None


def _schema_keys(node, prefix=""):
    keys = []
    for candidate in [node] + node.get("anyOf", []) + node.get("oneOf", []):
        for key, child in (candidate.get("properties") or {}).items():
            keys.append(prefix + key)
            keys += _schema_keys(child, prefix + key + ".")
    return keys


def check_set_keys(binary, spec):
    """Every grid and sets key must be a device key of `flashscope schema`;
    a SpecError naming the key (and the nearest real one) otherwise."""
    proc = subprocess.run([binary, "schema"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise CoreError(f"{binary} schema: {last_error_line(proc.stderr)}")
    schema = json.loads(proc.stdout)
    all_keys = None
    for section, keys in (("grid", spec.grid), ("sets", spec.sets)):
        for key in keys:
            node = schema
            for step in key.split("."):
                node = _schema_node(node, step) if node is not None else None
            if node is None:
                all_keys = all_keys or _schema_keys(schema)
                near = difflib.get_close_matches(key, all_keys, n=1)
                hint = f"; did you mean \"{near[0]}\"?" if near else ""
                raise SpecError(f"{spec.path}: {section}.{key}: not a device key of `flashscope schema`{hint}")


def check_fio_job(binary, base, sets, presets=None):
    """A fio base: `--parse-only` checks the job against the device with the
    fixed sets, so a bad job fails once, before the sweep, not in every point."""
    if "fio" not in base or any(is_url(base.get(key)) for key in ("fio", "device")):
        return  # a URL is for the workers to fetch: its job fails as failed rows
    argv = [binary] + base_argv(base) + set_argv(sets) + ["--parse-only"]
    if presets and uses_preset(base):
        argv += ["--presets", presets]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SpecError(f"base fio job: {last_error_line(proc.stderr)}")


def split_trace(binary, base, volumes_dir):
    """`flashscope trace split` of the base trace into volumes_dir, reused
    when its volumes.json names the same source; returns volumes.json.
    A trace URL is fetched here, by the driver, once (then split into DIR,
    which the workers must reach)."""
    if is_url(base["trace"]):
        try:
            base = dict(base, trace=fetch(base["trace"]))
        except FetchError as error:
            raise CoreError(str(error)) from None
    index = os.path.join(volumes_dir, "volumes.json")
    if os.path.isfile(index):
        try:
            with open(index, encoding="utf-8") as handle:
                volumes = json.load(handle)
            if volumes.get("source") == base["trace"]:
                return volumes
        except (OSError, json.JSONDecodeError):
            pass  # unreadable: split again
    # No complete split here (volumes.json is written last): start afresh,
    # as `trace split` refuses a non-empty folder that is not a split.
    shutil.rmtree(volumes_dir, ignore_errors=True)
    argv = [binary, "trace", "split", base["trace"], "--by", "volume", "--out", volumes_dir]
    if "format" in base:
        argv += ["--format", base["format"]]
    select = {k: v for k, v in base.get("trace_options", {}).items() if k not in REPLAY_ONLY_TRACE_OPTIONS}
    argv += _flag_pairs(select)
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CoreError(f"trace split: {last_error_line(proc.stderr)}")
    with open(index, encoding="utf-8") as handle:
        return json.load(handle)
