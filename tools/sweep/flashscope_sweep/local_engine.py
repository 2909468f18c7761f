"""The local engine: a process pool over this machine's cores, no server.

Each pool worker runs one point's subprocess and records its files itself
(the driver only receives the small row), so the driver's cost per point is
a pickle of a few numbers, whatever the size of the result JSON.
"""
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from .run_point import run_point


def default_workers():
    """All the cores this process may use (its affinity, not the machine's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run_local(jobs, out_dir, binary, on_done, workers=None):
    """Runs jobs [(point, argv)] on `workers` processes; on_done(point, row)
    in the driver as each finishes. At most twice the workers are queued at
    once, so a sweep of thousands of points holds few pending futures."""
    workers = workers or default_workers()
    pending = {}
    queue = iter(jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        while True:
            while len(pending) < 2 * workers:
                job = next(queue, None)
                if job is None:
                    break
                point, argv = job
                pending[pool.submit(run_point, out_dir, point, binary, argv)] = point
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                on_done(pending.pop(future), future.result())
