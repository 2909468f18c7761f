"""The points of a sweep: the grid crossed (or zipped), with the fixed sets,
times the trace's volumes when "volumes": "each".

A point's id is a hash of exactly what it runs (its --set settings, fixed
ones included, and its volume), so it is stable across runs of the same spec
and a spec change that alters a point's settings gives it a new id: resume
then reruns it instead of reusing a result that no longer matches.
"""
import hashlib
import itertools
import json


class Point:
    """One run: `index` is its place in the sweep's order (the Parquet row
    order), `swept` the grid values, `settings` every --set (fixed sets
    first, then the swept ones), `volume` the volume id or None."""

    def __init__(self, index, swept, settings, volume=None, volume_file=None):
        self.index = index
        self.swept = swept
        self.settings = settings
        self.volume = volume
        self.volume_file = volume_file
        identity = json.dumps({"settings": settings, "volume": volume}, sort_keys=True)
        self.id = hashlib.sha256(identity.encode()).hexdigest()[:16]

    def label(self):
        """A short human name for progress lines."""
        parts = [f"{key}={value}" for key, value in self.swept.items()]
        if self.volume is not None:
            parts.append(f"volume={self.volume}")
        return " ".join(parts) or "(base)"


def grid_combinations(grid, combine):
    """The swept settings, in order: cross varies the last key fastest."""
    keys = list(grid)
    if not keys:
        return [{}]
    if combine == "zip":
        rows = zip(*(grid[key] for key in keys))
    else:
        rows = itertools.product(*(grid[key] for key in keys))
    return [dict(zip(keys, row)) for row in rows]


def make_points(spec, volumes=None):
    """Every point of spec; volumes is the split's volumes.json list (one
    point per volume per setting, settings outermost) or None."""
    points = []
    for swept in grid_combinations(spec.grid, spec.combine):
        settings = {**spec.sets, **swept}
        for volume in volumes if volumes is not None else [None]:
            if volume is None:
                points.append(Point(len(points), swept, settings))
            else:
                points.append(Point(len(points), swept, settings, str(volume["volume"]), volume["file"]))
    return points
