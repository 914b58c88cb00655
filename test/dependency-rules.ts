import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The layering of ARCHITECTURE.md as data: which workspace packages each one may use at run time.
 * core <- parser <- pipeline <- retrieval; core <- store-drizzle; core <- gateway; core <- http;
 * the architect may use pipeline and gateway; the engine composes the libraries; apps route.
 */
export const ALLOWED_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  '@cae/core': [],
  '@cae/parser': ['@cae/core'],
  '@cae/pipeline': ['@cae/core', '@cae/parser'],
  '@cae/retrieval': ['@cae/core', '@cae/parser', '@cae/pipeline'],
  '@cae/store-drizzle': ['@cae/core'],
  '@cae/gateway': ['@cae/core'],
  '@cae/http': ['@cae/core'],
  '@cae/architect': ['@cae/core', '@cae/pipeline', '@cae/gateway'],
  '@cae/engine': ['@cae/core', '@cae/parser', '@cae/pipeline', '@cae/retrieval', '@cae/store-drizzle'],
  '@cae/engine-app': [
    '@cae/core',
    '@cae/engine',
    '@cae/http',
    '@cae/gateway',
    '@cae/retrieval',
    '@cae/console',
  ],
  '@cae/gateway-app': ['@cae/core', '@cae/gateway', '@cae/architect', '@cae/http', '@cae/store-drizzle'],
  '@cae/cli': [
    '@cae/core',
    '@cae/engine',
    '@cae/engine-app',
    '@cae/http',
    '@cae/gateway',
    '@cae/pipeline',
    '@cae/retrieval',
  ],
  '@cae/console': [],
};

/** One workspace package as the checks see it. */
export interface WorkspacePackage {
  name: string;
  dir: string;
  dependencies: string[];
  devDependencies: string[];
}

/** A broken rule, said in a sentence a newcomer can act on. */
export type Violation = string;

const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST_FILE = /(\.test\.|\/test\/|\/__fixtures__\/|\/testing\/|\/bench\/|\/eval\/|\/scripts\/)/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every package of the workspace (packages/* and apps/*), read from its package.json. */
export function readWorkspace(root: string): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps']) {
    const groupDir = join(root, group);
    for (const entry of readdirSync(groupDir)) {
      const dir = join(groupDir, entry);
      let manifest: { name?: string; dependencies?: object; devDependencies?: object };
      try {
        manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      if (!manifest.name) continue;
      found.push({
        name: manifest.name,
        dir,
        dependencies: Object.keys(manifest.dependencies ?? {}),
        devDependencies: Object.keys(manifest.devDependencies ?? {}),
      });
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      const path = join(current, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE_FILE.test(entry) && !entry.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** The module specifiers a source file imports (static, re-exports and dynamic imports with a literal). */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier) specifiers.push(specifier);
  }
  return specifiers;
}

function workspaceName(specifier: string): string | null {
  const match = /^(@cae\/[^/]+)/.exec(specifier);
  return match ? match[1]! : null;
}

/** Checks the manifests and the imports of every package against the rules; returns what is broken. */
export function checkDependencyRules(
  root: string,
  allowed: Readonly<Record<string, readonly string[]>> = ALLOWED_DEPENDENCIES,
): Violation[] {
  const violations: Violation[] = [];
  const workspace = readWorkspace(root);
  const names = new Set(workspace.map((pkg) => pkg.name));
  for (const pkg of workspace) {
    const rule = allowed[pkg.name];
    if (!rule) {
      violations.push(
        `${pkg.name} has no rule in ALLOWED_DEPENDENCIES: add one that follows ARCHITECTURE.md`,
      );
      continue;
    }
    for (const dependency of pkg.dependencies) {
      if (names.has(dependency) && !rule.includes(dependency))
        violations.push(`${pkg.name} depends on ${dependency} in package.json, which the layering forbids`);
    }
    const srcDir = join(pkg.dir, 'src');
    let files: string[] = [];
    try {
      files = sourceFiles(srcDir);
    } catch {
      files = [];
    }
    for (const file of files) {
      const path = relative(root, file);
      const isTest = TEST_FILE.test(`/${relative(pkg.dir, file)}`);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = resolve(file, '..', specifier);
          if (!target.startsWith(`${pkg.dir}/`))
            violations.push(
              `${path} imports ${specifier}, outside its own package: import the package instead`,
            );
          continue;
        }
        const target = workspaceName(specifier);
        if (!target || target === pkg.name) continue;
        if (isTest) {
          if (!pkg.dependencies.includes(target) && !pkg.devDependencies.includes(target))
            violations.push(`${path} imports ${target}, which ${pkg.name} does not declare`);
          continue;
        }
        if (!rule.includes(target)) violations.push(`${path} imports ${target}, which the layering forbids`);
        else if (!pkg.dependencies.includes(target))
          violations.push(`${path} imports ${target}, which is not in ${pkg.name}'s dependencies`);
      }
    }
  }
  violations.push(...cycles(workspace));
  return violations;
}

/** Cycles in the run-time dependency graph of the workspace packages. */
function cycles(workspace: WorkspacePackage[]): Violation[] {
  const byName = new Map(workspace.map((pkg) => [pkg.name, pkg]));
  const state = new Map<string, 'open' | 'done'>();
  const found: Violation[] = [];
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      found.push(`dependency cycle: ${[...path.slice(path.indexOf(name)), name].join(' -> ')}`);
      return;
    }
    state.set(name, 'open');
    for (const dependency of byName.get(name)?.dependencies ?? []) {
      if (byName.has(dependency)) visit(dependency, [...path, name]);
    }
    state.set(name, 'done');
  };
  for (const pkg of workspace) visit(pkg.name, []);
  return found;
}
