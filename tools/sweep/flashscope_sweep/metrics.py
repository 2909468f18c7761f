"""The headline metrics of one point, read from `flashscope run --json`.

The column names are the shared contract of results.parquet (issue 20): the
app's sweep view and anyone's pandas/DuckDB notebook read them by name, so
they never change. A metric that does not apply to a run (read latency when
nothing was read, the ZNS figures on a conventional drive, the SLC cliff
without a cache or without a cliff) is None, not 0: a 0 would read as a
measured value in a plot.
"""

METRIC_COLUMNS = [
    "waf",
    "iops",
    "read_iops",
    "write_iops",
    "read_mbps",
    "write_mbps",
    "read_lat_mean_us",
    "read_lat_p50_us",
    "read_lat_p99_us",
    "read_lat_p99_9_us",
    "write_lat_mean_us",
    "write_lat_p50_us",
    "write_lat_p99_us",
    "write_lat_p99_9_us",
    "block_erases",
    "gc_runs",
    "gc_stall_ms",
    "migration_stall_ms",
    "slc_cliff_bytes",
    "slc_cliff_after_mbps",
    "zns_waf",
    "zns_gc_bytes",
    "zns_gc_count",
    "zns_mean_reclaimed_gp",
    "host_requests",
    "host_write_bytes",
    "sim_time_ms",
    "wall_s",
]


def _number(value):
    """A JSON number as a float; None (JSON null, missing) stays None."""
    if value is None or isinstance(value, bool):
        return None
    return float(value)


def _get(obj, *path):
    """obj[path[0]][path[1]]... or None where any step is missing or null."""
    for key in path:
        if not isinstance(obj, dict) or obj.get(key) is None:
            return None
        obj = obj[key]
    return obj


def _latency(result, direction):
    """mean/p50/p99/p99.9 of one direction; all None when it saw no request."""
    lat = _get(result, "latency_us", direction) or {}
    if not lat.get("count"):
        return [None] * 4
    return [_number(lat.get(key)) for key in ("mean", "p50", "p99", "p999")]


def extract_metrics(result, wall_s=None):
    """The METRIC_COLUMNS of one run's result JSON (a dict), as floats or None."""
    host = result.get("host") or {}
    read_lat = _latency(result, "read")
    write_lat = _latency(result, "write")
    cliff = _get(result, "slc", "cliff")
    zns = result.get("zns")
    reclaimed = (zns or {}).get("reclaimed_gp") or []
    row = {
        "waf": _number(result.get("waf")),
        "iops": _number(_get(result, "throughput", "iops")),
        "read_iops": _number(_get(result, "throughput", "read_iops")),
        "write_iops": _number(_get(result, "throughput", "write_iops")),
        "read_mbps": _number(_get(result, "throughput", "read_mbps")),
        "write_mbps": _number(_get(result, "throughput", "write_mbps")),
        "read_lat_mean_us": read_lat[0],
        "read_lat_p50_us": read_lat[1],
        "read_lat_p99_us": read_lat[2],
        "read_lat_p99_9_us": read_lat[3],
        "write_lat_mean_us": write_lat[0],
        "write_lat_p50_us": write_lat[1],
        "write_lat_p99_us": write_lat[2],
        "write_lat_p99_9_us": write_lat[3],
        "block_erases": _number(_get(result, "nand", "block_erases")),
        "gc_runs": _number(_get(result, "gc", "runs")),
        "gc_stall_ms": _number(_get(result, "stalls", "gc_wait_ms")),
        "migration_stall_ms": _number(_get(result, "stalls", "migration_wait_ms")),
        "slc_cliff_bytes": _number(_get(cliff, "host_written_bytes")) if cliff else None,
        "slc_cliff_after_mbps": _number(_get(cliff, "write_mbps_after")) if cliff else None,
        "zns_waf": _number(_get(zns, "waf")) if zns else None,
        "zns_gc_bytes": _number(_get(zns, "gc_write_bytes")) if zns else None,
        "zns_gc_count": _number(_get(zns, "gc_count")) if zns else None,
        "zns_mean_reclaimed_gp": sum(reclaimed) / len(reclaimed) if reclaimed else None,
        "host_requests": float(
            sum(host.get(key) or 0 for key in ("read_requests", "write_requests", "trim_requests"))
        ),
        "host_write_bytes": _number(host.get("write_bytes")),
        "sim_time_ms": _number(result.get("sim_time_ms")),
        "wall_s": _number(wall_s),
    }
    assert list(row) == METRIC_COLUMNS
    return row


def is_complete_result(result):
    """Whether a parsed point file is a whole run result (not a stub or an
    error object), so resume may trust it."""
    return isinstance(result, dict) and "waf" in result and "host" in result and "sim_time_ms" in result
