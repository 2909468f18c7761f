// `flashscope sweep SPEC.json --out DIR [--engine local|ray] [--address ADDR]
// [--workers N] [--json]`: fleet sweeps (issue 20) run in Python (the
// flashscope_sweep package of tools/sweep: pyarrow for results.parquet, Ray
// for clusters), which runs this binary for every point. The command only
// finds that Python and hands over to it (execv), passing every argument
// through unchanged and adding `--flashscope <this binary's absolute path>`:
//
//   PY -m flashscope_sweep sweep ARGS... --flashscope /abs/flashscope
//
// PY is $FLASHSCOPE_PYTHON when set, else the venv scripts/setup-sweep.sh
// makes, found from the binary (packages/sim-core/build/flashscope ->
// <repo>/build/sweep-venv/bin/python); PYTHONPATH gets <repo>/tools/sweep in
// front. Without that Python the command prints one line naming the
// command that installs it and exits with status 2.
#pragma once

#include <CLI/CLI.hpp>

namespace flashscope {

inline constexpr const char* kSweepMissingPython =
    "flashscope sweep: needs the sweep tools (Python, pyarrow, Ray); install them with: bash "
    "scripts/setup-sweep.sh";

// Adds the command to `app`; when parsing reaches it, it execs the Python
// (never returns) or leaves exit status 2 in `status`.
void AddSweepCommand(CLI::App& app, int& status);

}  // namespace flashscope
