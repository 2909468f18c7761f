"""FlashScope sweeps: one `flashscope run` per point of a grid of device
settings (and, optionally, per volume of a multi-volume trace), on all local
cores or on a Ray cluster, gathered into DIR/results.parquet and a summary.

The simulator stays the single source of truth: every figure in a sweep's
outputs is read from the JSON result of `flashscope run ... --json`; this
package only plans points, runs them, resumes and aggregates.
"""
