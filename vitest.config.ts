import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogues } from './scripts/lib/vite-catalogues.mjs';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'shared'),
  '@': path.resolve(import.meta.dirname, 'client/src'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two cores here: keep parallelism modest so PGlite-heavy server files do not starve each other.
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: 'shared', environment: 'node', include: ['shared/**/*.test.ts'], globals: true } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globals: true,
          setupFiles: ['server/test/setup.ts'],
          // One module graph per worker, not per file: importing the server (Express, Drizzle, every route) cost
          // each of some 85 files 2-3 s. The files share no module state: every test file makes its own app and
          // database (createTestApp), the caches are keyed by database, and no server test mocks a module.
          isolate: false,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), catalogues()],
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          globals: true,
          setupFiles: ['client/src/test/setup.ts'],
          // Whole screens render with every provider; a busy two-core machine can take seconds for one.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
