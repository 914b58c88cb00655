import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'test'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
