"""DIR/summary.md (also printed): what a reader asks of a sweep first.

Per combination of swept settings, each metric of interest: its value, or,
when every volume of a trace ran as its own drive, its distribution over the
volumes (median, p90, max: a fleet is judged by its tail, not its mean).
When zns.placement is swept, the seed 004-style table: placement x WAF, GC
volume, GC count relative to the best policy (1.00 = best), sorted by WAF.
"""
import math

from .core import set_value_text

PLACEMENT_KEY = "zns.placement"
# The headline metrics a summary shows, when the sweep measured them (a
# column that is null or 0 in every row says nothing and is left out).
INTEREST = [
    ("waf", "WAF"),
    ("zns_waf", "ZNS WAF"),
    ("iops", "IOPS"),
    ("write_mbps", "write MB/s"),
    ("read_lat_p99_us", "read p99 (us)"),
    ("write_lat_p99_us", "write p99 (us)"),
    ("gc_stall_ms", "GC stall (ms)"),
    ("migration_stall_ms", "migration stall (ms)"),
    ("slc_cliff_bytes", "SLC cliff (bytes)"),
]


def fmt(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.4g}"


def percentile(values, fraction):
    """Linear interpolation between closest ranks (numpy's default), the
    quantile the app's sweep chart draws (apps/web/src/sweep/sweepStats.ts),
    so the median and p90 here are the chart's to the last digit."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _table(header, body):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return lines


def _groups(points, keys):
    """Points grouped by their values of keys, in first-seen order."""
    groups = {}
    for point in points:
        groups.setdefault(tuple(set_value_text(point.swept[key]) for key in keys), []).append(point)
    return groups


def _metrics_shown(points, rows):
    shown = []
    for metric, label in INTEREST:
        values = [rows[p.id][metric] for p in points if rows[p.id]["status"] == "ok"]
        if any(value for value in values if value is not None):
            shown.append((metric, label))
    return shown


def _settings_section(spec, points, rows):
    keys = list(spec.grid)
    shown = _metrics_shown(points, rows)
    groups = _groups(points, keys)
    if not spec.volumes:
        body = []
        for point in points:
            row = rows[point.id]
            cells = [set_value_text(point.swept[key]) for key in keys]
            cells += [fmt(row[metric]) for metric, _ in shown] + [row["status"]]
            body.append(cells)
        return ["## Results", ""] + _table(keys + [label for _, label in shown] + ["status"], body)
    lines = ["## Distribution over volumes", ""]
    for metric, label in shown:
        body = []
        for values_key, members in groups.items():
            values = [rows[p.id][metric] for p in members if rows[p.id][metric] is not None]
            stats = [percentile(values, 0.5), percentile(values, 0.9), max(values)] if values else [None] * 3
            body.append(list(values_key) + [str(len(values))] + [fmt(v) for v in stats])
        lines += [f"### {label}", ""] + _table(keys + ["volumes", "median", "p90", "max"], body) + [""]
    return lines


def _placement_section(spec, points, rows):
    """Seed 004's table per combination of the other swept settings; over
    volumes, the fleet's WAF is its total NAND writes over its host writes."""
    others = [key for key in spec.grid if key != PLACEMENT_KEY]
    lines = ["## Placement (seed 004 style)", ""]
    for other_values, members in _groups(points, others).items():
        table = []
        for (placement,), group in _groups(members, [PLACEMENT_KEY]).items():
            ok = [rows[p.id] for p in group if rows[p.id]["status"] == "ok" and rows[p.id]["zns_gc_bytes"] is not None]
            if not ok:
                continue
            host = sum(row["host_write_bytes"] for row in ok)
            gc_bytes = sum(row["zns_gc_bytes"] for row in ok)
            waf = ok[0]["zns_waf"] if len(ok) == 1 else (host + gc_bytes) / host if host else None
            table.append((placement, waf, gc_bytes / 1e9, sum(row["zns_gc_count"] for row in ok)))
        if not table:
            continue
        best = min(count for *_, count in table)
        table.sort(key=lambda entry: (entry[1] is None, entry[1]))
        if others:
            lines += ["**" + ", ".join(f"{k}={v}" for k, v in zip(others, other_values)) + "**", ""]
        body = [[p, fmt(w), f"{gb:.3f}", f"{c / best:.2f}" if best else "-"] for p, w, gb, c in table]
        lines += _table(["placement", "WAF", "GC volume (GB)", "GC count / best"], body) + [""]
    return lines


def summary_markdown(spec, points, rows):
    failed = [p for p in points if rows[p.id]["status"] != "ok"]
    lines = [f"# Sweep: {spec.name}", ""]
    if spec.description:
        lines += [spec.description, ""]
    lines += [f"{len(points)} points, {len(points) - len(failed)} ok, {len(failed)} failed.", ""]
    lines += _settings_section(spec, points, rows) + [""]
    if PLACEMENT_KEY in spec.grid:
        lines += _placement_section(spec, points, rows)
    if failed:
        lines += ["## Failed points", ""]
        lines += [f"- {p.id} ({p.label()}): {rows[p.id]['error']}" for p in failed[:20]]
        if len(failed) > 20:
            lines.append(f"- ... and {len(failed) - 20} more (the error column of results.parquet)")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
