import { defineProject } from 'vitest/config';

/** Shared vitest settings: tests resolve workspace packages to their TypeScript sources. */
export function caeProject(name: string, overrides: { testTimeout?: number } = {}) {
  return defineProject({
    resolve: { conditions: ['@cae/source'] },
    ssr: { resolve: { conditions: ['@cae/source'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: overrides.testTimeout ?? 30_000,
      hookTimeout: 120_000,
    },
  });
}
