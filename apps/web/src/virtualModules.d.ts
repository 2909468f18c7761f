// Modules Vite plugins make at build time (see ../scenarioIndexPlugin.ts).

/** One file of public/scenarios or public/lessons, as its index lists it. */
interface PublicIndexEntry {
  id: string;
  file: string;
  name: string;
  description: string;
  sources?: string[];
}

declare module 'virtual:scenario-index' {
  const scenarios: PublicIndexEntry[];
  export default scenarios;
}

declare module 'virtual:lesson-index' {
  const lessons: PublicIndexEntry[];
  export default lessons;
}
