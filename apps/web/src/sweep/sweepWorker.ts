// The sweep worker: decodes a results.parquet off the main thread (the
// project's rule for parsing), so a large sweep never stalls a running
// simulation's frames. One request per worker; the client ends it after.

import { SweepFileError, decodeSweep, transferablesOf } from './sweepResults';
import type { SweepOpenReply, SweepOpenRequest } from './sweepProtocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SweepOpenRequest>) => void) | null;
  postMessage(message: SweepOpenReply, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, fileName, buffer } = event.data;
  decodeSweep(fileName, buffer).then(
    (results) => scope.postMessage({ id, ok: true, results }, transferablesOf(results)),
    (error: unknown) => {
      const message =
        error instanceof SweepFileError
          ? error.message
          : `${fileName}: could not be read (${(error as Error).message}).`;
      scope.postMessage({ id, ok: false, message });
    },
  );
};
