// The narrow C boundary the WebAssembly build exports (docs/conventions.md convention
// 5): a handful of functions over plain pointers and numbers. The same code
// builds natively, where tests exercise it.
//
// Strings in are NUL-terminated UTF-8. Strings and buffers out point into
// the session (or a static for session-less calls) and stay valid until the
// next call on that session; JavaScript copies them out at once (slice())
// because wasm memory growth detaches views. 64-bit times cross as doubles:
// exact up to 2^53 ns (104 days of simulated time).
//
// Errors: functions that can fail return 0 / -1 (a null pointer for the
// string functions) and leave a JSON object in fs_last_error():
// {"kind": "input"|"internal", "message": "FILE:LINE: ...", "file": "...",
// "line": N, "problem": "..."}. "input" (bad device JSON, --set override,
// options or fio text) carries file, line (0 = the file as a whole) and
// problem; "internal" (a fault, or a call the lifecycle forbids such as an
// unknown handle or a second fs_precondition) carries only the message. A
// call that succeeds resets fs_last_error() to "null". No exception ever
// crosses this boundary.
//
// Snapshot buffer (fs_snapshot), little-endian, every section 8-byte aligned:
//   header: 16 uint32 words
//     [0] magic 0x31535346 ("FSS1")   [1] layout version (4)
//     [2] block count B               [3] plane count P
//     [4] units per block             [5] page-state unit count U (0 = none)
//     [6] byte offset of state        [7] byte offset of valid_units
//     [8] byte offset of erase_count  [9] byte offset of written_units
//     [10] byte offset of frontiers   [11] byte offset of page_state
//     [12] frame number               [13] byte offset of mode
//     [14] byte offset of reads       [15] refresh threshold: host reads of
//                                          a full block after which read
//                                          disturb refreshes it (0 = off)
//   state:         Uint8Array(B)   0 free, 1 open, 2 full, and a block the
//                                  GC engine is emptying, by why (layout 4;
//                                  before it, 3 stood for all of them):
//                                  3 GC victim, 4 read-disturb refresh,
//                                  5 static wear-levelling move, 6 SLC
//                                  migration (folding) source
//   valid_units:   Uint32Array(B)
//   erase_count:   Uint32Array(B)
//   written_units: Uint32Array(B)  units programmed since the last erase
//   frontiers:     Uint32Array(4P) of plane p: [4p] host open block, [4p+1]
//                                  GC, [4p+2] host pSLC, [4p+3] migration
//                                  destination (0xFFFFFFFF = none)
//   mode:          Uint8Array(B)   0 native, 1 static pSLC, 2 dynamic pSLC
//                                  (a pSLC block holds units_per_block / bits)
//   page_state:    Uint8Array(U)   per mapping unit of the whole device, only
//                                  when the device has at most 262144 units:
//                                  0 erased, 1 valid, 2 invalid (garbage)
//   reads:         Uint32Array(B)  host page reads since the block's erase
//                                  (all 0 while read disturb is off)
// Block ids are the linear ids of DeviceLayout (nand/layout.h).
//
// fs_snapshot_meta returns the JSON that goes with the snapshot: figures so
// far, and the series points and events produced since the previous
// fs_snapshot_meta call (none are lost when the UI skips frames: they
// accumulate until meta is next asked for, and each is delivered once).
// Its "frame" is the number of the latest fs_snapshot. See
// api/snapshot_meta.h for its keys.
#pragma once

#include <cstdint>

extern "C" {

// Protocol/ABI version; the worker refuses a mismatch.
uint32_t fs_api_version();

// A session from device JSON and fio job text. options_json may be "" or
// {"series_interval_ms": N, "device_name": "...", "workload_name": "...",
//  "set": ["gc.victim=fifo", ...], "include_events": false, "trace": {...}}.
// Defaults: a 10 ms series interval (the CLI's is 100 ms: pass 100 to get
// its result bytes), names "device.json" and "job.fio", no overrides, no
// event list in the result (api/session.h). With "trace" (the trace object,
// below) the workload is that trace and fio_text must be "". Returns a
// handle > 0, or 0 on error.
uint32_t fs_create(const char* device_json, const char* fio_text, const char* options_json);
// Frees a session or a stability run.
void fs_destroy(uint32_t session);

// Untimed preconditioning per the device's "precondition" key.
int32_t fs_precondition(uint32_t session);

// Runs until simulated time until_ns or max_events events; returns 0 time
// reached, 1 event budget used, 2 finished, -1 error. Both arguments
// saturate: Infinity (or >= 2^64) means no limit; an until_ns earlier than
// fs_now_ns returns 0 without moving time. After 2, calls keep returning 2.
int32_t fs_advance(uint32_t session, double until_ns, double max_events);
double fs_now_ns(uint32_t session);

// Layout and effective device as JSON: {"device": {...}, "layout": {...}}.
const char* fs_describe(uint32_t session);

// Builds a snapshot; returns its address in memory (size: fs_snapshot_size,
// the same for every frame of a session). The buffer is allocated on the
// first call and reused, so its address is stable for the session.
uintptr_t fs_snapshot(uint32_t session);
uint32_t fs_snapshot_size(uint32_t session);
const char* fs_snapshot_meta(uint32_t session);

// The full result JSON, exactly what `flashscope run --json` prints.
const char* fs_result_json(uint32_t session);

// One-shot: create, precondition, run to the end, and return the result
// JSON (or an error JSON {"error": {...}}). workload_name plays the part of
// the CLI's --fio path in the result. Uses the CLI's 100 ms series interval,
// so the text equals `flashscope run --device D --fio W --json`.
const char* fs_run_scenario(const char* device_json, const char* fio_text,
                            const char* workload_name);

const char* fs_last_error();

// Trace inspection: what `flashscope trace inspect FILE --json` prints, built
// incrementally so the worker can report progress on a multi-GB trace.
//
// The trace object (api/trace_input.h), here and in fs_create's options:
//   {"input": N, "name": "x.trace", "size_bytes": N, ...TraceOptions keys}
// where N is the id under which JavaScript serves the bytes through
// Module.fsReadTrace(input, offset, length) -> Uint8Array (WebAssembly
// only), or natively {"path": "FILE", ...}. TraceOptions keys: format,
// csv_columns, blkparse_action, volume, speed, queue_depth, address_map,
// max_requests, window_start_s, window_end_s, bad_lines.
//
// fs_trace_open detects the format (unless given) from the first 64 KiB and
// returns a handle > 0, or 0 on error (a binary or undetectable trace is an
// input error naming the file). fs_trace_scan reads about max_bytes more
// (whole 4 MiB chunks) and returns 0 (more to read), 1 (done) or -1 (error;
// the inspection refuses further scans). fs_trace_summary is the summary
// JSON so far ("done": false until a scan returned 1), valid until the next
// call on that handle; it may be asked for at any point. fs_trace_close
// frees the inspection (an unknown handle is ignored).
uint32_t fs_trace_open(const char* trace_json);
int32_t fs_trace_scan(uint32_t inspection, double max_bytes);
const char* fs_trace_summary(uint32_t inspection);
void fs_trace_close(uint32_t inspection);

// The stability test flow (stability/stability_flow.h, seed 001 / SNIA PTS:
// purge, 2x capacity of 128 KiB sequential preconditioning, rounds of the
// measurement workload until steady state), run in slices so the worker
// reports rounds as they end and answers a cancel between slices.
// fio_text "" is the default round (4 KiB random 70/30, QD32, 1/8 of the
// capacity). options_json may be "" or {"set": [...], "rounds_max": N,
// "qos_read_us": X, "qos_write_us": Y, "qos_percentile": P | null,
// "series_interval_ms": N, "device_name": "...", "workload_name": "..."}
// (api/stability_session.h; the CLI's defaults and ranges). Returns a
// handle > 0 (freed by fs_destroy), or 0 on error.
uint32_t fs_stability_create(const char* device_json, const char* fio_text,
                             const char* options_json);
// Runs up to `slices` slices of 16384 events each (natively about a
// millisecond each); returns 0 (more to run), 1 (the flow has ended) or -1.
// The slices are the CLI's, so the result does not depend on how they are
// spread over calls.
int32_t fs_stability_advance(uint32_t run, double slices);
// Progress so far as JSON: phase, sim_time_ms, precondition_bytes of
// 2x user_capacity_bytes, rounds_max, the finished rounds' IOPS, and
// steady_state {reached, round}.
const char* fs_stability_progress(uint32_t run);
// Once fs_stability_advance returned 1: exactly what
// `flashscope stability --json` prints.
const char* fs_stability_result(uint32_t run);
// The stability flow's defaults and the variants of `flashscope stability
// --compare`, so the UI offers the core's rather than copies:
//   {"rounds_max": 25, "rounds_max_limit": 100, "qos_read_us": 1000,
//    "qos_write_us": 200, "series_interval_ms": 10,
//    "random_precondition": 2, "random_precondition_max": 10,
//    "variants": [{"name": "baseline", "label": "...",
//                  "overrides": ["gc.victim=greedy", ...]}, ...]}
// Never fails; the text is static.
const char* fs_stability_defaults();

// --- The device schema and the effective device (issue 16) ----------------
// The core owns the device's keys, defaults, limits and choices; the UI asks
// these instead of copying them.
//
// fs_device_schema: the device JSON Schema (draft 2020-12), exactly what
// `flashscope schema` prints. Every setting has "default" and
// "description"; numbers have "minimum"/"maximum" (or the exclusive forms)
// where the reader enforces them; choices have "enum" plus "x-choices":
// [{"value": "greedy", "label": "Greedy", "description": "..."}] in the
// order the UI offers them; a unit, where the key has one, is "x-unit"
// ("us", "ms", "bytes", "MB/s", "fraction", "blocks", "pages", ...).
// slc_cache and zns are {"type": ["object", "null"], "default": null}.
// Never fails; the text is static.
const char* fs_device_schema();

// fs_effective_device: device_json with options_json's overrides applied
// ({"set": [...], "device_name": "..."}; "" for none) and every default
// filled in, without creating a session. Always returns JSON (null only if
// the call itself faults):
//   {"device": {...every key, as WriteDevice writes it...} | null,
//    "derived": {"kind": "conventional"|"classic"|"zoned",
//                "logical_bytes": N, "physical_bytes": N,
//                "blocks_per_plane": N, "planes": N,
//                "static_slc_blocks_per_plane": N,
//                "gc_reserve_blocks_per_plane": N,
//                "gc_background_reserve_blocks_per_plane": N,
//                "min_overprovision": X,
//                "zones": N, "zone_bytes": N, "zone_capacity_bytes": N
//                (the last three only when zoned)} | null,
//    "error": null | {"kind": "input", "message": "FILE:LINE: ...",
//                     "file": "...", "line": N, "problem": "...",
//                     "key": "overprovision" | null}}
// "derived" is given whenever the geometry can be computed, even when the
// only problem is a relation such as an over-provisioning below the
// minimum, so the UI can show the minimum at the field; "key" is the
// dotted path of the setting the problem is reported at, when there is one.
const char* fs_effective_device(const char* device_json, const char* options_json);

// fs_fio_resolve: fio job text resolved against the device as a run
// resolves it (`flashscope run --parse-only`, as JSON), without simulating.
// options_json as fs_effective_device's plus "workload_name". Returns
//   {"jobs": [{"name": "...", "rw": "randwrite", "numjobs": N,
//              "iodepth": N, "bs_bytes": {"read": N, "write": N, "trim": N},
//              "offset_bytes": N, "size_bytes": N, "io_bytes": N,
//              "runtime_s": X | null, "time_based": bool,
//              "ramp_time_s": X, "stonewall": bool,
//              "rate_iops": {"read": N, "write": N, "trim": N},
//              "rate_bytes_per_s": {"read": N, "write": N, "trim": N},
//              "thinktime_us": X, "closed_loop": bool,
//              "ignored": ["..."]}, ...],
//    "closed_loop": bool,          (every job keeps its queue full)
//    "longest_runtime_s": X | null (the longest runtime of any job),
//    "fill_overwrites": [{"job": "...", "line": N, "offset_bytes": N,
//                         "end_bytes": N, "fill_end_bytes": N,
//                         "overwritten_bytes": N, "message": "..."}, ...]
//                       (sequential write jobs that overwrite the data the
//                       fill level wrote: sim/fill_overwrite.h)}
// or 0 with fs_last_error (file:line of the job file, as a run reports).
const char* fs_fio_resolve(const char* device_json, const char* fio_text, const char* options_json);

// fs_burst_template: the "burst / idle / burst" workload sized to the device
// as configured (options_json as fs_effective_device's: overrides including
// precondition.fill, and the device name): `bursts` bursts of `multiple` x
// the SLC cache the run will start with (the run's
// slc.capacity_bytes_at_start), 1 MiB sequential writes at QD32 at distinct
// offsets after the fill's data, `idle_s` seconds idle between bursts
// (sim/burst_template.h).
// Returns
//   {"cache_bytes_at_start": N, "static_bytes": N,
//    "dynamic_bytes_at_start": N, "burst_bytes": N (whole MiB),
//    "bursts": N, "multiple": X, "idle_s": X, "user_capacity_bytes": N,
//    "first_offset_bytes": N (where the first burst starts: after the
//    fill's data where the bursts fit there), "fio_text": "...",
//    "fill_overwrites": [...] (as fs_fio_resolve's, for fio_text: the
//    bursts that overwrite the fill's data because they do not fit after
//    it)}
// or 0 with fs_last_error, kind "input", for a bad device, a drive without
// an SLC cache ("this drive has no SLC cache"), a request out of range or
// bursts that do not fit the user capacity.
const char* fs_burst_template(const char* device_json, const char* options_json, double multiple,
                              double idle_s, double bursts);

// fs_trace_fit: does a trace fit a drive (sim/trace_device_fit.h)? The
// same rule and sentence as `flashscope run`'s text output, so the web app
// does not copy it. request_json:
//   {"trace": {"footprint_bytes": N, "footprint_estimated": bool,
//              "max_offset_bytes": N, "volumes": N, "compact": bool},
//    "capacity_bytes": N,
//    "presets": [{"name": "tlc-8g", "device": {...device JSON...}}, ...]}
// (the trace's figures as trace inspect counts them; volumes 1 when they
// share one address space). Returns
//   {"wraps": bool, "note": "..." ("" when it fits),
//    "preset": {"name": "...", "logical_bytes": N} | null}
// or 0 with fs_last_error (kind "input") for a malformed request or preset.
const char* fs_trace_fit(const char* request_json);

}  // extern "C"
