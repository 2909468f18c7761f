"""Command line: `python -m flashscope_sweep sweep SPEC --out DIR
[--engine local|ray] [--address ADDR] [--workers N] [--json] [--flashscope BIN]`,
the arguments of `flashscope sweep` (which execs this with --flashscope set
to itself). Errors are one line on stderr and exit status 2, as the core's."""
import argparse
import json
import os
import sys

from .core import CoreError
from .spec import SpecError, load_spec
from .store import StoreError
from .sweep import run_sweep


def default_binary():
    """$FLASHSCOPE_BIN, else the repository's native build beside this
    package (tools/sweep/flashscope_sweep -> packages/sim-core/build)."""
    if os.environ.get("FLASHSCOPE_BIN"):
        return os.environ["FLASHSCOPE_BIN"]
    repo = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    return os.path.join(repo, "packages", "sim-core", "build", "flashscope")


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="flashscope sweep", description="Run a grid of flashscope runs.")
    commands = parser.add_subparsers(dest="command", required=True)
    sweep = commands.add_parser("sweep", help="run (or resume) a sweep spec into --out DIR")
    sweep.add_argument("spec", help="the sweep spec (JSON)")
    sweep.add_argument("--out", required=True, help="output folder (resumed when it holds this sweep)")
    sweep.add_argument("--engine", choices=["local", "ray"], default="local")
    sweep.add_argument("--address", help="Ray cluster address (default: a local cluster)")
    sweep.add_argument("--workers", type=int, help="local processes (default: all cores)")
    sweep.add_argument("--json", action="store_true", help="print a JSON summary at the end")
    sweep.add_argument("--flashscope", default=default_binary(), help="the flashscope binary")
    sweep.add_argument("--presets", help="device presets folder (default: the repository's)")
    bench = commands.add_parser("bench", help="points per minute on 1 and 2 workers, overhead per point")
    bench.add_argument("spec", help="a sweep spec without per-volume points")
    bench.add_argument("--flashscope", default=default_binary(), help="the flashscope binary")
    args = parser.parse_args(argv)
    if args.command == "bench":
        return args
    if args.workers is not None and args.workers < 1:
        parser.error("--workers needs a number >= 1")
    if args.address and args.engine != "ray":
        parser.error("--address is for --engine ray")
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not os.access(args.flashscope, os.X_OK):
        print(
            f"flashscope sweep: no flashscope binary at {args.flashscope} "
            "(build it: npm run build:native)",
            file=sys.stderr,
        )
        return 2
    if args.command == "bench":
        from .bench import bench  # noqa: PLC0415

        bench(args.spec, args.flashscope)
        return 0
    try:
        spec = load_spec(args.spec)
        result = run_sweep(
            spec, args.out, args.flashscope, args.engine, args.workers, args.address, args.presets
        )
    except (SpecError, StoreError, CoreError) as error:
        print(f"flashscope sweep: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"flashscope sweep: interrupted; the same command resumes from {args.out}", file=sys.stderr)
        return 130
    summary_text = result.pop("summary_text")
    if args.json:
        # stdout is the machine summary alone; the readable one goes beside the progress.
        print(summary_text, end="", file=sys.stderr)
        print(json.dumps(result, indent=2))
    else:
        print(summary_text, end="")
    return 0
