import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDependencyRules, importsOf } from './dependency-rules';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('dependency rules of ARCHITECTURE.md', () => {
  it('hold for every package and app of this workspace', () => {
    expect(checkDependencyRules(root)).toEqual([]);
  });

  it('reads static, re-exported, type-only and dynamic imports', () => {
    const source = [
      "import { a } from '@cae/core';",
      "import type { B } from '@cae/pipeline/types';",
      "export { c } from './local';",
      "const d = await import('@cae/store-drizzle');",
      "import '@cae/side-effect';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      '@cae/core',
      '@cae/pipeline/types',
      './local',
      '@cae/store-drizzle',
      '@cae/side-effect',
    ]);
  });
});

describe('the checker', () => {
  let scratch = '';
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const writePackage = (dir: string, name: string, dependencies: string[], files: Record<string, string>) => {
    const packageDir = join(scratch, dir);
    mkdirSync(join(packageDir, 'src'), { recursive: true });
    writeFileSync(
      join(packageDir, 'package.json'),
      JSON.stringify({ name, dependencies: Object.fromEntries(dependencies.map((d) => [d, 'workspace:*'])) }),
    );
    for (const [file, text] of Object.entries(files)) writeFileSync(join(packageDir, 'src', file), text);
  };

  it('reports a forbidden dependency, an undeclared import, an escaping relative import and a cycle', () => {
    scratch = mkdtempSync(join(tmpdir(), 'cae-deps-'));
    mkdirSync(join(scratch, 'apps'));
    writePackage('packages/core', '@cae/core', ['@cae/store-drizzle'], {
      'index.ts': 'export const a = 1;\n',
    });
    writePackage('packages/store-drizzle', '@cae/store-drizzle', ['@cae/core'], {
      'index.ts':
        "import { a } from '@cae/core';\nimport { p } from '@cae/pipeline';\nimport x from '../../core/src/index';\n",
    });
    writePackage('packages/pipeline', '@cae/pipeline', ['@cae/core'], {
      'index.ts': 'export const p = 1;\n',
    });
    const violations = checkDependencyRules(scratch);
    expect(violations).toContain(
      '@cae/core depends on @cae/store-drizzle in package.json, which the layering forbids',
    );
    expect(violations).toContain(
      'packages/store-drizzle/src/index.ts imports @cae/pipeline, which the layering forbids',
    );
    expect(violations).toContain(
      'packages/store-drizzle/src/index.ts imports ../../core/src/index, outside its own package: import the package instead',
    );
    expect(
      violations.some((v) => v.startsWith('dependency cycle: @cae/core -> @cae/store-drizzle -> @cae/core')),
    ).toBe(true);
  });

  it('asks for a rule for a package it does not know', () => {
    scratch = mkdtempSync(join(tmpdir(), 'cae-deps-'));
    mkdirSync(join(scratch, 'apps'));
    writePackage('packages/mystery', '@cae/mystery', [], { 'index.ts': 'export {};\n' });
    expect(checkDependencyRules(scratch)).toEqual([
      '@cae/mystery has no rule in ALLOWED_DEPENDENCIES: add one that follows ARCHITECTURE.md',
    ]);
  });
});
