// The sweep worker's messages: the page sends a results.parquet's bytes
// (transferred, not copied), the worker answers with the decoded columns
// (their typed arrays transferred back) or the problem, by request id.

import type { SweepResults } from './sweepResults';

export interface SweepOpenRequest {
  id: number;
  fileName: string;
  buffer: ArrayBuffer;
}

export type SweepOpenReply =
  { id: number; ok: true; results: SweepResults } | { id: number; ok: false; message: string };
