// Modules Vite plugins make at build time (see ../scenarioIndexPlugin.ts).
declare module 'virtual:scenario-index' {
  const scenarios: Array<{
    id: string;
    file: string;
    name: string;
    description: string;
    sources?: string[];
  }>;
  export default scenarios;
}

declare module 'virtual:lesson-index' {
  const lessons: Array<{
    id: string;
    file: string;
    name: string;
    description: string;
    sources?: string[];
  }>;
  export default lessons;
}
