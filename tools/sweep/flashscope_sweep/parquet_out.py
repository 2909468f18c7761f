"""DIR/results.parquet: one row per point in point order, the columns of the
shared contract (issue 20) and key-value metadata saying which columns are
settings and which are metrics, so a reader (the app's sweep view, pandas,
DuckDB) needs no knowledge of the spec to plot metric against setting."""
import json
import os

import pyarrow as pa
import pyarrow.parquet as pq

from .core import set_value_text
from .metrics import METRIC_COLUMNS


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def setting_column(points, key):
    """A swept key's column: doubles when every value is a number, else the
    values as `--set` spells them."""
    values = [point.swept[key] for point in points]
    if all(_is_number(value) for value in values):
        return pa.array([float(value) for value in values], pa.float64())
    return pa.array([set_value_text(value) for value in values], pa.string())


def results_table(spec, points, rows):
    """The table for points (in order) and their rows {point id: row}."""
    columns = {
        "point": pa.array([p.id for p in points], pa.string()),
        "status": pa.array([rows[p.id]["status"] for p in points], pa.string()),
        "error": pa.array([rows[p.id]["error"] for p in points], pa.string()),
        "volume": pa.array([p.volume for p in points], pa.string()),
    }
    for key in spec.grid:
        columns[key] = setting_column(points, key)
    for metric in METRIC_COLUMNS:
        columns[metric] = pa.array([rows[p.id][metric] for p in points], pa.float64())
    swept = list(spec.grid) + (["volume"] if spec.volumes else [])
    metadata = {
        "flashscope.swept": json.dumps(swept),
        "flashscope.metrics": json.dumps(METRIC_COLUMNS),
        "flashscope.spec": json.dumps(spec.raw),
    }
    return pa.table(columns).replace_schema_metadata(metadata)


def write_results(out_dir, table):
    path = os.path.join(out_dir, "results.parquet")
    tmp = path + ".tmp"
    pq.write_table(table, tmp)
    os.replace(tmp, path)
    return path
