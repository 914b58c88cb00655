import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultCacheDir, defaultEmbeddingCacheDir } from './embedder-local';

describe('defaultCacheDir', () => {
  const cwd = process.cwd();
  let dir: string | undefined;
  afterEach(async () => {
    process.chdir(cwd);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is CAE_CACHE_DIR when set', () => {
    expect(defaultCacheDir({ CAE_CACHE_DIR: '/var/cache/cae-test' })).toBe('/var/cache/cae-test');
    expect(defaultEmbeddingCacheDir({ CAE_CACHE_DIR: '/var/cache/cae-test' })).toBe(
      '/var/cache/cae-test/embeddings',
    );
  });

  it("is node_modules/.cache/cae of the nearest package, never the working directory's .cae", async () => {
    dir = await mkdtemp(join(tmpdir(), 'cae-cache-app-'));
    await writeFile(join(dir, 'package.json'), '{"name":"app"}');
    process.chdir(dir);
    const chosen = defaultCacheDir({});
    expect(chosen).toMatch(/node_modules[/\\]\.cache[/\\]cae$/);
    expect(chosen.startsWith(await import('node:fs').then((fs) => fs.realpathSync(dir!)))).toBe(true);
  });

  it("is the user's cache directory outside any package", async () => {
    dir = await mkdtemp(join(tmpdir(), 'cae-cache-bare-'));
    process.chdir(dir);
    const chosen = defaultCacheDir({});
    // ~/.cache/cae on Linux (XDG_CACHE_HOME/cae when that is set), whatever the platform's is elsewhere.
    const xdg = process.env.XDG_CACHE_HOME;
    if (process.platform === 'linux') expect(chosen).toBe(join(xdg || join(homedir(), '.cache'), 'cae'));
    expect(chosen.startsWith(dir)).toBe(false);
  });
});
