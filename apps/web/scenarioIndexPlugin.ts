// Build-time indexes of JSON folders under public/: `virtual:scenario-index`
// (public/scenarios) and `virtual:lesson-index` (public/lessons) export
// [{ id, file, name, description }] for every *.json there, read when Vite
// builds (or serves) the app. A static server cannot list a directory, and
// this way a new scenario or lesson file needs no hand-kept index next to it.
// name/description come from a scenario's name/description or a lesson's
// title/summary; sources (research references, kept out of the texts) from
// either's optional "sources" list of strings.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface ScenarioIndexEntry {
  id: string;
  file: string;
  name: string;
  description: string;
  sources?: string[];
}

/** The scenarios in `dir`, by file name; a file that does not parse is listed under its id. */
export function readScenarioIndex(dir: string): ScenarioIndexEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'index.json');
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const id = file.slice(0, -'.json'.length);
    let name = id;
    let description = '';
    let sources: string[] | undefined;
    try {
      const parsed = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<
        string,
        unknown
      >;
      const title = parsed.name ?? parsed.title;
      const summary = parsed.description ?? parsed.summary;
      if (typeof title === 'string') name = title;
      if (typeof summary === 'string') description = summary;
      if (Array.isArray(parsed.sources) && parsed.sources.every((s) => typeof s === 'string')) {
        sources = parsed.sources as string[];
      }
    } catch {
      // The app reports the broken file when it is chosen, with the parser's message.
    }
    return { id, file, name, description, ...(sources ? { sources } : {}) };
  });
}

/** `folders` maps a virtual module id to the folder it lists. */
export function scenarioIndexPlugin(folders: Record<string, string>): Plugin {
  const resolved = (id: string) => '\0' + id;
  return {
    name: 'flashscope-json-index',
    resolveId: (id) => (id in folders ? resolved(id) : undefined),
    load(id) {
      const entry = Object.entries(folders).find(([virtualId]) => resolved(virtualId) === id);
      if (!entry) return undefined;
      this.addWatchFile(entry[1]);
      return `export default ${JSON.stringify(readScenarioIndex(entry[1]))};`;
    },
  };
}
