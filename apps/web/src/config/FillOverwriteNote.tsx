// Under the fill level: the core's warning when a sequential write job
// starts inside the data the fill level put on the drive, so it overwrites
// that data instead of writing to free space (useFillOverwrites). The text
// is the core's, shown as it is; the report repeats it.

import type { FillOverwrite } from '@flashscope/wasm/protocol';

interface Props {
  overwrites: readonly FillOverwrite[] | null;
  testId: string;
}

export function FillOverwriteNote({ overwrites, testId }: Props) {
  if (overwrites === null || overwrites.length === 0) return null;
  return (
    <div className="fill-overwrite" role="status" data-testid={testId}>
      <strong>The fill level and the job overlap.</strong>
      <ul>
        {overwrites.map((overwrite) => (
          <li key={`${overwrite.line}:${overwrite.offset_bytes}`}>{overwrite.message}</li>
        ))}
      </ul>
    </div>
  );
}
