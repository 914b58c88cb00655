import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

/** Every publishable package of the workspace: its directory and name. */
function publishable(): { dir: string; name: string }[] {
  const found: { dir: string; name: string }[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, group))) {
      const manifestPath = join(root, group, entry, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; private?: boolean };
      if (!manifest.private) found.push({ dir: join(root, group, entry), name: manifest.name });
    }
  }
  return found;
}

/** The TypeScript block of README.md that follows "From TypeScript". */
function readmeExample(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /From TypeScript[^\n]*\n+```ts\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no TypeScript example after "From TypeScript"');
  return block[1]!;
}

/**
 * Runs a module and reports how long the process lived after the module's last line: the time
 * something (a timer, a socket, a worker) kept the event loop alive once the work was done.
 */
async function runAndTimeTail(app: string, entry: string, env: NodeJS.ProcessEnv) {
  const runner = join(app, `run-${entry.replace(/\W/g, '-')}.mjs`);
  await writeFile(
    runner,
    `await import(${JSON.stringify(`./${entry}`)});
const done = performance.now();
process.on('exit', () => process.stdout.write('\\ntail ' + Math.round(performance.now() - done) + '\\n'));
`,
  );
  const child = spawn(process.execPath, [runner], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // A process that never ends is the failure this measures: it is killed after a minute.
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolveCode) => child.once('exit', resolveCode));
  clearTimeout(killer);
  const tail = /\ntail (\d+)\n/.exec(stdout);
  return { code, stdout, stderr, tailMs: tail ? Number(tail[1]) : Number.POSITIVE_INFINITY };
}

describe('the packed packages, installed with npm into an app outside the workspace', () => {
  let dir: string;
  let app: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cae-packed-'));
    const tarballs = join(dir, 'tarballs');
    await mkdir(tarballs);
    // pnpm pack turns workspace:^ ranges into the versions being packed, as a publish would.
    for (const { dir: packageDir } of publishable())
      await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: packageDir });
    app = join(dir, 'app');
    await mkdir(app);
    const files = readdirSync(tarballs).map((file) => join(tarballs, file));
    await writeFile(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'cae-newcomer-app', private: true, type: 'module' }, null, 2)}\n`,
    );
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          // As `tsc --init` sets it: third-party declarations (drizzle's optional drivers) are not ours to check.
          skipLibCheck: true,
          outDir: 'dist',
          types: ['node'],
        },
        include: ['index.ts'],
      }),
    );
    // The npm cache (prefer-offline) makes every run after the first one quick.
    const { DATABASE_URL: _server, ...env } = process.env;
    await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        ...files,
        'typescript@5.9',
        '@types/node@20',
      ],
      { cwd: app, env, maxBuffer: 16 * 1024 * 1024 },
    );
  }, 900_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("typechecks and runs README's TypeScript example, and the process ends as soon as it has", async () => {
    const example = readmeExample();
    await writeFile(
      join(app, 'index.ts'),
      `${example}\nconsole.log(JSON.stringify({ found: results.map((result) => result.text) }));\n`,
    );
    const typecheck = await run(join(app, 'node_modules/.bin/tsc'), ['--noEmit', '-p', app], {
      cwd: app,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(typecheck.stdout).toBe('');
    await run(join(app, 'node_modules/.bin/tsc'), ['-p', app], { cwd: app });
    const { DATABASE_URL: _server, CAE_DATA_DIR: _dataDir, CAE_CACHE_DIR: _cache, ...env } = process.env;
    const result = await runAndTimeTail(app, 'dist/index.js', env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"found":["The tenant must pay the deposit."]');
    expect(result.tailMs).toBeLessThan(1000);
    // Caches went to the app's node_modules/.cache, nothing into the directory it ran in.
    expect(existsSync(join(app, '.cae'))).toBe(false);
    expect(readdirSync(join(app, 'node_modules/.cache/cae')).sort()).toContain('embeddings');
  }, 300_000);

  it('ends just as promptly when the example forgets engine.close()', async () => {
    const example = readmeExample();
    expect(example).toContain('await engine.close();');
    await writeFile(
      join(app, 'index.ts'),
      `${example.replace('await engine.close();', '')}\nconsole.log(results.length);\n`,
    );
    await run(join(app, 'node_modules/.bin/tsc'), ['-p', app], { cwd: app });
    const { DATABASE_URL: _server, CAE_DATA_DIR: _dataDir, ...env } = process.env;
    const result = await runAndTimeTail(app, 'dist/index.js', env);
    expect(result.code).toBe(0);
    expect(result.tailMs).toBeLessThan(1000);
  }, 300_000);

  it('runs the cae command of @cae/cli from the installed package', async () => {
    await writeFile(
      join(app, 'notes.md'),
      '# Deposit\n\nThe tenant must pay the deposit.\n\n```\ncode\n```\n',
    );
    const { DATABASE_URL: _server, CAE_DATA_DIR: _dataDir, ...env } = process.env;
    const { stdout } = await run(join(app, 'node_modules/.bin/cae'), ['compile', 'notes.md'], {
      cwd: app,
      env,
    });
    expect(stdout).toMatch(
      /fragment[\s\S]*Deposit[\s\S]*declarative[\s\S]*The tenant must pay the deposit\./,
    );
    expect(stdout).not.toMatch(/code/);
  }, 300_000);
});
