import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMBEDDING_CACHE } from './helpers';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

/** The shell lines between the CLI markers of README.md. */
async function cliLines(): Promise<string[]> {
  const text = await readFile(join(root, 'README.md'), 'utf8');
  const block = /<!-- cli:start -->\s*```sh\n([\s\S]*?)```\s*<!-- cli:end -->/.exec(text);
  if (!block) throw new Error('README.md has no cli block');
  return block[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

describe("README's CLI lines", () => {
  let dir: string;
  beforeAll(async () => {
    // A directory inside the workspace, as a user's would be: `pnpm cae` finds the root's script.
    dir = await mkdtemp(join(root, '.tmp-readme-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('run as written, from the directory they are typed in', async () => {
    expect(
      existsSync(join(root, 'packages/cli/dist/cae.js')),
      'packages/cli/dist is missing: pnpm build',
    ).toBe(true);
    // The lines describe the embedded default: no data directory or server from the test's environment.
    const { CAE_DATA_DIR: _dataDir, DATABASE_URL: _server, ...env } = process.env;
    const outputs: string[] = [];
    for (const line of await cliLines()) {
      const { stdout } = await run('bash', ['-c', line], {
        cwd: dir,
        env: { ...env, CAE_EMBEDDING_CACHE_DIR: TEST_EMBEDDING_CACHE },
      });
      outputs.push(stdout);
    }
    const [, compiled, ingested, searched, answered, doctor] = outputs;
    expect(compiled).toMatch(/declarative[\s\S]*interrogative/);
    expect(ingested).toMatch(/ingested 1 of 1 files/);
    expect(searched).toMatch(/deposit/);
    expect(answered).toMatch(/\[\d+\] notes\.txt: /);
    expect(doctor).toMatch(/the store is sound/);
    // The data went where the commands were typed, not into the repository root.
    expect(existsSync(join(dir, '.cae'))).toBe(true);
  }, 180_000);
});
