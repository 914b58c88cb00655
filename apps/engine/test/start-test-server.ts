import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@cae/engine';
import { createLocalEmbedder } from '@cae/retrieval';
import { type EngineServer, startEngineServer } from '../src/server';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The word-vector cache shared by test runs (built once, on first use). */
export const TEST_EMBEDDING_CACHE = join(repoRoot, 'node_modules/.cache/cae-embeddings');

/** Starts the real engine server on a free loopback port with an embedded store in a temp directory. */
export async function startTestServer(
  env: NodeJS.ProcessEnv = {},
): Promise<EngineServer & { dataDir: string; logs: string[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cae-e2e-'));
  const logs: string[] = [];
  const engine = await createEngine({
    store: { url: join(dataDir, 'db') },
    embedder: createLocalEmbedder({ cacheDir: TEST_EMBEDDING_CACHE }),
  });
  const server = await startEngineServer({
    env: { HOST: '127.0.0.1', PORT: '0', CAE_DATA_DIR: dataDir, ...env },
    engine,
    logger: {
      info: (message, fields) => logs.push(JSON.stringify({ message, ...fields })),
      error: (message, error) => logs.push(`${message} ${String(error)}`),
    },
  });
  return {
    ...server,
    dataDir,
    logs,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
