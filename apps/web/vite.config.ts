// Vite serves and builds the UI. Presets are plain files in the repo's
// public/ (the same ones the CLI reads), so publicDir points there; the
// simulation worker is an ES module worker. The lists of public/scenarios
// and public/lessons are made at build time (scenarioIndexPlugin).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { scenarioIndexPlugin } from './scenarioIndexPlugin';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '../..');

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    scenarioIndexPlugin({
      'virtual:scenario-index': path.join(repoRoot, 'public/scenarios'),
      'virtual:lesson-index': path.join(repoRoot, 'public/lessons'),
    }),
  ],
  publicDir: path.join(repoRoot, 'public'),
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  server: { host: '127.0.0.1', fs: { allow: [repoRoot] } },
  preview: { host: '127.0.0.1' },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
