// One `--set key=value` entry as the CLI reads it: the key before the first
// '=', both sides trimmed.

/** The entry's key and value, or null when it has no key. */
export function splitSetEntry(entry: string): { key: string; value: string } | null {
  const at = entry.indexOf('=');
  return at > 0 ? { key: entry.slice(0, at).trim(), value: entry.slice(at + 1).trim() } : null;
}
