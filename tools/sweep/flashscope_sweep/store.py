"""The sweep's folder: DIR keeps the spec it was started with, so running
again resumes the same sweep, and a different spec is refused rather than
mixed into results it does not describe."""
import json
import os


class StoreError(Exception):
    """DIR belongs to another sweep (or is not a sweep folder)."""


def write_atomic(path, text):
    """Writes text to path through a .tmp (named by this process, so two
    writers never share one) and a rename: a sweep killed at any instant
    leaves the whole file or none, and open_store drops the .tmp."""
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)


def canonical(raw):
    return json.dumps(raw, sort_keys=True, indent=2) + "\n"


def open_store(out_dir, spec):
    """Creates DIR (and DIR/points) for spec, or checks that DIR was started
    with the same spec; returns whether it already held the sweep."""
    spec_copy = os.path.join(out_dir, "spec.json")
    if os.path.isfile(spec_copy):
        with open(spec_copy, encoding="utf-8") as handle:
            try:
                kept = json.load(handle)
            except json.JSONDecodeError:
                kept = None
        if kept != spec.raw:
            raise StoreError(
                f"{out_dir} holds a sweep started with another spec ({spec_copy}); "
                f"to resume it, pass that spec; for {spec.path}, name a new --out folder"
            )
        points = os.path.join(out_dir, "points")
        os.makedirs(points, exist_ok=True)
        # Files a killed sweep was still writing: never read, so dropped.
        for name in os.listdir(points):
            if name.endswith(".tmp"):
                os.remove(os.path.join(points, name))
        return True
    if os.path.isdir(out_dir) and os.listdir(out_dir):
        raise StoreError(f"{out_dir} is not empty and holds no sweep (no spec.json); name a new or empty --out folder")
    os.makedirs(os.path.join(out_dir, "points"), exist_ok=True)
    write_atomic(spec_copy, canonical(spec.raw))
    return False
