// Opens a sweep's results.parquet for the page: the file's bytes go to a
// dedicated worker (sweepWorker.ts) that decodes them; the page gets the
// columns back. A worker per file, ended once it has answered (the
// Squoosh habit: no idle worker kept alive).

import { SweepFileError, type SweepResults } from './sweepResults';
import type { SweepOpenReply, SweepOpenRequest } from './sweepProtocol';

let nextId = 1;

export async function openSweepFile(file: File): Promise<SweepResults> {
  const buffer = await file.arrayBuffer();
  const worker = new Worker(new URL('./sweepWorker.ts', import.meta.url), { type: 'module' });
  const id = nextId++;
  try {
    return await new Promise<SweepResults>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<SweepOpenReply>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if (reply.ok) resolve(reply.results);
        else reject(new SweepFileError(reply.message));
      };
      worker.onerror = (event) => {
        reject(new SweepFileError(`${file.name}: the reader stopped (${event.message}).`));
      };
      const request: SweepOpenRequest = { id, fileName: file.name, buffer };
      worker.postMessage(request, [buffer]);
    });
  } finally {
    worker.terminate();
  }
}
