import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

describe('scripts/start.mjs (pnpm start:engine)', () => {
  it('listens on PORT and HOST when started alone, and passes SIGTERM on so everything exits', async () => {
    // `pnpm test` builds first; run alone, this needs `pnpm build`.
    expect(
      existsSync(join(root, 'apps/engine/dist/main.js')),
      'apps/engine/dist is missing: pnpm build',
    ).toBe(true);
    const dataDir = await mkdtemp(join(tmpdir(), 'cae-start-'));
    // The embedded default in a temp directory, whatever server the test run itself was given.
    const { DATABASE_URL: _server, ...env } = process.env;
    const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), 'engine'], {
      env: { ...env, PORT: '0', HOST: '127.0.0.1', CAE_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolveUrl, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /engine listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (found) resolveUrl(found[1]!);
        });
        child.once('exit', (code) =>
          reject(new Error(`start.mjs exited (${code}) before listening: ${output}`)),
        );
      });
      // PORT=0 was honoured: a free port, not the 3001 start.mjs would otherwise set.
      expect(url).not.toMatch(/:3001$/);
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
